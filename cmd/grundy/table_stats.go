package main

import (
	"fmt"
	"io"
	"time"

	"github.com/grundy-go/grundy/query"
)

// tableSpeed is what `table --stats` prints at the end: how many values
// the engines computed in how long, the rare count, and the memory.
type tableSpeed struct {
	computed int64         // values computed by this command (not read back or extrapolated)
	elapsed  time.Duration // wall time of the computation
	// cpu is the CPU time (user and system, every thread) the process
	// spent meanwhile; 0 where the system does not report it.
	cpu   time.Duration
	stats *query.TableStats // the sequence statistics, when known
	held  int64             // bytes the request's budget counted at the end
}

// print writes one line: values computed, time, values per second, rare
// count and mask, the largest resident memory of the process (where the
// system reports it) and what the budget held.
func (s tableSpeed) print(w io.Writer) {
	rate := 0.0
	if secs := s.elapsed.Seconds(); secs > 0 {
		rate = float64(s.computed) / secs
	}
	fmt.Fprintf(w, "stats: %d values computed in %.2f s, %.0f values per second", s.computed, s.elapsed.Seconds(), rate)
	if secs := s.cpu.Seconds(); secs > 0 {
		// On a shared machine the wall-clock rate is the share the
		// process got; per CPU second is the engine's own rate.
		fmt.Fprintf(w, " (%.2f s of CPU, %.0f values per CPU second)", secs, float64(s.computed)/secs)
	}
	if st := s.stats; st != nil {
		fmt.Fprintf(w, "; rare %d (mask %d)", st.Rare, st.Mask)
	}
	if rss, ok := peakResident(); ok {
		fmt.Fprintf(w, "; memory: %s resident at most", mib(rss))
	}
	fmt.Fprintf(w, ", %s held by the engines\n", mib(s.held))
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
