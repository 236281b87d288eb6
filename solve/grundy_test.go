package solve

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// subtraction is a subtraction game on one heap, written here so the tests do
// not depend on the catalog. It is not Descending, so it exercises the
// hashed search; descending wraps it for the dense path.
type subtraction []int

func (s subtraction) Options(n int, yield func([]int) bool) {
	for _, k := range s {
		if k <= n && !yield([]int{n - k}) {
			return
		}
	}
}

type descending struct{ subtraction }

func (descending) Descending() {}

// appending is descending with the allocation-free option list.
type appending struct{ descending }

func (g appending) AppendOptions(n int, dst []int) []int {
	g.Options(n, func(o []int) bool { dst = append(dst, o[0]); return true })
	return dst
}

// pair plays two subtraction games as one game on (a, b): a move is a move
// in either coordinate. Nothing tells the engine it is a sum.
type pair struct{ left, right subtraction }

type duo struct{ a, b int }

func (g pair) Options(p duo, yield func([]duo) bool) {
	for _, k := range g.left {
		if k <= p.a && !yield([]duo{{p.a - k, p.b}}) {
			return
		}
	}
	for _, k := range g.right {
		if k <= p.b && !yield([]duo{{p.a, p.b - k}}) {
			return
		}
	}
}

// splitPair is pair with a Splitter: (a, b) is the sum of (a, 0) and (0, b).
type splitPair struct{ pair }

func (splitPair) Split(p duo, dst []duo) []duo { return append(dst, duo{p.a, 0}, duo{0, p.b}) }

// naiveValue is the definition G(n) = mex{G(n-k)} by plain recursion with a
// table, the oracle for one heap.
func naiveValue(s subtraction, n int) game.Nimber {
	table := make([]game.Nimber, n+1)
	for i := 0; i <= n; i++ {
		seen := map[game.Nimber]bool{}
		for _, k := range s {
			if k <= i {
				seen[table[i-k]] = true
			}
		}
		for seen[table[i]] {
			table[i]++
		}
	}
	return table[n]
}

func TestSubtractionClosedForm(t *testing.T) {
	// Seed 001: with S = {1..k}, G(n) = n mod (k+1). Proof: the options of n
	// are n-1..n-k, whose values by induction are k consecutive residues
	// mod k+1 other than n mod (k+1); their mex is n mod (k+1).
	ctx := context.Background()
	for k := 1; k <= 5; k++ {
		var set subtraction
		for s := 1; s <= k; s++ {
			set = append(set, s)
		}
		dense := NewGrundy[int](appending{descending{set}}, nil)
		hashed := NewGrundy[int](set, nil)
		for _, n := range []int{0, 1, k, k + 1, 97, 1000003, 5000000} {
			want := game.Nimber(n % (k + 1))
			if got, err := dense.Value(ctx, n); err != nil || got != want {
				t.Errorf("dense subtract:1-%d G(%d) = %d, %v; want %d", k, n, got, err, want)
			}
			if n > 1000003 {
				continue
			}
			if got, err := hashed.Value(ctx, n); err != nil || got != want {
				t.Errorf("hashed subtract:1-%d G(%d) = %d, %v; want %d", k, n, got, err, want)
			}
		}
	}
}

func TestDeepChainNoRecursion(t *testing.T) {
	// subtract:1 has G(n) = n mod 2; a 2*10^6-deep chain through the hashed
	// search must not overflow any stack.
	const n = 2_000_000
	s := NewGrundy[int](subtraction{1}, nil)
	got, err := s.Value(context.Background(), n)
	if err != nil || got != n%2 {
		t.Fatalf("G(%d) = %d, %v; want %d", n, got, err, n%2)
	}
	if s.States != n+1 {
		t.Errorf("states = %d, want %d", s.States, n+1)
	}
}

func TestEngineAgreesWithDefinition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		set := subtraction(rapid.SliceOfNDistinct(rapid.IntRange(1, 9), 1, 4, rapid.ID[int]).Draw(t, "set"))
		slices.Sort(set)
		n := rapid.IntRange(0, 200).Draw(t, "n")
		want := naiveValue(set, n)
		for name, g := range map[string]game.Game[int]{"hashed": set, "dense": descending{set}, "appending": appending{descending{set}}} {
			got, err := NewGrundy(g, nil).Value(context.Background(), n)
			if err != nil || got != want {
				t.Fatalf("%s %v G(%d) = %d, %v; want %d", name, set, n, got, err, want)
			}
		}
	})
}

// TestSpragueGrundyTheorem checks G(A+B) = G(A) XOR G(B) with the sum played
// as one game, not split, on random pairs of subtraction games.
func TestSpragueGrundyTheorem(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		left := subtraction(rapid.SliceOfNDistinct(rapid.IntRange(1, 6), 1, 3, rapid.ID[int]).Draw(t, "left"))
		right := subtraction(rapid.SliceOfNDistinct(rapid.IntRange(1, 6), 1, 3, rapid.ID[int]).Draw(t, "right"))
		slices.Sort(left)
		slices.Sort(right)
		a := rapid.IntRange(0, 40).Draw(t, "a")
		b := rapid.IntRange(0, 40).Draw(t, "b")
		ctx := context.Background()
		whole, err := NewGrundy[duo](pair{left, right}, nil).Value(ctx, duo{a, b})
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveValue(left, a) ^ naiveValue(right, b); whole != want {
			t.Fatalf("G(%v %d + %v %d) = %d, want %d", left, a, right, b, whole, want)
		}
		split, err := NewGrundy[duo](splitPair{pair{left, right}}, nil).Value(ctx, duo{a, b})
		if err != nil || split != whole {
			t.Fatalf("split value %d, %v; want %d", split, err, whole)
		}
	})
}

// loop has the cycle 0 -> 1 -> 0 and the terminal position 2.
type loop struct{}

func (loop) Options(p int, yield func([]int) bool) {
	switch p {
	case 0:
		yield([]int{1})
	case 1:
		if yield([]int{2}) {
			yield([]int{0})
		}
	}
}

func TestCycleIsAnError(t *testing.T) {
	s := NewGrundy[int](loop{}, nil)
	if _, err := s.Value(context.Background(), 0); !errors.Is(err, ErrCycle) {
		t.Fatalf("err = %v, want ErrCycle", err)
	}
	// The terminal position still has value 0 after the failed search.
	if v, err := s.Value(context.Background(), 2); err != nil || v != 0 {
		t.Fatalf("G(2) = %d, %v", v, err)
	}
}

func TestLimits(t *testing.T) {
	ctx := context.Background()
	s := NewGrundy[int](subtraction{1, 2}, &limits.Budget{MaxStates: 100})
	_, err := s.Value(ctx, 1000)
	var limit *limits.StateLimitError
	if !errors.As(err, &limit) || !errors.Is(err, limits.ErrStateLimit) || limit.Limit != 100 {
		t.Fatalf("err = %v, want a state limit of 100", err)
	}
	// Below the limit the solver still answers: 50 needs 51 states, and the
	// states spent before were released with the in-progress marks.
	s = NewGrundy[int](subtraction{1, 2}, &limits.Budget{MaxStates: 100})
	if v, err := s.Value(ctx, 50); err != nil || v != 50%3 {
		t.Fatalf("G(50) = %d, %v; want %d", v, err, 50%3)
	}

	dense := NewGrundy[int](descending{subtraction{1}}, &limits.Budget{MaxStates: 10})
	if _, err := dense.Value(ctx, 100); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("dense err = %v, want a state limit", err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = NewGrundy[int](subtraction{1}, nil).Value(cancelled, 10*limits.ProgressEvery)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestProgress(t *testing.T) {
	var calls int
	var last int64
	s := NewGrundy[int](subtraction{1}, &limits.Budget{Progress: func(n int64) { calls++; last = n }})
	if _, err := s.Value(context.Background(), 5*limits.ProgressEvery); err != nil {
		t.Fatal(err)
	}
	if calls != 5 || last != 5*limits.ProgressEvery {
		t.Fatalf("progress called %d times, last %d; want 5, %d", calls, last, 5*limits.ProgressEvery)
	}
}
