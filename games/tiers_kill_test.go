//go:build unix

package games

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-go/grundy/internal/killtest"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve/tier"
	"github.com/grundy-go/grundy/store"
)

// tierChild is the child process of the tests below: with
// GRUNDY_TIER_CHILD_DIR set, the test binary solves the game
// GRUNDY_TIER_CHILD_GAME by tiers into that database, compresses the
// tiers (as solve --db does) and exits 0, or 3
// when another writer holds it (4 on any other error). With
// GRUNDY_TIER_CHILD_SUICIDE set it SIGKILLs itself from the budget's first
// progress call (16384 states: inside a tier, its file half written).
func tierChild() {
	dir := os.Getenv("GRUNDY_TIER_CHILD_DIR")
	if dir == "" {
		return
	}
	name := os.Getenv("GRUNDY_TIER_CHILD_GAME")
	budget := &limits.Budget{}
	if os.Getenv("GRUNDY_TIER_CHILD_SUICIDE") != "" {
		budget.Progress = func(int64) { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
	}
	err := func() error {
		db, err := store.OpenWriter(dir, tier.Identity(name))
		if err != nil {
			return err
		}
		defer db.Close()
		switch name {
		case "quixo:3x3", "quixo:4x4":
			g := NewQuixo(int(name[len(name)-1] - '0'))
			s := tier.New(g, budget, tier.Options{DB: db, Workers: 2})
			defer s.Close()
			if err := s.Solve(context.Background(), g.TiersWithBlanks(64)); err != nil {
				return err
			}
			return s.Compress(context.Background(), g.TiersWithBlanks(64))
		case "tictactoe":
			g := TicTacToe{}
			s := tier.New(g, budget, tier.Options{DB: db, Workers: 2})
			defer s.Close()
			if err := s.Solve(context.Background(), g.TiersWithBlanks(64)); err != nil {
				return err
			}
			return s.Compress(context.Background(), g.TiersWithBlanks(64))
		}
		return fmt.Errorf("no game %q", name)
	}()
	var locked *store.LockedError
	switch {
	case errors.As(err, &locked):
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	case err != nil:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	os.Exit(0)
}

// startChild starts the test binary as tierChild solving name into dir.
func startChild(t *testing.T, name, dir string, suicide bool) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTierKill$")
	cmd.Env = append(os.Environ(), "GRUNDY_TIER_CHILD_DIR="+dir, "GRUNDY_TIER_CHILD_GAME="+name)
	if suicide {
		cmd.Env = append(cmd.Env, "GRUNDY_TIER_CHILD_SUICIDE=1")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// exitCode returns the exit status of a finished child, -1 when a signal
// ended it.
func exitCode(err error) int {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return -2
	}
	return 0
}

// cleanDB solves the tiers of name into a new directory in this process
// and returns its files.
func cleanDB(t *testing.T, name string) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	switch name {
	case "quixo:3x3", "quixo:4x4":
		g := NewQuixo(int(name[len(name)-1] - '0'))
		tierSolve(t, g, name, 2, dir)
		tierCompress(t, g, name, dir)
	case "tictactoe":
		g := PieceTiers[TicTacToePos](TicTacToe{})
		tierSolve(t, g, name, 1, dir)
		tierCompress(t, g, name, dir)
	}
	return tierFiles(t, dir)
}

// sameFiles reports the files of dir that differ from want.
func sameFiles(t *testing.T, dir string, want map[string][]byte, what string) {
	t.Helper()
	got := tierFiles(t, dir)
	if len(got) != len(want) {
		t.Errorf("%s: %d files, want %d", what, len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s: %s differs from the clean run's", what, name)
		}
	}
}

// TestTierKill solves Quixo 3x3 and tic-tac-toe by tiers in child
// processes SIGKILLed at random moments, six in a row on one
// directory, then a run to the end, and once by a child that kills itself
// inside a tier; the files left are byte for byte those of an
// uninterrupted run, manifest and lock file included.
//
// The full version is a benchmark of tens of minutes:
// GRUNDY_TIER_KILL_GAME=quixo:4x4 GRUNDY_TIER_KILLS=20 go test ./games
// -run TestTierKill -timeout 2h (docs/PERFORMANCE.md).
func TestTierKill(t *testing.T) {
	tierChild()
	names, kills := []string{"quixo:3x3", "tictactoe"}, 6
	if name := os.Getenv("GRUNDY_TIER_KILL_GAME"); name != "" {
		names = []string{name}
	}
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_TIER_KILLS")); err == nil {
		kills = n
	}
	for _, name := range names {
		want := cleanDB(t, name)
		// A child killed inside a tier.
		dir := t.TempDir()
		cmd, _ := startChild(t, name, dir, true)
		err := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); name == "quixo:3x3" && (!ok || ws.Signal() != syscall.SIGKILL) {
			t.Fatalf("%s: child: %v, want killed by SIGKILL", name, err)
		}
		if name == "quixo:3x3" {
			if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tier.tmp")); len(tmp) != 1 {
				t.Errorf("%s: after the kill %v, want one tier half written", name, tmp)
			}
		}
		cmd, stderr := startChild(t, name, dir, false)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: rerun: %v %s", name, err, stderr)
		}
		sameFiles(t, dir, want, name+" killed inside a tier")

		// Kills at random moments within the first half of a clean
		// child's time (measured here, solving and compressing; runs after
		// the first are faster, and later kills land in the compression),
		// six times on one directory, each kill followed by a
		// rerun; then a run to the end.
		begin := time.Now()
		cmd, stderr = startChild(t, name, t.TempDir(), false)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v %s", name, err, stderr)
		}
		whole := time.Since(begin)
		dir = t.TempDir()
		killed := killtest.Repeat(t, kills, whole, func() *exec.Cmd {
			cmd, _ := startChild(t, name, dir, false)
			return cmd
		})
		cmd, stderr = startChild(t, name, dir, false)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: the last run: %v %s", name, err, stderr)
		}
		t.Logf("%s: %d random kills, then a run finished", name, killed)
		sameFiles(t, dir, want, fmt.Sprintf("%s after %d kills", name, killed))
	}
}

// TestTierTwoWriters: while one writer holds a database (here, this
// process: as a worker outliving a killed grundy would), a second process
// is refused at once, naming the first, and writes nothing; two children
// started together on one directory either run one after the other or
// one is refused; the files are always the clean run's.
func TestTierTwoWriters(t *testing.T) {
	const name = "tictactoe"
	want := cleanDB(t, name)
	dir := t.TempDir()
	db, err := store.OpenWriter(dir, tier.Identity(name))
	if err != nil {
		t.Fatal(err)
	}
	cmd, stderr := startChild(t, name, dir, false)
	start := time.Now()
	err = cmd.Wait()
	if exitCode(err) != 3 || !strings.Contains(stderr.String(), fmt.Sprintf("being written by another process (pid %d)", os.Getpid())) {
		t.Fatalf("second writer: %v %q, want refused naming pid %d", err, stderr, os.Getpid())
	}
	if time.Since(start) > 20*time.Second {
		t.Errorf("the refusal took %v: it waited", time.Since(start))
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.tier*")); len(files) != 0 {
		t.Errorf("the refused writer left %v", files)
	}
	g := TicTacToe{}
	s := tier.New(g, nil, tier.Options{DB: db, Workers: 1})
	if err := s.Solve(context.Background(), g.TiersWithBlanks(64)); err != nil {
		t.Fatal(err)
	}
	if err := s.Compress(context.Background(), g.TiersWithBlanks(64)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db.Close()
	sameFiles(t, dir, want, "after a refused second writer")

	for round := range 3 {
		dir := t.TempDir()
		a, aerr := startChild(t, name, dir, false)
		b, berr := startChild(t, name, dir, false)
		ca, cb := exitCode(a.Wait()), exitCode(b.Wait())
		ok := (ca == 0 && cb == 0) || (ca == 0 && cb == 3) || (ca == 3 && cb == 0)
		if !ok {
			t.Fatalf("round %d: exits %d (%s) and %d (%s), want 0 and 0 or 3", round, ca, aerr, cb, berr)
		}
		sameFiles(t, dir, want, fmt.Sprintf("round %d, exits %d and %d", round, ca, cb))
	}
}

// TestTierNoSpace solves Quixo 4x4 into a database on a 4 MiB tmpfs: the
// 82 MiB of tier files (86,426,752 bytes, their size in a complete database) are
// refused before any is written, naming the
// directory and the bytes needed (needs root to mount; skipped without).
func TestTierNoSpace(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	dir := filepath.Join(t.TempDir(), "small")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mount tmpfs: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	db := tierDB(t, "quixo:4x4", filepath.Join(dir, "q4"))
	g := NewQuixo(4)
	s := tier.New(g, nil, tier.Options{DB: db})
	defer s.Close()
	start := time.Now()
	err := s.Solve(context.Background(), g.TiersWithBlanks(16))
	var full *store.NoSpaceError
	if !errors.As(err, &full) || !errors.Is(err, syscall.ENOSPC) || full.Need != 86426752 || !strings.Contains(err.Error(), dir) {
		t.Fatalf("%v (need %d), want no space for the tier files, naming %s", err, full.Need, dir)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "q4", "*.tier*")); len(files) != 0 || time.Since(start) > 10*time.Second {
		t.Errorf("refused after %v, leaving %v", time.Since(start), files)
	}
}
