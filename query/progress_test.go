package query

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWatchProgress: nothing is shown before the delay; after it, each
// snapshot carries the budget's states and held memory as they grow, and
// stop waits for the last one.
func TestWatchProgress(t *testing.T) {
	b := &Budget{}
	calls := 0
	stop := WatchProgress("quick", b, time.Hour, time.Millisecond, func(Progress) { calls++ })
	stop()
	if calls != 0 {
		t.Fatalf("shown %d times before the delay", calls)
	}
	var (
		mu   sync.Mutex
		seen []Progress
	)
	stop = WatchProgress("value nim 3", b, 0, 5*time.Millisecond, func(p Progress) {
		mu.Lock()
		seen = append(seen, p)
		mu.Unlock()
	})
	if err := b.Steps(context.Background(), 1000); err != nil {
		t.Fatal(err)
	}
	if err := b.Grow(3 << 20); err != nil {
		t.Fatal(err)
	}
	// Wait for a snapshot taken 100ms or more after the start: on a loaded
	// machine the watcher may not run for a while, so the wait is bounded
	// generously rather than a fixed sleep.
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		late := len(seen) > 0 && seen[len(seen)-1].Elapsed >= 100*time.Millisecond
		mu.Unlock()
		if late {
			break
		}
	}
	stop()
	n := len(seen)
	time.Sleep(20 * time.Millisecond)
	if len(seen) != n || n < 2 {
		t.Fatalf("%d snapshots, then %d after stop", n, len(seen))
	}
	last := seen[n-1]
	if last.States != 1000 || last.Held != 3<<20 || last.InUse <= 0 || last.Elapsed < 100*time.Millisecond {
		t.Errorf("last snapshot %+v, want 1000 states, 3 MiB held, memory in use, 100ms or more", last)
	}
	if s := last.String(); !strings.HasPrefix(s, "value nim 3: 0s, 1000 states (") || !strings.Contains(s, "3.0 MiB held") {
		t.Errorf("line %q", s)
	}
}
