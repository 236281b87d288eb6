package limits

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// The Go runtime's soft memory limit (debug.SetMemoryLimit, which the
// faces set from RuntimeLimit) is kept by a collector that runs beside the
// program: an allocation never waits for a collection, and what the
// program allocates while one runs is kept until the next. So a program
// passes the limit by what it allocates before the collector catches up:
// a rule script whose every call builds and drops a list of 10^5 elements
// (750 MB a second), an engine whose live heap sits at its budget and
// allocates 400 MB a second (the misère quotient of Kayles), and above all
// a table that grows by 100 MB at once while the heap is full of garbage.
// Those took the process tree up to 84 MiB past the rule (docs/limits.md).
//
// The pacer makes the program wait for the collector where the engines
// already account for their memory: Budget.Grow (called before an
// engine's tables grow, and by the script sandbox for the values a call
// builds), Budget.Steps (every PollEvery states) and Room (before one
// large allocation) look at the runtime's figures. When the heap with the
// coming allocation would pass the runtime's limit and there is garbage to
// reclaim, the caller waits: for the collection the runtime runs when the
// heap is past its limit already, or for one it runs itself
// (runtime.GC) before an allocation that would pass it. Other callers
// wait with it.
//
// A heap whose memory is live (an engine holding its whole budget) is not
// collected again and again: the pacer waits only when what was allocated
// since the last collection is at least a 32nd of the limit, so at most
// once for every 32nd of the limit the program allocates. Waiting for the
// runtime's own collection rather than forcing one costs half as much:
// the quotient of Kayles under 512 MiB took 15-20% more CPU time than with
// no pacer, against 30% when each wait was a runtime.GC. There is no rule of
// time (at most so much of the time spent waiting): it let that quotient,
// allocating faster than its collections ran, pass its limit again.

// paceCheckBytes is how many bytes Budget.Grow accounts for, process-wide,
// between two looks at the runtime's figures (a look costs about 0.3 µs).
const paceCheckBytes = 1 << 20

// pacer is the process's: the runtime's limit is the process's, and a
// collection serves every request.
var pacer struct {
	mu         sync.Mutex // held while the figures are read or a collection runs
	samples    [6]metrics.Sample
	grown      atomic.Int64 // bytes accounted for by Grow, process-wide
	forced     atomic.Int64 // collections run or waited for so far
	collecting atomic.Bool  // a forced collection runs: callers wait for it
}

// The runtime's figures the pacer reads, in the order of pacer.samples.
const (
	sampleTotal    = iota // all memory the runtime has mapped
	sampleReleased        // of it, returned to the operating system
	sampleFree            // free heap pages not yet returned (reused first)
	sampleObjects         // heap objects, live or not yet swept
	sampleLive            // heap objects marked live by the last collection
	sampleCycles          // collections completed
)

func init() {
	for i, name := range []string{
		"/memory/classes/total:bytes",
		"/memory/classes/heap/released:bytes",
		"/memory/classes/heap/free:bytes",
		"/memory/classes/heap/objects:bytes",
		"/gc/heap/live:bytes",
		"/gc/cycles/total:gc-cycles",
	} {
		pacer.samples[i].Name = name
	}
}

// Room makes room under the Go runtime's soft memory limit for an
// allocation of bytes the caller is about to make at once (a table's new
// backing array): when the heap and bytes would pass the limit and the
// heap holds garbage, it waits for a collection first (see the pacer's
// rules above).
// Without a runtime limit set it does nothing.
func Room(bytes int64) {
	limit := debug.SetMemoryLimit(-1) // reads the limit
	if limit == math.MaxInt64 || limit <= 0 {
		return
	}
	if !pacer.mu.TryLock() {
		if !pacer.collecting.Load() && bytes < paceCheckBytes {
			return // another caller looks at the figures now
		}
		// Wait for the collection in progress (or, before a large
		// allocation, for the other caller's look), then look again.
		pacer.mu.Lock()
	}
	defer pacer.mu.Unlock()
	s := &pacer.samples
	metrics.Read(s[:])
	total, released := s[sampleTotal].Value.Uint64(), s[sampleReleased].Value.Uint64()
	free, objects, live := s[sampleFree].Value.Uint64(), s[sampleObjects].Value.Uint64(), s[sampleLive].Value.Uint64()
	// What the runtime will hold once bytes are allocated, free pages
	// reused first.
	need := int64(total-released-free) + bytes
	if need <= limit || objects < live || int64(objects-live) < limit/32 {
		return
	}
	pacer.collecting.Store(true)
	defer pacer.collecting.Store(false)
	defer pacer.forced.Add(1)
	if need-bytes > limit {
		// Past the limit already, the runtime collects now: wait for
		// that collection to end (up to collectionWait) rather than run
		// another one after it.
		cycles := s[sampleCycles].Value.Uint64()
		for start := time.Now(); time.Since(start) < collectionWait; {
			time.Sleep(100 * time.Microsecond)
			metrics.Read(s[sampleCycles : sampleCycles+1])
			if s[sampleCycles].Value.Uint64() > cycles {
				return
			}
		}
	}
	runtime.GC()
}

// collectionWait is how long Room waits for a collection of the runtime's
// to end before it runs one itself: longer than one takes on a loaded
// machine (marking 500 MiB of live heap), short against the deadline's
// grace of half a second.
const collectionWait = 100 * time.Millisecond

// ForcedCollections returns the number of collections the pacer has run
// or waited for in this process (for measurements and tests).
func ForcedCollections() int64 { return pacer.forced.Load() }

// paceGrow counts bytes accounted for by Budget.Grow and looks at the
// runtime's figures (Room) every paceCheckBytes of them.
func paceGrow(bytes int64) {
	after := pacer.grown.Add(bytes)
	if bytes >= paceCheckBytes || (after-bytes)/paceCheckBytes != after/paceCheckBytes {
		Room(bytes)
	}
}

// GrowSlice returns s with room for n more elements, as slices.Grow does,
// and when that takes a new backing array it makes Room for it first: an
// engine's table that grows by a quarter at a time (what append does to a
// large slice) holds the old array and the new one at once, and the new
// one should not land on a heap full of garbage.
func GrowSlice[S ~[]E, E any](s S, n int) S {
	if n <= cap(s)-len(s) {
		return s
	}
	var e E
	// runtime.growslice takes the larger of the length needed and, for
	// large slices, a quarter more than the capacity.
	next := max(len(s)+n, cap(s)+cap(s)/4)
	Room(int64(next) * int64(unsafe.Sizeof(e)))
	return slices.Grow(s, n)
}
