package query

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/solve"
)

// MaxMoves caps the winning moves a result lists (huge heaps can have
// millions); Truncated says when the cap was hit.
const MaxMoves = 1000

// ValueResult is the answer of `grundy value` (SPEC section 3).
type ValueResult struct {
	Position     string           `json:"position"`
	Grundy       game.Nimber      `json:"grundy"`
	Outcome      string           `json:"outcome"` // "P": the mover loses; "N": the mover wins
	Components   []ComponentValue `json:"components"`
	WinningMoves []Move           `json:"winning_moves"`
	Truncated    bool             `json:"truncated,omitempty"` // more winning moves exist than listed
	States       int64            `json:"states"`              // positions the engines expanded
	// Infinite marks a loopy sum whose generalized Sprague-Grundy value is
	// ∞(Escapes) (JSON "grundy": "inf"); Outcome is then "N" or "D" (draw).
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
func Value(ctx context.Context, pos games.Position, limits solve.Limits) (*ValueResult, error) {
	res := &ValueResult{Position: pos.String(), WinningMoves: []Move{}}
	valued := make([]games.Valued, len(pos))
	for i, g := range pos {
		v, ok := g.Game.(games.Valued)
		if !ok {
			return nil, game.Inputf("%s is a %s game with no Grundy values: use 'grundy solve'", g.Game.Name(), g.Game.Spec().Kind)
		}
		v.SetLimits(limits)
		valued[i] = v
	}
	defer func() {
		for _, v := range valued {
			res.States += v.States()
		}
	}()
	comps := pos.Components()
	values := make([]game.Nimber, len(comps))
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		v, err := valued[gi].Grundy(ctx, c)
		if errors.Is(err, solve.ErrCycle) {
			return valueLoopy(ctx, pos, valued, limits) // generalized values
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
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		target := values[i] ^ res.Grundy
		var stop bool
		err := valued[gi].MovesToValue(ctx, c, target, func(option []games.Component) bool {
			if len(res.WinningMoves) == MaxMoves {
				res.Truncated, stop = true, true
				return false
			}
			res.WinningMoves = append(res.WinningMoves, Move{
				Component:     i,
				From:          games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(),
				To:            games.Group{Game: pos[gi].Game, Components: option}.String(),
				PositionAfter: pos.Replace(i, option).String(),
				Move:          nameMove(pos[gi].Game, c, option),
			})
			return true
		})
		if err != nil {
			return nil, fmt.Errorf("winning moves of %s %s: %w", pos[gi].Game.Name(), c, err)
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

// AddCells fills in the Cells table of each component of res whose game
// values boards cell by cell (games.CellValuer), such as rook.
func AddCells(ctx context.Context, res *ValueResult, pos games.Position) error {
	for i, c := range pos.Components() {
		gi, _ := pos.Locate(i)
		cv, ok := pos[gi].Game.(games.CellValuer)
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
