package games

import (
	"cmp"
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/solve"
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

// extrapolates reports whether Value answers every heap: the pattern is
// proven, and periodic (saltus 0) with at most two heaps a move (the cases
// OptionsWithValue enumerates by residue classes).
func (g *HeapGame) extrapolates() bool {
	return g.seq.Proven() && g.seq.Pattern.Saltus == 0 && g.Rules.Code.MaxHeaps() <= 2
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

// OptionsWithValue yields the options of a heap of n whose value is v. For
// two-heap splits of a huge heap under a proven period p from n0, whether a
// split (a, m-a) has value v depends only on a mod p once n0+p <= a <= m/2
// (both heaps are then in the periodic part), so the splits are listed from
// the residues that match, in increasing a, without trying the others.
func (g *HeapGame) OptionsWithValue(ctx context.Context, n int, v game.Nimber, value func(context.Context, int) (game.Nimber, error), yield func([]int) bool) (err error) {
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
	code := g.Rules.Code
	top := n
	if code.Finite() {
		top = min(n, len(code.Digits)-1)
	}
	for k := 0; k <= top; k++ {
		d := code.Digit(k)
		m := n - k
		if err != nil {
			return err
		}
		if d&heap.TakeAll != 0 && m == 0 && v == 0 && !yield([]int{}) {
			return nil
		}
		if d&heap.Take != 0 && m >= 1 && k >= 1 && valueOf(m) == v && !yield([]int{m}) {
			return err
		}
		if d&heap.Split != 0 && !g.splits(ctx, m, v, valueOf, yield) {
			return err
		}
		if d&heap.Split3 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					c := m - a - b
					if g.Rules.Distinct && (a == b || b == c) {
						continue
					}
					if valueOf(a)^valueOf(b)^valueOf(c) == v && !yield([]int{a, b, c}) {
						return err
					}
				}
				if err = cmp.Or(err, solve.Poll(ctx)); err != nil {
					return err
				}
			}
		}
	}
	return err
}

// splits yields the splits of m tokens into two non-empty heaps with value
// v; false when yield asked to stop.
func (g *HeapGame) splits(ctx context.Context, m int, v game.Nimber, value func(int) game.Nimber, yield func([]int) bool) bool {
	match := func(a int) bool { return value(a)^value(m-a) == v }
	direct := m / 2
	var n0, p int
	periodic := g.extrapolates() && !g.Rules.Distinct
	if periodic {
		n0, p = g.seq.Pattern.Preperiod, g.seq.Pattern.Period
		direct = min(direct, n0+p-1)
	}
	for a := 1; a <= direct; a++ {
		if g.Rules.Distinct && 2*a == m {
			continue
		}
		if a%(1<<12) == 0 && ctx.Err() != nil {
			return false // the caller reports the context's error
		}
		if match(a) && !yield([]int{a, m - a}) {
			return false
		}
	}
	if !periodic || direct == m/2 {
		return true
	}
	var residues []int // a in [n0, n0+p) whose class matches
	for a := n0; a < n0+p; a++ {
		if match(a) {
			residues = append(residues, a)
		}
	}
	if len(residues) == 0 {
		return true
	}
	for base := p; ; base += p {
		for _, r := range residues {
			a := base + r
			if a > m/2 {
				return true
			}
			if !yield([]int{a, m - a}) {
				return false
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

// newHeapInstance binds g as the instance named name of the catalog entry
// spec.
func newHeapInstance(spec, name string, g *HeapGame) *heapInstance {
	b := NewImpartial(spec, name, game.Game[int](g), ParseHeap, FormatHeap, "0")
	return &heapInstance{Bound: b, hg: g}
}

// Evaluator values heaps from the proven pattern or the probe where they
// reach, and otherwise with the sequence engine of package heap (the one
// `grundy table` uses: the sparse engine for codes that split, a proof of
// periodicity where one is found on the way), extending one copy of the
// probe per request: a single heap costs what its table costs.
func (h *heapInstance) Evaluator(budget *solve.Budget) Evaluator {
	return &heapEval{heapInstance: h, budget: budget, seq: *h.hg.seq}
}

// heapEval is the Evaluator of a heap game.
type heapEval struct {
	*heapInstance
	budget *solve.Budget
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
	return e.hg.OptionsWithValue(ctx, e.pos(c), v, e.heap, e.wrap(yield))
}

// SparseRules returns the game's rules for the sparse engine (Sequenced).
func (h *heapInstance) SparseRules() (sparse.Rules, bool) { return h.hg.Rules.SparseRules() }

// Heap returns the heap game of the instance.
func (h *heapInstance) Heap() *HeapGame { return h.hg }

// Table computes G(from..to) with heap.Tabulate: only as far as a proof
// needs when a period is proven, the rest by extrapolation.
func (h *heapInstance) Table(ctx context.Context, from, to int, budget *solve.Budget) (*Table, error) {
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

// octalAliases are the classic codes with names of their own.
var octalAliases = []struct{ name, code, rules string }{
	{"kayles", "0.77", "Kayles (octal 0.77): knock down one pin or two adjacent pins from a row; a row may split in two"},
	{"dawson-kayles", "0.07", "Dawson's Kayles (octal 0.07): knock down two adjacent pins from a row; the rest may split in two"},
	{"dawson-chess", "0.137", "Dawson's chess (octal 0.137): take 1 token from a heap of 1, or 2 leaving at most one heap, or 3 leaving up to two heaps"},
	{"lasker", "4.[3]", "Lasker's Nim (4.[3]): take any positive number from one heap, or split a heap into two non-empty heaps"},
}

func openOctal(name, text string) (Instance, error) {
	code, err := heap.ParseCode(text)
	if err != nil {
		return nil, err
	}
	return newHeapInstance(name, name+":"+text, newHeapGame(heap.Octal(code), nil)), nil
}

func init() {
	Register(Spec{
		Name:    "octal",
		Params:  "CODE: a take-and-break code d0.d1d2... in octal or hexadecimal digits; digit dk's bits say that removing k tokens may leave 0 heaps (1), 1 heap (2), 2 non-empty heaps (4), 3 non-empty heaps (8); d0 (before the point) allows splitting without removing; a bracketed tail repeats forever (0.[3] is Nim, 4.[3] Lasker's Nim)",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    Impartial,
		Rules:   "Remove k tokens from one heap and leave what digit dk of the code allows; whoever cannot move loses.",
		Example: "octal:0.77 10",
		New: func(params string) (Instance, error) {
			if params == "" {
				return nil, game.Inputf("octal needs a code, e.g. octal:0.77")
			}
			return openOctal("octal", params)
		},
	})
	for _, a := range octalAliases {
		code, err := heap.ParseCode(a.code)
		if err != nil {
			panic(fmt.Sprintf("games: alias %s: %v", a.name, err))
		}
		Register(Spec{
			Name:    a.name,
			Syntax:  "heap sizes (one heap per ARG)",
			Kind:    Impartial,
			Rules:   a.rules + "; whoever cannot move loses.",
			Example: a.name + " 10",
			New: func(string) (Instance, error) {
				return newHeapInstance(a.name, a.name, newHeapGame(heap.Octal(code), nil)), nil
			},
		})
	}
}
