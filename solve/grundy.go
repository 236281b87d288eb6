package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unsafe"

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

	memo   map[P]game.Nimber
	stack  []entry[P]
	arena  []P     // recorded option components of the expanded entries
	bounds []bound // each recorded option's end in arena and value if known
	record func(option []P) bool

	dense     []uint32       // values 0..len-1 of a Descending game on int
	denseGame game.Game[int] // the game, when it is Descending on int
	scratch   game.MexSet    // option values of the position being valued

	arenaCap, boundsCap int  // capacities when memory was last accounted
	sized               bool // the game holds memory of its own (game.Footprint)
}

// NewGrundy returns a solver for g with the given limits. It discovers g's
// optional capabilities (Splitter, Canonicalizer, Valuer, Descending).
func NewGrundy[P comparable](g game.Game[P], budget *Budget) *Grundy[P] {
	s := &Grundy[P]{game: g, memo: make(map[P]game.Nimber)}
	s.Budget = budget
	s.record = s.recordOption
	s.split, _ = g.(game.Splitter[P])
	s.canon, _ = g.(game.Canonicalizer[P])
	s.valuer, _ = g.(game.Valuer[P])
	_, s.sized = g.(game.Footprint)
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
	if err := s.Budget.Allow(int64(n) + 1 - int64(len(s.dense))); err != nil {
		return err
	}
	if cap(s.dense) <= n {
		if err := s.Hold(s.footprint() + 4*int64(max(n+1, 2*cap(s.dense))-cap(s.dense))); err != nil {
			return fmt.Errorf("a table of G(0..%d): %w", n, err)
		}
		grown := make([]uint32, len(s.dense), max(n+1, 2*cap(s.dense)))
		copy(grown, s.dense)
		s.dense = grown
	}
	mex := &s.scratch
	if appender, ok := s.denseGame.(game.Appender[int]); ok {
		var options []int
		for i := len(s.dense); i <= n; i++ {
			if err := s.Step(ctx); err != nil {
				return err
			}
			options = appender.AppendOptions(i, options[:0])
			var set uint64 // values below 64, the common case, in one word
			var big bool
			for _, o := range options {
				if v := s.dense[o]; v < 64 {
					set |= 1 << v
				} else {
					big = true
				}
			}
			v := uint32(bits.TrailingZeros64(^set))
			if big && v == 64 {
				mex.Reset()
				for _, o := range options {
					mex.Add(game.Nimber(s.dense[o]))
				}
				v = uint32(min(mex.Mex(), 1<<32-1))
			}
			s.dense = append(s.dense, v)
		}
		return nil
	}
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
// explicit stack. On its first visit an entry records its options, as
// canonical components, in a shared arena (so Options, Split and Canon run
// once per position); if every one already has a value its own value is the
// mex at once. Otherwise the unknown components are pushed above it and it is
// marked in progress; when it is on top again all of them have values.
// Children's arena regions lie above their parent's and are released when
// they finish, so the arena works like a second stack. Meeting a component
// in progress means it is reachable from itself (everything above an
// expanded entry descends from it): a cycle.
func (s *Grundy[P]) search(ctx context.Context, root P) (game.Nimber, error) {
	s.stack = append(s.stack[:0], entry[P]{p: root})
	s.arena, s.bounds = s.arena[:0], s.bounds[:0]
	for len(s.stack) > 0 {
		e := &s.stack[len(s.stack)-1]
		if !e.expanded {
			if v, seen := s.memo[e.p]; seen {
				if v != inProgress {
					s.stack = s.stack[:len(s.stack)-1]
					continue
				}
				// A duplicate entry of a position in progress below it.
				s.abandon()
				return 0, fmt.Errorf("%w: %s is reachable from itself", ErrCycle, s.format(e.p))
			}
			if err := s.Step(ctx); err != nil {
				s.abandon()
				return 0, err
			}
			e.expanded = true
			if len(s.arena) > math.MaxInt32/2 || len(s.bounds) > math.MaxInt32/2 {
				s.abandon()
				return 0, fmt.Errorf("search stack too large (%d option components pending)", len(s.arena))
			}
			e.arena, e.bounds = int32(len(s.arena)), int32(len(s.bounds))
			s.game.Options(e.p, s.record)
			// Account memory every 256 states, and whenever the recorded
			// options grew a table (a position can have 10^5 options).
			if s.States%pollEvery == 0 || cap(s.arena) != s.arenaCap || cap(s.bounds) != s.boundsCap || s.sized {
				s.arenaCap, s.boundsCap = cap(s.arena), cap(s.bounds)
				if err := s.Hold(s.footprint()); err != nil {
					s.abandon()
					return 0, fmt.Errorf("searched %d positions: %w", len(s.memo), err)
				}
			}
			v, pending, cycle := s.expand(len(s.stack) - 1)
			if cycle != nil {
				s.abandon()
				return 0, cycle
			}
			if !pending {
				s.finish(v)
			}
			continue
		}
		s.finish(s.valueOf(e))
	}
	return s.memo[root], nil
}

// entry is a position on the search stack; arena and bounds locate its
// recorded options once it is expanded.
type entry[P comparable] struct {
	p             P
	arena, bounds int32
	expanded      bool
}

// expand looks up the recorded option components of stack entry i once
// each. If all have values it returns the entry's value (the mex);
// otherwise it marks the entry in progress and pushes the unknown ones.
func (s *Grundy[P]) expand(i int) (v game.Nimber, pending bool, cycle error) {
	e := s.stack[i]
	set := &s.scratch
	set.Reset()
	from := e.arena
	for i := int(e.bounds); i < len(s.bounds); i++ {
		b := &s.bounds[i]
		var x game.Nimber
		complete := true
		for _, c := range s.arena[from:b.end] {
			if v, ok := s.known(c); ok {
				x ^= v
				continue
			}
			if v, ok := s.memo[c]; ok && v == inProgress {
				return 0, false, fmt.Errorf("%w: %s is reachable from itself (via %s)", ErrCycle, s.format(c), s.format(e.p))
			}
			if !pending {
				pending = true
				s.memo[e.p] = inProgress
			}
			complete = false
			s.stack = append(s.stack, entry[P]{p: c})
		}
		b.x, b.done = x, complete
		set.Add(x)
		from = b.end
	}
	return set.Mex(), pending, nil
}

// recordOption is the yield function of the expansion: it appends the
// canonical components of one option to the arena and closes the option.
func (s *Grundy[P]) recordOption(option []P) bool {
	for _, part := range option {
		s.arena = s.components(part, s.arena)
	}
	s.bounds = append(s.bounds, bound{end: int32(len(s.arena))})
	return true
}

// bound closes a recorded option: its components end at arena[end], and
// once every component has a value, x is their nim-sum and done is true.
type bound struct {
	x    game.Nimber
	end  int32
	done bool
}

// valueOf returns the mex of the values of e's recorded options, all of
// whose components have values by now; options valued during expansion are
// not looked up again.
func (s *Grundy[P]) valueOf(e *entry[P]) game.Nimber {
	set := &s.scratch
	set.Reset()
	from := e.arena
	for _, b := range s.bounds[e.bounds:] {
		x := b.x
		if !b.done {
			x = 0
			for _, c := range s.arena[from:b.end] {
				v, _ := s.known(c)
				x ^= v
			}
		}
		set.Add(x)
		from = b.end
	}
	return set.Mex()
}

// finish stores value v for the top entry, releases its arena and pops it.
func (s *Grundy[P]) finish(v game.Nimber) {
	e := s.stack[len(s.stack)-1]
	s.memo[e.p] = v
	s.arena, s.bounds = s.arena[:e.arena], s.bounds[:e.bounds]
	s.stack = s.stack[:len(s.stack)-1]
}

// abandon forgets the in-progress marks of an interrupted search, so the
// solver stays usable (values already finished are kept).
func (s *Grundy[P]) abandon() {
	for _, e := range s.stack {
		if v, ok := s.memo[e.p]; ok && v == inProgress {
			delete(s.memo, e.p)
		}
	}
	s.stack = s.stack[:0]
	s.arena, s.bounds = s.arena[:0], s.bounds[:0]
}

// footprint estimates the bytes the engine holds: memo entries (key and
// value, with the hash table's slack counted as doubling them), the search
// stack, the arena of recorded options and the dense table. Positions that
// point to more memory (strings, slices) are counted by their header only.
func (s *Grundy[P]) footprint() int64 {
	var p P
	size := int64(unsafe.Sizeof(p))
	return int64(len(s.memo))*2*(size+8) +
		int64(cap(s.stack))*int64(unsafe.Sizeof(entry[P]{})) +
		int64(cap(s.arena))*size + int64(cap(s.bounds))*int64(unsafe.Sizeof(bound{})) +
		int64(cap(s.dense))*4 + footprintOf(s.game)
}

func (s *Grundy[P]) format(p P) string {
	if f, ok := s.game.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}
