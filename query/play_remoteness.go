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

// The remoteness of an impartial position (Smith, 1966: 0 at the end; a
// won position is 1 + the least remoteness of its lost options, a lost one
// 1 + the largest remoteness of its options) is what lets the computer win
// fast and lose slowly, and what play shows beside each move. It is not
// additive over a sum, so it needs a search over whole positions; the
// values (or the misère oracle) already decide every outcome, so only the
// moves that can decide a remoteness are searched (prunedSum), by the
// retrograde solver of solve.Retro under the request's budget.
//
// That search is a refinement: play goes on without it, by the values. It
// is given up, and the moves have no remoteness, past a fixed size that
// does not depend on the request (a position whose remoteness needs more is
// answered the same way by every request): remotenessWork positions and
// moves looked at, remotenessMemory bytes held, or what the retrograde
// solver's records hold (solve.ErrCapacity). Within that size the request's
// own limits hold as for any engine: its states, memory and deadline stop
// the question with their error.
const (
	remotenessWork   = 1 << 20
	remotenessMemory = 32 << 20
)

// errRemotenessSize stops a remoteness search past its fixed size.
var errRemotenessSize = errors.New("the remoteness search passed its size")

// remotenessSearch is a remoteness search: root's and, when full, every
// option's position with the positions that decide their remoteness,
// solved, or (retro nil) passed its size.
type remotenessSearch struct {
	root  games.SumKey
	full  bool
	retro *solve.Retro[games.SumKey]
}

// value returns the remoteness of the position k, or nil when the search
// did not solve it (or passed its size).
func (r *remotenessSearch) value(k games.SumKey) *int {
	if r == nil || r.retro == nil {
		return nil
	}
	v, ok := r.retro.Value(k)
	if !ok || v.Remoteness < 0 {
		return nil
	}
	n := v.Remoteness
	return &n
}

// remoteness returns the remoteness search of the position root: only
// root's moves that can decide its remoteness (its lost options when it is
// won), or every move of root when full. It returns nil and no error when
// the search passes its fixed size. The Player keeps the last search, whose
// memory stays accounted with the budget, for the next question about the
// same position (a listing, then the computer's choice), and remembers a
// search that passed its size (a full one is the larger); a search of
// another position frees it first.
func (pl *Player) remoteness(ctx context.Context, root games.SumKey, full bool) (*remotenessSearch, error) {
	if s := pl.search; s != nil {
		switch {
		case s.root == root && s.retro != nil && (s.full || !full):
			return s, nil
		case s.root == root && s.retro == nil && (!s.full || full):
			return nil, nil
		}
		if s.retro != nil {
			s.retro.Free()
		}
		pl.search = nil
	}
	sctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	g := &prunedSum{pl: pl, ctx: sctx, stop: stop, root: root, full: full}
	g.retro = solve.NewRetro[games.SumKey](g, pl.opts.Budget)
	err := g.retro.Solve(sctx, root)
	if sctx.Err() != nil {
		// Stopped: by the question's context, or by the search itself
		// (its size, an engine's error), whose cause says which. Either
		// way the values found are incomplete. Once the question's
		// context has ended, its end is the answer: the solver's own
		// error then reports only that the search was cancelled, which
		// reads as an interrupt when the request reached its time limit.
		if ctx.Err() == nil {
			err = context.Cause(sctx)
		} else {
			err = limits.Poll(ctx)
		}
	}
	if err != nil {
		g.retro.Free()
		if errors.Is(err, errRemotenessSize) || errors.Is(err, solve.ErrCapacity) {
			pl.search = &remotenessSearch{root: root, full: full}
			return nil, nil
		}
		return nil, fmt.Errorf("the remoteness search: %w", err)
	}
	pl.search = &remotenessSearch{root: root, full: full, retro: g.retro}
	return pl.search, nil
}

// prunedSum is the whole positions of the Player's Sum as a game.General
// for solve.Retro, with the moves that cannot decide a remoteness left
// out: a won position keeps only its moves to lost positions (its
// remoteness is 1 + the least of theirs), a lost one keeps every move (1 +
// the largest of all). The root keeps every move when full. Outcomes come
// from the values (normal play: a position is lost iff the nim-sum of its
// components' values is 0) or from the misère oracle.
//
// Moves cannot return an error: an engine's error, or the search passing
// its size, cancels the search's context with that cause, which the
// retrograde solver polls, and no more moves are listed.
//
// The components of a position that occur more than once are moved once
// (the moves of each occurrence lead to the same positions), but counted
// as often as they occur: a sum of 10^3 equal heaps lists one move, not a
// thousand equal keys.
type prunedSum struct {
	pl    *Player
	ctx   context.Context
	stop  context.CancelCauseFunc
	root  games.SumKey
	full  bool
	work  int64
	retro *solve.Retro[games.SumKey]
}

// Footprint is the Player's Sum's (game.Footprint): the components the
// search interns count with the retrograde solver's tables.
func (g *prunedSum) Footprint() int64 { return g.pl.sum.Footprint() }

// Result reports the terminal positions of misère play: those without
// moves, won by the player to move. Under normal play a position without
// moves is lost by game.General's rule.
func (g *prunedSum) Result(k games.SumKey) (game.Outcome, bool) {
	if !g.pl.opts.Misere || g.pl.sum.HasMoves(k) {
		return game.Unknown, false
	}
	return game.Win, true
}

// charge counts n units of work (positions and moves looked at) and stops
// the search past its size; it reports whether the search goes on.
func (g *prunedSum) charge(n int64) bool {
	if g.ctx.Err() != nil {
		return false
	}
	g.work += n
	if g.work > remotenessWork || g.retro.Held() > remotenessMemory {
		g.stop(fmt.Errorf("%w: more than %d positions and moves or %s held", errRemotenessSize, remotenessWork, limits.Bytes(remotenessMemory)))
		return false
	}
	return true
}

func (g *prunedSum) Moves(k games.SumKey, yield func(games.SumKey) bool) {
	if !g.charge(1) {
		return
	}
	pl := g.pl
	ids := k.IDs()
	outcome, total, err := pl.outcomeOf(g.ctx, ids)
	if err != nil {
		g.stop(err)
		return
	}
	all := outcome != game.Win || g.full && k == g.root
	for j := 0; j < len(ids); {
		id := ids[j]
		n := 1
		for j+n < len(ids) && ids[j+n] == id {
			n++
		}
		j += n
		inst, c := pl.sum.Game(id), pl.sum.Component(id)
		v, ok := inst.(games.Valued)
		if !ok {
			g.stop(game.Inputf("%s is a %s game that play cannot search", inst.Name(), inst.Kind()))
			return
		}
		var moved game.Nimber // the value of c, under normal play
		if !all && !pl.opts.Misere {
			if moved, err = pl.value(g.ctx, id); err != nil {
				g.stop(err)
				return
			}
		}
		stop := false
		v.Moves(c, func(option []games.Component) bool {
			if !g.charge(int64(n)) {
				stop = true
				return false
			}
			if !all && !pl.opts.Misere {
				// Lost after the move iff the nim-sum is 0 there: the
				// option's value replaces c's (Sprague–Grundy). Nothing is
				// interned for the moves left out.
				after, err := pl.optionValue(g.ctx, inst, total^moved, option)
				if err != nil {
					g.stop(err)
					stop = true
					return false
				}
				if after != 0 {
					return true
				}
			}
			child := pl.replaced(k, id, inst, option)
			if !all && pl.opts.Misere {
				o, _, err := pl.mis.outcome(g.ctx, child.IDs())
				if err != nil {
					g.stop(pl.mis.wrap(pl.sum.Position(child), err))
					stop = true
					return false
				}
				if o != game.Lose {
					return true
				}
			}
			if !yield(child) {
				stop = true
				return false
			}
			return true
		})
		if stop {
			return
		}
	}
}

// optionValue returns x XOR the values of the components of option, a sum
// of components of inst.
func (pl *Player) optionValue(ctx context.Context, inst games.Instance, x game.Nimber, option []games.Component) (game.Nimber, error) {
	e, err := pl.req.evaluator(inst)
	if err != nil {
		return 0, err
	}
	for _, c := range option {
		v, err := e.Grundy(ctx, c)
		if err != nil {
			return 0, fmt.Errorf("value of %s %s: %w", inst.Name(), c, err)
		}
		x ^= v
	}
	return x, nil
}

// replaced returns the key of the position k after its component id, of
// a group of inst, moves to the sum option (interned).
func (pl *Player) replaced(k games.SumKey, id games.ComponentID, inst games.Instance, option []games.Component) games.SumKey {
	ids := make([]games.ComponentID, len(option))
	for i, c := range option {
		ids[i] = pl.sum.ID(inst, c)
	}
	after, _ := k.Replace(id, ids)
	return after
}
