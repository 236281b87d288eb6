package web

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadPaths is a mix of the explorer's requests: the catalog, values,
// moves, small graphs and tables, as the pages send them. Each request
// opens fresh game instances, so every one computes from scratch.
func loadPaths(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	paths := make([]string, n)
	for i := range paths {
		switch i % 6 {
		case 0:
			paths[i] = "/api/games"
		case 1:
			paths[i] = q("value", "position", fmt.Sprintf("nim %d %d %d", r.IntN(100), r.IntN(100), r.IntN(100)))
		case 2:
			paths[i] = q("value", "position", fmt.Sprintf("kayles %d + grundy-game %d", r.IntN(200), r.IntN(60)))
		case 3:
			paths[i] = q("move", "position", fmt.Sprintf("nim %d %d %d", r.IntN(8), r.IntN(8), r.IntN(8)))
		case 4:
			paths[i] = q("graph", "position", fmt.Sprintf("subtract:1-3 %d", r.IntN(30)))
		case 5:
			paths[i] = q("table", "game", "kayles", "to", fmt.Sprint(100+r.IntN(400)))
		}
	}
	return paths
}

// loadResult is the latency distribution of one load run.
type loadResult struct {
	n, concurrency int
	wall           time.Duration
	lat            []time.Duration // sorted
}

func (r loadResult) String() string {
	q := func(f float64) time.Duration { return r.lat[min(len(r.lat)-1, int(f*float64(len(r.lat))))] }
	return fmt.Sprintf("%d requests, concurrency %d: %.0f req/s; latency p50 %v p95 %v p99 %v max %v",
		r.n, r.concurrency, float64(r.n)/r.wall.Seconds(), q(0.50).Round(time.Microsecond), q(0.95).Round(time.Microsecond),
		q(0.99).Round(time.Microsecond), r.lat[len(r.lat)-1].Round(time.Microsecond))
}

// runLoad sends paths to ts from concurrency workers and fails the test on
// any error or non-200 answer.
func runLoad(t *testing.T, ts *httptest.Server, paths []string, concurrency int) loadResult {
	t.Helper()
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: concurrency}}
	defer client.CloseIdleConnections()
	lat := make([]time.Duration, len(paths))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	start := time.Now()
	for range concurrency {
		wg.Go(func() {
			for i := range next {
				t0 := time.Now()
				res, err := client.Get(ts.URL + paths[i])
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				lat[i] = time.Since(t0)
				if err != nil {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s: %v", paths[i], err))
					mu.Unlock()
				}
			}
		})
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	wall := time.Since(start)
	if len(failures) > 0 {
		t.Fatalf("%d of %d requests failed, first: %s", len(failures), len(paths), failures[0])
	}
	slices.Sort(lat)
	return loadResult{len(paths), concurrency, wall, lat}
}

// TestLoad is the bounded load test of docs/PERFORMANCE.md: 2000 requests on
// loopback at concurrency 32, with no error, compared with the same
// requests one at a time in the same run.
func TestLoad(t *testing.T) {
	ts := newTestServer(t, Config{})
	paths := loadPaths(2000)
	serial := runLoad(t, ts, paths[:500], 1)
	loaded := runLoad(t, ts, paths, 32)
	t.Logf("serial: %v", serial)
	t.Logf("loaded: %v", loaded)
}
