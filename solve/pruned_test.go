package solve

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// randomDAG is a random acyclic game on 0..n-1: each position's options
// are sums of one to three positions below it. Its values reach past 64
// when positions have many options, so the facts' bit sets overflow too.
type randomDAG struct {
	options [][][]int
}

func newRandomDAG(rng *rand.Rand, n, maxOptions int) randomDAG {
	g := randomDAG{options: make([][][]int, n)}
	for p := 1; p < n; p++ {
		for range rng.IntN(maxOptions + 1) {
			sum := make([]int, 1+rng.IntN(3))
			for i := range sum {
				sum[i] = rng.IntN(p)
			}
			g.options[p] = append(g.options[p], sum)
		}
	}
	return g
}

func (g randomDAG) Options(p int, yield func([]int) bool) {
	for _, o := range g.options[p] {
		if !yield(o) {
			return
		}
	}
}

// sizedDAG is randomDAG with a Sizer (a position's size is itself), so
// Pruned orders options and picks the hardest component.
type sizedDAG struct{ randomDAG }

func (sizedDAG) Size(p int) int { return p }

// TestPrunedAgainstGrundy checks Pruned against the plain engine on
// thousands of positions of random acyclic games, with and without a
// Sizer: every position's value, and IsValue on random sums and values.
func TestPrunedAgainstGrundy(t *testing.T) {
	rng := rand.New(rand.NewPCG(2020, 283))
	checked := 0
	for round := range 60 {
		dag := newRandomDAG(rng, 200, []int{3, 8, 90}[round%3])
		games := []game.Game[int]{dag, sizedDAG{dag}}
		plain := NewGrundy[int](dag, nil)
		for _, g := range games {
			pruned := NewPruned[int](g, nil)
			order := rng.Perm(len(dag.options)) // questions in any order
			for _, p := range order {
				checkPruned(t, plain, pruned, rng, p, len(dag.options))
				checked++
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("checked %d positions", checked)
	}
}

// checkPruned checks pruned against plain on position p of a game of n
// positions: IsValue on the sum of p and a random position, at the sum's
// value and at others, and p's value.
func checkPruned(t *testing.T, plain *Grundy[int], pruned *Pruned[int], rng *rand.Rand, p, n int) {
	t.Helper()
	want, err := plain.Value(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := []int{p, rng.IntN(n)}
	sumValue, err := plain.SumValue(t.Context(), sum)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []game.Nimber{sumValue, sumValue ^ 1, game.Nimber(rng.IntN(8))} {
		got, err := pruned.IsValue(t.Context(), sum, v)
		if err != nil {
			t.Fatal(err)
		}
		if got != (v == sumValue) {
			t.Fatalf("IsValue(%v, %d) = %v, the sum's value is %d", sum, v, got, sumValue)
		}
	}
	if got, err := pruned.Value(t.Context(), p); err != nil || got != want {
		t.Fatalf("position %d: pruned %d (%v), plain %d", p, got, err, want)
	}
}

// newShallowDAG returns a random acyclic game of n positions whose
// options (up to maxOptions, sums of one to three positions) are below
// half the position, so a search is at most log2(n) deep.
func newShallowDAG(rng *rand.Rand, n, maxOptions int) randomDAG {
	dag := randomDAG{options: make([][][]int, n)}
	for p := 2; p < n; p++ {
		for range rng.IntN(1 + maxOptions) {
			sum := make([]int, 1+rng.IntN(3))
			for i := range sum {
				sum[i] = rng.IntN(p / 2)
			}
			dag.options[p] = append(dag.options[p], sum)
		}
	}
	return dag
}

// TestPrunedSplits checks a game with a Splitter: the pair of subtraction
// games is the sum of its coordinates.
func TestPrunedSplits(t *testing.T) {
	g := splitPair{pair{subtraction{1, 2}, subtraction{1, 3, 4}}}
	pruned := NewPruned[duo](g, nil)
	for a := 0; a < 30; a++ {
		for b := 0; b < 30; b++ {
			got, err := pruned.Value(t.Context(), duo{a, b})
			if err != nil {
				t.Fatal(err)
			}
			if want := naiveValue(g.left, a) ^ naiveValue(g.right, b); got != want {
				t.Fatalf("(%d, %d): %d, want %d", a, b, got, want)
			}
		}
	}
}

// twoCycle has the positions 0 and 1, each the other's only option.
type twoCycle struct{}

func (twoCycle) Options(p int, yield func([]int) bool) { yield([]int{1 - p}) }

// TestPrunedLimits checks a cycle the search must cross and the budget's
// limits.
func TestPrunedLimits(t *testing.T) {
	if _, err := NewPruned[int](twoCycle{}, nil).Value(t.Context(), 0); !errors.Is(err, ErrCycle) {
		t.Fatalf("loop: %v, want ErrCycle", err)
	}
	dag := newRandomDAG(rand.New(rand.NewPCG(1, 2)), 3000, 20)
	budget := &limits.Budget{MaxStates: 100}
	if _, err := NewPruned[int](sizedDAG{dag}, budget).Value(t.Context(), 2999); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("state limit: %v", err)
	}
	budget = &limits.Budget{MaxMemory: 1000}
	if _, err := NewPruned[int](sizedDAG{dag}, budget).Value(t.Context(), 2999); !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("memory limit: %v", err)
	}
}

// TestPrunedReplaces checks the memo once it cannot grow: under a memory
// limit that holds only the smallest table (1024 entries), on games of
// 4,000 positions, entries are replaced and every value is still exact.
// An option of p is below p/2, so the search is at most 12 deep and
// valuing again what was replaced stays cheap.
func TestPrunedReplaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(283, 2020))
	for round := range 4 {
		dag := newShallowDAG(rng, 4000, []int{3, 8}[round%2])
		plain := NewGrundy[int](dag, nil)
		for _, g := range []game.Game[int]{dag, sizedDAG{dag}} {
			pruned := NewPruned[int](g, &limits.Budget{MaxMemory: 40 << 10})
			for range 1000 {
				p := rng.IntN(len(dag.options))
				want, err := plain.Value(t.Context(), p)
				if err != nil {
					t.Fatal(err)
				}
				got, err := pruned.Value(t.Context(), p)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("round %d: position %d: pruned %d, plain %d", round, p, got, want)
				}
			}
			if pruned.Replaced() == 0 || pruned.Memoized() > 1024 {
				t.Fatalf("round %d: %d entries, %d replaced: the memo grew past its limit or replaced nothing", round, pruned.Memoized(), pruned.Replaced())
			}
		}
	}
}

// TestPrunedEqualParts checks the options whose sums hold equal
// components, which cancel (g ^ g = 0), and questions asked again of a
// position whose options were listed for an earlier one (the frame's
// options and what was learned of them are reused): random acyclic games
// whose options repeat a position, every position's value and IsValue
// on each candidate value up to 9, against the plain engine.
func TestPrunedEqualParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(2012, 462))
	checked := 0
	for round := range 20 {
		dag := randomDAG{options: make([][][]int, 150)}
		for p := 1; p < len(dag.options); p++ {
			for range rng.IntN(2 + round%6) {
				a, b := rng.IntN(p), rng.IntN(p)
				sum := [][]int{{a, a}, {a, b, a}, {a, a, b, b}, {b}, {a, b}}[rng.IntN(5)]
				dag.options[p] = append(dag.options[p], sum)
			}
		}
		plain := NewGrundy[int](dag, nil)
		for _, g := range []game.Game[int]{dag, sizedDAG{dag}} {
			pruned := NewPruned[int](g, nil)
			for _, p := range rng.Perm(len(dag.options)) {
				want, err := plain.Value(t.Context(), p)
				if err != nil {
					t.Fatal(err)
				}
				for v := range game.Nimber(10) {
					got, err := pruned.IsValue(t.Context(), []int{p}, v)
					if err != nil {
						t.Fatal(err)
					}
					if got != (v == want) {
						t.Fatalf("round %d: IsValue(%d, %d) = %v, the value is %d", round, p, v, got, want)
					}
				}
				if got, err := pruned.Value(t.Context(), p); err != nil || got != want {
					t.Fatalf("round %d: position %d: pruned %d (%v), plain %d", round, p, got, err, want)
				}
				checked++
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("checked %d positions", checked)
	}
}

// TestSortKeys checks sortKeys against slices.Sort on lists of every
// length around its threshold, distinct keys in random order.
func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 100; n++ {
		for range 20 {
			ks := make([]uint64, n)
			for i := range ks {
				ks[i] = r.Uint64N(64)<<20 | uint64(i) // few distinct sizes, as options have
			}
			r.Shuffle(n, func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
			want := slices.Clone(ks)
			slices.Sort(want)
			if sortKeys(ks); !slices.Equal(ks, want) {
				t.Fatalf("n=%d: sortKeys gives %v, want %v", n, ks, want)
			}
		}
	}
}
