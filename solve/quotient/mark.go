package quotient

import (
	"container/heap"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/limits"
)

// word is a sum of heaps written as exponents: w[h] copies of heap h. Words
// are compared in colexicographic order (the exponent of the largest heap
// first). Every option of a word is colex-smaller than the word, because a
// move replaces one heap by smaller heaps; and the order is compatible with
// sums (u < v implies u+w < v+w). The colex-least word of each element is
// its representative.
type word []int32

// at returns the exponent of heap h, 0 past the end.
func (w word) at(h int) int32 {
	if h < len(w) {
		return w[h]
	}
	return 0
}

// plus returns a copy of w with one more heap h.
func (w word) plus(h int) word {
	v := make(word, max(len(w), h+1))
	copy(v, w)
	v[h]++
	return v
}

// lessInserted reports whether the decreasing list a with heap ha
// inserted comes before b with hb inserted, lexicographically: whether
// the word a + ha is colex-smaller than b + hb.
func lessInserted(a []int32, ha int32, b []int32, hb int32) bool {
	i, j := 0, 0
	usedA, usedB := false, false
	next := func(s []int32, h int32, k *int, used *bool) (int32, bool) {
		if !*used && (*k == len(s) || h >= s[*k]) {
			*used = true
			return h, true
		}
		if *k < len(s) {
			*k++
			return s[*k-1], true
		}
		return 0, false
	}
	for {
		x, okX := next(a, ha, &i, &usedA)
		y, okY := next(b, hb, &j, &usedB)
		switch {
		case !okX:
			return okY
		case !okY:
			return false
		case x != y:
			return x < y
		}
	}
}

// colexLess reports whether u + heap a < v + heap b in colex order (a or b
// may be -1: no heap added).
func colexLess(u word, a int, v word, b int) bool {
	for i := max(len(u), len(v), a+1, b+1) - 1; i >= 0; i-- {
		x, y := u.at(i), v.at(i)
		if i == a {
			x++
		}
		if i == b {
			y++
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// heaps lists the heaps of w with their exponents, for printing.
func (w word) String() string {
	var parts []string
	for h, e := range w {
		for range e {
			parts = append(parts, fmt.Sprint(h))
		}
	}
	if len(parts) == 0 {
		return "(no heap)"
	}
	return fmt.Sprint(parts)
}

// marking is the outcome of self-consistent evaluation on a trial: the
// elements the heaps generate, each with the colex-least word that reaches
// it and the misère outcome of that word.
type marking struct {
	elems  []uint64         // in the colex order of their least words
	index  map[uint64]int32 // element -> position in elems
	p      []bool           // the least word is a misère P-position
	words  []word           // least words
	parent []int32          // least word minus its last heap: its element's position (-1 for the identity)
	last   []int32          // that heap
}

type pending struct {
	parent int32 // position in marking.elems of the word extended
	heap   int32
	elem   uint64
}

// pendingQueue holds the words waiting to be visited, colex-least first.
// A word is a visited least word plus one heap; the visited words are
// kept as their heaps in decreasing order (seqs), on which colex order is
// lexicographic order, a prefix first.
type pendingQueue struct {
	items []pending
	seqs  [][]int32
}

func (q *pendingQueue) less(a, b pending) bool {
	return lessInserted(q.seqs[a.parent], a.heap, q.seqs[b.parent], b.heap)
}

func (q *pendingQueue) Len() int           { return len(q.items) }
func (q *pendingQueue) Less(i, j int) bool { return q.less(q.items[i], q.items[j]) }
func (q *pendingQueue) Swap(i, j int)      { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *pendingQueue) Push(x any)         { q.items = append(q.items, x.(pending)) }
func (q *pendingQueue) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return x
}

// generators returns, for each distinct image among the heaps 1..len-1 with
// options, the smallest heap with that image: only these occur in least
// words (a larger heap with the same image gives a colex-larger word).
func generators[E comparable](phi []E, trans [][]E) []int {
	seen := map[E]bool{}
	var gens []int
	for h := range phi {
		if len(trans[h]) == 0 || seen[phi[h]] {
			continue
		}
		seen[phi[h]] = true
		gens = append(gens, h)
	}
	return gens
}

// mark evaluates the trial self-consistently. It visits the words over the
// generators in colex order (a priority queue seeded with the empty word,
// each new least word pushing itself plus each generator), keeps the first
// word that reaches each element (the least word: since the order is
// compatible with sums, a least word minus a heap is again a least word, so
// every least word is reached this way), and gives it the misère outcome
// the trial implies: a non-empty word is a P-position exactly when none of
// its options is, and its options' images
//
//	T(w) = union over heaps h of w of phi(w - h) * T(h),  T(h) = {phi(o) : o an option of h}
//
// belong to colex-smaller words, whose elements are marked already. When
// the trial is a cover (words with one image are indistinguishable), this
// is every word's true outcome; otherwise the verification finds out.
func (e *engine) mark(tr *trial, trans [][]uint64) (*marking, []int, error) {
	gens := generators(tr.phi, trans)
	m := &marking{index: map[uint64]int32{}}
	q := &pendingQueue{}
	// best holds, for each element waiting, the least word pushed for it:
	// a word no smaller is not pushed, and a popped word that is no longer
	// the best is skipped.
	best := map[uint64]pending{}
	visit := func(w word, parent, last int32, elem uint64) error {
		if err := e.Step(e.ctx); err != nil {
			return err
		}
		size := int64(len(w))*4 + 64 + int64(len(gens))*24
		if err := e.grow(size); err != nil {
			return err
		}
		pos := int32(len(m.elems))
		m.index[elem] = pos
		m.elems = append(m.elems, elem)
		m.words = append(m.words, w)
		m.parent = append(m.parent, parent)
		m.last = append(m.last, last)
		isP, err := m.outcome(tr, trans, w)
		if err != nil {
			return err
		}
		m.p = append(m.p, isP)
		q.seqs = append(q.seqs, w.sequence())
		for _, g := range gens {
			next := tr.times(elem, tr.phi[g])
			if _, ok := m.index[next]; ok {
				continue
			}
			it := pending{parent: pos, heap: int32(g), elem: next}
			if old, ok := best[next]; ok && !q.less(it, old) {
				continue
			}
			best[next] = it
			heap.Push(q, it)
		}
		return nil
	}
	if err := visit(word{}, -1, -1, 0); err != nil {
		return nil, nil, err
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(pending)
		if _, ok := m.index[it.elem]; ok || best[it.elem] != it {
			continue
		}
		delete(best, it.elem)
		if err := visit(m.words[it.parent].plus(int(it.heap)), it.parent, it.heap, it.elem); err != nil {
			return nil, nil, err
		}
	}
	return m, gens, nil
}

// outcome returns whether the non-empty word w is a P-position given the
// marks of the colex-smaller elements (the empty word is not: under misère
// play the player to move, who has no move, wins).
func (m *marking) outcome(tr *trial, trans [][]uint64, w word) (bool, error) {
	var support []int
	for h, x := range w {
		if x > 0 {
			support = append(support, h)
		}
	}
	if len(support) == 0 {
		return false, nil
	}
	for _, h := range support {
		y := uint64(0) // phi(w - h)
		for _, j := range support {
			k := w[j]
			if j == h {
				k--
			}
			for range k {
				y = tr.times(y, tr.phi[j])
			}
		}
		for _, t := range trans[h] {
			pos, ok := m.index[tr.times(y, t)]
			if !ok {
				return false, fmt.Errorf("an option of %v was not marked before it", w)
			}
			if m.p[pos] {
				return false, nil
			}
		}
	}
	return true, nil
}

// reduce returns the bipartite monoid the marking induces, reduced: the
// elements the heaps generate modulo the largest congruence that keeps the
// P-portion a union of classes (x ~ y iff xz in P <=> yz in P for every z).
// Since the monoid is commutative and generated by the generators, this is
// the Nerode equivalence of the automaton whose states are the elements and
// whose letters are the generators, found by Moore's partition refinement.
// It also returns the class of each marked element.
func (e *engine) reduce(tr *trial, m *marking, gens []int) (*table, []int32, error) {
	r := len(m.elems)
	act := make([][]int32, len(gens))
	for g, h := range gens {
		act[g] = make([]int32, r)
		for i, x := range m.elems {
			pos, ok := m.index[tr.times(x, tr.phi[h])]
			if !ok {
				return nil, nil, fmt.Errorf("the marked elements are not closed under heap %d", h)
			}
			act[g][i] = pos
		}
	}
	block := make([]int32, r)
	count := renumber(block, func(i int) string {
		if m.p[i] {
			return "P"
		}
		return "N"
	})
	key := make([]byte, 0, 4*(len(gens)+1))
	for {
		if err := e.Budget.Steps(e.ctx, int64(r)); err != nil {
			return nil, nil, err
		}
		next := make([]int32, r)
		n := renumber(next, func(i int) string {
			key = appendInt32(key[:0], block[i])
			for g := range gens {
				key = appendInt32(key, block[act[g][i]])
			}
			return string(key)
		})
		block = next
		if n == count {
			break
		}
		count = n
	}
	// Classes are numbered by their first member in colex order, so class 0
	// holds the identity and a class's representative (its first member) has
	// the least word of the class.
	order := count
	if err := e.grow(int64(order) * int64(order) * 4); err != nil {
		return nil, nil, err
	}
	t := &table{order: order, mul: make([]Element, order*order), p: make([]bool, order)}
	rep := make([]int32, order)
	for i := r - 1; i >= 0; i-- {
		rep[block[i]] = int32(i)
	}
	bact := make([][]Element, len(gens))
	gpos := map[int32]int{}
	for g, h := range gens {
		gpos[int32(h)] = g
		bact[g] = make([]Element, order)
		for b := range order {
			bact[g][b] = Element(block[act[g][rep[b]]])
		}
	}
	for b := range order {
		t.p[b] = m.p[rep[b]]
	}
	// Row b of the table: b*c = (b*c') * g where the least word of c is that
	// of c' plus the generator g, and c' comes before c.
	for c := range order {
		if err := limits.Poll(e.ctx); err != nil {
			return nil, nil, err
		}
		i := rep[c]
		if m.parent[i] < 0 {
			for b := range order {
				t.mul[b*order] = Element(b)
			}
			continue
		}
		pc, g := block[m.parent[i]], gpos[m.last[i]]
		for b := range order {
			t.mul[b*order+c] = bact[g][t.mul[b*order+int(pc)]]
		}
	}
	return t, block, nil
}

// renumber gives block ids 0, 1, ... to the distinct keys in the order of
// their first occurrence and returns how many there are.
func renumber(dst []int32, key func(i int) string) int {
	ids := map[string]int32{}
	for i := range dst {
		k := key(i)
		id, ok := ids[k]
		if !ok {
			id = int32(len(ids))
			ids[k] = id
		}
		dst[i] = id
	}
	return len(ids)
}

func appendInt32(b []byte, x int32) []byte {
	return append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
}

// images returns the distinct images of the options of heap h, sorted.
func images[E interface{ ~uint32 | ~uint64 }](opts [][]int, phi []E, times func(a, b E) E) []E {
	out := make([]E, 0, len(opts))
	for _, o := range opts {
		var x E
		for _, k := range o {
			x = times(x, phi[k])
		}
		out = append(out, x)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
