package quotient

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// engine builds the quotient heap by heap. After heap n it holds the
// quotient q of heaps 0..n, verified, with the image phi[h] of each heap.
type engine struct {
	limits.Counter
	ctx     context.Context
	opts    [][][]int // opts[h]: the distinct options of heap h, as sorted heaps with options
	q       *table
	phi     []Element
	least   []word     // least[x]: the colex-least word with image x
	anti    [][]bitset // the N-check's antichains for q and phi (nil: not known)
	scratch int64      // bytes accounted for the work in progress
	persist int64      // bytes of the options and the current quotient
}

func newEngine(ctx context.Context, budget *limits.Budget) *engine {
	e := &engine{ctx: ctx}
	e.Budget = budget
	e.q = &table{order: 1, mul: []Element{0}, p: []bool{false}}
	e.least = []word{{}}
	return e
}

// grow accounts for bytes of scratch memory with the budget.
func (e *engine) grow(n int64) error {
	if err := e.Budget.Grow(n); err != nil {
		return err
	}
	e.scratch += n
	return nil
}

// drop gives back the scratch memory.
func (e *engine) drop() {
	e.Budget.Release(e.scratch)
	e.scratch = 0
}

// hold accounts for the options and the current quotient.
func (e *engine) hold(extra int64) error {
	e.persist += extra
	return e.Hold(e.persist + e.q.bytes())
}

// readOptions lists the options of heap h: each a sorted multiset of the
// heaps it leaves, heaps without options dropped (they are the zero game),
// duplicates removed.
func (e *engine) readOptions(g game.Game[int], h int) error {
	seen := map[string]bool{}
	var (
		list [][]int
		err  error
		key  []byte
	)
	g.Options(h, func(o []int) bool {
		parts := make([]int, 0, len(o))
		for _, k := range o {
			if k < 0 || k >= h {
				err = game.Inputf("heap %d has an option leaving a heap of %d: every option must leave smaller heaps", h, k)
				return false
			}
			if len(e.opts[k]) > 0 {
				parts = append(parts, k)
			}
		}
		slices.Sort(parts)
		key = key[:0]
		for _, k := range parts {
			key = binary.AppendUvarint(key, uint64(k))
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			list = append(list, parts)
		}
		return true
	})
	if err != nil {
		return err
	}
	e.opts = append(e.opts, list)
	// The list's slice headers, its unused capacity included (appending
	// doubles it), and each option's backing array as allocated.
	size := int64(cap(list)) * 24
	for _, o := range list {
		size += int64(max(cap(o), 1)) * 8
	}
	return e.hold(size)
}

// add extends the quotient to heap n, whose options have been read.
func (e *engine) add(n int) error {
	defer e.drop()
	if len(e.opts[n]) == 0 {
		// A heap without options is the zero game, the identity.
		e.phi = append(e.phi, 0)
		return nil
	}
	tn := images(e.opts[n], e.phi, e.q.times)
	if x, ok, err := e.conservative(tn); err != nil {
		return err
	} else if ok {
		e.phi = append(e.phi, x)
		return nil
	}
	if err := e.expandAt(n); err != nil {
		return err
	}
	return e.hold(0)
}

// conservative looks for an element x of the current quotient that heap n
// (options' images tn) can be: with phi(n) = x, (*) must still hold. The
// quotient is then unchanged, since it stays reduced and generated. At
// most one x can pass (two would be indistinguishable).
//
// Fast path: if some reachable word w of the old heaps has phi(w) = x and
// T(w) ⊆ tn, every word with copies of heap n is subsumed by the word with
// each copy replaced by w (same image, fewer option images), so the N-check
// holds with heap n at once; only the P-check of the new heap is needed.
func (e *engine) conservative(tn []Element) (Element, bool, error) {
	q := e.q
	nIsP := true
	for _, t := range tn {
		if q.p[t] {
			nIsP = false
		}
	}
	tset := newBitset(q.order)
	for _, t := range tn {
		tset.set(int(t))
	}
	var candidates []Element
	for x := range q.order {
		if err := e.Step(e.ctx); err != nil {
			return 0, false, err
		}
		if q.p[x] != nIsP || !pCheckOne(q, Element(x), tn) {
			continue
		}
		if e.anti != nil {
			for _, t := range e.anti[x] {
				if t.subset(tset) {
					return Element(x), true, nil
				}
			}
		}
		candidates = append(candidates, Element(x))
	}
	if len(candidates) == 0 {
		return 0, false, nil
	}
	phi := append(slices.Clip(e.phi), 0)
	trans := append(e.transitions(q, e.phi), tn)
	for _, x := range candidates {
		phi[len(phi)-1] = x
		f, anti, err := e.nCheck(q, minimal(types(q, phi, trans)), nil)
		if err != nil {
			return 0, false, err
		}
		if f == nil {
			e.anti = anti
			return x, true, nil
		}
	}
	return 0, false, nil
}

// pCheckOne is the P-check for one heap of image x and option images tn.
func pCheckOne(q *table, x Element, tn []Element) bool {
	for y := range q.order {
		if !q.p[q.times(Element(y), x)] {
			continue
		}
		for _, t := range tn {
			if q.p[q.times(Element(y), t)] {
				return false
			}
		}
	}
	return true
}

// transitions returns T(h) for every heap of phi.
func (e *engine) transitions(q *table, phi []Element) [][]Element {
	out := make([][]Element, len(phi))
	for h := range phi {
		out[h] = images(e.opts[h], phi, q.times)
	}
	return out
}

// expandAt makes heap n a new generator: the Plambeck–Siegel expansion. The
// first trial is the old quotient times a cyclic monoid for heap n; while
// a trial fails (*), it is recalibrated on the failing word.
func (e *engine) expandAt(n int) error {
	tr, _ := newTrial(e.q, cyclic(2, 2))
	tr.phi = make([]uint64, n+1)
	for h := range n {
		tr.phi[h] = tr.unit(0, e.phi[h])
	}
	tr.phi[n] = tr.unit(1, 1)
	c, err := e.attempt(tr)
	if err != nil {
		return err
	}
	overflow := map[int]int{}
	for round := 0; ; round++ {
		if round == maxRounds {
			return fmt.Errorf("no presentation found after %d candidate quotients (the last of order %d)", round, c.q.order)
		}
		f, anti, err := e.verify(c.q, c.phi, c.trans, c.least)
		if err != nil {
			return err
		}
		if f == nil {
			e.q, e.phi, e.least, e.anti = c.q, c.phi, c.least, anti
			return nil
		}
		if c, err = e.recalibrate(c, f, overflow); err != nil {
			return err
		}
		e.drop() // the failed candidates and their verification
		if err := e.grow(c.q.bytes()); err != nil {
			return err
		}
	}
}

// candidate is a reduced trial: a bipartite monoid, the heaps' images, the
// images of their options and the least words of its elements.
type candidate struct {
	q     *table
	phi   []Element
	trans [][]Element
	least []word
}

// attempt marks the trial and reduces it.
func (e *engine) attempt(tr *trial) (*candidate, error) {
	trans := make([][]uint64, len(tr.phi))
	for h := range tr.phi {
		trans[h] = images(e.opts[h], tr.phi, tr.times)
	}
	m, gens, err := e.mark(tr, trans)
	if err != nil {
		return nil, err
	}
	q, block, err := e.reduce(tr, m, gens)
	if err != nil {
		return nil, err
	}
	c := &candidate{q: q, phi: make([]Element, len(tr.phi)), least: make([]word, q.order)}
	for h, x := range tr.phi {
		pos, ok := m.index[x]
		if !ok {
			return nil, fmt.Errorf("heap %d's image was not marked", h)
		}
		c.phi[h] = Element(block[pos])
	}
	for i := len(m.elems) - 1; i >= 0; i-- {
		c.least[block[i]] = m.words[i]
	}
	c.trans = e.transitions(q, c.phi)
	return c, nil
}

// recalibrate returns a new candidate in which the failing word f is
// consistent, found as Plambeck and Siegel's solver does: for ever larger
// sets F of the heaps in the word, the heaps of F are freed from the
// candidate (each given a cyclic factor of its own, large enough to tell
// apart the powers the word uses) while the other heaps keep their images,
// and the trial is marked and reduced. A trial that gives the word the
// outcome its options called for is taken at once; otherwise the first
// trial in which the word is consistent. Heaps whose powers keep running
// past their cycle are tried first, with longer periods. Verification then
// decides; every candidate it accepts is exact, whichever way it was found.
func (e *engine) recalibrate(c *candidate, f *failure, overflow map[int]int) (*candidate, error) {
	var support []int
	for h, k := range f.word {
		if k > 0 {
			support = append(support, h)
			if index, period := c.q.indexPeriod(c.phi[h]); int(k) >= index+period {
				overflow[h]++
			}
		}
	}
	if len(support) == 0 {
		return nil, errors.New("the empty sum fails the verification")
	}
	slices.SortStableFunc(support, func(a, b int) int {
		if overflow[a] != overflow[b] {
			return overflow[b] - overflow[a]
		}
		return int(f.word[b] - f.word[a])
	})
	try := func(free []int, extra int) (next *candidate, strict, lenient bool, err error) {
		factors := []*table{c.q}
		for _, h := range free {
			index, period := c.q.indexPeriod(c.phi[h])
			index = max(index, int(f.word.at(h))-1) + extra
			period = lcm(max(period, 2), periods[min(overflow[h]/3, len(periods)-1)]) << (extra / 2)
			factors = append(factors, cyclic(index, period))
		}
		tr, ok := newTrial(factors...)
		if !ok {
			return nil, false, false, nil
		}
		tr.phi = make([]uint64, len(c.phi))
		for h, x := range c.phi {
			tr.phi[h] = tr.unit(0, x)
		}
		for i, h := range free {
			tr.phi[h] = tr.unit(i+1, 1)
		}
		if next, err = e.attempt(tr); err != nil {
			return nil, false, false, err
		}
		x := Element(0)
		for h, k := range f.word {
			for range k {
				x = next.q.times(x, next.phi[h])
			}
		}
		return next, next.q.p[x] == f.shouldBeP, next.consistent(f.word), nil
	}
	var (
		fallback *candidate
		found    *candidate
		err      error
		budget   = maxSubsets
	)
	for size := 1; size <= len(support) && found == nil && err == nil && budget > 0; size++ {
		subsets(support, size, func(free []int) bool {
			var strict, lenient bool
			var next *candidate
			next, strict, lenient, err = try(free, 0)
			switch {
			case err != nil:
				return false
			case strict:
				found = next
				return false
			case lenient && fallback == nil:
				fallback = next
			}
			budget--
			return fallback == nil || budget > 0
		})
	}
	if err != nil || found != nil {
		return found, err
	}
	if fallback != nil {
		return fallback, nil
	}
	for extra := 1; extra <= 4; extra++ {
		next, strict, lenient, err := try(support, 2*extra)
		if err != nil || strict || lenient {
			return next, err
		}
	}
	return nil, fmt.Errorf("no candidate quotient makes the sum %v consistent", f.word)
}

// maxRounds bounds the candidates tried for one heap, so that a search
// without a budget still ends: quotients that keep growing (wild games
// often have infinite quotients) are cut off here if nowhere else.
const maxRounds = 500

// maxSubsets bounds the sets of heaps one recalibration tries once a
// fallback is known.
const maxSubsets = 64

// subsets calls yield with each subset of set of the given size, in
// lexicographic order, until yield returns false.
func subsets(set []int, size int, yield func([]int) bool) {
	pick := make([]int, 0, size)
	var rec func(from int) bool
	rec = func(from int) bool {
		if len(pick) == size {
			return yield(slices.Clone(pick))
		}
		for i := from; i <= len(set)-(size-len(pick)); i++ {
			pick = append(pick, set[i])
			if !rec(i + 1) {
				return false
			}
			pick = pick[:len(pick)-1]
		}
		return true
	}
	rec(0)
}

// consistent reports whether (*) holds at the word w in the candidate: its
// image is in P exactly when it has options and none of their images is.
func (c *candidate) consistent(w word) bool {
	x := Element(0)
	for h, k := range w {
		for range k {
			x = c.q.times(x, c.phi[h])
		}
	}
	hasOption, optionInP := false, false
	for h, k := range w {
		if k == 0 || len(c.trans[h]) == 0 {
			continue
		}
		hasOption = true
		y := Element(0) // the image of w minus one heap h
		for j, kj := range w {
			if j == h {
				kj--
			}
			for range kj {
				y = c.q.times(y, c.phi[j])
			}
		}
		for _, t := range c.trans[h] {
			optionInP = optionInP || c.q.p[c.q.times(y, t)]
		}
	}
	return c.q.p[x] == (hasOption && !optionInP)
}

// periods are the periods tried, in turn, for a freed heap whose powers keep
// running past the candidate's cycle.
var periods = []int{2, 6, 12, 60, 120, 420, 840, 2520}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}
