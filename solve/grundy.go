package solve

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
)

// ErrCycle is matched by the error Grundy returns when a position can be
// reached from itself: the game is loopy and needs the generalized
// Sprague–Grundy function (see Loopy).
var ErrCycle = errors.New("game graph has a cycle")

// inProgress marks a memo entry whose options are still being evaluated.
const inProgress = ^game.Nimber(0)

// maxDense bounds the dense table of a Descending game (values are uint32,
// so 2^28 entries take 1 GiB).
const maxDense = 1 << 28

// Grundy computes normal-play Grundy values of the positions of one game,
// memoizing every component it meets. It is not safe for concurrent use.
type Grundy[P comparable] struct {
	Counter

	game   game.Game[P]
	split  game.Splitter[P]
	canon  game.Canonicalizer[P]
	valuer game.Valuer[P]

	memo  map[P]game.Nimber
	stack []P
	parts []P

	dense     []uint32       // values 0..len-1 of a Descending game on int
	denseGame game.Game[int] // the game, when it is Descending on int
	scratch   game.MexSet    // option values of the position being valued
}

// NewGrundy returns a solver for g with the given limits. It discovers g's
// optional capabilities (Splitter, Canonicalizer, Valuer, Descending).
func NewGrundy[P comparable](g game.Game[P], limits Limits) *Grundy[P] {
	s := &Grundy[P]{game: g, memo: make(map[P]game.Nimber)}
	s.Limits = limits
	s.split, _ = g.(game.Splitter[P])
	s.canon, _ = g.(game.Canonicalizer[P])
	s.valuer, _ = g.(game.Valuer[P])
	if _, ok := g.(game.Descending); ok {
		s.denseGame, _ = any(g).(game.Game[int])
	}
	return s
}

// Value returns the Grundy value of p: the nim-sum of the values of its
// components when the game splits positions.
func (s *Grundy[P]) Value(ctx context.Context, p P) (game.Nimber, error) {
	return s.SumValue(ctx, []P{p})
}

// SumValue returns the Grundy value of the sum of positions: by the
// Sprague–Grundy theorem, the nim-sum of their values.
func (s *Grundy[P]) SumValue(ctx context.Context, sum []P) (game.Nimber, error) {
	var total game.Nimber
	var parts []P
	for _, p := range sum {
		parts = s.components(p, parts[:0])
		for _, c := range parts {
			v, err := s.component(ctx, c)
			if err != nil {
				return 0, err
			}
			total ^= v
		}
	}
	return total, nil
}

// Memoized reports how many distinct components have a stored value.
func (s *Grundy[P]) Memoized() int { return len(s.memo) + len(s.dense) }

// components appends the canonical components of p to dst.
func (s *Grundy[P]) components(p P, dst []P) []P {
	start := len(dst)
	if s.split != nil {
		dst = s.split.Split(p, dst)
	} else {
		dst = append(dst, p)
	}
	if s.canon != nil {
		for i := start; i < len(dst); i++ {
			dst[i] = s.canon.Canon(dst[i])
		}
	}
	return dst
}

// known returns the value of canonical component c if it needs no search.
func (s *Grundy[P]) known(c P) (game.Nimber, bool) {
	if s.valuer != nil {
		if v, ok := s.valuer.Value(c); ok {
			return v, true
		}
	}
	if s.denseGame != nil {
		if n := any(c).(int); n >= 0 && n < len(s.dense) {
			return game.Nimber(s.dense[n]), true
		}
	}
	v, ok := s.memo[c]
	return v, ok && v != inProgress
}

// component returns the value of canonical component c.
func (s *Grundy[P]) component(ctx context.Context, c P) (game.Nimber, error) {
	if v, ok := s.known(c); ok {
		return v, nil
	}
	if s.denseGame != nil {
		n := any(c).(int)
		if n < 0 {
			return 0, game.Inputf("negative position %d", n)
		}
		if err := s.tabulate(ctx, n); err != nil {
			return 0, err
		}
		return game.Nimber(s.dense[n]), nil
	}
	return s.search(ctx, c)
}

// tabulate extends the dense table of a Descending game on int through n.
// Every component of every option of i is below i, so one bottom-up pass
// needs no hashing and no recursion: G(i) = mex of the XORs of table entries.
func (s *Grundy[P]) tabulate(ctx context.Context, n int) error {
	if n >= maxDense {
		return fmt.Errorf("position %d needs a table of %d MiB, more than the %d MiB allowed", n, (int64(n)+1)*4>>20, maxDense*4>>20)
	}
	if s.Limits.MaxStates > 0 && int64(n)+1 > s.Limits.MaxStates {
		return &StateLimitError{Limit: s.Limits.MaxStates}
	}
	if cap(s.dense) <= n {
		grown := make([]uint32, len(s.dense), max(n+1, 2*cap(s.dense)))
		copy(grown, s.dense)
		s.dense = grown
	}
	mex := &s.scratch
	yield := func(option []int) bool {
		var x uint32
		for _, c := range option {
			x ^= s.dense[c]
		}
		mex.Add(game.Nimber(x))
		return true
	}
	for i := len(s.dense); i <= n; i++ {
		if err := s.Step(ctx); err != nil {
			return err
		}
		mex.Reset()
		s.denseGame.Options(i, yield)
		v := mex.Mex()
		if v > 1<<32-1 {
			return fmt.Errorf("Grundy value of %d exceeds 2^32", i)
		}
		s.dense = append(s.dense, uint32(v))
	}
	return nil
}

// search evaluates canonical component root by depth-first search with an
// explicit stack. A position is pushed, then expanded: its unknown option
// components are pushed above it and it is marked in progress. When it is on
// top again every option component has a value, and its own is the mex.
// Meeting a component that is in progress means it is reachable from itself
// (everything above an expanded entry descends from it): a cycle.
func (s *Grundy[P]) search(ctx context.Context, root P) (game.Nimber, error) {
	s.stack = append(s.stack[:0], root)
	for len(s.stack) > 0 {
		top := s.stack[len(s.stack)-1]
		v, seen := s.memo[top]
		if seen && v != inProgress {
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		if !seen {
			if err := s.Step(ctx); err != nil {
				s.abandon()
				return 0, err
			}
			s.memo[top] = inProgress
			pending, cycle := s.expand(top)
			if cycle != nil {
				s.abandon()
				return 0, cycle
			}
			if pending {
				continue
			}
		}
		s.memo[top] = s.mex(top)
		s.stack = s.stack[:len(s.stack)-1]
	}
	return s.memo[root], nil
}

// expand pushes the unknown option components of p. It reports whether it
// pushed any, or an error when one of them is in progress (a cycle).
func (s *Grundy[P]) expand(p P) (pending bool, cycle error) {
	s.game.Options(p, func(option []P) bool {
		for _, part := range option {
			s.parts = s.components(part, s.parts[:0])
			for _, c := range s.parts {
				if _, ok := s.known(c); ok {
					continue
				}
				if v, ok := s.memo[c]; ok && v == inProgress {
					cycle = fmt.Errorf("%w: %s is reachable from itself", ErrCycle, s.format(c))
					return false
				}
				s.stack = append(s.stack, c)
				pending = true
			}
		}
		return true
	})
	return pending, cycle
}

// mex returns the mex of the values of p's options, all of which are known.
func (s *Grundy[P]) mex(p P) game.Nimber {
	set := &s.scratch
	set.Reset()
	s.game.Options(p, func(option []P) bool {
		var x game.Nimber
		for _, part := range option {
			s.parts = s.components(part, s.parts[:0])
			for _, c := range s.parts {
				v, _ := s.known(c)
				x ^= v
			}
		}
		set.Add(x)
		return true
	})
	return set.Mex()
}

// abandon forgets the in-progress marks of an interrupted search, so the
// solver stays usable (values already finished are kept).
func (s *Grundy[P]) abandon() {
	for _, p := range s.stack {
		if v, ok := s.memo[p]; ok && v == inProgress {
			delete(s.memo, p)
		}
	}
	s.stack = s.stack[:0]
}

func (s *Grundy[P]) format(p P) string {
	if f, ok := s.game.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}
