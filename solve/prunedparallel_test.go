package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// newParallelPruned returns a Pruned engine on g searched by workers
// engines (g's Options only read it, so every worker may share it).
func newParallelPruned(g game.Game[int], workers int, budget *limits.Budget) *Pruned[int] {
	s := NewPruned[int](g, budget)
	s.Parallel(workers, func() (game.Game[int], error) { return g, nil })
	return s
}

// TestPrunedParallelAgainstGrundy checks the parallel search against the
// plain engine on thousands of positions of random acyclic games, with
// and without a Sizer, with two and three workers, with the memo free to
// grow and under a memory limit that makes it replace entries (games of
// 4,000 positions whose options are below half of it, as in
// TestPrunedReplaces): every position's value, and IsValue on random sums
// and values.
func TestPrunedParallelAgainstGrundy(t *testing.T) {
	rng := rand.New(rand.NewPCG(283, 2012))
	checked := 0
	for round := range 18 {
		dag := newRandomDAG(rng, 300, []int{3, 8, 40}[round%3])
		if round%2 == 1 {
			dag = newShallowDAG(rng, 4000, []int{3, 5}[round%4/2])
		}
		plain := NewGrundy[int](dag, nil)
		for _, g := range []game.Game[int]{dag, sizedDAG{dag}} {
			var budget *limits.Budget
			if round%2 == 1 {
				budget = &limits.Budget{MaxMemory: 96 << 10} // the smallest table (24 KiB; doubling needs 72): entries are replaced
			}
			pruned := newParallelPruned(g, 2+round%2, budget)
			for _, p := range rng.Perm(len(dag.options))[:200] {
				checkPruned(t, plain, pruned, rng, p, len(dag.options))
				checked++
			}
			if pruned.Workers() != 2+round%2 {
				t.Fatalf("%d workers", pruned.Workers())
			}
			if budget != nil && (pruned.Replaced() == 0 || pruned.Memoized() > 1024) {
				t.Fatalf("round %d: %d entries, %d replaced: the memo grew past its limit or replaced nothing", round, pruned.Memoized(), pruned.Replaced())
			}
		}
	}
	if checked < 7000 {
		t.Fatalf("checked %d positions", checked)
	}
}

// TestPrunedParallelProperty checks, on random acyclic games that rapid
// draws (and shrinks on failure), that the parallel search's value of
// every position equals the serial search's and the plain engine's.
func TestPrunedParallelProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 400).Draw(t, "positions")
		dag := randomDAG{options: make([][][]int, n)}
		for p := 1; p < n; p++ {
			for range rapid.IntRange(0, 12).Draw(t, "options") {
				sum := rapid.SliceOfN(rapid.IntRange(0, p-1), 1, 3).Draw(t, "sum")
				dag.options[p] = append(dag.options[p], sum)
			}
		}
		workers := rapid.IntRange(2, 4).Draw(t, "workers")
		plain := NewGrundy[int](dag, nil)
		serial := NewPruned[int](sizedDAG{dag}, nil)
		parallel := newParallelPruned(sizedDAG{dag}, workers, nil)
		for p := n - 1; p >= 0; p-- {
			want, err := plain.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := parallel.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			alone, err := serial.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want || alone != want {
				t.Fatalf("position %d: parallel %d, serial %d, plain %d", p, got, alone, want)
			}
		}
	})
}

// TestPrunedParallelLimits checks that a limit or a cancellation stops
// every worker with the serial engine's error, and that no worker outlives
// the question.
func TestPrunedParallelLimits(t *testing.T) {
	before := runtime.NumGoroutine()
	dag := newRandomDAG(rand.New(rand.NewPCG(1, 2)), 3000, 20)
	budget := &limits.Budget{MaxStates: 100}
	if _, err := newParallelPruned(sizedDAG{dag}, 2, budget).Value(t.Context(), 2999); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("state limit: %v", err)
	}
	if budget.States() > 100 {
		t.Fatalf("%d states counted past the limit of 100", budget.States())
	}
	budget = &limits.Budget{MaxMemory: 1000}
	if _, err := newParallelPruned(sizedDAG{dag}, 2, budget).Value(t.Context(), 2999); !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("memory limit: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var stopped *limits.StoppedError
	if _, err := newParallelPruned(sizedDAG{dag}, 2, nil).Value(ctx, 2999); !errors.As(err, &stopped) || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// A deadline that passes during the search: a game slowed so the
	// search cannot finish in time.
	ctx, cancel = context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := newParallelPruned(slowDAG{sizedDAG{dag}}, 2, nil).Value(ctx, 2999)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("the workers stopped %v after the start, the deadline was 20ms", d)
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%d goroutines after the searches, %d before", runtime.NumGoroutine(), before)
}

// slowDAG is sizedDAG whose listing of options takes 100µs.
type slowDAG struct{ sizedDAG }

func (g slowDAG) Options(p int, yield func([]int) bool) {
	for start := time.Now(); time.Since(start) < 100*time.Microsecond; {
	}
	g.sizedDAG.Options(p, yield)
}

// TestSharedFactsConcurrent has goroutines write and read the facts of
// overlapping keys in one small table at once (so windows fill and
// entries are replaced): every word a reader gets for a key must hold
// only facts that some writer stored for that key (each key's facts are a
// function of the key, so a word of another key, or a mixture, shows).
func TestSharedFactsConcurrent(t *testing.T) {
	m, err := newSharedMemo(nil)
	if err != nil {
		t.Fatal(err)
	}
	t0 := m.table.Load()
	// factsOf is the set of facts a writer may store for k: any subset of
	// these bits, and the value k%7 when known.
	factsOf := func(k uint64) uint64 {
		return pack(facts{has: uint16(k), hasNot: uint16(k >> 16), not: uint16(k >> 32), value: game.Nimber(k % 7), known: true})
	}
	size := func(k uint64) int { return int(k % 13) }
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range 50000 {
				k := rng.Uint64N(4000)*0x9e3779b97f4a7c15 | 1
				all := factsOf(k)
				if rng.IntN(2) == 0 {
					sub := all &^ (rng.Uint64() & (1<<48 - 1))
					if rng.IntN(2) == 0 {
						sub &^= knownBit | maxPackedValue<<valueShift
					}
					t0.put(k, sub|usedBit, true, size)
					continue
				}
				got := t0.get(k)
				if got == 0 {
					continue
				}
				if got&^all != 0 {
					select {
					case errs <- "a word holds facts not stored for its key":
					default:
					}
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestMergePacked checks that merging two words keeps every fact of both.
func TestMergePacked(t *testing.T) {
	a := pack(facts{has: 1, hasNot: 4, not: 8})
	b := pack(facts{has: 2, not: 16, value: 3, known: true})
	got := unpack(mergePacked(a, b))
	want := facts{has: 3, hasNot: 4, not: 24, value: 3, known: true}
	if got != want {
		t.Fatalf("merge: %+v, want %+v", got, want)
	}
	if got := unpack(mergePacked(b, a)); got != want {
		t.Fatalf("merge the other way: %+v, want %+v", got, want)
	}
}
