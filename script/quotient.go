package script

import (
	"context"
	"errors"
	"fmt"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// HeapGameTo returns the heap game of the script restricted to heaps
// 0..to, for misère quotients (`grundy quotient SCRIPT --to N`): a script
// whose positions are integers and whose moves(n) returns options made of
// integers smaller than n (each option a heap, or a list of heaps: a sum).
// The options of every heap are read once, by one call of moves(n) each
// under ctx and the budget (the script's step limits included), checked
// and kept in a table; the game answers heaps 0..to only (larger heaps
// have no options in it). Each heap and each option read counts as a
// state, and the table's memory is grown on the budget.
//
// It fails, saying why, when the script's game is not a heap game: it
// defines result(pos) (not impartial, see General), split(n) breaks a heap
// into parts (a heap must be one component), or moves(n) returns a
// position that is not an integer or a heap that is not smaller than n,
// or negative. Script errors and limits are those of any script call.
func (s *Script) HeapGameTo(ctx context.Context, to int, budget *limits.Budget) (game.Game[int], error) {
	if err := s.impartialOnly(); err != nil {
		return nil, err
	}
	if to < 0 {
		return nil, game.Inputf("heap sizes are never negative, got %d", to)
	}
	if to >= maxTable {
		return nil, game.Inputf("a script's heaps are read up to %d at most (one script call per heap), not %d", maxTable-1, to)
	}
	opts := make([][][]int, to+1)
	var bad error // why the script is not a heap game
	n := 0        // the heap being read
	err := s.run(ctx, budget, func() error {
		for ; n <= to; n++ {
			if err := budget.Step(ctx); err != nil {
				return err
			}
			id, err := s.intern(starlark.MakeInt(n))
			if err != nil {
				return err
			}
			if s.split != nil {
				parts := s.splitOf(id, nil)
				if s.failed != nil {
					return nil
				}
				if len(parts) != 1 || parts[0] != id {
					bad = game.Inputf("%s: split(%d) returned %d components, so a heap of %d is not one component: a misère quotient needs heaps that split(n) keeps whole", s.path, n, len(parts), n)
					return nil
				}
			}
			size := int64(0)
			s.forOptions(id, func(option []ID) bool {
				heaps := make([]int, len(option))
				for i, c := range option {
					m, isInt := s.vals[c].(starlark.Int)
					k, small := m.Int64()
					switch {
					case !isInt:
						bad = game.Inputf("%s: moves(%d) returned %s, not an integer: a misère quotient needs a game whose positions are heaps (integers)", s.path, n, brief(s.vals[c]))
						return false
					case !small || k < 0 || k >= int64(n):
						bad = game.Inputf("%s: moves(%d) returned the heap %s: a misère quotient needs moves that leave heaps smaller than the heap moved from, and never negative", s.path, n, m)
						return false
					}
					heaps[i] = int(k)
				}
				opts[n] = append(opts[n], heaps)
				size += int64(len(heaps))*8 + 24
				return true
			})
			if s.failed != nil || bad != nil {
				return nil
			}
			// Every option read counts as a state, and the table's memory
			// is the request's.
			if err := budget.Steps(ctx, int64(len(opts[n]))); err != nil {
				return err
			}
			if err := budget.Grow(size); err != nil {
				return err
			}
		}
		return nil
	}, nil)
	if err != nil {
		if errors.Is(err, game.ErrInput) {
			// A script error on an integer: most often the script's
			// positions are not integers at all.
			return nil, fmt.Errorf("a misère quotient reads the heaps 0..%d of %s as integers, and heap %d failed (are its positions integers?): %w", to, s.path, n, err)
		}
		return nil, fmt.Errorf("read the heaps of %s: %w", s.path, err)
	}
	if bad != nil {
		return nil, bad
	}
	return heapTable(opts), nil
}

// heapTable is a heap game given by the options of heaps 0..len-1.
type heapTable [][][]int

// Options yields the options of a heap of n (none past the table).
func (t heapTable) Options(n int, yield func([]int) bool) {
	if n < 0 || n >= len(t) {
		return
	}
	for _, o := range t[n] {
		if !yield(o) {
			return
		}
	}
}

// HeapGameTo fails: a general game (it defines result) is not impartial
// under the normal or misère convention, so it has no misère quotient.
func (g *General) HeapGameTo(context.Context, int, *limits.Budget) (game.Game[int], error) {
	return nil, game.Inputf("%s defines result(pos), so it is a general game, not an impartial heap game: it has no misère quotient", g.s.path)
}

// Heap returns the heap of c, a position of the script, when it is a
// non-negative integer that fits an int: the heap a misère quotient of the
// script gives an element to (see HeapGameTo). It reports false for any
// other position, and for components of another game.
func (s *Script) Heap(c games.Component) (int, bool) {
	p, ok := c.(Pos)
	if !ok || p.s != s || int(p.ID) >= len(s.vals) {
		return 0, false
	}
	m, ok := s.vals[p.ID].(starlark.Int)
	if !ok {
		return 0, false
	}
	k, ok := m.Int64()
	if !ok || k < 0 || k > maxTable {
		return 0, false
	}
	return int(k), true
}

// HeapComponent returns the heap of n as a position of the script: the
// integer n itself, whatever the script's parse(arg) reads (a move found
// by a quotient names the heaps it leaves as integers).
func (s *Script) HeapComponent(n int) (games.Component, error) {
	if n < 0 {
		return nil, game.Inputf("%s: heap sizes are never negative, got %d", s.path, n)
	}
	id, err := s.intern(starlark.MakeInt(n))
	if err != nil {
		return nil, err
	}
	return Pos{s, id}, nil
}
