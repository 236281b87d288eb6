package query

import (
	"fmt"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/grundy-go/grundy/limits"
)

// Progress is what a request has done so far, for a face to show while it
// runs: the work its budget counted and the memory in use.
type Progress struct {
	What    string        // what the request does, e.g. "value rectangles 6x5"
	States  int64         // states counted by the budget
	Rate    float64       // states per second since the last snapshot
	Held    int64         // bytes the engines account for (the memory limit counts these)
	InUse   int64         // bytes the process's Go heap and runtime hold
	Elapsed time.Duration // since the request started
}

// String is the progress line: "value rectangles 6x5: 2s, 138716 states
// (66646/s), 8.7 MiB held, 31.0 MiB in use".
func (p Progress) String() string { return p.What + ": " + p.Counts() }

// Counts is the line without What: the elapsed time, the states and
// their rate, the memory held and in use.
func (p Progress) Counts() string {
	return fmt.Sprintf("%s, %d states (%.0f/s), %s held, %s in use",
		p.Elapsed.Truncate(time.Second), p.States, p.Rate, limits.Bytes(p.Held), limits.Bytes(p.InUse))
}

// The runtime's counts of the memory it has mapped (heap, stacks and its
// own structures) and of the heap memory it has returned to the system
// since: in use is the first less the second. The live heap is about what
// the budget holds; the rest is garbage and free heap awaiting the
// collector (up to as much again as the live heap without a memory limit).
const (
	mappedMetric   = "/memory/classes/total:bytes"
	releasedMetric = "/memory/classes/heap/released:bytes"
)

// WatchProgress calls show with a snapshot of the work counted by budget
// every interval, from delay after the call (a request that ends sooner
// shows nothing) until the returned stop is called; stop waits until show
// has returned for the last time. The snapshots are taken on their own
// goroutine, so an engine that counts no state (or counts them rarely)
// still shows the time and memory passing.
func WatchProgress(what string, budget *Budget, delay, interval time.Duration, show func(Progress)) (stop func()) {
	start := time.Now()
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		timer := time.NewTimer(delay)
		defer timer.Stop()
		select {
		case <-quit:
			return
		case <-timer.C:
		}
		ticker := time.NewTicker(interval)
		defer ticker.Stop()
		sample := []metrics.Sample{{Name: mappedMetric}, {Name: releasedMetric}}
		var last int64
		lastAt := start
		for {
			now := time.Now()
			p := Progress{What: what, States: budget.States(), Held: budget.Memory(), Elapsed: now.Sub(start)}
			if dt := now.Sub(lastAt).Seconds(); dt > 0 && p.States >= last {
				p.Rate = float64(p.States-last) / dt
			}
			last, lastAt = p.States, now
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 && sample[1].Value.Kind() == metrics.KindUint64 {
				p.InUse = int64(sample[0].Value.Uint64() - sample[1].Value.Uint64())
			}
			show(p)
			select {
			case <-quit:
				return
			case <-ticker.C:
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(quit) })
		wg.Wait()
	}
}
