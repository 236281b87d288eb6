package solve

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/game"
)

// A search on two cores (Lazy SMP, as chess engines share a transposition
// table). A Grundy engine given a helper (Parallel) starts it once one of
// its searches has expanded a given number of states without finishing:
// the helper is another Grundy engine, over its own copy of the game, that
// searches the same root with every position's options in the opposite
// order, so it works first where the main engine comes last. Both engines
// publish each value they find to one shared table and, before searching
// a component their own memo lacks, look there: a subtree one engine has
// finished costs the other a probe. On 5x5 rectangles each engine expands
// about half of the 262,287 positions, and the two together about 3% more
// than one engine alone (docs/PERFORMANCE.md). The main engine's value is
// the answer; when its search ends, for whatever reason, it cancels the
// helper and waits for it, so no work of the request outlives it.
//
// Correctness does not depend on the sharing: a Grundy value is a function
// of the position, both engines compute the same one, and a value is
// published only once final. The helper is accounted like the main
// engine: every state it expands counts against the request's budget (so
// --max-states bounds both together, and a state both expand counts
// twice), its tables and the shared one are held against the memory
// limit, and it polls the request's context.
//
// One helper, not one per core: a second would need an order of its own,
// different from both, to add anything.

// minSharedBits is log2 of the slots of the smallest shared table: 2^19
// slots, 4 MiB, which holds the values of 5x5 rectangles with room to
// spare and fits the last-level cache. The table has at least as many
// slots as the main engine's memo: it grows with it (growShared).
const minSharedBits = 19

// shared is the table of finished values the engines of one parallel
// search publish to and look up: a lossy cache, like a chess engine's
// transposition table, of buckets of 8 one-word slots (one cache line) in
// the narrow layout of table64 (key below 2^56 in the low bits, value+1 in
// the top byte). A key lives in one bucket, chosen by the top bits of its
// Fibonacci hash; a look-up reads that line, and an insertion takes an
// empty slot of it or, when it is full, replaces the slot the hash names.
// Slots are written whole with atomic stores, so a reader sees a slot
// empty or holding some key's final value, and a key it finds has that
// value. A value overwritten is only a value the other engine may have to
// compute again.
type shared struct {
	slots []atomic.Uint64
	shift uint8 // 64 - log2(number of buckets)
}

// sharedRef is the current shared table of a main engine and its helper:
// the main engine replaces it by a larger one as its memo grows, and each
// engine loads it before each position it works on.
type sharedRef struct{ atomic.Pointer[shared] }

// bucketBits is log2 of the slots of a bucket: 8 words, a cache line.
const bucketBits = 3

// newShared returns an empty table of 2^bits slots.
func newShared(bits uint8) *shared {
	return &shared{slots: make([]atomic.Uint64, 1<<bits), shift: 64 - (bits - bucketBits)}
}

// bytes returns the bytes the table holds.
func (t *shared) bytes() int64 { return int64(len(t.slots)) * 8 }

// bucket returns the slots of k's bucket, and the slot of it an insertion
// replaces when it is full.
func (t *shared) bucket(k uint64) (b []atomic.Uint64, victim int) {
	h := k * 0x9e3779b97f4a7c15
	i := h >> t.shift << bucketBits
	return t.slots[i : i+1<<bucketBits : i+1<<bucketBits], int(h >> 20 & (1<<bucketBits - 1))
}

// get returns the value published for key k, if it is still there.
func (t *shared) get(k uint64) (game.Nimber, bool) {
	b, _ := t.bucket(k)
	for i := range b {
		if w := b[i].Load(); w != 0 && w&(narrowKeys-1) == k {
			return narrowLoaded(w), true
		}
	}
	return 0, false
}

// put publishes value v (at most maxNarrowValue) for key k (below
// narrowKeys).
func (t *shared) put(k uint64, v game.Nimber) {
	b, victim := t.bucket(k)
	for i := range b {
		w := b[i].Load()
		if w == 0 {
			victim = i
			break
		}
		if w&(narrowKeys-1) == k {
			return
		}
	}
	b[victim].Store(narrowSlot(k, v))
}

// helpers is the parallel part of a Grundy engine (Parallel).
type helpers[P comparable] struct {
	newGame func() game.Game[P] // a copy of the game for the helper
	after   int64               // states a search expands before it starts the helper
	cancel  context.CancelFunc  // stops the running helper, nil if none runs
	wait    sync.WaitGroup      // the running helper
	states  atomic.Int64        // states the helper expanded
}

// Parallel gives the searches of s a helper engine on another core, over
// a game newGame returns (a copy with the same positions, options and
// values as s's, which the helper alone uses: games are not safe for
// concurrent use). The engines share values by position, so a position
// must mean the same in every copy: bitboards and packed tuples do, while
// identifiers that a game instance interns (games.ComponentID) do not, as
// each copy would number its positions in its own order.
//
// A search starts the helper once it has expanded after states, so small
// searches run as before, and the helper works only while the integer
// memo is narrow (values below 254), the common case. Parallel does
// nothing when only one core is available (GOMAXPROCS) or when the
// positions are not integers. The helper's states are added to s.States
// when it stops.
func (s *Grundy[P]) Parallel(newGame func() game.Game[P], after int64) {
	if s.table == nil || newGame == nil || gomaxprocs() < 2 {
		s.par = nil
		return
	}
	s.par = &helpers[P]{newGame: newGame, after: after}
}

// startHelper starts the helper on the root of the current search, the
// first time with a new shared table, which the engine keeps (and holds
// against the budget) as long as it lives: its values stay true.
func (s *Grundy[P]) startHelper(ctx context.Context) {
	h := s.par
	if s.shared == nil {
		t := newShared(s.sharedBits())
		if err := s.Hold(s.footprint() + t.bytes()); err != nil {
			s.par = nil // no memory for it: search alone
			return
		}
		s.shared = new(sharedRef)
		s.shared.Store(t)
	}
	w := NewGrundy(h.newGame(), s.Budget)
	w.shared, w.reversed = s.shared, true
	root := s.stack[0].p
	hctx, cancel := context.WithCancel(ctx)
	h.cancel = cancel
	h.wait.Add(1)
	go func() {
		defer h.wait.Done()
		w.Value(hctx, root) // its error (the context's, a limit) ends only the helper
		h.states.Add(w.States)
		w.Free()
	}()
}

// sharedBits returns log2 of the slots a shared table should have: as many
// as the engine's memo, at least 2^minSharedBits.
func (s *Grundy[P]) sharedBits() uint8 {
	return uint8(max(minSharedBits, bits.Len(uint(s.table.size()))-1))
}

// growShared replaces the shared table by one as large as the engine's
// memo, which has just grown, copying the entries over; the helper moves
// to the new table at its next position. What the helper publishes to the
// old table meanwhile is lost, which only means work done twice. The new
// table is held against the budget first; if the budget refuses, the
// table stays as it is.
func (s *Grundy[P]) growShared() {
	old := s.shared.Load()
	b := s.sharedBits()
	if len(old.slots) >= 1<<b {
		return
	}
	if err := s.Hold(s.footprint() + int64(8)<<b); err != nil {
		return
	}
	t := newShared(b)
	for i := range old.slots {
		if w := old.slots[i].Load(); w != 0 {
			t.put(w&(narrowKeys-1), narrowLoaded(w))
		}
	}
	s.shared.Store(t)
}

// stopHelper cancels the helper of the search that ends, waits for it and
// counts its states with the engine's.
func (s *Grundy[P]) stopHelper() {
	h := s.par
	if h == nil || h.cancel == nil {
		return
	}
	h.cancel()
	h.wait.Wait()
	h.cancel = nil
	s.States += h.states.Swap(0)
}

// errWide ends a helper whose memo has widened (a value past
// maxNarrowValue or a key past 2^56): values are shared only by the
// narrow loop.
var errWide = errors.New("helper stopped: its memo widened")

// reverseOptions reverses the order of e's recorded options (the helper's
// order): the main engine scans an entry's options last to first, the
// helper first to last. Reversing the whole region reverses the options
// and the components within each, which does not change an option's
// nim-sum. With A the region's start and E_0..E_{n-1} the old ends, the
// new option i is the old n-1-i, which ends at A + E_{n-1} - E_{n-2-i}
// (E_{-1} = A).
func (s *Grundy[P]) reverseOptions(e *entry[P]) {
	slices.Reverse(s.arena[e.arena:])
	ends := s.bounds[e.bounds:]
	if e.single || len(ends) == 0 {
		return
	}
	last := len(ends) - 1
	sum := e.arena + ends[last].end
	slices.Reverse(ends[:last])
	for i := range ends[:last] {
		ends[i].end = sum - ends[i].end
	}
}

// fromShared returns the narrow slot word of key k from the shared table,
// 0 if it has no value there. The value is also stored in the engine's own
// table at slot i, where its probe for k ended, when that leaves the table
// within its load limit (open grows it before the next insertion).
func (s *Grundy[P]) fromShared(sh *shared, i, k uint64) uint64 {
	v, ok := sh.get(k)
	if !ok {
		return 0
	}
	w := narrowSlot(k, v)
	if t := s.table; !t.full() {
		t.narrow[i] = w
		t.added(i)
	}
	return w
}

// gomaxprocs returns the cores the Go scheduler uses.
func gomaxprocs() int { return runtime.GOMAXPROCS(0) }
