package query

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// MaxMoves caps the winning moves a result lists (huge heaps can have
// millions); Truncated says when the cap was hit.
const MaxMoves = 1000

// MaxMoveText is the longest text a move repeats: a move's "to" or
// "position_after" longer than this (a sum of 10^5 heaps, a forest of 10^5
// nodes) is left empty and the result marked Elided, so listing a thousand
// moves never holds a thousand copies of a huge position. The component
// index, "from" and "move" still say which move it is.
const MaxMoveText = 1 << 14

// ValueResult is the answer of `grundy value` (docs/reference.md, "JSON keys").
type ValueResult struct {
	Position     string           `json:"position"`
	Grundy       game.Nimber      `json:"grundy"`
	Outcome      game.Class       `json:"outcome"` // P: the mover loses; N: the mover wins
	Components   []ComponentValue `json:"components"`
	WinningMoves []Move           `json:"winning_moves"`
	Truncated    bool             `json:"truncated,omitempty"` // more winning moves exist than listed
	// Elided says that some moves' "to" or "position_after" were left
	// empty for being longer than MaxMoveText.
	Elided bool  `json:"elided,omitempty"`
	States int64 `json:"states"` // positions the engines expanded
	// Infinite marks a loopy sum whose generalized Sprague-Grundy value is
	// ∞(Escapes) (JSON "grundy": "inf"); Outcome is then N or D (a draw).
	Infinite bool          `json:"-"`
	Escapes  []game.Nimber `json:"escapes,omitempty"`
}

// ComponentValue is one component's value.
type ComponentValue struct {
	Position string        `json:"position"`
	Grundy   game.Nimber   `json:"grundy"`
	Infinite bool          `json:"-"` // γ = ∞(Escapes), JSON "grundy": "inf"
	Escapes  []game.Nimber `json:"escapes,omitempty"`
	// Cells is the value of every cell of a board game (the value the
	// position would have with the token there; null for a blocked cell),
	// row by row, when asked for with AddCells.
	Cells [][]*game.Nimber `json:"cells,omitempty"`
}

// Move is a move in one component: component Component (counted across
// groups) becomes To, leaving PositionAfter.
type Move struct {
	Component     int    `json:"component"`
	From          string `json:"from"`
	To            string `json:"to"`
	PositionAfter string `json:"position_after"`
	// Move names the move itself where the game has a name for it (the
	// rectangle crossed out, the circle hit).
	Move string `json:"move,omitempty"`
}

// Value computes the normal-play value of pos, its outcome and every winning
// move: for total T != 0, each option o of a component of value g with
// G(o) == g XOR T (then the sum's value becomes 0, a P-position).
//
// Every engine the request starts counts against budget (nil: no limit):
// the values, the winning moves and any cell table together.
func Value(ctx context.Context, pos games.Position, budget *limits.Budget) (*ValueResult, error) {
	return ValueWith(ctx, pos, budget, ValueOptions{})
}

// ValueOptions are the settings of ValueWith beyond the position and the
// limits.
type ValueOptions struct {
	// Workers is how many goroutines search each question of the engines
	// that search on several cores (games.MultiCore: Cram's): 0 for one
	// per core, 1 for the serial search, at most MaxWorkers. The values
	// are the same whatever the count.
	Workers int
}

// ValueWith is Value with opts.
func ValueWith(ctx context.Context, pos games.Position, budget *limits.Budget, opts ValueOptions) (*ValueResult, error) {
	if opts.Workers < 0 || opts.Workers > MaxWorkers {
		return nil, game.Inputf("%d workers: give 0 (one per core) to %d", opts.Workers, MaxWorkers)
	}
	req := newRequest(budget)
	req.workers = opts.Workers
	return req.value(ctx, pos)
}

func (req *request) value(ctx context.Context, pos games.Position) (*ValueResult, error) {
	res := &ValueResult{Position: pos.String(), WinningMoves: []Move{}}
	if err := holdPosition(req.budget, pos, res.Position); err != nil {
		return nil, err
	}
	valued, err := req.evaluators(pos)
	if err != nil {
		return nil, err
	}
	defer func() { res.States = req.states() }()
	comps := pos.Components()
	values := make([]game.Nimber, len(comps))
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		v, err := valued[gi].Grundy(ctx, c)
		if errors.Is(err, solve.ErrCycle) {
			return valueLoopy(ctx, pos, req.budget) // generalized values
		}
		if err != nil {
			return nil, fmt.Errorf("value of %s %s: %w", pos[gi].Game.Name(), c, err)
		}
		values[i] = v
		res.Grundy ^= v
		res.Components = append(res.Components, ComponentValue{Position: games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(), Grundy: v})
	}
	res.Outcome = game.OutcomeOf(res.Grundy).Class()
	if res.Grundy == 0 {
		return res, nil
	}
	longPosition := len(res.Position) > MaxMoveText
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		target := values[i] ^ res.Grundy
		var stop bool
		from := games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String()
		err := valued[gi].MovesToValue(ctx, c, target, func(option []games.Component) bool {
			if len(res.WinningMoves) == MaxMoves {
				res.Truncated, stop = true, true
				return false
			}
			m := Move{Component: i, From: from, Move: nameMove(pos[gi].Game, c, option)}
			if len(from) > MaxMoveText {
				m.From, res.Elided = "", true
			}
			if to := (games.Group{Game: pos[gi].Game, Components: option}).String(); len(to) <= MaxMoveText {
				m.To = to
			} else {
				res.Elided = true
			}
			if longPosition {
				res.Elided = true
			} else {
				m.PositionAfter = pos.Replace(i, option).String()
			}
			res.WinningMoves = append(res.WinningMoves, m)
			return true
		})
		if err != nil {
			// The value is known by now: say it, so that a long request
			// stopped while it lists the moves does not lose it.
			return nil, fmt.Errorf("winning moves of %s %s (the position's value is %d, outcome %s): %w",
				pos[gi].Game.Name(), c, res.Grundy, res.Outcome, err)
		}
		if stop {
			break
		}
	}
	return res, nil
}

// nameMove names a move when the game can (games.MoveNamer).
func nameMove(inst games.Instance, c games.Component, after []games.Component) string {
	if namer, ok := inst.(games.MoveNamer); ok {
		return namer.NameMove(c, after)
	}
	return ""
}

// ValueCells is Value with the Cells table of each component whose game
// values boards cell by cell (games.CellValuer), such as rook, in the same
// request and budget.
func ValueCells(ctx context.Context, pos games.Position, budget *limits.Budget) (*ValueResult, error) {
	req := newRequest(budget)
	res, err := req.value(ctx, pos)
	if err != nil {
		return nil, err
	}
	if err := req.addCells(ctx, res, pos); err != nil {
		return nil, err
	}
	return res, nil
}

func (req *request) addCells(ctx context.Context, res *ValueResult, pos games.Position) error {
	for i, c := range pos.Components() {
		gi, _ := pos.Locate(i)
		e, err := req.evaluator(pos[gi].Game)
		if err != nil {
			return err
		}
		cv, ok := e.(games.CellValuer)
		if !ok {
			continue
		}
		cells, err := cv.CellValues(ctx, c)
		if err != nil {
			return fmt.Errorf("cell values of %s %s: %w", pos[gi].Game.Name(), c, err)
		}
		res.Components[i].Cells = cells
	}
	return nil
}
