package sparse

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// TestRunBudget checks what a run counts against the request's budget:
// one state per value computed, the bytes of the values it allocates
// (kept: the caller holds them), and the scratch space and rare lists
// (given back when it returns).
func TestRunBudget(t *testing.T) {
	const n = 5000
	b := &limits.Budget{}
	seq, err := Run(context.Background(), Config{Rules: GrundyGame(), To: n, Budget: b})
	if err != nil {
		t.Fatal(err)
	}
	// G(0) = 0 is given (the empty heap has no moves); G(1..n) are computed.
	if b.States() != n {
		t.Errorf("%d states counted, want %d (one per value computed)", b.States(), n)
	}
	if b.Memory() != 2*(n+1) {
		t.Errorf("%d bytes held after the run, want %d (the values)", b.Memory(), 2*(n+1))
	}
	// With 1000 values known, only the rest is new.
	b = &limits.Budget{}
	if _, err := Run(context.Background(), Config{Rules: GrundyGame(), To: n, Known: seq.Values[:1000], Budget: b}); err != nil {
		t.Fatal(err)
	}
	if b.States() != n+1-1000 || b.Memory() != 2*(n+1-1000) {
		t.Errorf("from 1000 known: %d states, %d bytes; want %d, %d", b.States(), b.Memory(), n+1-1000, 2*(n+1-1000))
	}
}

func TestRunBudgetLimits(t *testing.T) {
	dawson, _ := Octal("0.07")
	// The values (about 10 KB) and the scratch space fit, but not a rare
	// list of more than 64 entries: Dawson's Kayles has 0 (rare under
	// every mask, popcount 0 is even) at 5 of every 34 heaps (A002187), so
	// about 700 rare heaps below 5000.
	const n = 5000
	tight := 2*(n+1) + scratchBytes(1) + 64*rareBytes
	for _, c := range []struct {
		name   string
		rules  Rules
		budget *limits.Budget
		want   error
	}{
		{"states", GrundyGame(), &limits.Budget{MaxStates: n - 1}, limits.ErrStateLimit},
		{"values", GrundyGame(), &limits.Budget{MaxMemory: 2 * n}, limits.ErrMemoryLimit},
		{"scratch", GrundyGame(), &limits.Budget{MaxMemory: 2*(n+1) + 1000}, limits.ErrMemoryLimit},
		{"rare list", dawson, &limits.Budget{MaxMemory: tight}, limits.ErrMemoryLimit},
		{"enough", dawson, &limits.Budget{MaxMemory: 2 * tight, MaxStates: n}, nil},
	} {
		_, err := Run(context.Background(), Config{Rules: c.rules, To: n, Workers: 1, Budget: c.budget})
		if !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "--") {
			t.Errorf("%s: %q names a flag", c.name, err)
		}
	}
}

// TestRunStopped: an ended context stops a run with a *limits.StoppedError
// wrapping the context's error.
func TestRunStopped(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := Run(ctx, Config{Rules: GrundyGame(), To: 1 << 26})
	var stopped *limits.StoppedError
	if !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "time limit reached") {
		t.Fatalf("error %v, want a time limit (*limits.StoppedError)", err)
	}
}

// TestEntryEdges: heap sizes at the ends of the integers are refused as bad
// input, before anything is allocated.
func TestEntryEdges(t *testing.T) {
	b := &limits.Budget{MaxMemory: 1 << 20}
	for _, to := range []int64{-1, math.MinInt64, MaxTo + 1, math.MaxInt64, math.MaxInt64 - 1} {
		_, err := Run(context.Background(), Config{Rules: GrundyGame(), To: to, Budget: b})
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("Run to %d: %v, want bad input", to, err)
		}
		if _, err := Compute(context.Background(), GrundyGame(), to); !errors.Is(err, game.ErrInput) {
			t.Errorf("Compute to %d: %v, want bad input", to, err)
		}
	}
	for _, n := range []int{-1, -2, math.MinInt, MaxReference + 1, math.MaxInt} {
		if _, err := Reference(GrundyGame(), n); !errors.Is(err, game.ErrInput) {
			t.Errorf("Reference to %d: %v, want bad input", n, err)
		}
	}
	// Values past what memory may hold without a run file: bad input that
	// names no flag.
	_, err := Run(context.Background(), Config{Rules: GrundyGame(), To: MaxTo})
	if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "run file") || strings.Contains(err.Error(), "--") {
		t.Errorf("Run to MaxTo in memory: %v", err)
	}
	if b.Memory() != 0 || b.States() != 0 {
		t.Errorf("refused runs held %d bytes, %d states", b.Memory(), b.States())
	}
}

// TestRunFileStopsAtMemoryLimit: a run file whose rare list outgrows the
// budget stops with the memory limit after a checkpoint, and resumes.
func TestRunFileStopsAtMemoryLimit(t *testing.T) {
	dawson, _ := Octal("0.07")
	const n = 8000
	path := filepath.Join(t.TempDir(), "d.bin")
	cfg := Config{Rules: dawson, To: n, Out: path, Workers: 1, Budget: &limits.Budget{MaxMemory: scratchBytes(1) + 64*rareBytes}}
	_, err := Run(context.Background(), cfg)
	if !errors.Is(err, limits.ErrMemoryLimit) || !strings.Contains(err.Error(), "stopped at heap size") {
		t.Fatalf("error %v, want the memory limit", err)
	}
	if cfg.Budget.Memory() != 0 {
		t.Errorf("%d bytes still held after the run", cfg.Budget.Memory())
	}
	if r := reachedOnDisk(path); r <= 1 || r > n {
		t.Fatalf("%d values checkpointed, want some but not all", r)
	}
	cfg.Budget, cfg.Resume = nil, true
	seq := runTo(t, cfg)
	want, err := Reference(dawson, n)
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(seq.Values, want); i <= n || seq.Stats.Resumed <= 1 {
		t.Fatalf("resumed at %d: G(%d) differs", seq.Stats.Resumed, i)
	}
}

// TestRunReleasesOnFailure: a run that fails gives back the memory of the
// values it allocated.
func TestRunReleasesOnFailure(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := &limits.Budget{}
	if _, err := Run(ctx, Config{Rules: GrundyGame(), To: 100000, Budget: b}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want cancelled", err)
	}
	if b.Memory() != 0 {
		t.Errorf("%d bytes held after a failed run", b.Memory())
	}
}

// TestRunMaxWork: a run whose work (Stats.Work plus one per value computed)
// passes Config.MaxWork stops with ErrWorkLimit within one block of
// positions, and a bound above the whole run's work lets it finish with
// the same values. The bound is twice the work of a first run: with two
// workers the pairs a scan tries depend on timing (pipeline.go), so a
// second run's work differs a little from the first's.
func TestRunMaxWork(t *testing.T) {
	const n = 20000
	b := &limits.Budget{}
	full, err := Run(context.Background(), Config{Rules: GrundyGame(), To: n, Budget: b})
	if err != nil {
		t.Fatal(err)
	}
	work := full.Stats.Work + n // G(1..n) computed
	seq, err := Run(context.Background(), Config{Rules: GrundyGame(), To: n, MaxWork: 2 * work})
	if err != nil || !slices.Equal(seq.Values, full.Values) {
		t.Fatalf("bound at twice a run's work %d: %v", 2*work, err)
	}
	b = &limits.Budget{}
	_, err = Run(context.Background(), Config{Rules: GrundyGame(), To: n, MaxWork: work / 4, Budget: b})
	if !errors.Is(err, ErrWorkLimit) {
		t.Fatalf("bound at a quarter of the work: %v, want ErrWorkLimit", err)
	}
	// Blocks are 4096 positions or fewer: the run stopped well before n.
	if b.States() >= n || b.Memory() != 0 {
		t.Errorf("stopped after %d values with %d bytes held; want fewer than %d and none", b.States(), b.Memory(), n)
	}
}
