package games

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
)

// splitOracle values heaps of a game with a proven period independently
// of the game: sparse.Reference (the definition, its own move generation)
// for G(0..len(ref)-1), and past them the period, checked here against
// every reference value past the pre-period.
type splitOracle struct {
	code  heap.Code
	ref   []uint16
	n0, p int
}

func newSplitOracle(t *testing.T, h *heapInstance, refTo int) *splitOracle {
	t.Helper()
	if !h.hg.extrapolates() {
		t.Fatalf("%s: no proven period from the probe", h.hg.Rules)
	}
	sr, ok := h.hg.Rules.SparseRules()
	if !ok {
		t.Fatalf("%s: not a finite code", h.hg.Rules)
	}
	ref, err := sparse.Reference(sr, refTo)
	if err != nil {
		t.Fatal(err)
	}
	o := &splitOracle{code: h.hg.Rules.Code, ref: ref, n0: h.hg.seq.Pattern.Preperiod, p: h.hg.seq.Pattern.Period}
	for n := o.n0; n+o.p < len(ref); n++ {
		if ref[n+o.p] != ref[n] {
			t.Fatalf("%s: G(%d) = %d but G(%d) = %d: not period %d from %d", h.hg.Rules, n+o.p, ref[n+o.p], n, ref[n], o.p, o.n0)
		}
	}
	return o
}

func (o *splitOracle) g(x int) game.Nimber {
	if x < len(o.ref) {
		return game.Nimber(o.ref[x])
	}
	return game.Nimber(o.ref[o.n0+(x-o.n0)%o.p])
}

// options lists every option of a heap of n by its value, by brute force
// over the code's digits, in the order OptionsWithValue promises: by k,
// then nothing, one heap, two heaps (a <= m-a, increasing a), three heaps
// (a <= b <= c, increasing a then b).
func (o *splitOracle) options(n int) map[game.Nimber][][]int {
	out := map[game.Nimber][][]int{}
	add := func(opt ...int) {
		var x game.Nimber
		for _, part := range opt {
			x ^= o.g(part)
		}
		out[x] = append(out[x], opt)
	}
	for k := 0; k <= n && k < len(o.code.Digits); k++ {
		d, m := o.code.Digits[k], n-k
		if d&1 != 0 && m == 0 {
			add()
		}
		if d&2 != 0 && m >= 1 && k >= 1 {
			add(m)
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				add(a, m-a)
			}
		}
		if d&8 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; 2*b <= m-a; b++ {
					add(a, b, m-a-b)
				}
			}
		}
	}
	return out
}

func listOptions(t *testing.T, ctx context.Context, h *heapInstance, n int, v game.Nimber, limit int) ([][]int, error) {
	t.Helper()
	var got [][]int
	err := h.hg.OptionsWithValue(ctx, n, v, heapValue(h, h.Evaluator(nil)), func(o []int) bool {
		got = append(got, slices.Clone(o))
		return limit <= 0 || len(got) < limit
	})
	return got, err
}

// splitGames are games with a proven period whose moves split a heap: in
// three (0.F7B: pre-period 53, period 34; 0.77A and 0.A) or two (Kayles,
// Dawson's Kayles).
var splitGames = []string{"octal:0.F7B", "octal:0.77A", "octal:0.A", "kayles", "dawson-kayles"}

// TestOptionsWithValueBruteForce compares the listing by residue classes
// with the brute force of every split, option for option and in order, on
// every heap up to 200, around 3(n0+p) (where the classes of a three-heap
// split's first part take over) and on random heaps up to 1500, for each
// value an option has and for the heap's own value, which none has.
func TestOptionsWithValueBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for _, name := range splitGames {
		h := openHeap(t, name)
		o := newSplitOracle(t, h, 600)
		var heaps []int
		for n := 0; n <= 200; n++ {
			heaps = append(heaps, n)
		}
		// Around 3(n0+p), where a triple's first part reaches the classes.
		for n := 3*(o.n0+o.p) - 4; n <= 3*(o.n0+o.p)+4; n++ {
			heaps = append(heaps, n)
		}
		for range 6 {
			heaps = append(heaps, 300+rng.IntN(1200))
		}
		for _, n := range heaps {
			byValue := o.options(n)
			if _, ok := byValue[o.g(n)]; ok {
				t.Fatalf("%s %d: an option has the heap's own value %d", name, n, o.g(n))
			}
			byValue[o.g(n)] = nil // G(n): no option has it
			for v, want := range byValue {
				got, err := listOptions(t, context.Background(), h, n, v, 0)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("%s %d, value %d: %d options listed, brute force %d (first difference at %d)", name, n, v, len(got), len(want), firstDifference(got, want))
				}
			}
		}
	}
}

func firstDifference(a, b [][]int) int {
	for i := range min(len(a), len(b)) {
		if !slices.Equal(a[i], b[i]) {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestOptionsWithValueHugeHeaps lists options of heaps near 10^12 and
// near the largest int. Of value G(n) there are none (the mex is no
// option's value): the listing must end at once rather than try 10^23
// splits. Of the values of options with small parts (the first 2(n0+p)
// sizes, by the oracle) the first 3000 options are checked: each is an
// option with value v by the oracle, they come in increasing order, and no
// split between two listed ones with the same k and fixed parts was left
// out.
func TestOptionsWithValueHugeHeaps(t *testing.T) {
	for _, name := range splitGames {
		h := openHeap(t, name)
		o := newSplitOracle(t, h, 600)
		for _, n := range []int{1_000_000_000_000, 1_000_000_000_001, 1_000_000_000_002, 1_000_000_000_003, math.MaxInt64, math.MaxInt64 - 1} {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			gn := o.g(n)
			if got, err := listOptions(t, ctx, h, n, gn, 1); err != nil || len(got) != 0 {
				t.Fatalf("%s %d: options of its own value %d: %v, %v", name, n, gn, got, err)
			}
			for v := range o.smallPartValues(n, 2*(o.n0+o.p)) {
				if v == gn {
					t.Fatalf("%s %d: an option has the heap's own value %d", name, n, v)
				}
				got, err := listOptions(t, ctx, h, n, v, 3000)
				if err != nil {
					t.Fatalf("%s %d, value %d: %v", name, n, v, err)
				}
				if len(got) == 0 {
					t.Fatalf("%s %d: no option of value %d listed", name, n, v)
				}
				o.checkListing(t, name, n, v, got)
			}
			cancel()
		}
	}
	// A listing that cannot finish ends with the context's error.
	h := openHeap(t, "octal:0.F7B")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := listOptions(t, ctx, h, 1_000_000_000_000, 0, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled listing: %v, want the context's error", err)
	}
}

// smallPartValues returns the values of the options of a heap of n that
// leave at most one heap, or whose parts but the largest are below small.
func (o *splitOracle) smallPartValues(n, small int) map[game.Nimber]bool {
	seen := map[game.Nimber]bool{}
	for k := 0; k <= n && k < len(o.code.Digits); k++ {
		d, m := o.code.Digits[k], n-k
		if d&1 != 0 && m == 0 {
			seen[0] = true
		}
		if d&2 != 0 && m >= 1 && k >= 1 {
			seen[o.g(m)] = true
		}
		for a := 1; a < small && 2*a <= m; a++ {
			if d&4 != 0 {
				seen[o.g(a)^o.g(m-a)] = true
			}
			for b := a; d&8 != 0 && b < small && 2*b <= m-a; b++ {
				seen[o.g(a)^o.g(b)^o.g(m-a-b)] = true
			}
		}
	}
	return seen
}

// checkListing checks the options listed for a heap of n with value v:
// each is an option of value v, they come in increasing order (k, then the
// number of parts, then a triple's first part), and between two pairs, or
// two triples with the same first part, of the same k, no split of value
// v was skipped (brute force over the gap).
func (o *splitOracle) checkListing(t *testing.T, name string, n int, v game.Nimber, got [][]int) {
	t.Helper()
	type group struct{ k, parts, fixed int } // fixed: a triple's first part
	var prev []int
	var prevGroup group
	for _, opt := range got {
		sum := 0
		var x game.Nimber
		for i, part := range opt {
			if part < 1 || (i > 0 && part < opt[i-1]) {
				t.Fatalf("%s %d: option %v is not in non-decreasing parts", name, n, opt)
			}
			sum += part
			x ^= o.g(part)
		}
		k := n - sum
		bit := [4]uint8{1, 2, 4, 8}[len(opt)]
		if k < 0 || k >= len(o.code.Digits) || o.code.Digits[k]&bit == 0 || (len(opt) == 1 && k == 0) {
			t.Fatalf("%s %d: %v is not an option", name, n, opt)
		}
		if x != v {
			t.Fatalf("%s %d: option %v has value %d, listed for %d", name, n, opt, x, v)
		}
		cur := group{k, len(opt), 0}
		if len(opt) == 3 {
			cur.fixed = opt[0]
		}
		if prev != nil {
			before := cur.k < prevGroup.k ||
				cur.k == prevGroup.k && (cur.parts < prevGroup.parts || cur.parts == prevGroup.parts && cur.fixed < prevGroup.fixed)
			if before || cur == prevGroup && len(opt) < 2 {
				t.Fatalf("%s %d: %v listed after %v", name, n, opt, prev)
			}
			if cur == prevGroup {
				i := len(opt) - 2 // the part that varies: a of a pair, b of a triple
				if opt[i] <= prev[i] {
					t.Fatalf("%s %d: %v listed after %v", name, n, opt, prev)
				}
				for y := prev[i] + 1; y < opt[i]; y++ {
					s := slices.Clone(opt)
					s[i], s[len(s)-1] = y, opt[len(opt)-1]+opt[i]-y
					var w game.Nimber
					for _, part := range s {
						w ^= o.g(part)
					}
					if w == v {
						t.Fatalf("%s %d, value %d: %v skipped between %v and %v", name, n, v, s, prev, opt)
					}
				}
			}
		}
		prev, prevGroup = opt, cur
	}
}

// TestOptionsWithValueRequestPattern: 0.16's period (149459 from 105351)
// is proven by a request's longer sequence, not by the opening probe; under
// that pattern the splits of a heap of 10^12 are listed by classes: none of
// the heap's own value, and for another value, pairs in increasing order
// with none skipped, valued by the request's sequence (whose values
// heap.TestProofOctal16 checks against sparse.Reference).
func TestOptionsWithValueRequestPattern(t *testing.T) {
	h := openHeap(t, "octal:0.16")
	const n = 1_000_000_000_000
	seq, err := heap.Tabulate(context.Background(), h.hg.Rules, n, nil, heap.DefaultProofBudget)
	if err != nil || !seq.Proven() || h.hg.extrapolates() {
		t.Fatalf("0.16: %v; want a proof from the table and none from the probe", err)
	}
	o := &splitOracle{code: h.hg.Rules.Code, ref: seq.Values, n0: seq.Pattern.Preperiod, p: seq.Pattern.Period}
	value := func(_ context.Context, m int) (game.Nimber, error) {
		v, _ := seq.At(m)
		return v, nil
	}
	list := func(v game.Nimber, limit int) [][]int {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var got [][]int
		err := h.hg.optionsWithValue(ctx, n, v, seq.Pattern, value, func(opt []int) bool {
			got = append(got, slices.Clone(opt))
			return len(got) < limit
		})
		if err != nil {
			t.Fatalf("0.16 %d, value %d: %v", n, v, err)
		}
		return got
	}
	if got := list(o.g(n), 1); len(got) != 0 {
		t.Fatalf("0.16 %d: option %v has the heap's own value %d", n, got[0], o.g(n))
	}
	v := o.g(5) ^ o.g(n-2-5) // the split (5, n-7)
	got := list(v, 500)
	if len(got) == 0 {
		t.Fatalf("0.16 %d: no option of value %d", n, v)
	}
	o.checkListing(t, "0.16", n, v, got)
}
