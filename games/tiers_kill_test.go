//go:build unix

package games

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve/tier"
)

// TestTierKill solves Quixo 3x3 by tiers in a child process that SIGKILLs
// itself midway (from the budget's progress callback, after 16384 states:
// inside a tier, its file half written), resumes in this process on the
// same directory, and checks that the files are byte for byte those of an
// uninterrupted run.
func TestTierKill(t *testing.T) {
	g := NewQuixo(3)
	if dir := os.Getenv("GRUNDY_TIER_KILL_DIR"); dir != "" {
		budget := &limits.Budget{Progress: func(states int64) {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}}
		s := tier.New(g, budget, tier.Options{DB: tierDB(t, "quixo:3x3", dir), Workers: 2})
		s.Solve(context.Background(), g.TiersWithBlanks(9))
		os.Exit(0) // not killed: the parent says so
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTierKill$")
	cmd.Env = append(os.Environ(), "GRUNDY_TIER_KILL_DIR="+dir)
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child: %v, want killed by SIGKILL", err)
	}
	done := listed(t, "quixo:3x3", dir)
	tmp, _ := filepath.Glob(filepath.Join(dir, "*.tier.tmp"))
	if done == 0 || len(tmp) != 1 {
		t.Fatalf("after the kill: %d complete tiers and %v; want some and one half-written", done, tmp)
	}
	s := tierSolve(t, g, "quixo:3x3", 2, dir)
	resumed := 0
	for _, st := range s.Stats {
		if st.Resumed {
			resumed++
		}
	}
	clean := t.TempDir()
	tierSolve(t, g, "quixo:3x3", 1, clean)
	want, got := tierFiles(t, clean), tierFiles(t, dir)
	if resumed != done || len(got) != len(want) {
		t.Fatalf("resumed %d of the %d tiers on disk; %d files, want %d", resumed, done, len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s differs from the uninterrupted run's", name)
		}
	}
}
