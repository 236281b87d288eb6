package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// heavy is a request that computes until its time limit: a misère sum of
// wild heaps of two games (no one game's quotient answers it), whose
// search has millions of sums.
var heavy = q("value", "position", "kayles 60 61 + dawson-kayles 62", "misere", "true")

// startHeavy sends a heavy request with the given timeout parameter on
// ctx, in the background; the returned channel yields its status (0 when
// the client gave up).
func startHeavy(ctx context.Context, ts *httptest.Server, timeout string) <-chan int {
	done := make(chan int, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+heavy+"&timeout="+timeout, nil)
		res, err := ts.Client().Do(req)
		if err != nil {
			done <- 0
			return
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		done <- res.StatusCode
	}()
	return done
}

// waitBusy waits until n requests hold computing slots.
func waitBusy(t *testing.T, s *Server, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(s.sem) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests computing after 5 s, want %d", len(s.sem), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func slotServer(t *testing.T, concurrency int) (*Server, *httptest.Server) {
	t.Helper()
	s := New(Config{Timeout: 20 * time.Second, MaxStates: 1 << 40, Concurrency: concurrency})
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// TestAbandonedRequestFreesSlot checks that a request whose client goes
// away stops computing and frees its slot at once, so the next request
// computes instead of waiting for the abandoned one's time limit.
func TestAbandonedRequestFreesSlot(t *testing.T) {
	s, ts := slotServer(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := startHeavy(ctx, ts, "20s")
	waitBusy(t, s, 1)
	cancel()
	<-done
	start := time.Now()
	status, body := get(t, ts, q("value", "position", "nim 3 4 5", "timeout", "5s"), nil)
	if status != http.StatusOK {
		t.Fatalf("after an abandoned request: %d %s", status, body)
	}
	// The abandoned search polls its context every 256 states; 2 s is many
	// times what it takes to notice, and far below its 20 s limit.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the next request waited %v for the abandoned one's slot", d)
	}
}

// TestTimedOutRequestFreesSlot checks that a request that reaches its own
// time limit answers 422 about then and frees its slot.
func TestTimedOutRequestFreesSlot(t *testing.T) {
	s, ts := slotServer(t, 1)
	start := time.Now()
	status := <-startHeavy(context.Background(), ts, "500ms")
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("heavy request: status %d, want 422", status)
	}
	if d := time.Since(start); d > 500*time.Millisecond+1500*time.Millisecond {
		t.Errorf("a 500ms request answered after %v", d)
	}
	if n := len(s.sem); n != 0 {
		t.Errorf("%d slots held after the request ended", n)
	}
}

// TestCheapPagesNeverWait checks that the catalog, the static pages and
// /api/games answer at once while every computing slot is taken.
func TestCheapPagesNeverWait(t *testing.T) {
	s, ts := slotServer(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := startHeavy(ctx, ts, "10s")
	waitBusy(t, s, 1)
	for _, path := range []string{"/", "/api/games", "/style.css"} {
		start := time.Now()
		status, _ := get(t, ts, path, nil)
		if status != http.StatusOK {
			t.Errorf("GET %s while busy: %d", path, status)
		}
		// The catalog is built once, opening every example (heap games run
		// a short probe); a second is many times that.
		if d := time.Since(start); d > time.Second {
			t.Errorf("GET %s waited %v while the slot was busy", path, d)
		}
	}
	cancel()
	<-done
}

// TestHeavyRequestsDoNotStarveCheapOnes checks that with every computing
// slot held by heavy requests a cheap request answers at once (the quick
// lane), while another heavy request waits no longer than its own time
// limit: it is refused with 503 about then, and computes once a slot
// frees.
func TestHeavyRequestsDoNotStarveCheapOnes(t *testing.T) {
	s, ts := slotServer(t, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var heavies []<-chan int
	for range 2 {
		heavies = append(heavies, startHeavy(ctx, ts, "10s"))
	}
	waitBusy(t, s, 2)
	for range 5 {
		start := time.Now()
		status, body := get(t, ts, q("value", "position", "nim 1 2", "timeout", "5s"), nil)
		if status != http.StatusOK {
			t.Errorf("cheap request while busy: %d %s, want 200", status, body)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("a cheap request waited %v behind heavy ones", d)
		}
	}
	start := time.Now()
	status := <-startHeavy(context.Background(), ts, "300ms")
	if status != http.StatusServiceUnavailable {
		t.Errorf("heavy request while busy: %d, want 503 busy", status)
	}
	if d := time.Since(start); d > 300*time.Millisecond+time.Second {
		t.Errorf("a heavy request with a 300ms limit waited %v", d)
	}
	cancel()
	for _, h := range heavies {
		<-h
	}
	if status, body := get(t, ts, heavy+"&timeout=300ms", nil); status != http.StatusUnprocessableEntity {
		t.Errorf("after the heavy requests: %d %s, want 422 (its own limit)", status, body)
	}
}

// TestScriptWithHugeMovesStaysUp checks that a pasted script whose moves
// return 10^5 options answers 422 within its time limit, and that the
// server keeps serving, also with several such requests at once.
func TestScriptWithHugeMovesStaysUp(t *testing.T) {
	ts := newTestServer(t, Config{Timeout: time.Second, Concurrency: 2})
	src := "def moves(n):\n    return list(range(n))\n"
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			status, body := postScript(t, ts, scriptJSON(src, "value", "100000"))
			// The third request may find both slots busy (503) until its
			// own limit; the others reach their limit (422).
			if status != http.StatusUnprocessableEntity && status != http.StatusServiceUnavailable {
				t.Errorf("script with 10^5 options: %d %s, want 422 (or 503 busy)", status, body)
			}
			if d := time.Since(start); d > time.Second+1500*time.Millisecond {
				t.Errorf("a 1s script request answered after %v", d)
			}
		}()
	}
	wg.Wait()
	if status, body := get(t, ts, "/api/games", nil); status != http.StatusOK {
		t.Fatalf("server after the scripts: %d %s", status, body)
	}
	if status, body := get(t, ts, q("value", "position", "nim 3 4 5"), nil); status != http.StatusOK {
		t.Fatalf("server after the scripts: %d %s", status, body)
	}
}

// TestSlowBodiesTakeNoSlot sends POST bodies a byte at a time: they are
// read before the request takes a quick or computing slot, so with one
// computing slot and both quick slots' worth of slow clients a cheap
// request still answers at once.
func TestSlowBodiesTakeNoSlot(t *testing.T) {
	s, ts := slotServer(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for range cap(s.quick) + 1 {
		pr, pw := io.Pipe()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/script", pr)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		wg.Add(2)
		go func() {
			defer wg.Done()
			if res, err := ts.Client().Do(req); err == nil {
				res.Body.Close()
			}
		}()
		go func() {
			defer wg.Done()
			defer pw.Close()
			for _, b := range []byte(`{"script": "def moves(n):\n    return []\n", "verb": "value", "args": "3"}`) {
				select {
				case <-ctx.Done():
					return
				case <-time.After(100 * time.Millisecond):
				}
				if _, err := pw.Write([]byte{b}); err != nil {
					return
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond) // the slow requests have started
	for range 5 {
		start := time.Now()
		status, body := get(t, ts, q("value", "position", "nim 3"), nil)
		if status != http.StatusOK {
			t.Errorf("cheap request beside slow bodies: %d %s", status, body)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("a cheap request waited %v beside slow bodies", d)
		}
		if n, m := len(s.sem), len(s.quick); n+m > 0 {
			t.Errorf("slow bodies hold %d computing and %d quick slots", n, m)
		}
	}
	cancel()
	wg.Wait()
}
