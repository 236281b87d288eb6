package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
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
// memoizing every component it meets. It is not safe for concurrent use;
// Parallel gives its searches a helper engine on a second core.
//
// The memo depends on the position type: positions of an integer kind
// (uint64 bitboards, packed tuples, interned IDs such as games.ComponentID)
// are kept in an open-addressing table keyed by their bits (table64), with
// no allocation per position; other positions in a Go map.
type Grundy[P comparable] struct {
	limits.Counter

	game   game.Game[P]
	split  game.Splitter[P]
	canon  game.Canonicalizer[P]
	valuer game.Valuer[P]

	memo   map[P]game.Nimber // the memo of positions that are not integers
	table  *table64          // the memo of integer positions (memo is then nil)
	plain  bool              // table is the only source of values (no Valuer, no dense table)
	stack  []entry[P]
	arena  []P                   // recorded option components of the expanded entries
	bounds []bound               // each recorded option's end in arena and nim-sum so far (if not single)
	record func(option []P) bool // the yield function of Options (recorder)
	from   int                   // the arena index where the options being recorded start
	multi  bool                  // an option recorded so far is not a single component
	asIs   bool                  // options are recorded as the game lists them: split == canon == nil
	sums   SumAppender[P]        // the game's options without a callback, if asIs
	single game.Appender[P]      // or its single-component options, likewise
	ends   []int32               // the option ends AppendSums returns

	dense     []uint32       // values 0..len-1 of a Descending game on int
	denseGame game.Game[int] // the game, when it is Descending on int
	scratch   game.MexSet    // option values of the position being valued

	arenaCap, boundsCap int  // capacities when memory was last accounted
	sized               bool // the game holds memory of its own (game.Footprint)

	par      *helpers[P] // the helpers of its searches (Parallel), nil if none
	shared   *sharedRef  // the table of values shared with other engines, nil if none
	reversed bool        // a helper: options are scanned first to last
	searchAt int64       // States when the current search started
}

// NewGrundy returns a solver for g with the given limits. It discovers g's
// optional capabilities (Splitter, Canonicalizer, Valuer, Descending).
func NewGrundy[P comparable](g game.Game[P], budget *limits.Budget) *Grundy[P] {
	s := &Grundy[P]{game: g}
	if integerKey[P]() {
		s.table = newTable64()
	} else {
		s.memo = make(map[P]game.Nimber)
	}
	s.Budget = budget
	s.record = s.recorder()
	s.split, _ = g.(game.Splitter[P])
	s.canon, _ = g.(game.Canonicalizer[P])
	s.asIs = s.split == nil && s.canon == nil
	s.valuer, _ = g.(game.Valuer[P])
	_, s.sized = g.(game.Footprint)
	if s.asIs {
		s.sums, _ = g.(SumAppender[P])
		if s.sums == nil {
			s.single, _ = g.(game.Appender[P])
		}
	}
	if _, ok := g.(game.Descending); ok {
		s.denseGame, _ = any(g).(game.Game[int])
	}
	s.plain = s.table != nil && s.valuer == nil && s.denseGame == nil
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
func (s *Grundy[P]) Memoized() int {
	if s.table != nil {
		return s.table.count + len(s.dense)
	}
	return len(s.memo) + len(s.dense)
}

// lookup returns the memo's entry for p (a value or inProgress).
func (s *Grundy[P]) lookup(p P) (game.Nimber, bool) {
	if s.table != nil {
		return s.table.get(keyOf(&p))
	}
	v, ok := s.memo[p]
	return v, ok
}

// store sets the memo's entry for stack entry e. For an integer position
// the caller has made room (full, grow) and e.slot is its slot.
func (s *Grundy[P]) store(e *entry[P], v game.Nimber) {
	if s.table != nil {
		s.table.putAt(e.slot, keyOf(&e.p), v)
		return
	}
	s.memo[e.p] = v
}

// forget deletes the memo's entry for p.
func (s *Grundy[P]) forget(p P) {
	if s.table != nil {
		s.table.remove(keyOf(&p))
		return
	}
	delete(s.memo, p)
}

// grow doubles the integer table, accounting for the larger table with the
// budget first. Every expansion calls it when one more entry would pass
// the table's load limit (full), and each expansion stores at most one new
// entry, so store never has to grow. Growth moves entries, so the slots
// the stack's entries keep are found again (at most one probe per entry of
// the table).
func (s *Grundy[P]) grow() error {
	if err := s.Hold(s.footprint() + s.table.grownBytes()); err != nil {
		return err
	}
	s.table.grow()
	if s.par != nil && s.shared != nil {
		s.growShared()
	}
	for i := range s.stack {
		e := &s.stack[i]
		e.slot, _, _ = s.table.find(keyOf(&e.p))
	}
	return nil
}

// admit makes the integer table able to hold the key of expanded entry e
// (in progress, then valued): when the key does not fit a narrow slot the
// table widens, accounted with the budget first. Its value is known to
// fit only once found (fit).
func (s *Grundy[P]) admit(e *entry[P]) error {
	return s.fit(e, 0)
}

// fit makes the integer table able to hold value v for entry e: a key of
// 2^56 or more, or a value past maxNarrowValue (a position with more than
// 253 options may have one, though few do), widens the table, accounted
// with the budget first. Widening keeps every slot where it is.
func (s *Grundy[P]) fit(e *entry[P], v game.Nimber) error {
	if s.table == nil || s.table.fits(keyOf(&e.p), v) {
		return nil
	}
	if err := s.Hold(s.footprint() + s.table.widenedBytes()); err != nil {
		return fmt.Errorf("searched %d positions: %w", s.Memoized(), err)
	}
	s.table.widen()
	return nil
}

// components appends the canonical components of p to dst.
func (s *Grundy[P]) components(p P, dst []P) []P { return appendComponents(s.split, s.canon, p, dst) }

// appendComponents appends the components of p to dst, split by split and
// each replaced by its representative under canon (either may be nil).
func appendComponents[P comparable](split game.Splitter[P], canon game.Canonicalizer[P], p P, dst []P) []P {
	start := len(dst)
	if split != nil {
		dst = split.Split(p, dst)
	} else {
		dst = append(dst, p)
	}
	if canon != nil {
		for i := start; i < len(dst); i++ {
			dst[i] = canon.Canon(dst[i])
		}
	}
	return dst
}

// known returns the value of canonical component c if it needs no search.
func (s *Grundy[P]) known(c P) (game.Nimber, bool) {
	v, st, _ := s.status(c)
	return v, st == valued
}

// The states of a component in the search.
const (
	unseen  = iota // no value and not on the search stack
	valued         // it has a value
	waiting        // in progress: expanded and waiting for its options
)

// status returns the value of canonical component c if it has one, and
// whether it has one or is in progress, with one memo probe; with the
// integer table, also its slot (table64.find).
func (s *Grundy[P]) status(c P) (v game.Nimber, st int, slot uint64) {
	if s.valuer != nil {
		if v, ok := s.valuer.Value(c); ok {
			return v, valued, 0
		}
	}
	if s.denseGame != nil {
		if n := any(c).(int); n >= 0 && n < len(s.dense) {
			return game.Nimber(s.dense[n]), valued, 0
		}
	}
	var ok bool
	if s.table != nil {
		slot, v, ok = s.table.find(keyOf(&c))
	} else {
		v, ok = s.memo[c]
	}
	switch {
	case !ok:
		return 0, unseen, slot
	case v == inProgress:
		return 0, waiting, slot
	}
	return v, valued, slot
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
// explicit stack that holds exactly the path from root to the position
// being worked on. On its first visit an entry is opened: it records its
// options, as canonical components, in a shared arena (so Options, Split
// and Canon run once per position) and marks itself in progress in the
// memo. It then scans them from a cursor, last option first (the order the
// previous engine popped them in, which measured faster on a Go map),
// folding each valued component into its option's nim-sum; at the first
// component with no value it pushes that one component and waits. When the
// child is valued its value is folded into the parent's option and the
// scan resumes past it, so a component is pushed only when it is needed
// and has no value yet, never twice, and options valued meanwhile by the
// child's search cost one probe: the search visits the game graph in
// depth-first order, each position expanded once (the locality the memo's
// slot order relies on). Children's arena regions lie above their parent's
// and are released when they finish, so the arena works like a second
// stack. Meeting a component in progress means it is on the path, so
// reachable from itself: a cycle.
//
// With the integer table, the probe that finds a component unseen also
// finds its slot (table64.find), which its entry keeps: marking it in
// progress and storing its value then cost no probe. While that table is
// narrow and the only source of values, runNarrow runs the loop; with a
// helper (Parallel), it also looks for the components its memo lacks in
// the table shared with the helper, and publishes there each value it
// finds (helpers.go).
func (s *Grundy[P]) search(ctx context.Context, root P) (game.Nimber, error) {
	if s.par != nil {
		s.searchAt = s.States
		defer s.stopHelper()
	}
	s.stack = append(s.stack[:0], entry[P]{p: root})
	if s.table != nil {
		s.stack[0].slot, _, _ = s.table.find(keyOf(&root))
	}
	s.arena, s.bounds = s.arena[:0], s.bounds[:0]
	for len(s.stack) > 0 {
		if s.plain && s.table.narrow != nil {
			if err := s.runNarrow(ctx); err != nil {
				s.abandon()
				return 0, err
			}
			if len(s.stack) > 0 && s.shared != nil {
				// The table has widened. Only runNarrow shares values:
				// past it a helper could only repeat the main engine's work.
				if s.reversed {
					s.abandon()
					return 0, errWide
				}
				s.stopHelper()
			}
			continue // the stack is empty, or the table has widened
		}
		e := &s.stack[len(s.stack)-1]
		if !e.expanded {
			if err := s.open(ctx, e); err != nil {
				s.abandon()
				return 0, err
			}
		}
		child, slot, blocked, err := s.scan(e)
		if err != nil {
			s.abandon()
			return 0, err
		}
		if blocked {
			s.stack = append(s.stack, entry[P]{p: child, slot: slot})
			continue
		}
		v := s.mexOf(e)
		if err := s.fit(e, v); err != nil {
			s.abandon()
			return 0, err
		}
		s.store(e, v)
		s.pop(e, v)
	}
	v, _ := s.lookup(root)
	return v, nil
}

// pop releases the arena of entry e, the top of the stack, once valued v,
// pops it, and folds v into the option of its parent that the parent's
// scan stopped at, stepping past it with no probe.
func (s *Grundy[P]) pop(e *entry[P], v game.Nimber) {
	s.arena, s.bounds = s.arena[:e.arena], s.bounds[:e.bounds]
	s.stack = s.stack[:len(s.stack)-1]
	if len(s.stack) > 0 {
		parent := &s.stack[len(s.stack)-1]
		if parent.single {
			parent.gather(v)
		} else {
			s.bounds[parent.bound].x ^= v
		}
		parent.next--
	}
}

// entry is a position on the search stack. slot is its slot in the integer
// table (table64.find), kept valid as the table grows (Grundy.grow). Once it
// is expanded (and in progress in the memo), arena and bounds locate its
// recorded options, and next and bound are the cursor of its scan, which
// runs backwards: the arena index of the next component to look up and the
// index of the option it belongs to. When every option is a single
// component (single, the common case) no bounds are recorded: an option's
// value is its component's. The scan gathers the values of the options it
// passes in low and big, for the mex (mexOf).
type entry[P comparable] struct {
	p             P
	slot          uint64
	arena, bounds int32
	next, bound   int32
	low           uint64 // the values below 64 of the options the scan has passed
	expanded      bool
	single        bool // every option is one component; bounds holds none
	big           bool // one of the passed options has a value of 64 or more
}

// open expands entry e, the top of the stack: it counts the state against
// the budget, makes room for its memo entry, records its options, and
// marks it in progress. With no budget it polls the context every
// pollEvery states, as a budget does.
func (s *Grundy[P]) open(ctx context.Context, e *entry[P]) error {
	if s.Budget == nil && s.States%limits.PollEvery != 0 {
		s.States++
	} else if err := s.Step(ctx); err != nil {
		return err
	}
	if s.table != nil && s.table.full() {
		if err := s.grow(); err != nil {
			return fmt.Errorf("searched %d positions: %w", s.Memoized(), err)
		}
	}
	if len(s.arena) > math.MaxInt32/2 || len(s.bounds) > math.MaxInt32/2 {
		return fmt.Errorf("search stack too large (%d option components pending)", len(s.arena))
	}
	e.expanded = true
	e.arena, e.bounds = int32(len(s.arena)), int32(len(s.bounds))
	s.expand(e)
	if s.reversed {
		s.reverseOptions(e)
	}
	e.next, e.bound = int32(len(s.arena))-1, int32(len(s.bounds))-1
	if err := s.admit(e); err != nil {
		return err
	}
	s.store(e, inProgress)
	if s.par != nil && s.par.cancel == nil && s.States-s.searchAt >= s.par.after && s.plain && s.table.narrow != nil {
		s.startHelper(ctx)
	}
	// Account memory every 256 states, and whenever the recorded options
	// grew a table (a position can have 10^5 options).
	if s.States%limits.PollEvery == 0 || cap(s.arena) != s.arenaCap || cap(s.bounds) != s.boundsCap || s.sized {
		s.arenaCap, s.boundsCap = cap(s.arena), cap(s.bounds)
		if err := s.Hold(s.footprint()); err != nil {
			return fmt.Errorf("searched %d positions: %w", s.Memoized(), err)
		}
	}
	return nil
}

// scan moves the cursor of entry e, which is on top of the stack, back
// over the components that have values, folding each into its option's
// nim-sum. It stops at the first component with no value (blocked: the
// caller searches it; with the integer table, slot is its slot) or past
// the first option. A component in progress is a cycle.
func (s *Grundy[P]) scan(e *entry[P]) (child P, slot uint64, blocked bool, err error) {
	if e.single {
		for ; e.next >= e.arena; e.next-- {
			c := s.arena[e.next]
			v, st, slot := s.status(c)
			switch st {
			case valued:
				e.gather(v)
			case waiting:
				return child, 0, false, s.cycle(c, e.p)
			default:
				return c, slot, true, nil
			}
		}
		return child, 0, false, nil
	}
	for ; e.bound >= e.bounds; e.bound-- {
		b := &s.bounds[e.bound]
		start := e.arena
		if e.bound > e.bounds {
			start = s.bounds[e.bound-1].end
		}
		for ; e.next >= start; e.next-- {
			c := s.arena[e.next]
			v, st, slot := s.status(c)
			switch st {
			case valued:
				b.x ^= v
			case waiting:
				return child, 0, false, s.cycle(c, e.p)
			default:
				return c, slot, true, nil
			}
		}
		e.gather(b.x)
	}
	return child, 0, false, nil
}

// gather adds the value x of an option the scan has passed.
func (e *entry[P]) gather(x game.Nimber) {
	if x < 64 {
		e.low |= 1 << x
	} else {
		e.big = true
	}
}

// runNarrow is the loop of search while the integer table is narrow and
// the only source of values (plain), the common case of the hashed engine:
// scan, the table's probe (probeNarrow), mexOf's common case, the store of
// a value and pop are written out in it, since they run for every option
// component and every position. It returns when the stack is empty, when
// the table has widened (search goes on with its general loop), or with
// an error.
func (s *Grundy[P]) runNarrow(ctx context.Context) error {
	t := s.table
	var sh *shared
search:
	for len(s.stack) > 0 {
		if s.shared != nil { // open may have started the helper, or grown the table
			sh = s.shared.Load()
		}
		e := &s.stack[len(s.stack)-1]
		if !e.expanded {
			if err := s.open(ctx, e); err != nil {
				return err
			}
			if t.narrow == nil {
				return nil
			}
		}
		arena, bounds, narrow, shift := s.arena, s.bounds, t.narrow, t.shift
		next, b, low := e.next, e.bound, e.low
		if e.single {
			for ; next >= e.arena; next-- {
				c := arena[next]
				i, w := probeNarrow(narrow, shift, keyOf(&c))
				if w == 0 && sh != nil {
					w = s.fromShared(sh, i, keyOf(&c))
				}
				if w == 0 {
					e.next, e.low = next, low
					s.stack = append(s.stack, entry[P]{p: c, slot: i})
					continue search
				}
				if w>>56 == 0xff {
					return s.cycle(c, e.p)
				}
				if v := w>>56 - 1; v < 64 {
					low |= 1 << v
				} else {
					e.big = true
				}
			}
		}
		for ; b >= e.bounds; b-- {
			start := e.arena
			if b > e.bounds {
				start = bounds[b-1].end
			}
			x := bounds[b].x
			for ; next >= start; next-- {
				c := arena[next]
				i, w := probeNarrow(narrow, shift, keyOf(&c))
				if w == 0 && sh != nil {
					w = s.fromShared(sh, i, keyOf(&c))
				}
				if w == 0 {
					bounds[b].x, e.next, e.bound, e.low = x, next, b, low
					s.stack = append(s.stack, entry[P]{p: c, slot: i})
					continue search
				}
				if w>>56 == 0xff {
					return s.cycle(c, e.p)
				}
				x ^= game.Nimber(w>>56 - 1)
			}
			bounds[b].x = x
			if x < 64 {
				low |= 1 << x
			} else {
				e.big = true
			}
		}
		v := game.Nimber(bits.TrailingZeros64(^low))
		if low == ^uint64(0) && e.big {
			e.low = low
			v = s.mexOf(e)
		}
		if v > maxNarrowValue {
			// The table widens for this value; the general loop goes on.
			if err := s.fit(e, v); err != nil {
				return err
			}
			s.store(e, v)
			s.pop(e, v)
			return nil
		}
		narrow[e.slot] = narrowSlot(keyOf(&e.p), v) // in progress there; admit made its key fit
		// Key and value fit a narrow slot, so they fit the shared table.
		if sh != nil {
			sh.put(keyOf(&e.p), v)
		}
		// pop, written out: the hot loop keeps bounds in a local (a call
		// measured slower, docs/PERFORMANCE.md, fourth pass, step 12).
		s.arena, s.bounds = s.arena[:e.arena], s.bounds[:e.bounds]
		s.stack = s.stack[:len(s.stack)-1]
		if len(s.stack) > 0 {
			parent := &s.stack[len(s.stack)-1]
			if parent.single {
				parent.gather(v)
			} else {
				bounds[parent.bound].x ^= v
			}
			parent.next--
		}
	}
	return nil
}

// cycle returns the error of a search that met component c, in progress,
// among the options of p.
func (s *Grundy[P]) cycle(c, p P) error {
	return fmt.Errorf("%w: %s is reachable from itself (via %s)", ErrCycle, s.format(c), s.format(p))
}

// SumAppender is an optional interface of a game with neither Splitter nor
// Canonicalizer whose options the engine can record without a callback:
// AppendSums appends the components of each option of p to parts and,
// after each option, len(parts) to ends, and returns both. It must list
// the same options as Options (each already split into its canonical
// components, as the engine's memo keys them). The engine calls it, when
// the game has it, in place of Options (or of game.Appender's
// AppendOptions, which it uses likewise for single-component options).
type SumAppender[P comparable] interface {
	AppendSums(p P, parts []P, ends []int32) ([]P, []int32)
}

// expand records the options of entry e: their components in the arena
// and, unless every option is a single component (e.single), each
// option's end in bounds. It uses the game's appending method when it has
// one, else Options and the record function (recorder).
func (s *Grundy[P]) expand(e *entry[P]) {
	switch {
	case s.sums != nil:
		s.arena, s.ends = s.sums.AppendSums(e.p, s.arena, s.ends[:0])
		e.single = true
		for i, end := range s.ends {
			if end != e.arena+int32(i)+1 {
				e.single = false
				break
			}
		}
		if !e.single {
			for _, end := range s.ends {
				s.bounds = append(s.bounds, bound{end: end})
			}
		}
	case s.single != nil:
		s.arena = s.single.AppendOptions(e.p, s.arena)
		e.single = true
	default:
		s.from, s.multi = int(e.arena), false
		s.game.Options(e.p, s.record)
		e.single = !s.multi
	}
}

// recorder returns the yield function of the expansion: it appends the
// canonical components of one option to the arena and, from the first
// option that is not a single component on (multi), closes each option in
// bounds. It runs for every option of every position: the common case,
// one component of a game that neither splits nor canonicalizes, with room
// in the arena, writes one word and the length (re-slicing within
// capacity needs no write barrier), with no call of its own.
func (s *Grundy[P]) recorder() func(option []P) bool {
	return func(option []P) bool {
		if n := len(s.arena); len(option) == 1 && s.asIs && !s.multi && n < cap(s.arena) {
			s.arena = s.arena[:n+1]
			s.arena[n] = option[0]
			return true
		}
		s.recordSlow(option)
		return true
	}
}

// recordSlow is the record function for any option.
func (s *Grundy[P]) recordSlow(option []P) {
	n := len(s.arena)
	if s.asIs {
		s.arena = append(s.arena, option...)
	} else {
		for _, part := range option {
			s.arena = s.components(part, s.arena)
		}
	}
	if s.multi || len(s.arena)-n != 1 {
		if !s.multi {
			// Close the single-component options recorded so far.
			s.multi = true
			for i := s.from; i < n; i++ {
				s.bounds = append(s.bounds, bound{end: int32(i + 1)})
			}
		}
		s.bounds = append(s.bounds, bound{end: int32(len(s.arena))})
	}
}

// bound closes a recorded option: its components end at arena[end], and x
// is the nim-sum of the values of those its entry's scan has passed.
type bound struct {
	x   game.Nimber
	end int32
}

// mexOf returns the mex of the values of e's recorded options, once its
// scan has passed every component: from the values below 64 it gathered,
// unless they are all present and some option has a larger value.
func (s *Grundy[P]) mexOf(e *entry[P]) game.Nimber {
	if e.low != ^uint64(0) || !e.big {
		return game.Nimber(bits.TrailingZeros64(^e.low))
	}
	set := &s.scratch
	set.Reset()
	if e.single {
		for _, c := range s.arena[e.arena:] {
			v, _, _ := s.status(c) // valued: the scan has passed it
			set.Add(v)
		}
		return set.Mex()
	}
	for _, b := range s.bounds[e.bounds:] {
		set.Add(b.x)
	}
	return set.Mex()
}

// abandon forgets the in-progress marks of an interrupted search, so the
// solver stays usable (values already finished are kept).
func (s *Grundy[P]) abandon() {
	for _, e := range s.stack {
		if v, ok := s.lookup(e.p); ok && v == inProgress {
			s.forget(e.p)
		}
	}
	s.stack = s.stack[:0]
	s.arena, s.bounds = s.arena[:0], s.bounds[:0]
}

// footprint estimates the bytes the engine holds: the memo (for a map,
// key and value with the hash table's slack counted as doubling them; the
// integer table exactly, slots included), the search
// stack, the arena of recorded options and the dense table. Positions that
// point to more memory (strings, slices) are counted by their header only.
func (s *Grundy[P]) footprint() int64 {
	var p P
	size := int64(unsafe.Sizeof(p))
	memo := int64(len(s.memo)) * 2 * (size + 8)
	if s.table != nil {
		memo = s.table.bytes()
	}
	if s.par != nil && s.shared != nil {
		memo += s.shared.Load().bytes() // the table this engine shares with its helper
	}
	return memo +
		int64(cap(s.stack))*int64(unsafe.Sizeof(entry[P]{})) +
		int64(cap(s.arena))*size + int64(cap(s.bounds))*int64(unsafe.Sizeof(bound{})) + int64(cap(s.ends))*4 +
		int64(cap(s.dense))*4 + footprintOf(s.game)
}

func (s *Grundy[P]) format(p P) string {
	if f, ok := s.game.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}
