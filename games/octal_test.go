package games

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

func openHeap(t testing.TB, token string) *heapInstance {
	t.Helper()
	inst, err := Open(token)
	if err != nil {
		t.Fatalf("Open(%q): %v", token, err)
	}
	h, ok := inst.(*heapInstance)
	if !ok {
		t.Fatalf("%s is a %T, not a heap instance", token, inst)
	}
	return h
}

func TestHeapCatalog(t *testing.T) {
	for _, name := range []string{"kayles", "dawson-kayles", "dawson-chess", "lasker", "grundy-game", "octal:0.77", "subtract:2,3,7"} {
		inst := openHeap(t, name)
		if _, ok := Instance(inst).(Tabulator); !ok {
			t.Errorf("%s is not a Tabulator", name)
		}
		if _, ok := Instance(inst).(Valued); !ok {
			t.Errorf("%s is not Valued", name)
		}
	}
}

// TestExtrapolatedValues: a proven game's O(1) values agree with the dense
// engine for every heap up to 3000.
func TestExtrapolatedValues(t *testing.T) {
	for _, name := range []string{"kayles", "dawson-kayles", "dawson-chess", "subtract:2,3,7", "subtract:1,3,4", "octal:4.4", "octal:4.07"} {
		h := openHeap(t, name)
		if !h.hg.extrapolates() {
			t.Errorf("%s: no proven period from the probe", name)
			continue
		}
		dense := solve.NewGrundy[int](h.hg.Rules, nil)
		for n := 0; n <= 3000; n++ {
			want, err := dense.Value(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := h.hg.Value(n); !ok || got != want {
				t.Fatalf("%s: Value(%d) = %d, %v; engine %d", name, n, got, ok, want)
			}
		}
	}
}

// TestOptionsWithValue compares the targeted option lists (residue classes
// for huge heaps) with filtering every option by value, on heaps near 2000
// and near 50000.
func TestOptionsWithValue(t *testing.T) {
	for _, name := range []string{"kayles", "dawson-kayles", "dawson-chess", "octal:4.07", "subtract:2,3,7", "grundy-game", "lasker"} {
		h := openHeap(t, name)
		g := h.hg
		// The values the wanted options are filtered by: the probe's where
		// it answers, otherwise a memoizing solve.Grundy engine of its own
		// (independent of the evaluator's sequence engine).
		dense := solve.NewGrundy[int](game.Game[int](g), nil)
		rapid.Check(t, func(rt *rapid.T) {
			ctx := context.Background()
			top := 300
			if g.extrapolates() {
				top = 50_000
			}
			n := rapid.IntRange(0, top).Draw(rt, "n")
			v := game.Nimber(rapid.IntRange(0, 9).Draw(rt, "v"))
			// One request: value n first (as query.Value does), then list
			// its options of value v with the same evaluator.
			ev := h.Evaluator(nil)
			if _, err := ev.Grundy(ctx, h.Component(n)); err != nil {
				rt.Fatal(err)
			}
			var want, got []string
			g.Options(n, func(o []int) bool {
				var x game.Nimber
				for _, part := range o {
					pv, err := dense.Value(ctx, part)
					if err != nil {
						rt.Fatal(err)
					}
					x ^= pv
				}
				if x == v {
					want = append(want, fmt.Sprint(o))
				}
				return true
			})
			err := g.OptionsWithValue(ctx, n, v, heapValue(h, ev), func(o []int) bool {
				got = append(got, fmt.Sprint(o))
				return true
			})
			if err != nil {
				rt.Fatal(err)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				rt.Fatalf("%s %d to value %d: got %d options, want %d", name, n, v, len(got), len(want))
			}
		})
	}
}

func TestHugeHeaps(t *testing.T) {
	ctx := context.Background()
	for _, pos := range []string{"kayles 1000000000000", "dawson-kayles 999999999999 + subtract:1,3,4 1000000000000", "flip ++++++++++"} {
		p, err := ParseString(pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range p {
			for _, c := range g.Components {
				if _, err := g.Game.(Valued).Evaluator(nil).Grundy(ctx, c); err != nil {
					t.Fatalf("%s: %v", pos, err)
				}
			}
		}
	}
	// Kayles 10^12: G = G(80) = 1 (see heap.TestTabulateStopsAtProof). A
	// winning move must reach value 0: check the first few with the
	// extrapolated values, each split (a, 10^12-2-a) or (a, 10^12-1-a).
	h := openHeap(t, "kayles")
	count := 0
	err := h.hg.OptionsWithValue(ctx, 1_000_000_000_000, 0, heapValue(h, h.Evaluator(nil)), func(o []int) bool {
		var x game.Nimber
		sum := 0
		for _, part := range o {
			pv, ok := h.hg.Value(part)
			if !ok {
				t.Fatalf("option %v: no extrapolated value of %d", o, part)
			}
			x ^= pv
			sum += part
		}
		if x != 0 || (sum != 1_000_000_000_000-1 && sum != 1_000_000_000_000-2) {
			t.Fatalf("option %v has value %d, sum %d", o, x, sum)
		}
		count++
		return count < 50
	})
	if err != nil {
		t.Fatal(err)
	}
	if count != 50 {
		t.Fatalf("listed %d winning moves of kayles 10^12, want at least 50", count)
	}
}

// heapValue gives the value of one heap of h with the evaluator ev: the
// value function an OptionsWithValue caller passes.
func heapValue(h *heapInstance, ev Evaluator) func(context.Context, int) (game.Nimber, error) {
	return func(ctx context.Context, m int) (game.Nimber, error) {
		return ev.Grundy(ctx, h.Component(m))
	}
}

// TestHeapEvaluatorAgreesWithGrundy: past the probe, the evaluator values
// heaps with the sequence engine (heap.Extend); its values must be those of
// a memoizing solve.Grundy engine on the same rules, whether one request
// extends its table heap by heap or values one large heap at once.
func TestHeapEvaluatorAgreesWithGrundy(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"grundy-game", "lasker", "octal:0.1337", "octal:8.0", "octal:0.106", "octal:0.[7]", "octal:0.4[37]", "kayles", "subtract:2,3,7"} {
		h := openHeap(t, name)
		dense := solve.NewGrundy[int](h.hg.Rules, nil)
		const top = 400
		ev := h.Evaluator(nil)
		for n := 0; n <= top; n++ {
			want, err := dense.Value(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ev.Grundy(ctx, h.Component(n))
			if err != nil || got != want {
				t.Fatalf("%s: evaluator G(%d) = %d, %v; solve.Grundy %d", name, n, got, err, want)
			}
		}
		for _, n := range []int{top, top / 2, 7} {
			want, _ := dense.Value(ctx, n)
			if got, err := h.Evaluator(nil).Grundy(ctx, h.Component(n)); err != nil || got != want {
				t.Fatalf("%s: a new evaluator's G(%d) = %d, %v; solve.Grundy %d", name, n, got, err, want)
			}
		}
	}
}

// TestHeapEvaluatorBudget: the evaluator counts its heaps against the
// request's budget.
func TestHeapEvaluatorBudget(t *testing.T) {
	h := openHeap(t, "grundy-game")
	ev := h.Evaluator(&limits.Budget{MaxStates: 100})
	if _, err := ev.Grundy(context.Background(), h.Component(5000)); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("grundy-game 5000 under 100 states: %v, want the state limit", err)
	}
	ev = h.Evaluator(&limits.Budget{MaxStates: 1000})
	if _, err := ev.Grundy(context.Background(), h.Component(500)); err != nil || ev.States() == 0 || ev.States() > 1000 {
		t.Fatalf("grundy-game 500 under 1000 states: %v after %d states", err, ev.States())
	}
}
