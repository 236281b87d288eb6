// Command pingpong measures how long a cache line takes to go from one of
// the machine's cores to another and back: two threads take turns
// writing one word, each waiting for the other's write. It prints the
// mean round trip in nanoseconds.
//
// On a virtual machine whose cores the host moves, the figure tells where
// the host has put them: on this project's 2-core machine it is about
// 60 ns when the two cores share a cache and about 330 ns when they do
// not, and two-core runs of the sparse engine are about 20% slower in the
// second case (docs/PERFORMANCE.md, "Two cores far apart"). bench/
// placement.sh runs it around each measured run.
//
//	go run ./bench/pingpong [-n ROUND_TRIPS]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"time"
)

func main() {
	n := flag.Int64("n", 2_000_000, "round trips")
	flag.Parse()
	if runtime.NumCPU() < 2 {
		fmt.Fprintln(os.Stderr, "pingpong: needs two cores")
		os.Exit(1)
	}
	runtime.GOMAXPROCS(2)
	// line is the word the threads write; turn 2i-1 is the first
	// thread's, 2i the second's.
	var line atomic.Int64
	done := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		for i := int64(1); i <= *n; i++ {
			for line.Load() != 2*i-1 {
			}
			line.Store(2 * i)
		}
		close(done)
	}()
	runtime.LockOSThread()
	start := time.Now()
	for i := int64(1); i <= *n; i++ {
		line.Store(2*i - 1)
		for line.Load() != 2*i {
		}
	}
	<-done
	fmt.Printf("%.0f\n", float64(time.Since(start).Nanoseconds())/float64(*n))
}
