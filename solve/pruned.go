package solve

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Pruned computes Grundy values of an impartial game with the pruned
// search of Beling and Rogalski, "On pruning search trees of impartial
// games", Artificial Intelligence 283 (2020). Where Grundy values every
// option of every position it meets, Pruned asks narrower questions and
// stops at the first answer that settles them:
//
//   - Is the value of a sum v? (IsValue.) The components are valued but
//     the hardest one (the largest by the game's Sizer, else the last),
//     and the question becomes whether that one's value is v ^ (the others'
//     nim-sum): for a component, "is g(c) = y" is settled by one option of
//     value y (no), or by one value below y that no option has (no),
//     without valuing every option.
//     A position of n options has a value of at most n, so "is g(c) = y"
//     for y > n is settled by counting them.
//   - A component's value is found by trying the candidates 0, 1, 2, ...
//     in turn (the aspiration of Lemoine and Viennot, "Nimbers are
//     inevitable", Theoretical Computer Science 462 (2012)): g(c) is the
//     first k no option has, and "has an option of value k" stops at the
//     first option shown to have it.
//   - A position's options are listed once for all the questions asked
//     of it in a row (a frame per depth of the search), and each option
//     keeps what was learned of it: the nim-sum of its components
//     already valued, so each is valued once, and its own value once
//     known, so an option shown to have value j is not asked about k.
//     Components whose values are known when the options are listed (the
//     game's Valuer, the memo) are folded into that nim-sum at once, and
//     two equal components of one option cancel (g ^ g = 0).
//   - Options are tried cheapest first: the smallest sum of the squares
//     of the Sizes of their components of unknown value (the work of
//     valuing a component grows faster than its size, so an option split
//     into pieces is cheaper than one of as many cells in one piece; on
//     Cram this expands a third fewer positions than the sum of the
//     Sizes), then, among equal sums, in the game's own order (Cram lists
//     its dominoes from the centre out), so the witness that settles a
//     question is found among the cheap options when there is one there.
//   - Each component remembers what was learned of it: its value once
//     known, the values some option has, the values no option has, and
//     the values it does not have, so a question asked again costs a
//     lookup. The memo is a transposition table (factsTable) that grows
//     while the request's memory budget allows, up to half of it, and then
//     keeps its size and replaces its cheapest entries: a search past the
//     memory limit goes on, more slowly, instead of stopping.
//
// Every question reduces to questions on options, which are positions
// nearer the end, so the search ends on acyclic games; a position met
// again while its own options are being asked about is a cycle (ErrCycle),
// but a cycle the questions never cross goes unseen: Pruned is for games
// known to be acyclic.
// The game's options must already be split into canonical components (as
// SumAppender's are), or the game must be a game.Splitter and may be a
// game.Canonicalizer; a game.Valuer answers the components it knows. It is
// not safe for concurrent use; Parallel makes its questions searched by
// several goroutines at once (prunedparallel.go).
type Pruned[P comparable] struct {
	limits.Counter

	game   game.Game[P]
	split  game.Splitter[P]
	canon  game.Canonicalizer[P]
	valuer game.Valuer[P]
	sizer  Sizer[P]
	sums   SumAppender[P]    // the game's options without a callback, if it has neither Splitter nor Canonicalizer
	table  *factsTable[P]    // the memo, made by ready (nil when memo is used)
	fixed  bool              // the table may not grow: it replaces entries
	path   []P               // the components whose options are being asked about, outermost first
	frames []*prunedFrame[P] // the scratch of each depth's options

	par     *prunedWorkers[P]  // the workers of a parallel search (Parallel), nil if none
	memo    *sharedMemo        // the memo shared by the workers, nil for table
	added   int64              // entries this worker added to memo and has not counted there yet
	sizeKey func(k uint64) int // the Sizer on memo's keys, for its replacements
	marks   *busyMarks         // the components the workers are searching near the root
	touched uint64             // the sum of touchShared's loads, kept so they are not optimised away
	scratch int64              // the bytes of the frames' buffers, accounted for with the budget
	settled *atomic.Bool       // set when another worker has answered the current question
}

// Sizer is an optional interface of a game for Pruned: Size estimates the
// work of valuing p (its cells, its tokens). Options are tried in order of
// the sum of their components' squared Sizes and a sum's hardest
// component is its largest.
type Sizer[P comparable] interface {
	Size(p P) int
}

// facts is what Pruned knows of one component. The bit sets hold values
// below factsBits (16); questions about larger values are answered by
// search each time.
type facts struct {
	value  game.Nimber
	known  bool   // value is the component's value
	has    uint16 // bit k: some option has value k (so g != k)
	hasNot uint16 // bit k: no option has value k (so g <= k)
	not    uint16 // bit k: g != k
}

// prunedFrame is the options of one position (of), in the order tried,
// once listed (ready).
type prunedFrame[P comparable] struct {
	of    P
	ready bool
	parts []P            // the options' components of unknown value
	opts  []prunedOption // the options, each a range of parts
	ends  []int32        // scratch of the game's SumAppender: each option's end in parts
	keys  []uint64       // scratch of the sort: key<<32 | index
	spare []prunedOption // scratch of the sort
	held  int64          // the bytes of the buffers accounted for with the budget
}

// keyField is the largest value of a 20-bit field of an option's key;
// the sort packs the option's index (when it fits) in bits 0-19.
const keyField = 1<<20 - 1

// prunedOption is one option of a frame: parts[start:end] are its
// components whose values are not known yet, the hardest first; acc is
// the nim-sum of the values of the others; value is its value once known.
// key orders the options: the sum of the squared Sizes of those
// components in bits 40-63 (at most 2^24-1); the sort packs the option's
// index in bits 0-19.
type prunedOption struct {
	start, end int32
	key        uint64
	known      bool
	deferred   bool // left for scan's second pass
	acc        game.Nimber
	value      game.Nimber
}

// NewPruned returns a pruned solver for g counting against budget.
func NewPruned[P comparable](g game.Game[P], budget *limits.Budget) *Pruned[P] {
	s := &Pruned[P]{game: g}
	s.Budget = budget
	s.split, _ = g.(game.Splitter[P])
	s.canon, _ = g.(game.Canonicalizer[P])
	s.valuer, _ = g.(game.Valuer[P])
	s.sizer, _ = g.(Sizer[P])
	if s.split == nil && s.canon == nil {
		s.sums, _ = g.(SumAppender[P])
	}
	return s
}

// Memoized reports how many components the solver knows something of.
func (s *Pruned[P]) Memoized() int {
	if s.memo != nil {
		return int(s.memo.count.Load())
	}
	if s.table == nil {
		return 0
	}
	return s.table.count
}

// Replaced reports how many entries the memo has replaced (or dropped as
// it grew) once it could not grow.
func (s *Pruned[P]) Replaced() int64 {
	if s.memo != nil {
		return s.memo.evicted.Load()
	}
	if s.table == nil {
		return 0
	}
	return s.table.evicted
}

// ready makes the memo, of the smallest size, on first use.
func (s *Pruned[P]) ready() error {
	if s.table != nil || s.memo != nil {
		return nil
	}
	if s.par != nil {
		return s.readyWorkers()
	}
	t := newFactsTable[P]()
	if err := s.Hold(t.bytesOf(len(t.slots))); err != nil {
		return err
	}
	s.table = t
	return nil
}

// Value returns the Grundy value of component p (canonical, as the game's
// options give them).
func (s *Pruned[P]) Value(ctx context.Context, p P) (game.Nimber, error) {
	if err := s.ready(); err != nil {
		return 0, err
	}
	parts := s.components(p, nil)
	var x game.Nimber
	for _, c := range parts {
		v, err := s.valueOf(ctx, c)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// IsValue reports whether the sum of the components parts has value v.
func (s *Pruned[P]) IsValue(ctx context.Context, parts []P, v game.Nimber) (bool, error) {
	if err := s.ready(); err != nil {
		return false, err
	}
	var canon []P
	for _, p := range parts {
		canon = s.components(p, canon)
	}
	if s.par != nil {
		return s.raceSumIs(ctx, canon, v)
	}
	return s.sumIs(ctx, canon, v)
}

// components appends the canonical components of p to dst.
func (s *Pruned[P]) components(p P, dst []P) []P { return appendComponents(s.split, s.canon, p, dst) }

// lookup returns what is known of c: the game's Valuer's answer, or the
// memo's entry, or nothing.
func (s *Pruned[P]) lookup(c P) facts {
	if s.valuer != nil {
		if v, ok := s.valuer.Value(c); ok {
			return facts{value: v, known: true}
		}
	}
	if s.memo != nil {
		if w := s.memo.table.Load().get(keyOf(&c)); w != 0 {
			return unpack(w)
		}
		return facts{}
	}
	if i, ok := s.table.find(c); ok {
		return unpack(s.table.slots[i].meta)
	}
	return facts{}
}

// remember stores f as what is known of c: in c's entry, or in a new one,
// growing the memo first when it is three quarters full and the budget
// allows; when c's window is full, c replaces the cheapest entry of its
// window.
func (s *Pruned[P]) remember(c P, f facts) {
	if s.memo != nil {
		s.rememberShared(c, f)
		return
	}
	t := s.table
	i, ok := t.find(c)
	if !ok && 4*(t.count+1) > 3*len(t.slots) && s.growable() {
		s.table = t.grown()
		t = s.table
		i, ok = t.find(c)
	}
	switch {
	case ok:
	case i >= 0:
		t.count++
	default:
		var size func(P) int
		if s.sizer != nil {
			size = s.sizer.Size
		}
		i = t.victim(c, size)
		t.evicted++
	}
	t.slots[i] = factsSlot[P]{key: c, meta: pack(f)}
}

// growable reports whether the memo may double: while the table, old and
// new together during the growth, stays within half of the request's
// memory limit (the rest is for the other engines and the process) and
// the budget accounts for it. Once it may not, it never grows again.
func (s *Pruned[P]) growable() bool {
	if s.fixed {
		return false
	}
	n := len(s.table.slots)
	need := s.table.bytesOf(n) + s.table.bytesOf(2*n)
	if b := s.Budget; b != nil && b.MaxMemory > 0 && need > b.MaxMemory/2 || s.Hold(need) != nil {
		s.fixed = true
		return false
	}
	return true
}

// value returns g(c): the first candidate k that no option has.
func (s *Pruned[P]) value(ctx context.Context, c P) (game.Nimber, error) {
	f := s.lookup(c)
	if f.known {
		return f.value, nil
	}
	for k := game.Nimber(0); ; k++ {
		if k < factsBits && f.not&(1<<k) != 0 {
			continue // g != k is known, so some option has k (or g < k, which the loop has ruled out)
		}
		has, err := s.optionHas(ctx, c, &f, k)
		if err != nil {
			return 0, err
		}
		if !has {
			f.value, f.known = k, true
			s.remember(c, f)
			return k, nil
		}
	}
}

// is reports whether g(c) = y: no option has value y, and every value
// below y has an option.
func (s *Pruned[P]) is(ctx context.Context, c P, y game.Nimber) (bool, error) {
	f := s.lookup(c)
	if f.known {
		return f.value == y, nil
	}
	if y < factsBits && f.not&(1<<y) != 0 {
		return false, nil
	}
	result, err := s.decide(ctx, c, &f, y)
	if err != nil {
		return false, err
	}
	if result {
		f.value, f.known = y, true
	} else if y < factsBits {
		f.not |= 1 << y
	}
	s.remember(c, f)
	return result, nil
}

// decide is is without the memo's answer.
func (s *Pruned[P]) decide(ctx context.Context, c P, f *facts, y game.Nimber) (bool, error) {
	if y < factsBits && f.has&(1<<y) != 0 {
		return false, nil
	}
	for z := game.Nimber(0); z < y && z < factsBits; z++ {
		if f.hasNot&(1<<z) != 0 {
			return false, nil // g <= z < y
		}
	}
	// A position of n options has a value of at most n (their n values
	// cannot cover 0..n): the question is settled by counting them.
	fr, err := s.frameOf(ctx, c, f)
	if err != nil || y > game.Nimber(len(fr.opts)) {
		return false, err
	}
	// One option of value y refutes g = y: the cheapest question first.
	has, err := s.optionHas(ctx, c, f, y)
	if err != nil || has {
		return false, err
	}
	for z := game.Nimber(0); z < y; z++ {
		has, err := s.optionHas(ctx, c, f, z)
		if err != nil || !has {
			return false, err // g <= z < y
		}
	}
	return true, nil
}

// optionIs reports whether option o of frame fr has value k, and learns
// its value on the way when it can: its components but the hardest are
// valued, once for all the questions the frame is asked (their nim-sum
// joins o.acc), and the question becomes whether the hardest's value is
// k ^ o.acc. fr.parts is read in place: the questions it asks expand
// their options in deeper frames.
func (s *Pruned[P]) optionIs(ctx context.Context, fr *prunedFrame[P], o *prunedOption, k game.Nimber) (bool, error) {
	for o.end-o.start > 1 {
		v, err := s.value(ctx, fr.parts[o.end-1])
		if err != nil {
			return false, err
		}
		o.acc ^= v
		o.end--
	}
	if o.end > o.start {
		hardest := fr.parts[o.start]
		ok, err := s.is(ctx, hardest, k^o.acc)
		if err != nil {
			return false, err
		}
		if !ok {
			// The question may have found the hardest's value (its entry
			// is in the cache now): then the option's is known.
			if v, known := s.known(hardest); known {
				o.value, o.known = v^o.acc, true
			}
			return false, nil
		}
		o.acc, o.start = k, o.end // the hardest's value is k ^ o.acc
	}
	o.value, o.known = o.acc, true
	return o.acc == k, nil
}

// optionHas reports whether some option of c has value k, adding what it
// learns to f, the caller's copy of c's facts, which it stores. No other
// question of this engine changes c's entry meanwhile: the questions it
// asks are on options, and reaching c from them is a cycle. (The other
// workers of a parallel search may add facts to it: the shared memo
// merges what each stores.)
func (s *Pruned[P]) optionHas(ctx context.Context, c P, f *facts, k game.Nimber) (bool, error) {
	if f.known && k <= f.value {
		return k < f.value, nil // the value is the mex of the options' values
	}
	if k < factsBits {
		switch {
		case f.has&(1<<k) != 0:
			return true, nil
		case f.hasNot&(1<<k) != 0:
			return false, nil
		}
	}
	if slices.Contains(s.path, c) {
		return false, fmt.Errorf("%w: a position is reachable from itself", ErrCycle)
	}
	fr, err := s.frameOf(ctx, c, f)
	if err != nil {
		return false, err
	}
	found := k < factsBits && f.has&(1<<k) != 0
	if !found {
		if found, err = s.scan(ctx, c, fr, f, k); err != nil {
			return false, err
		}
	}
	if k < factsBits {
		if found {
			f.has |= 1 << k
			f.not |= 1 << k
		} else {
			f.hasNot |= 1 << k
		}
	}
	s.remember(c, *f)
	return found, nil
}

// scan reports whether some option of c, listed in fr, has value k,
// adding the options' values it learns to f. In a parallel search, near
// the root, c is marked busy while its options are scanned, and the
// options whose components another worker is expanding are left for a
// second pass, after the others.
func (s *Pruned[P]) scan(ctx context.Context, c P, fr *prunedFrame[P], f *facts, k game.Nimber) (bool, error) {
	spread := s.marks != nil && len(s.path) < busyDepth
	marked := spread && s.marks.mark(keyOf(&c))
	s.path = append(s.path, c)
	found, deferred := false, false
	var err error
scan:
	for pass := range 2 {
		for i := range fr.opts {
			o := &fr.opts[i]
			if pass == 0 {
				o.deferred = false
			} else if !o.deferred {
				continue
			}
			if o.known {
				if o.value == k {
					found = true
					break scan
				}
				continue // an option has one value: it is not k
			}
			if spread && pass == 0 && s.othersBusy(fr, o) {
				o.deferred, deferred = true, true
				continue
			}
			var ok bool
			if ok, err = s.optionIs(ctx, fr, o, k); err != nil || ok {
				found = ok
				break scan
			}
			if o.known && o.value < factsBits {
				f.has |= 1 << o.value // the option's value, learned on the way
				f.not |= 1 << o.value
			}
		}
		if !deferred {
			break
		}
	}
	s.path = s.path[:len(s.path)-1]
	if marked {
		s.marks.unmark(keyOf(&c))
	}
	return found, err
}

// othersBusy reports whether a worker is expanding a component of o.
func (s *Pruned[P]) othersBusy(fr *prunedFrame[P], o *prunedOption) bool {
	for i := o.start; i < o.end; i++ {
		if s.marks.busy(keyOf(&fr.parts[i])) {
			return true
		}
	}
	return false
}

// known returns the value of canonical component c when the game's Valuer
// or the memo knows it.
func (s *Pruned[P]) known(c P) (game.Nimber, bool) {
	if s.valuer != nil {
		if v, ok := s.valuer.Value(c); ok {
			return v, true
		}
	}
	if s.memo != nil {
		if w := s.memo.table.Load().get(keyOf(&c)); w&knownBit != 0 {
			return game.Nimber(w >> valueShift & maxPackedValue), true
		}
		return 0, false
	}
	if i, ok := s.table.find(c); ok {
		if w := s.table.slots[i].meta; w&knownBit != 0 {
			return game.Nimber(w >> valueShift & maxPackedValue), true
		}
	}
	return 0, false
}

// frameOf returns the options of c in the frame of the current depth,
// listing them unless the frame holds them already (a position's
// questions, one candidate value after another, share one listing and
// what each option is known to be), and adds the values of the options
// known there to f.
func (s *Pruned[P]) frameOf(ctx context.Context, c P, f *facts) (*prunedFrame[P], error) {
	depth := len(s.path)
	for len(s.frames) <= depth {
		s.frames = append(s.frames, new(prunedFrame[P]))
	}
	fr := s.frames[depth]
	if !fr.ready || fr.of != c {
		if err := s.expand(ctx, c, fr); err != nil {
			return nil, err
		}
	}
	for _, o := range fr.opts {
		if o.known && o.value < factsBits {
			f.has |= 1 << o.value
			f.not |= 1 << o.value
		}
	}
	return fr, nil
}

// expand lists the options of c in fr, in the order to try them: by the
// sum of the squared Sizes of their components whose values are unknown,
// the smallest first. Each option keeps only those components, the
// hardest (the largest) first, and the nim-sum of the others' values; two
// equal components cancel (g ^ g = 0), so neither is kept.
func (s *Pruned[P]) expand(ctx context.Context, c P, fr *prunedFrame[P]) error {
	if s.settled != nil && s.settled.Load() {
		return errSettled // at once: the context is polled only every limits.PollEvery states
	}
	if err := s.Step(ctx); err != nil {
		return err
	}
	fr.ready = false
	fr.parts, fr.opts = fr.parts[:0], fr.opts[:0]
	if s.sums != nil {
		fr.parts, fr.ends = s.sums.AppendSums(c, fr.parts, fr.ends[:0])
		n, start := 0, 0
		for _, end := range fr.ends {
			from := n
			n = cancelPairs(fr.parts, n, start, int(end))
			fr.opts = append(fr.opts, prunedOption{start: int32(from), end: int32(n)})
			start = int(end)
		}
		fr.parts = fr.parts[:n]
	} else {
		s.game.Options(c, func(option []P) bool {
			start := len(fr.parts)
			for _, p := range option {
				fr.parts = s.components(p, fr.parts)
			}
			n := cancelPairs(fr.parts, start, start, len(fr.parts))
			fr.parts = fr.parts[:n]
			fr.opts = append(fr.opts, prunedOption{start: int32(start), end: int32(n)})
			return true
		})
	}
	// Every look-up below is likely a cache miss: touching the slots first,
	// in a loop of independent loads, lets the processor wait for them
	// together.
	if s.memo != nil {
		s.touched = touchShared(s.memo.table.Load(), fr.parts)
	} else {
		s.table.touch(fr.parts)
	}
	for i := range fr.opts {
		o := &fr.opts[i]
		start, kept := int(o.start), int(o.start)
		for _, p := range fr.parts[start:o.end] {
			if v, ok := s.known(p); ok {
				o.acc ^= v
				continue
			}
			fr.parts[kept] = p
			kept++
		}
		o.end = int32(kept)
		switch {
		case kept == start:
			o.value, o.known = o.acc, true
		case s.sizer != nil:
			best, sizes := -1, uint64(0)
			for i := start; i < kept; i++ {
				z := s.sizer.Size(fr.parts[i])
				sizes += uint64(z * z)
				if z > best {
					fr.parts[start], fr.parts[i] = fr.parts[i], fr.parts[start]
					best = z
				}
			}
			o.key = min(sizes, keyField<<4) << 40
		default:
			fr.parts[start], fr.parts[kept-1] = fr.parts[kept-1], fr.parts[start]
		}
	}
	switch {
	case s.sizer == nil:
	case len(fr.opts) <= keyField:
		// By key, then by the game's order: one sort of words.
		fr.keys = fr.keys[:0]
		for i, o := range fr.opts {
			fr.keys = append(fr.keys, o.key|uint64(i))
		}
		sortKeys(fr.keys)
		fr.spare = append(fr.spare[:0], fr.opts...)
		for i, k := range fr.keys {
			fr.opts[i] = fr.spare[k&keyField]
		}
	default:
		slices.SortStableFunc(fr.opts, func(a, b prunedOption) int { return cmp.Compare(a.key, b.key) })
	}
	fr.of, fr.ready = c, true
	return s.holdFrame(fr)
}

// holdFrame accounts with the budget for the buffers of fr as they grow.
func (s *Pruned[P]) holdFrame(fr *prunedFrame[P]) error {
	var p P
	n := int64(cap(fr.parts))*int64(unsafe.Sizeof(p)) + int64(cap(fr.opts)+cap(fr.spare))*int64(unsafe.Sizeof(prunedOption{})) +
		int64(cap(fr.ends))*4 + int64(cap(fr.keys))*8
	if n <= fr.held {
		return nil
	}
	if err := s.Budget.Grow(n - fr.held); err != nil {
		return err
	}
	s.scratch += n - fr.held
	fr.held = n
	return nil
}

// cancelPairs copies the components parts[from:to] of one option to
// parts[w:] (w <= from), leaving out pairs of equal ones (g ^ g = 0), and
// returns the end of the copy.
func cancelPairs[P comparable](parts []P, w, from, to int) int {
	n := w
parts:
	for i := from; i < to; i++ {
		p := parts[i]
		for j := w; j < n; j++ {
			if parts[j] == p {
				n--
				parts[j] = parts[n]
				continue parts
			}
		}
		parts[n] = p // n <= i: the copy reads ahead of its writes
		n++
	}
	return n
}

// sortKeys sorts the keys of a position's options, all distinct (each
// holds its option's index): an insertion sort, cheaper than slices.Sort
// on the few dozen keys a position has; a long list goes to slices.Sort.
// Either gives the one sorted order, so the search is the same.
func sortKeys(ks []uint64) {
	if len(ks) > 64 {
		slices.Sort(ks)
		return
	}
	for i := 1; i < len(ks); i++ {
		k, j := ks[i], i
		for ; j > 0 && ks[j-1] > k; j-- {
			ks[j] = ks[j-1]
		}
		ks[j] = k
	}
}

// sumIs reports whether the sum of the canonical components parts has
// value v: the others valued, whether the largest has the value left.
// parts is read in place: it is the caller's, or the options of the frame
// of the depth below the questions it asks (they expand their options in
// deeper frames), so no question changes it.
func (s *Pruned[P]) sumIs(ctx context.Context, parts []P, v game.Nimber) (bool, error) {
	if len(parts) == 0 {
		return v == 0, nil
	}
	hardest := len(parts) - 1
	if s.sizer != nil {
		best := -1
		for i, p := range parts {
			if size := s.sizer.Size(p); size > best {
				hardest, best = i, size
			}
		}
	}
	x := v
	for i, p := range parts {
		if i == hardest {
			continue
		}
		w, err := s.value(ctx, p)
		if err != nil {
			return false, err
		}
		x ^= w
	}
	return s.is(ctx, parts[hardest], x)
}
