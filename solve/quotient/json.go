package quotient

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// file is the JSON form of a Quotient. Elements are written in normal form
// ("1", "a", "ab^2"); the relations, read as rewriting rules from left to
// right, rebuild the monoid.
type file struct {
	Order      int               `json:"order"`
	PPortion   []string          `json:"p_portion"`
	Tame       bool              `json:"tame"`
	Heaps      []string          `json:"heaps"`
	Generators []fileGenerator   `json:"generators"`
	Relations  []string          `json:"relations"`
	StableFrom int               `json:"stable_from"`
	Pattern    *periodic.Pattern `json:"pattern"`
}

type fileGenerator struct {
	Name string `json:"name"`
	Heap int    `json:"heap"`
}

// MarshalJSON writes the quotient with the keys order, p_portion (the
// elements of the P-portion in normal form), tame, heaps (the element of
// each heap 0..N), generators ({"name", "heap"}), relations ("a^2 = 1"),
// stable_from and pattern (null when none is seen).
func (q Quotient) MarshalJSON() ([]byte, error) {
	f := file{Order: q.order, Tame: q.tame, StableFrom: q.stableFrom, Pattern: q.pattern,
		PPortion: []string{}, Heaps: make([]string, len(q.heaps)), Relations: []string{}, Generators: []fileGenerator{}}
	for _, x := range q.PPortion() {
		f.PPortion = append(f.PPortion, q.Format(x))
	}
	for h, x := range q.heaps {
		f.Heaps[h] = q.Format(x)
	}
	for _, g := range q.gens {
		f.Generators = append(f.Generators, fileGenerator{Name: g.Name, Heap: g.Heap})
	}
	for _, r := range q.rels {
		f.Relations = append(f.Relations, q.FormatRelation(r))
	}
	return json.Marshal(f)
}

// maxLoadOrder bounds the order of a quotient read from JSON (its table
// takes 4 order^2 bytes).
const maxLoadOrder = 1 << 13

// UnmarshalJSON reads a quotient written by MarshalJSON. It rebuilds the
// monoid from the generators and relations, checks that it is a
// commutative monoid of the stated order whose heaps and P-portion are as
// stated, and recomputes tame and stable_from. Other keys are ignored (a
// face's output may add the game's name). It cannot tell whether the
// quotient belongs to a given game: Check does. Errors wrap game.ErrInput.
func (q *Quotient) UnmarshalJSON(data []byte) error {
	r, err := UnmarshalWithin(context.Background(), data, nil)
	if err != nil {
		return err
	}
	*q = *r
	return nil
}

// UnmarshalWithin is Unmarshal within a request's limits: the rebuilt
// monoid's tables (order^2 products) are held against budget before they
// are made, so a file of too large an order is refused at once, and the
// rebuild polls ctx. Errors about the file wrap game.ErrInput; the limits'
// are the budget's and ctx's.
func UnmarshalWithin(ctx context.Context, data []byte, budget *limits.Budget) (*Quotient, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, game.Inputf("quotient file: %v", err)
	}
	r, err := f.rebuild(ctx, budget)
	if limits.IsLimit(err) {
		return nil, fmt.Errorf("quotient file: rebuild a monoid of order %d: %w", f.Order, err)
	}
	if err != nil {
		return nil, game.Inputf("quotient file: %v", err)
	}
	return r, nil
}

// wordKey is the key of a word (its exponents) in the index of normal
// forms.
func wordKey(m []int) string {
	b := make([]byte, 0, 2*len(m))
	for _, e := range m {
		b = binary.AppendUvarint(b, uint64(e))
	}
	return string(b)
}

// rebuild makes the Quotient a file describes.
func (f *file) rebuild(ctx context.Context, budget *limits.Budget) (*Quotient, error) {
	if f.Order < 1 || f.Order > maxLoadOrder {
		return nil, fmt.Errorf("order %d is not between 1 and %d", f.Order, maxLoadOrder)
	}
	// The product table (order^2 elements) and the products by a
	// generator dominate what the rebuild holds.
	order := int64(f.Order)
	if err := budget.Grow((order*order + order*int64(len(f.Generators))) * 4); err != nil { // an Element is 4 bytes
		return nil, err
	}
	if err := limits.Poll(ctx); err != nil {
		return nil, err
	}
	q := &Quotient{order: f.Order}
	names := map[string]int{}
	for i, g := range f.Generators {
		if g.Name != generatorName(i) {
			return nil, fmt.Errorf("generator %d is named %q, want %q", i, g.Name, generatorName(i))
		}
		if g.Heap < 1 || g.Heap >= len(f.Heaps) || i > 0 && g.Heap <= f.Generators[i-1].Heap {
			return nil, fmt.Errorf("generator %s: heap %d is out of order or beyond the heaps", g.Name, g.Heap)
		}
		names[g.Name] = i
		q.gens = append(q.gens, Generator{Name: g.Name, Heap: g.Heap})
	}
	k := len(q.gens)
	parse := func(s string) ([]int, error) { return parseMonomial(s, names, k) }
	for _, s := range f.Relations {
		left, right, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("relation %q has no '='", s)
		}
		l, err := parse(left)
		if err != nil {
			return nil, err
		}
		r, err := parse(right)
		if err != nil {
			return nil, err
		}
		if compareMonomials(r, l) >= 0 {
			return nil, fmt.Errorf("relation %q does not lower the word", s)
		}
		q.rels = append(q.rels, Relation{Left: l, Right: r})
	}
	// The elements are the words no left side divides; a product is the
	// concatenated word rewritten until no left side divides it (each
	// rewrite lowers the word in a well-order, so this ends).
	reduced := func(m []int) bool {
		for _, r := range q.rels {
			if divides(r.Left, m) {
				return false
			}
		}
		return true
	}
	index := map[string]Element{}
	var normal [][]int
	level := [][]int{make([]int, k)}
	for len(level) > 0 {
		var next [][]int
		for _, m := range level {
			if len(normal)%256 == 0 {
				if err := limits.Poll(ctx); err != nil {
					return nil, err
				}
			}
			key := wordKey(m)
			if _, ok := index[key]; ok {
				continue
			}
			if len(normal) == f.Order {
				return nil, fmt.Errorf("the relations leave more than %d elements", f.Order)
			}
			index[key] = Element(len(normal))
			normal = append(normal, m)
			for i := range k {
				n := slices.Clone(m)
				n[i]++
				if reduced(n) {
					next = append(next, n)
				}
			}
		}
		level = next
	}
	if len(normal) != f.Order {
		return nil, fmt.Errorf("the relations leave %d elements, not %d", len(normal), f.Order)
	}
	// Number the elements in the order of their normal forms.
	slices.SortFunc(normal, compareMonomials)
	for i, m := range normal {
		index[wordKey(m)] = Element(i)
	}
	reduce := func(m []int) (Element, error) {
		for steps := 0; ; steps++ {
			if x, ok := index[wordKey(m)]; ok {
				return x, nil
			}
			if steps > 1<<16 {
				return 0, fmt.Errorf("rewriting %v does not end", m)
			}
			rewrote := false
			for _, r := range q.rels {
				if divides(r.Left, m) {
					for i := range m {
						m[i] += r.Right[i] - r.Left[i]
					}
					rewrote = true
					break
				}
			}
			if !rewrote {
				return 0, fmt.Errorf("%v is irreducible but not an element", m)
			}
		}
	}
	q.normal = normal
	// Only the products by a generator are rewritten (n*k of them); the
	// others follow from a*b = (a*b')*g, where b' is b's normal form with
	// one generator g fewer (an element: a divisor of a word no left side
	// divides is one), taking b by degree so that b' comes first. The
	// product so built is commutative when the relations rewrite every
	// word to one normal form, which is checked below with associativity.
	n := f.Order
	byGen := make([]Element, n*k)
	for a := range n {
		if err := limits.Poll(ctx); err != nil {
			return nil, err
		}
		for i := range k {
			m := slices.Clone(normal[a])
			m[i]++
			x, err := reduce(m)
			if err != nil {
				return nil, err
			}
			byGen[a*k+i] = x
		}
	}
	byDegree := make([]int, n)
	for b := range byDegree {
		byDegree[b] = b
	}
	degree := func(m []int) (d int) {
		for _, e := range m {
			d += e
		}
		return d
	}
	slices.SortStableFunc(byDegree, func(x, y int) int { return degree(normal[x]) - degree(normal[y]) })
	q.mul = make([]Element, n*n)
	for j, b := range byDegree {
		if j%64 == 0 {
			if err := limits.Poll(ctx); err != nil {
				return nil, err
			}
		}
		i := k - 1
		for i >= 0 && normal[b][i] == 0 {
			i--
		}
		if i < 0 { // the identity
			for a := range n {
				q.mul[a*n+b] = Element(a)
			}
			continue
		}
		m := slices.Clone(normal[b])
		m[i]--
		prev := int(index[wordKey(m)])
		for a := range n {
			q.mul[a*n+b] = byGen[int(q.mul[a*n+prev])*k+i]
		}
	}
	for a := range n {
		for b := range a {
			if q.mul[a*n+b] != q.mul[b*n+a] {
				return nil, fmt.Errorf("the relations do not define a commutative product (%s %s)", q.Format(Element(a)), q.Format(Element(b)))
			}
		}
	}
	for i := range q.gens {
		m := make([]int, k)
		m[i] = 1
		x, ok := index[wordKey(m)]
		if !ok {
			return nil, fmt.Errorf("generator %s is not an element", q.gens[i].Name)
		}
		q.gens[i].Element = x
	}
	// Light's test: the table is associative when (x g) y = x (g y) for
	// every x, y and generator g, the elements being products of generators
	// under the table (the normal form of an element is the normal form of
	// a smaller element times one generator).
	for _, g := range q.gens {
		for x := range n {
			if x%64 == 0 {
				if err := limits.Poll(ctx); err != nil {
					return nil, err
				}
			}
			for y := range n {
				if q.Mul(q.Mul(Element(x), g.Element), Element(y)) != q.Mul(Element(x), q.Mul(g.Element, Element(y))) {
					return nil, fmt.Errorf("the relations do not define an associative product")
				}
			}
		}
	}
	q.p = make([]bool, n)
	for _, s := range f.PPortion {
		m, err := parse(s)
		if err != nil {
			return nil, err
		}
		x, ok := index[wordKey(m)]
		if !ok {
			//lint:ignore ST1005 P-portion is the term's name (Plambeck–Siegel), capitalised as they write it
			return nil, fmt.Errorf("P-portion element %q is not in normal form", s)
		}
		q.p[x] = true
	}
	if len(f.Heaps) == 0 {
		return nil, fmt.Errorf("no heaps")
	}
	for h, s := range f.Heaps {
		m, err := parse(s)
		if err != nil {
			return nil, err
		}
		x, ok := index[wordKey(m)]
		if !ok {
			return nil, fmt.Errorf("heap %d: %q is not in normal form", h, s)
		}
		q.heaps = append(q.heaps, x)
	}
	for _, g := range q.gens {
		if q.heaps[g.Heap] != g.Element {
			return nil, fmt.Errorf("generator %s is not the element of heap %d", g.Name, g.Heap)
		}
	}
	if len(q.gens) > 0 {
		q.stableFrom = q.gens[len(q.gens)-1].Heap + 1
	}
	if q.stableFrom != f.StableFrom {
		return nil, fmt.Errorf("stable_from is %d, but the generators make it %d", f.StableFrom, q.stableFrom)
	}
	q.tame = q.isTame()
	if q.tame != f.Tame {
		return nil, fmt.Errorf("tame is %v, but the monoid is %s", f.Tame, map[bool]string{true: "tame", false: "wild"}[q.tame])
	}
	if p := f.Pattern; p != nil {
		if p.Period < 1 || p.Preperiod < 0 || p.Saltus != 0 {
			return nil, fmt.Errorf("pattern %+v is not a period of the heaps", *p)
		}
		for h := p.Preperiod; h+p.Period < len(q.heaps); h++ {
			if q.heaps[h+p.Period] != q.heaps[h] {
				return nil, fmt.Errorf("the heaps do not repeat with period %d from heap %d", p.Period, p.Preperiod)
			}
		}
		q.pattern = p
	}
	q.rels = q.relations()
	return q, nil
}

// parseMonomial reads a word in normal-form notation: "1", or generator
// names each followed by an optional ^exponent.
func parseMonomial(s string, names map[string]int, k int) ([]int, error) {
	s = strings.TrimSpace(s)
	m := make([]int, k)
	if s == "1" {
		return m, nil
	}
	for i := 0; i < len(s); {
		j := i + 1
		if s[i] < 'a' || s[i] > 'z' {
			return nil, fmt.Errorf("%q: expected a generator at %q", s, s[i:])
		}
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		g, ok := names[s[i:j]]
		if !ok {
			return nil, fmt.Errorf("%q: unknown generator %q", s, s[i:j])
		}
		e := 1
		if j < len(s) && s[j] == '^' {
			l := j + 1
			for l < len(s) && s[l] >= '0' && s[l] <= '9' {
				l++
			}
			x, err := strconv.Atoi(s[j+1 : l])
			if err != nil || x < 1 || x > 1<<16 {
				return nil, fmt.Errorf("%q: bad exponent", s)
			}
			e, j = x, l
		}
		m[g] += e
		i = j
	}
	return m, nil
}

func divides(a, b []int) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// Unmarshal reads a quotient from its JSON form (see UnmarshalJSON).
func Unmarshal(data []byte) (*Quotient, error) {
	q := &Quotient{}
	if err := q.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return q, nil
}

// Check verifies that q is the misère quotient of g restricted to heaps
// 0..N, by the verification theorem (verify.go): the heaps' elements
// generate q, q is reduced, and every sum's outcome is the one its
// options' elements call for. A proven pattern is checked against g's
// periodicity window. Use it on a quotient read from a file before trusting
// it. The budget and ctx bound the work as for Compute.
func (q Quotient) Check(ctx context.Context, g game.Game[int], budget *limits.Budget) error {
	e := newEngine(ctx, budget)
	defer e.Free()
	t := &table{order: q.order, mul: q.mul, p: q.p}
	for h := range q.heaps {
		if err := e.readOptions(g, h); err != nil {
			return fmt.Errorf("check quotient: %w", err)
		}
		if len(e.opts[h]) == 0 && q.heaps[h] != 0 {
			return fmt.Errorf("check quotient: heap %d has no options but element %s", h, q.Format(q.heaps[h]))
		}
	}
	// Generated by the heaps and reduced: the marking of the quotient as its
	// own trial reaches every element and its reduction merges none.
	tr, _ := newTrial(t)
	tr.phi = make([]uint64, len(q.heaps))
	for h, x := range q.heaps {
		tr.phi[h] = uint64(x)
	}
	c, err := e.attempt(tr)
	if err != nil {
		return fmt.Errorf("check quotient: %w", err)
	}
	if c.q.order != q.order {
		return fmt.Errorf("check quotient: the heaps generate a reduced quotient of order %d, not %d", c.q.order, q.order)
	}
	for x := range q.order {
		if c.q.p[x] != q.p[q.elementOfLeast(c.least[x])] {
			return fmt.Errorf("check quotient: the sum %v has the wrong outcome", c.least[x])
		}
	}
	phi := make([]Element, len(q.heaps))
	copy(phi, q.heaps)
	f, _, err := e.verify(t, phi, e.transitions(t, phi), nil)
	if err != nil {
		return fmt.Errorf("check quotient: %w", err)
	}
	if f != nil {
		return fmt.Errorf("check quotient: not the quotient of this game (the outcome of some sum contradicts its options)")
	}
	if p := q.pattern; p != nil && p.Proven {
		w, ok := g.(Window)
		need, ok2 := 0, false
		if ok {
			need, ok2 = w.Need(p.Preperiod, p.Period)
		}
		if !ok2 || need > len(q.heaps) {
			return fmt.Errorf("check quotient: the pattern is marked proven but the game's periodicity window is not covered")
		}
	}
	return nil
}

// elementOfLeast returns the element of a word of heaps.
func (q Quotient) elementOfLeast(w word) Element {
	x := Element(0)
	for h, k := range w {
		for range k {
			x = q.Mul(x, q.heaps[h])
		}
	}
	return x
}
