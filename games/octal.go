package games

import (
	"cmp"
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// probeBudget is the engine work (heap.Rules.Cost) a heap game spends when
// it is opened, looking for a proven pattern to answer huge heaps with:
// a few tens of milliseconds.
const probeBudget = 5e7

// HeapGame is a take-and-break heap game of package heap bound to the
// catalog. When its opening probe proves a period (heap.Rules.Prove), it
// values any heap in O(1) (game.Valuer) and lists the options of a given
// value of huge heaps without enumerating them all (game.Targeter).
type HeapGame struct {
	Rules heap.Rules
	moves game.Game[int] // the options; Rules.Options unless a faster equal form exists
	seq   *heap.Sequence // the probe: a prefix of values and the pattern
}

// newHeapGame probes r. moves lists the options (nil: r's own).
func newHeapGame(r heap.Rules, moves game.Game[int]) *HeapGame {
	if moves == nil {
		moves = r
	}
	g := &HeapGame{Rules: r, moves: moves}
	seq, err := heap.Tabulate(context.Background(), r, 0, nil, probeBudget)
	if err != nil {
		// The probe is bounded by its budget; a failure (a value past
		// heap.MaxValue) only means no shortcut.
		seq = &heap.Sequence{Rules: r}
	}
	g.seq = seq
	return g
}

// Options lists the options of a heap of n.
func (g *HeapGame) Options(n int, yield func([]int) bool) { g.moves.Options(n, yield) }

// Descending marks that every heap an option leaves is smaller.
func (*HeapGame) Descending() {}

// Need is the periodicity window of the game's rules (heap.Rules.Need), so
// that a misère quotient of the game can prove its heaps' period
// (solve/quotient.Window).
func (g *HeapGame) Need(n0, p int) (int, bool) { return g.Rules.Need(n0, p) }

// extrapolates reports whether Value answers every heap: the pattern is
// proven and periodic (saltus 0). OptionsWithValue then lists the splits of
// a huge heap into two or three heaps by residue classes.
func (g *HeapGame) extrapolates() bool {
	return g.seq.Proven() && g.seq.Pattern.Saltus == 0
}

// Value returns G(n) from the probe's prefix or its proven pattern.
func (g *HeapGame) Value(n int) (game.Nimber, bool) {
	if n < len(g.seq.Values) || g.extrapolates() {
		return g.seq.At(n)
	}
	return 0, false
}

// known returns G(n) where Value gives it, 0 elsewhere: for games whose
// pattern is proven (extrapolates), such as the runs of flip.
func (g *HeapGame) known(n int) game.Nimber {
	v, _ := g.Value(n)
	return v
}

// OptionsWithValue yields the options of a heap of n whose value is v. Under
// a proven period p from n0 (extrapolates), the splits of a huge heap are
// listed by residue classes rather than one by one: whether a split into
// heaps that are all at least n0 has value v depends only on their sizes
// mod p, so the sizes of the matching classes are listed, in increasing
// order, without trying the others (pairs, triples). The listing ends with
// the context's error or value's, which is returned.
func (g *HeapGame) OptionsWithValue(ctx context.Context, n int, v game.Nimber, value func(context.Context, int) (game.Nimber, error), yield func([]int) bool) error {
	return g.optionsWithValue(ctx, n, v, g.seq.Pattern, value, yield)
}

// optionsWithValue is OptionsWithValue with the splits listed by classes
// under pat when it is proven and periodic: the probe's pattern, or one a
// request proved on a longer sequence of the same game (a heap past the
// probe's reach, such as 0.16's, is valued from it).
func (g *HeapGame) optionsWithValue(ctx context.Context, n int, v game.Nimber, pat *periodic.Pattern, value func(context.Context, int) (game.Nimber, error), yield func([]int) bool) (err error) {
	// Every heap valued here is below n, whose value the caller knows, so
	// value only reads a table; a failure (the context) ends the listing.
	valueOf := func(m int) game.Nimber {
		if x, ok := g.Value(m); ok {
			return x
		}
		x, e := value(ctx, m)
		if e != nil && err == nil {
			err = e
		}
		return x
	}
	if _, fast := g.moves.(Subtraction); fast || g.Rules.Code.Classes()&(heap.Split|heap.Split3) == 0 {
		g.moves.Options(n, func(option []int) bool {
			var x game.Nimber
			for _, h := range option {
				x ^= valueOf(h)
			}
			return err == nil && (x != v || yield(option))
		})
		return err
	}
	polls := 0
	l := splitLister{
		value: valueOf,
		// The context is polled every 1024 steps; a failed value or the
		// context's end stops the listing with err.
		stopped: func() bool {
			if polls++; polls%1024 == 0 && err == nil {
				err = limits.Poll(ctx)
			}
			return err != nil
		},
		distinct: g.Rules.Distinct,
	}
	if pat != nil && pat.Proven && pat.Saltus == 0 && !g.Rules.Distinct {
		l.n0, l.p = pat.Preperiod, pat.Period
	}
	code := g.Rules.Code
	top := n
	if code.Finite() {
		top = min(n, len(code.Digits)-1)
	}
	for k := 0; k <= top; k++ {
		d := code.Digit(k)
		m := n - k
		if err = cmp.Or(err, limits.Poll(ctx)); err != nil {
			return err
		}
		if d&heap.TakeAll != 0 && m == 0 && v == 0 && !yield([]int{}) {
			return nil
		}
		if d&heap.Take != 0 && m >= 1 && k >= 1 && valueOf(m) == v && !yield([]int{m}) {
			return err
		}
		if d&heap.Split != 0 && !l.pairs(m, 1, v, func(a int) bool { return yield([]int{a, m - a}) }) {
			return err
		}
		if d&heap.Split3 != 0 && !l.triples(m, v, yield) {
			return err
		}
	}
	return err
}

// splitLister lists the splits of a heap with a given value, by residue
// classes of sizes under a proven period p > 0 from n0 (p = 0: none, every
// split is tried).
type splitLister struct {
	value    func(int) game.Nimber
	stopped  func() bool // polled now and then: true ends the listing
	distinct bool        // the heaps of a split must differ in size
	n0, p    int
}

// class returns the representative in [n0, n0+p) of the sizes congruent to
// x mod p; x may be any integer.
func (l *splitLister) class(x int) int {
	r := (x - l.n0) % l.p
	if r < 0 {
		r += l.p
	}
	return l.n0 + r
}

// pairs calls yield(a) for each split of m tokens into heaps a and m-a with
// lo <= a <= m-a and value v, in increasing a; false when yield asked to
// stop or the listing was stopped.
//
// Heaps below n0+p are tried one by one. From a = n0+p on, both heaps are
// at least n0 (m-a >= a), so G(a) = G(r) and G(m-a) = G(m-r) for the
// representative r of a's class (m-r >= n0 as well): the classes r in
// [n0, n0+p) that match are found once, and their members listed.
func (l *splitLister) pairs(m, lo int, v game.Nimber, yield func(a int) bool) bool {
	lo, hi := max(lo, 1), m/2
	direct := hi
	if l.p > 0 {
		direct = min(hi, l.n0+l.p-1)
	}
	for a := lo; a <= direct; a++ {
		if l.distinct && 2*a == m {
			continue
		}
		if l.stopped() {
			return false
		}
		if l.value(a)^l.value(m-a) == v && !yield(a) {
			return false
		}
	}
	start := max(lo, direct+1)
	if l.p == 0 || start > hi {
		return true
	}
	var residues []int
	for r := l.n0; r < l.n0+l.p; r++ {
		if l.stopped() {
			return false
		}
		if l.value(r)^l.value(m-r) == v {
			residues = append(residues, r)
		}
	}
	return l.members(residues, start, hi, yield)
}

// members calls yield(x) for each x in [lo, hi] in the classes of residues
// (representatives in [n0, n0+p), ascending), in increasing order; lo >= n0.
func (l *splitLister) members(residues []int, lo, hi int, yield func(x int) bool) bool {
	if len(residues) == 0 {
		return true
	}
	for base := (lo - l.n0) / l.p * l.p; ; base += l.p {
		for _, r := range residues {
			x := base + r
			if x < lo {
				continue
			}
			if x > hi {
				return true
			}
			if !yield(x) {
				return false
			}
		}
	}
}

// triples yields each split of m tokens into three heaps a <= b <= c with
// value v, in increasing (a, b); false when yield asked to stop or the
// listing was stopped.
//
// For a below n0+p the pairs (b, c) of m-a with b >= a are listed by pairs
// (for value v ^ G(a)). From a = n0+p on all three heaps are at least n0,
// and the value depends only on the classes of a and b (c = m-a-b): for
// each class of a, the classes of b that match are found once (p tries),
// and a runs over the classes with at least one, b over their members in
// [a, (m-a)/2].
func (l *splitLister) triples(m int, v game.Nimber, yield func([]int) bool) bool {
	top := m / 3 // a <= b <= c
	direct := top
	if l.p > 0 {
		direct = min(top, l.n0+l.p-1)
	}
	for a := 1; a <= direct; a++ {
		ok := l.pairs(m-a, a, v^l.value(a), func(b int) bool {
			if l.distinct && a == b { // b == c: pairs skipped it
				return true
			}
			return yield([]int{a, b, m - a - b})
		})
		if !ok {
			return false
		}
	}
	if l.p == 0 || direct == top {
		return true
	}
	// matches returns the classes of b matching the class ra of a.
	matches := func(ra int) ([]int, bool) {
		var rbs []int
		for rb := l.n0; rb < l.n0+l.p; rb++ {
			if l.stopped() {
				return nil, false
			}
			if l.value(ra)^l.value(rb)^l.value(l.class(m-ra-rb)) == v {
				rbs = append(rbs, rb)
			}
		}
		return rbs, true
	}
	classes := make([][]int, l.p) // classes[ra-n0]: b's classes for a's class ra
	var live []int                // the classes of a with a match, ascending
	for base := (direct + 1 - l.n0) / l.p * l.p; ; base += l.p {
		first := live == nil // the first period of a computes the classes
		for i := range l.p {
			ra := l.n0 + i
			if !first {
				if i >= len(live) {
					break
				}
				ra = live[i]
			}
			a := base + ra
			if a <= direct {
				continue
			}
			if a > top {
				return true
			}
			rbs := classes[ra-l.n0]
			if first {
				var ok bool
				if rbs, ok = matches(ra); !ok {
					return false
				}
				classes[ra-l.n0] = rbs
			}
			ok := l.members(rbs, a, (m-a)/2, func(b int) bool {
				return yield([]int{a, b, m - a - b})
			})
			if !ok {
				return false
			}
		}
		if first {
			for i, rbs := range classes {
				if len(rbs) > 0 {
					live = append(live, l.n0+i)
				}
			}
			if len(live) == 0 {
				return true
			}
		}
	}
}

// Format writes a heap size.
func (*HeapGame) Format(n int) string { return FormatHeap(n) }

// Sequence returns the opening probe: a prefix of values and its pattern.
func (g *HeapGame) Sequence() *heap.Sequence { return g.seq }

// heapInstance is the catalog instance of a heap game: a Bound game that
// also tabulates (Tabulator).
type heapInstance struct {
	*Bound[int]
	hg *HeapGame
}

// newHeapInstance binds g as the instance written as the GAME token name.
func newHeapInstance(name string, g *HeapGame) *heapInstance {
	b := NewImpartial(name, game.Game[int](g), ParseHeap, FormatHeap, "0")
	return &heapInstance{Bound: b, hg: g}
}

// Evaluator values heaps from the proven pattern or the probe where they
// reach, and otherwise with the sequence engine of package heap (the one
// `grundy table` uses: the sparse engine for codes that split, a proof of
// periodicity where one is found on the way), extending one copy of the
// probe per request: a single heap costs what its table costs.
func (h *heapInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &heapEval{heapInstance: h, budget: budget, seq: *h.hg.seq}
}

// heapEval is the Evaluator of a heap game.
type heapEval struct {
	*heapInstance
	budget *limits.Budget
	seq    heap.Sequence // the probe's copy, extended for this request
	states int64
}

func (e *heapEval) States() int64 { return e.states }

// heap returns G(n).
func (e *heapEval) heap(ctx context.Context, n int) (game.Nimber, error) {
	if v, ok := e.hg.Value(n); ok {
		return v, nil
	}
	before := len(e.seq.Values)
	if err := e.seq.Reach(ctx, n, e.budget); err != nil {
		return 0, fmt.Errorf("G(%d): %w", n, err)
	}
	e.states += int64(max(len(e.seq.Values)-before, 0))
	v, _ := e.seq.At(n)
	return v, nil
}

func (e *heapEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	return e.heap(ctx, e.pos(c))
}

func (e *heapEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func(option []Component) bool) error {
	// The request may have proven a period the opening probe did not (0.16):
	// the splits of a huge heap are then listed by residue classes too.
	return e.hg.optionsWithValue(ctx, e.pos(c), v, e.seq.Pattern, e.heap, e.wrap(yield))
}

// SparseRules returns the game's rules for the sparse engine (Sequenced).
func (h *heapInstance) SparseRules() (sparse.Rules, bool) { return h.hg.Rules.SparseRules() }

// Heap returns the heap game of the instance.
func (h *heapInstance) Heap() *HeapGame { return h.hg }

// Table computes G(from..to) with heap.Tabulate: only as far as a proof
// needs when a period is proven, the rest by extrapolation.
func (h *heapInstance) Table(ctx context.Context, from, to int, budget *limits.Budget) (*Table, error) {
	if from < 0 || to < from {
		return nil, game.Inputf("table range %d..%d is empty or negative", from, to)
	}
	seq, err := heap.Tabulate(ctx, h.hg.Rules, to, budget, heap.DefaultProofBudget)
	if err != nil {
		return nil, err
	}
	return &Table{
		From: from, To: to, Computed: len(seq.Values), Pattern: seq.Pattern,
		At: func(n int) game.Nimber {
			v, _ := seq.At(n)
			return v
		},
		States: int64(len(seq.Values)),
	}, nil
}

// OpenOctal returns the heap game of the take-and-break code code
// (d0.d1d2...), written in positions as the GAME token token ("octal:0.77",
// or "kayles" for a code with a name of its own).
func OpenOctal(token, code string) (Instance, error) {
	c, err := heap.ParseCode(code)
	if err != nil {
		return nil, err
	}
	return newHeapInstance(token, newHeapGame(heap.Octal(c), nil)), nil
}
