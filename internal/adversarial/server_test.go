package adversarial

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// serverBombs are rule scripts posted to /api/script during the attack:
// each copies or scans far more than Starlark counts as steps, or builds a
// huge option list.
var serverBombs = []string{
	// upper() copies a 10^6-character string at each call.
	"def moves(n):\n    big = \"x\" * 1000000\n    keep = []\n    for i in range(1000000):\n        keep.append(big.upper())\n    return []\n",
	// A slice copies up to 10^6 elements.
	"def moves(n):\n    big = list(range(1000000))\n    keep = []\n    for i in range(1000000):\n        keep.append(big[i % 2:])\n    return []\n",
	// 'in' scans 10^6 elements in one step.
	"def moves(n):\n    big = list(range(1000000))\n    c = 0\n    for i in range(1000000):\n        if -1 in big:\n            c += 1\n    return []\n",
	// 10^5 options from every position.
	"def moves(n):\n    return list(range(100000))\n",
}

// TestServerUnderAttack runs 50 heavy requests, 2 request bodies sent a
// byte a second and 20 script bombs against one `grundy serve` at once:
// a cheap GET (nim 3) must still answer within 1 s, 20 times in a row, and
// the server's resident memory must stay under its computing slots times
// the per-request limit (512 MiB) plus 256 MiB.
func TestServerUnderAttack(t *testing.T) {
	base, s := startServer(t)
	slots := int64(runtime.NumCPU()) // the server's default concurrency
	boundMiB := slots*512 + 256
	peak := watchRSS(s)

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: 100}}
	fire := func(req *http.Request) {
		defer wg.Done()
		if res, err := client.Do(req.WithContext(ctx)); err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	for range 50 {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/value?position="+url.QueryEscape("rectangles 6x6"), nil)
		wg.Add(1)
		go fire(req)
	}
	for range 2 {
		pr, pw := io.Pipe()
		req, _ := http.NewRequest(http.MethodPost, base+"/api/script", pr)
		req.Header.Set("Content-Type", "application/json")
		wg.Add(2)
		go fire(req)
		go func() {
			defer wg.Done()
			defer pw.Close()
			for _, b := range []byte(`{"script": "def moves(n):\n    return []\n", "verb": "value", "args": "3"}`) {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second):
				}
				if _, err := pw.Write([]byte{b}); err != nil {
					return
				}
			}
		}()
	}
	for i := range 20 {
		body, _ := json.Marshal(map[string]string{"script": serverBombs[i%len(serverBombs)], "verb": "value", "args": "3"})
		req, _ := http.NewRequest(http.MethodPost, base+"/api/script", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		wg.Add(1)
		go fire(req)
	}
	time.Sleep(time.Second) // every attacker is in: queued, computing or sending

	var slowest time.Duration
	for i := range 20 {
		start := time.Now()
		res, err := client.Get(base + "/api/value?position=" + url.QueryEscape("nim 3"))
		if err != nil {
			t.Fatalf("cheap request %d: %v", i, err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		d := time.Since(start)
		slowest = max(slowest, d)
		if res.StatusCode != http.StatusOK || d > time.Second {
			t.Errorf("cheap request %d under attack: %d after %v: %.200s", i, res.StatusCode, d, data)
		}
	}
	time.Sleep(2 * time.Second) // the bombs run on in their slots
	peakKiB := peak()
	verdict := "PASS"
	if peakKiB > boundMiB<<10 {
		verdict = "FAIL"
		t.Errorf("server's peak RSS %.0f MiB, bound %d MiB", float64(peakKiB)/1024, boundMiB)
	}
	t.Logf("RESULT %s %s: slowest of 20 cheap requests %v, peak RSS %.0f MiB (bound %d MiB, %d slots)",
		verdict, t.Name(), slowest.Round(time.Millisecond), float64(peakKiB)/1024, boundMiB, slots)
}

// startServer starts `grundy serve` on a free loopback port and returns
// its address.
func startServer(t *testing.T) (base string, s *started) {
	t.Helper()
	out, w := io.Pipe()
	s = startGrundy(t, nil, w, "serve", "--addr", "127.0.0.1:0")
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve: %v; stderr %q", err, s.stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return strings.TrimSuffix(strings.Fields(line)[3], "/"), s
}

// watchRSS samples the resident size of s's process tree every 20 ms
// (killing it past 3 GiB: the shared machine comes first) until the
// returned function is called, which returns the peak in KiB.
func watchRSS(s *started) (peak func() int64) {
	var peakKiB int64
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			rss := treeRSS(s.cmd.Process.Pid)
			peakKiB = max(peakKiB, rss)
			if rss > 3<<20 {
				s.cmd.Process.Kill()
				return
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-watched
		return peakKiB
	}
}

// TestServerAnswerMemory sends the server requests whose answers grow
// with the request (a misère table of 10^6 heaps: 76 MB of JSON) or whose
// engine works at the per-request limit (the misère quotient of Kayles to
// heap 999999, refused at 512 MiB): alone, each keeps the server within
// what it held idle plus the per-request limit and its slack (64 MiB);
// four at once, within slots x per-request limit + 256 MiB. (The table
// took the server to 562 MiB alone when its answer was encoded whole, and
// the quotient to 828 MiB when the runtime's limit was all the slots'.)
func TestServerAnswerMemory(t *testing.T) {
	base, s := startServer(t)
	get := func(path string) string {
		res, err := http.Get(base + path)
		if err != nil {
			return err.Error()
		}
		defer res.Body.Close()
		n, _ := io.Copy(io.Discard, res.Body)
		return fmt.Sprintf("%d, %d bytes", res.StatusCode, n)
	}
	idle := treeRSS(s.cmd.Process.Pid)
	heavy := []string{
		"/api/table?game=nim&misere=1&to=999999",
		"/api/quotient?game=kayles&to=999999",
	}
	for _, path := range heavy {
		peak := watchRSS(s)
		got := get(path)
		peakKiB := peak()
		boundMiB := idle>>10 + 512 + 64
		verdict := "PASS"
		if peakKiB > boundMiB<<10 {
			verdict = "FAIL"
			t.Errorf("%s alone (%s): the server's peak RSS %.0f MiB, bound %d MiB", path, got, float64(peakKiB)/1024, boundMiB)
		}
		t.Logf("RESULT %s %s alone (%s): peak RSS %.0f MiB (bound: idle %.0f + 512 + 64 MiB)", verdict, path, got, float64(peakKiB)/1024, float64(idle)/1024)
	}
	slots := int64(runtime.NumCPU())
	boundMiB := slots*512 + 256
	peak := watchRSS(s)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			get(heavy[i%len(heavy)])
		}()
	}
	wg.Wait()
	peakKiB := peak()
	verdict := "PASS"
	if peakKiB > boundMiB<<10 {
		verdict = "FAIL"
		t.Errorf("four at once: the server's peak RSS %.0f MiB, bound %d MiB", float64(peakKiB)/1024, boundMiB)
	}
	t.Logf("RESULT %s four at once: peak RSS %.0f MiB (bound %d MiB, %d slots)", verdict, float64(peakKiB)/1024, boundMiB, slots)
}
