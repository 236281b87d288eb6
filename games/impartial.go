package games

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Valued is implemented by instances of impartial games with normal-play
// Grundy values (finite, acyclic game graphs). The instance is the model;
// the engines that value its positions belong to a request: Evaluator
// makes one that counts its work against the request's budget and lives as
// long as the request (query owns it), so no limit or memo outlives it.
type Valued interface {
	Instance
	// Moves calls yield for each option of c: a sum of components of this
	// instance (the slice may be kept). Options are the rules: no engine.
	Moves(c Component, yield func(option []Component) bool)
	// Evaluator returns a new engine for this instance's components that
	// counts states and memory against budget (nil: no limit).
	Evaluator(budget *limits.Budget) Evaluator
}

// MultiCore is implemented by the Evaluators whose searches can run on
// several goroutines at once (Cram's pruned search, solve.Pruned.Parallel).
// SetWorkers sets how many work on each search: 0 for one per core
// (GOMAXPROCS), 1 for the serial search. It is called before the first
// search; the values are the same whatever the count.
type MultiCore interface {
	SetWorkers(n int)
}

// Evaluator values the components of one Valued instance for one request,
// memoizing as it goes. It is not safe for concurrent use.
type Evaluator interface {
	// Grundy returns the normal-play Grundy value of c.
	Grundy(ctx context.Context, c Component) (game.Nimber, error)
	// Moves calls yield for each option of c: a sum of components of the
	// same instance (the slice may be kept).
	Moves(c Component, yield func(option []Component) bool)
	// MovesToValue calls yield for each option of c whose value is v: the
	// moves that win when v is the value the rest of the sum needs.
	MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func(option []Component) bool) error
	// States is the number of positions the engine expanded.
	States() int64
}

// Bound binds a game.Game[P] to the catalog: it parses and formats ARGs;
// its Evaluator values components with a memoizing solve.Grundy engine.
type Bound[P comparable] struct {
	name   string
	Game   game.Game[P]
	parse  func(arg string) (P, error)
	format func(P) string
	empty  string
}

// Pos is a component of a Bound game.
type Pos[P comparable] struct {
	bound *Bound[P]
	P     P
}

// Instance returns the game of the component.
func (c Pos[P]) Instance() Instance { return c.bound }

// Key returns the position itself.
func (c Pos[P]) Key() any { return c.P }

// String writes the position as one ARG.
func (c Pos[P]) String() string { return c.bound.format(c.P) }

// NewImpartial binds g under the GAME token name.
// parse reads one ARG; format writes one; empty is the ARG that writes an
// empty group (a heap game's "0"; "" to write nothing).
func NewImpartial[P comparable](name string, g game.Game[P], parse func(string) (P, error), format func(P) string, empty string) *Bound[P] {
	return &Bound[P]{name: name, Game: g, parse: parse, format: format, empty: empty}
}

// Name returns the GAME token.
func (b *Bound[P]) Name() string { return b.name }

// Kind says the game is impartial.
func (b *Bound[P]) Kind() Kind { return Impartial }

// Component binds a position of the game.
func (b *Bound[P]) Component(p P) Pos[P] { return Pos[P]{b, p} }

// Position returns the position of a component of b.
func (b *Bound[P]) Position(c Component) P { return b.pos(c) }

// Parse reads each ARG as one component.
func (b *Bound[P]) Parse(args []string) ([]Component, error) {
	if len(args) == 0 {
		return nil, ErrNoPosition
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		p, err := b.parse(a)
		if err != nil {
			return nil, wrapInput(err)
		}
		comps[i] = Pos[P]{b, p}
	}
	return comps, nil
}

// Format writes each component as one ARG.
func (b *Bound[P]) Format(group []Component) []string {
	if len(group) == 0 {
		if b.empty == "" {
			return nil
		}
		return []string{b.empty}
	}
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

// HeapGamer is implemented by instances whose positions are single heaps
// and whose moves leave smaller heaps (a game.Game[int] that is
// game.Descending): the games whose misère quotients package
// solve/quotient computes.
type HeapGamer interface {
	Instance
	// HeapGame returns the game on heap sizes, false when the instance's
	// positions are not heaps.
	HeapGame() (game.Game[int], bool)
}

// HeapNamer is implemented by instances whose components are heaps but
// are not keyed by their heap (rule scripts, whose positions are interned
// values): Heap reads the heap of a component (false when it is not a
// non-negative integer) and HeapComponent makes the component of a heap.
type HeapNamer interface {
	Heap(c Component) (int, bool)
	HeapComponent(n int) (Component, error)
}

// HeapOf returns the heap of c, a component of inst, when it is one: by
// the instance's HeapNamer when it has one, else for a heap game
// (HeapGamer) by the component's key, which is its heap.
func HeapOf(inst Instance, c Component) (int, bool) {
	if h, ok := inst.(HeapNamer); ok {
		return h.Heap(c)
	}
	if hg, ok := inst.(HeapGamer); ok {
		if _, ok := hg.HeapGame(); ok {
			n, ok := c.Key().(int)
			return n, ok
		}
	}
	return 0, false
}

// HeapGame returns b's game when it is a game on heap sizes whose moves
// leave smaller heaps (HeapGamer).
func (b *Bound[P]) HeapGame() (game.Game[int], bool) {
	g, ok := any(b.Game).(game.Game[int])
	if !ok {
		return nil, false
	}
	if _, descending := g.(game.Descending); !descending {
		return nil, false
	}
	return g, true
}

// NimHeaper is implemented by instances that can tell a component that is
// a single Nim heap (game.NimHeap), for misère Nim's rule.
type NimHeaper interface {
	NimHeap(c Component) (size int, ok bool)
}

// NimHeap reports the size of c when b's game says c is a Nim heap.
func (b *Bound[P]) NimHeap(c Component) (int, bool) {
	if h, ok := b.Game.(game.NimHeap[P]); ok {
		return h.NimHeap(b.pos(c))
	}
	return 0, false
}

// Moves lists the options of c.
func (b *Bound[P]) Moves(c Component, yield func(option []Component) bool) {
	b.Game.Options(b.pos(c), b.wrap(yield))
}

// Evaluator returns a memoizing solve.Grundy engine over b's game that
// counts against budget.
func (b *Bound[P]) Evaluator(budget *limits.Budget) Evaluator {
	return &boundEval[P]{Bound: b, solver: solve.NewGrundy(b.Game, budget)}
}

// boundEval is the Evaluator of a Bound game.
type boundEval[P comparable] struct {
	*Bound[P]
	solver *solve.Grundy[P]
}

func (e *boundEval[P]) States() int64 { return e.solver.States }

func (e *boundEval[P]) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	return e.solver.Value(ctx, e.pos(c))
}

// MovesToValue lists the options of c with value v: directly when the game
// is a game.Targeter, otherwise by valuing every option.
func (e *boundEval[P]) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func(option []Component) bool) error {
	return movesToValue(ctx, e.Game, e.solver.Value, e.pos(c), v, e.wrap(yield))
}

// movesToValue yields the options of p in g whose value is v, with value
// giving the value of one component: through g's game.Targeter when it
// has one, otherwise by valuing every option.
func movesToValue[P comparable](ctx context.Context, g game.Game[P], value func(context.Context, P) (game.Nimber, error), p P, v game.Nimber, yield func([]P) bool) error {
	if t, ok := g.(game.Targeter[P]); ok {
		return t.OptionsWithValue(ctx, p, v, value, yield)
	}
	var options [][]P
	var err error
	g.Options(p, func(option []P) bool {
		options = append(options, append([]P(nil), option...))
		if err = limits.Poll(ctx); err != nil {
			return false
		}
		return true
	})
	if err != nil {
		return err
	}
	for _, option := range options {
		var x game.Nimber
		for _, part := range option {
			pv, err := value(ctx, part)
			if err != nil {
				return err
			}
			x ^= pv
		}
		if x == v && !yield(option) {
			return nil
		}
	}
	return nil
}

func (b *Bound[P]) wrap(yield func(option []Component) bool) func([]P) bool {
	return func(option []P) bool {
		comps := make([]Component, len(option))
		for i, p := range option {
			comps[i] = Pos[P]{b, p}
		}
		return yield(comps)
	}
}

func (b *Bound[P]) pos(c Component) P {
	p, ok := c.(Pos[P])
	if !ok || p.bound != b {
		panic(fmt.Sprintf("games: component %v of another game passed to %s", c, b.name))
	}
	return p.P
}

// ParseHeap reads a heap size: a non-negative decimal integer.
func ParseHeap(arg string) (int, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(arg), 10, 64)
	if errors.Is(err, strconv.ErrRange) && n > 0 || err == nil && n > 1<<62 {
		return 0, &game.InputError{Token: arg, Err: fmt.Errorf("heap size %s is too large (at most 2^62 = %d)", clip(strings.TrimSpace(arg)), int64(1)<<62)}
	}
	if err != nil || n < 0 {
		return 0, &game.InputError{Token: arg, Err: fmt.Errorf("heap size %q is not a non-negative integer", arg)}
	}
	return int(n), nil
}

// FormatHeap writes a heap size.
func FormatHeap(n int) string { return strconv.Itoa(n) }

// gameOf fixes the type parameter of a game on heaps.
func gameOf(g game.Game[int]) game.Game[int] { return g }
