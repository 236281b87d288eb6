package script

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Pos is a component of a script game: one interned position.
type Pos struct {
	s  *Script
	ID ID
}

// Instance returns the game: the *Script, or the *General wrapping it.
func (c Pos) Instance() games.Instance { return c.s.inst }

// Key returns the ID: equal positions of one script have equal IDs.
func (c Pos) Key() any { return c.ID }

// String writes the position as one ARG (by the script's show).
func (c Pos) String() string { return c.s.format(c.ID) }

// Name returns the GAME token: the script's path as given.
func (s *Script) Name() string { return s.path }

// Kind says the script's game is impartial.
func (s *Script) Kind() games.Kind { return games.Impartial }

// Parse reads each ARG as one component, by the script's parse(arg).
func (s *Script) Parse(args []string) ([]games.Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no position given (e.g. '%s 10')", s.path)
	}
	comps := make([]games.Component, len(args))
	for i, a := range args {
		id, err := s.parseArg(a)
		if err != nil {
			return nil, err
		}
		comps[i] = Pos{s, id}
	}
	return comps, nil
}

// Format writes each component as one ARG; the empty group writes nothing.
func (s *Script) Format(group []games.Component) []string {
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

// Component binds a position ID of the script.
func (s *Script) Component(id ID) Pos { return Pos{s, id} }

// Evaluator returns an engine for one request: a memoizing solve.Grundy
// engine over the script's interned positions, counting against budget.
func (s *Script) Evaluator(budget *limits.Budget) games.Evaluator {
	e := &scriptEval{Script: s, budget: budget}
	e.reset()
	return e
}

// scriptEval is the Evaluator of an impartial script.
type scriptEval struct {
	*Script
	budget *limits.Budget
	solver *solve.Grundy[ID]
	states int64 // states of the engines discarded after script errors
}

// reset starts a new engine (after a script error), keeping the count.
func (e *scriptEval) reset() {
	if e.solver != nil {
		e.states += e.solver.States
	}
	e.solver = solve.NewGrundy[ID](view{e.Script}, e.budget)
}

// States returns the number of positions the engine expanded.
func (e *scriptEval) States() int64 { return e.states + e.solver.States }

// Positions returns the number of distinct positions the script has met.
func (s *Script) Positions() int { return len(s.vals) }

func (s *Script) id(c games.Component) ID {
	p, ok := c.(Pos)
	if !ok || p.s != s {
		panic(fmt.Sprintf("script: component %v of another game passed to %s", c, s.path))
	}
	return p.ID
}

// impartialOnly fails for scripts that define result(pos): their terminal
// positions are not all losses for the mover, so they have no Grundy values.
func (s *Script) impartialOnly() error {
	if s.result != nil {
		return &game.UnsupportedError{Instead: "solve", Err: fmt.Errorf("%s defines result(pos), so it is a general game without Grundy values", s.path)}
	}
	return nil
}

// Grundy returns the normal-play Grundy value of c.
func (e *scriptEval) Grundy(ctx context.Context, c games.Component) (game.Nimber, error) {
	if err := e.impartialOnly(); err != nil {
		return 0, err
	}
	var v game.Nimber
	err := e.run(ctx, e.budget, func() (err error) {
		v, err = e.solver.Value(ctx, e.id(c))
		return err
	}, e.reset)
	return v, err
}

// Moves calls yield for each option of c. A script error leaves the options
// cut short; the next valuing operation reports it.
func (s *Script) Moves(c games.Component, yield func(option []games.Component) bool) {
	for _, option := range s.optionList(s.id(c)) {
		if !yield(s.components(option)) {
			return
		}
	}
}

// MovesErr returns the failure that cut the options Moves listed short
// (games.MovesFailer): engines that list options through a games.Sum
// report it instead of values computed from the options cut short. It is
// kept until a valuing operation of the script reports it.
func (s *Script) MovesErr() error { return s.failed }

// optionList copies the options of p out of the arena.
func (s *Script) optionList(p ID) [][]ID {
	var list [][]ID
	s.forOptions(p, func(option []ID) bool {
		list = append(list, append([]ID(nil), option...))
		return true
	})
	return list
}

func (s *Script) components(option []ID) []games.Component {
	comps := make([]games.Component, len(option))
	for i, id := range option {
		comps[i] = Pos{s, id}
	}
	return comps
}

// MovesToValue calls yield for each option of c whose value is v.
func (e *scriptEval) MovesToValue(ctx context.Context, c games.Component, v game.Nimber, yield func(option []games.Component) bool) error {
	if err := e.impartialOnly(); err != nil {
		return err
	}
	return e.run(ctx, e.budget, func() error {
		for _, option := range e.optionList(e.id(c)) {
			x, err := e.solver.SumValue(ctx, option)
			if err != nil {
				return err
			}
			if e.failed != nil {
				return nil
			}
			if x == v && !yield(e.components(option)) {
				return nil
			}
		}
		return nil
	}, e.reset)
}
