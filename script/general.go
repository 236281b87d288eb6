package script

import (
	"context"
	"math"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// resultVal is the cached answer of result(pos) for one position.
type resultVal struct {
	terminal bool
	outcome  game.Outcome
	scored   bool  // result returned a number
	score    int64 // the margin of the player to move, when scored
}

// resultOf calls result(pos) once per position: None means play goes on;
// "win", "lose" or "draw" end the game with that outcome for the player to
// move; a number ends it with that margin for the player to move (an
// integral float counts as its integer). Without result(), no position is
// terminal by rule (normal play: no moves loses).
func (s *Script) resultOf(p ID) resultVal {
	if s.result == nil || s.failed != nil {
		return resultVal{}
	}
	if r, ok := s.results[p]; ok {
		return r
	}
	pos := s.vals[p]
	res, err := s.call(s.result, pos)
	if err != nil {
		s.fail(err)
		return resultVal{}
	}
	var r resultVal
	switch v := res.(type) {
	case starlark.NoneType:
	case starlark.String:
		r.terminal = true
		switch v {
		case "win":
			r.outcome = game.Win
		case "lose":
			r.outcome = game.Lose
		case "draw":
			r.outcome = game.Draw
		default:
			s.fail(s.badResult(s.result, pos, `returned %s: want None, "win", "lose", "draw" or a number`, v))
			return resultVal{}
		}
	case starlark.Int, starlark.Float:
		f, _ := starlark.AsFloat(v)
		if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			s.fail(s.badResult(s.result, pos, "returned %s: a score must be an integer of at most 2^53", v))
			return resultVal{}
		}
		r.terminal, r.scored, r.score = true, true, int64(f)
		switch {
		case r.score > 0:
			r.outcome = game.Win
		case r.score < 0:
			r.outcome = game.Lose
		default:
			r.outcome = game.Draw
		}
		s.scoring = true
	default:
		s.fail(s.badResult(s.result, pos, `returned a %s: want None, "win", "lose", "draw" or a number`, res.Type()))
		return resultVal{}
	}
	if s.results == nil {
		s.results = map[ID]resultVal{}
	}
	s.results[p] = r
	return r
}

// generalView is the script as a game.General[ID] (and game.Scorer[ID]).
type generalView struct{ s *Script }

// Moves yields each option of p; an option of a general game is one
// position, never a sum.
func (g generalView) Moves(p ID, yield func(ID) bool) {
	s := g.s
	s.forOptions(p, func(option []ID) bool {
		if len(option) != 1 {
			s.fail(s.badResult(s.moves, s.vals[p], "returned an option that is a sum of %d positions: in a game solved whole (grundy solve) an option is one position", len(option)))
			return false
		}
		return yield(option[0])
	})
}

// Result reports the outcome of p if the script's result(p) ends the game.
func (g generalView) Result(p ID) (game.Outcome, bool) {
	r := g.s.resultOf(p)
	return r.outcome, r.terminal
}

// Score reports the final margin of p if result(p) ends the game there (a
// "win", "lose" or "draw" in a scoring script counts as margin 0).
func (g generalView) Score(p ID) (int64, bool) {
	r := g.s.resultOf(p)
	return r.score, r.terminal
}

// solveGeneral solves c as a general game by retrograde analysis
// (solve.Retro): win, lose or draw for the player to move, with remoteness,
// and the value of every move. When result() has returned numbers, the game
// is a scoring game and solve.Minimax gives the final margin under perfect
// play and the remoteness of the principal line instead (the game must then
// be finite).
func (g *generalSolver) solveGeneral(ctx context.Context, c games.Component) (*games.Solution, error) {
	s := g.s
	p := s.id(c)
	var sol *games.Solution
	err := s.run(ctx, g.budget, func() error {
		if g.retro == nil {
			g.retro = solve.NewRetro[ID](generalView{s}, g.budget)
		}
		if err := g.retro.Solve(ctx, p); err != nil || s.failed != nil {
			return err
		}
		if s.scoring {
			return s.solveScoring(ctx, p, g.budget, &sol)
		}
		v, _ := g.retro.Value(p)
		sol = &games.Solution{Value: v, States: g.retro.Positions(), Counts: g.retro.Counts()}
		if r := s.resultOf(p); r.terminal {
			return nil
		}
		generalView{s}.Moves(p, func(child ID) bool {
			cv, _ := g.retro.Value(child)
			sol.Moves = append(sol.Moves, games.MoveValue{To: Pos{s, child}, Value: cv, Best: games.IsBest(v, cv)})
			return true
		})
		return nil
	}, nil)
	if err != nil {
		g.retro = nil // a retrograde solve stopped half-way is not reusable
		return nil, err
	}
	return sol, nil
}

// solveScoring solves p of a scoring script by solve.Minimax.
func (s *Script) solveScoring(ctx context.Context, p ID, budget *limits.Budget, out **games.Solution) error {
	mm := solve.NewMinimax[ID](generalView{s}, budget)
	v, err := mm.Solve(ctx, p)
	if err != nil || s.failed != nil {
		return err
	}
	score := v.Score
	sol := &games.Solution{Value: solve.Value{Outcome: v.Outcome(), Remoteness: v.Remoteness}, Score: &score, States: int64(mm.Positions())}
	if r := s.resultOf(p); !r.terminal {
		generalView{s}.Moves(p, func(child ID) bool {
			cv, _ := mm.Value(child)
			cs := cv.Score
			best := -cs == score && cv.Remoteness+1 == v.Remoteness
			sol.Moves = append(sol.Moves, games.MoveValue{To: Pos{s, child}, Value: solve.Value{Outcome: cv.Outcome(), Remoteness: cv.Remoteness}, Score: &cs, Best: best})
			return true
		})
	}
	*out = sol
	return nil
}

// General is a script that defines result(pos): a general two-player game
// (partizan, scoring or loopy) whose positions have outcomes, not Grundy
// values. It is a games.Solvable but not a games.Valued.
type General struct{ s *Script }

// Name returns the GAME token.
func (g *General) Name() string { return g.s.Name() }

// Kind says a script that defines result(pos) is a partizan game.
func (g *General) Kind() games.Kind { return games.Partizan }

// Parse reads all the ARGs of the group as one position, like the built-in
// general games (docs/reference.md, "Positions"): parse(arg) gets them
// joined by spaces.
func (g *General) Parse(args []string) ([]games.Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no position given (e.g. '%s ARG')", g.s.path)
	}
	return g.s.Parse([]string{strings.Join(args, " ")})
}

// Format writes each component as one ARG.
func (g *General) Format(group []games.Component) []string { return g.s.Format(group) }

// Solver returns an engine that solves c as a general game by retrograde analysis (solve.Retro):
// win, lose or draw for the player to move, with remoteness, and the value
// of every move; when result() returns numbers, also the final margin under
// perfect play (negamax; the game must then be finite).
func (g *General) Solver(budget *limits.Budget) games.Solver {
	return &generalSolver{s: g.s, budget: budget}
}

// generalSolver is the Solver of a general script: its retrograde engine
// lives as long as the request.
type generalSolver struct {
	s      *Script
	budget *limits.Budget
	retro  *solve.Retro[ID]
}

// Solve solves c (see General.Solver).
func (g *generalSolver) Solve(ctx context.Context, c games.Component) (*games.Solution, error) {
	return g.solveGeneral(ctx, c)
}

// Script returns the underlying script.
func (g *General) Script() *Script { return g.s }

var _ games.Solvable = (*General)(nil)
