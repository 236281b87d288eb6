// Package killtest kills child processes at random moments, for the tests
// that show that work killed and resumed any number of times ends as an
// uninterrupted run does (tier databases, run files, census directories).
package killtest

import (
	"math/rand/v2"
	"os/exec"
	"testing"
	"time"
)

// Repeat runs n children one after the other, each started by start and
// sent SIGKILL after a time drawn uniformly below half of clean (a clean
// child's time: later children resume and have less to do) unless it ends
// first; a child that ends on its own must succeed. It returns how many
// children the kill ended.
func Repeat(t testing.TB, n int, clean time.Duration, start func() *exec.Cmd) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 26))
	killed := 0
	for range n {
		cmd := start()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("a child between kills: %v", err)
			}
		case <-time.After(time.Duration(rng.Int64N(int64(clean/2) + 1))):
			cmd.Process.Kill()
			if err := <-done; err != nil {
				killed++
			}
		}
	}
	return killed
}
