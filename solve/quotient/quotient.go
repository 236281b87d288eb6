package quotient

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// Element is an element of a quotient: 0 .. Order-1, numbered in the order
// of their normal forms, so 0 is the identity (the empty sum, and every
// heap without options).
type Element uint32

// Generator is a generator of a quotient's presentation: the element of
// the smallest heap that is not a product of smaller heaps' elements.
type Generator struct {
	Name    string  // "a", "b", ...
	Heap    int     // the heap whose element it is
	Element Element // that element
}

// Relation is a defining relation Left = Right of a presentation, both
// sides written as exponents of the generators. Left is a minimal word that
// is not a normal form and Right its normal form, so the relations, used as
// rewriting rules from left to right, reduce every word to its normal form.
type Relation struct {
	Left, Right []int
}

// Quotient is the misère quotient of a heap game restricted to heaps
// 0..N: the commutative monoid of the sums of those heaps modulo misère
// indistinguishability (two sums are identified when adding any third sum
// of those heaps to either gives the same misère outcome), with its
// P-portion, the images of the misère P-positions. The element of a sum is
// the product of its heaps' elements, and the sum is a misère P-position
// (the previous player, who made the last move, wins: the player to move
// loses) exactly when its element is in the P-portion.
//
// A Quotient is a value: its tables are shared between copies and never
// change, so it is safe for concurrent use. Build one with Compute or
// Unmarshal.
type Quotient struct {
	order      int
	mul        []Element // mul[a*order+b] = ab
	p          []bool
	heaps      []Element // element of heap 0..N
	gens       []Generator
	normal     [][]int // normal form of each element: the exponents of the generators
	rels       []Relation
	tame       bool
	stableFrom int
	pattern    *periodic.Pattern
}

// OptionsFunc makes a function a heap game (a game.Game[int]; heap.Rules
// is one already): f(n, yield) calls yield with the heaps each move from a
// heap of n leaves, all smaller than n (an empty slice: the move leaves
// nothing). The slice may be reused after yield returns.
type OptionsFunc func(n int, yield func(heaps []int) bool)

// Options calls f.
func (f OptionsFunc) Options(n int, yield func(heaps []int) bool) { f(n, yield) }

// Window is implemented by heap games with a periodicity theorem
// (heap.Rules with a finite code): Need(n0, p) is the number of heaps
// 0..Need-1 whose values must repeat with period p from n0 for the
// pattern to hold forever, and false when no theorem applies.
type Window interface {
	Need(n0, p int) (int, bool)
}

// StopError reports that Compute stopped at a limit (or failed) while it
// added heap Heap; Partial is the quotient of heaps 0..Heap-1 (nil when
// Heap is 0). It wraps the cause: limits.IsLimit tells a limit.
type StopError struct {
	Heap    int
	Partial *Quotient
	Err     error
}

func (e *StopError) Error() string {
	if e.Partial == nil {
		return fmt.Sprintf("misère quotient stopped at heap %d: %v", e.Heap, e.Err)
	}
	return fmt.Sprintf("misère quotient stopped at heap %d (the quotient of heaps 0..%d has order %d): %v",
		e.Heap, e.Heap-1, e.Partial.order, e.Err)
}

func (e *StopError) Unwrap() error { return e.Err }

// Compute returns the misère quotient of the heap game g restricted to
// heaps 0..n, by the Plambeck–Siegel algorithm: heap by heap, each heap is
// first tried as an element of the quotient so far (a conservative
// extension) and otherwise made a new generator, the quotient being
// recalibrated until it passes the verification theorem (see verify.go).
// Every quotient it returns has passed that verification: its predictions
// are theorems, not observations.
//
// The budget counts the elements marked and the pairs the verification
// explores as states, and the tables as memory (nil: no limit); ctx is
// polled. On a limit it returns a *StopError naming the heap and carrying
// the quotient of the heaps before it. Options leaving heaps that are not
// smaller are bad input (game.ErrInput).
func Compute(ctx context.Context, g game.Game[int], n int, budget *limits.Budget) (*Quotient, error) {
	if n < 0 {
		return nil, game.Inputf("negative heap size %d", n)
	}
	e := newEngine(ctx, budget)
	defer e.Free()
	for h := 0; h <= n; h++ {
		if err := e.readOptions(g, h); err != nil {
			if errors.Is(err, game.ErrInput) {
				return nil, fmt.Errorf("misère quotient: %w", err)
			}
			return nil, e.stop(g, h, err)
		}
		if err := e.add(h); err != nil {
			return nil, e.stop(g, h, err)
		}
	}
	return e.result(g), nil
}

func (e *engine) stop(g game.Game[int], h int, err error) error {
	var partial *Quotient
	if h > 0 {
		e.opts = e.opts[:h]
		partial = e.result(g)
	}
	return &StopError{Heap: h, Partial: partial, Err: err}
}

// result builds the Quotient of the engine's heaps.
func (e *engine) result(g game.Game[int]) *Quotient {
	return build(e.q, e.phi[:len(e.opts)], g)
}

// build presents the verified quotient q with heap images phi: generators,
// normal forms, relations, canonical numbering; then its tameness, the
// heap where it stabilized and the pattern of the heaps' elements.
func build(q *table, phi []Element, g game.Game[int]) *Quotient {
	// Generators: the smallest heaps whose elements the earlier ones do not
	// generate. closure holds the submonoid generated so far.
	var gens []Generator
	closure := newBitset(q.order)
	closure.set(0)
	members := []Element{0}
	for h, x := range phi {
		if closure.has(int(x)) {
			continue
		}
		gens = append(gens, Generator{Name: generatorName(len(gens)), Heap: h, Element: x})
		for i := 0; i < len(members); i++ {
			for _, gen := range gens {
				y := q.times(members[i], gen.Element)
				if !closure.has(int(y)) {
					closure.set(int(y))
					members = append(members, y)
				}
			}
		}
	}
	k := len(gens)
	// Normal forms: the least word of each element in the degree-then-
	// colex order of exponents (a monomial order), found degree by degree:
	// a least word minus a generator is again a least word.
	normal := make([][]int, q.order)
	normal[0] = make([]int, k)
	level := []Element{0}
	for len(level) > 0 {
		type cand struct {
			exps []int
			x    Element
		}
		var cands []cand
		for _, u := range level {
			for i, gen := range gens {
				x := q.times(u, gen.Element)
				if normal[x] != nil {
					continue
				}
				exps := slices.Clone(normal[u])
				exps[i]++
				cands = append(cands, cand{exps, x})
			}
		}
		slices.SortStableFunc(cands, func(a, b cand) int { return compareMonomials(a.exps, b.exps) })
		level = level[:0]
		for _, c := range cands {
			if normal[c.x] == nil {
				normal[c.x] = c.exps
				level = append(level, c.x)
			}
		}
	}
	// Renumber the elements in the order of their normal forms.
	old := make([]Element, q.order)
	for i := range old {
		old[i] = Element(i)
	}
	slices.SortFunc(old, func(a, b Element) int { return compareMonomials(normal[a], normal[b]) })
	perm := make([]Element, q.order)
	for i, x := range old {
		perm[x] = Element(i)
	}
	res := &Quotient{order: q.order, mul: make([]Element, len(q.mul)), p: make([]bool, q.order),
		heaps: make([]Element, len(phi)), normal: make([][]int, q.order)}
	for a := range q.order {
		res.p[perm[a]] = q.p[a]
		res.normal[perm[a]] = normal[a]
		for b := range q.order {
			res.mul[int(perm[a])*q.order+int(perm[b])] = perm[q.mul[a*q.order+b]]
		}
	}
	for h, x := range phi {
		res.heaps[h] = perm[x]
	}
	for i := range gens {
		gens[i].Element = perm[gens[i].Element]
	}
	res.gens = gens
	res.rels = res.relations()
	res.tame = res.isTame()
	if len(gens) > 0 {
		res.stableFrom = gens[len(gens)-1].Heap + 1
	}
	res.pattern = res.findPattern(g)
	return res
}

// compareMonomials orders exponent vectors by degree, then by the exponent
// of the last generator, then the one before, and so on.
func compareMonomials(a, b []int) int {
	da, db := 0, 0
	for i := range a {
		da += a[i]
		db += b[i]
	}
	if da != db {
		return da - db
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

// generatorName names generator i: a .. z, then a1 .. z1, a2, ...
func generatorName(i int) string {
	name := string(rune('a' + i%26))
	if i >= 26 {
		name += strconv.Itoa(i / 26)
	}
	return name
}

// elementOf returns the element with the given exponents.
func (q Quotient) elementOf(exps []int) Element {
	x := Element(0)
	for i, k := range exps {
		for range k {
			x = q.Mul(x, q.gens[i].Element)
		}
	}
	return x
}

// isNormal reports whether exps is the normal form of its element.
func (q Quotient) isNormal(exps []int) bool {
	return slices.Equal(q.normal[q.elementOf(exps)], exps)
}

// relations returns the minimal words that are not normal forms (all of
// whose proper divisors are), each with its normal form. Normal forms are
// closed under division (a divisor of a least word is least, the order
// being a monomial order), so every word that is not a normal form contains
// one of these, and rewriting it lowers the word: the relations present
// the quotient.
func (q Quotient) relations() []Relation {
	seen := map[string]bool{}
	var rels []Relation
	for x := range q.order {
		for i := range q.gens {
			m := slices.Clone(q.normal[x])
			m[i]++
			if q.isNormal(m) || seen[fmt.Sprint(m)] {
				continue
			}
			minimal := true
			for j := range m {
				if m[j] == 0 || j == i {
					continue
				}
				m[j]--
				ok := q.isNormal(m)
				m[j]++
				if !ok {
					minimal = false
					break
				}
			}
			if minimal {
				seen[fmt.Sprint(m)] = true
				rels = append(rels, Relation{Left: m, Right: q.normal[q.elementOf(m)]})
			}
		}
	}
	slices.SortFunc(rels, func(a, b Relation) int { return compareMonomials(a.Left, b.Left) })
	return rels
}

// isTame reports whether q is isomorphic, P-portion included, to the
// misère quotient of Nim restricted to heaps 0..N for some N. Those
// quotients (Plambeck and Siegel's tame quotients T_m; see tame_test.go for
// the derivation) are: the trivial monoid (N = 0, P empty); {1, a} with
// a^2 = 1 and P = {a} (N = 1); and for N >= 2 with 2^(m-1) <= N < 2^m,
// {1, a} together with an elementary abelian 2-group G of order 2^m (m >=
// 2) whose identity z is an idempotent of the monoid, G = Q z, a^2 = 1,
// a z != z and P = {a, z}: order 2^m + 2. Conversely a monoid with that
// shape is isomorphic to T_m: any isomorphism of the groups that maps
// (a z) to the element of a Nim heap of 1 plus a heap of 2 plus a heap
// of 2 extends to the monoids.
func (q Quotient) isTame() bool {
	switch q.order {
	case 1:
		return !q.p[0]
	case 2:
		return !q.p[0] && q.p[1] && q.Mul(1, 1) == 0
	}
	var ps []Element
	for x, in := range q.p {
		if in {
			ps = append(ps, Element(x))
		}
	}
	if len(ps) != 2 {
		return false
	}
	for _, pair := range [][2]Element{{ps[0], ps[1]}, {ps[1], ps[0]}} {
		a, z := pair[0], pair[1]
		if q.Mul(a, a) != 0 || q.Mul(z, z) != z || q.Mul(a, z) == z {
			continue
		}
		group := map[Element]bool{}
		for x := range q.order {
			group[q.Mul(Element(x), z)] = true
		}
		size := len(group)
		if size < 4 || size&(size-1) != 0 || size+2 != q.order || group[0] || group[a] {
			continue
		}
		ok := true
		for g := range group {
			if q.Mul(g, g) != z || q.Mul(g, z) != g {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// findPattern returns the periodicity of the heaps' elements: proven when g
// has a periodicity window (a finite code) that the heaps cover, observed
// otherwise, nil when none is seen. Only plain periods count (saltus 0):
// the numbering of elements carries no arithmetic.
//
// The theorem (the misère analogue of Guy and Smith's): suppose phi(n+p) =
// phi(n) for n0 <= n < N0, where Need(n0, p) = N0 + p <= N + 1 is the window
// of the Guy–Smith theorem for g's code. The option images T(h) of a heap
// are made from the images of the heaps its options leave exactly as G(h)
// is made from their values (a product instead of a nim-sum), so Guy and
// Smith's induction gives T(h+p) = T(h) for every h >= n0 once phi(h) is
// set to phi(h-p) past N. Every heap past N then has the image and option
// images of a heap <= N, which the verification theorem already covers
// (its conditions see heaps only through these pairs): the quotient and
// the periodic images are those of every prefix of heaps, and of the whole
// game.
func (q Quotient) findPattern(g game.Game[int]) *periodic.Pattern {
	values := make([]uint32, len(q.heaps))
	for h, x := range q.heaps {
		values[h] = uint32(x)
	}
	pat := periodic.Find(values)
	if pat == nil || pat.Saltus != 0 {
		return nil
	}
	if w, ok := g.(Window); ok {
		if need, ok := w.Need(pat.Preperiod, pat.Period); ok && need <= len(values) {
			pat.Proven = true
			pat.Reason = fmt.Sprintf("misère analogue of the Guy-Smith periodicity theorem: the heaps' elements satisfy phi(n+%d) = phi(n) from n = %d to n = %d (checked through n = %d), so every larger heap repeats the element and option elements of the heap %d below it, and the verified quotient holds for every heap",
				pat.Period, pat.Preperiod, need-pat.Period-1, len(values)-1, pat.Period)
		}
	}
	return pat
}

// Order returns the number of elements.
func (q Quotient) Order() int { return q.order }

// N returns the largest heap the quotient was computed for.
func (q Quotient) N() int { return len(q.heaps) - 1 }

// Covers reports whether heap n has an element: n <= N, or any n >= 0 when
// the heaps' pattern is proven (the quotient then holds for every heap).
func (q Quotient) Covers(n int) bool {
	return n >= 0 && (n < len(q.heaps) || q.pattern != nil && q.pattern.Proven)
}

// Heap returns the element of a heap of n. It panics unless Covers(n).
func (q Quotient) Heap(n int) Element {
	if n >= 0 && n < len(q.heaps) {
		return q.heaps[n]
	}
	if !q.Covers(n) {
		panic(fmt.Sprintf("quotient: heap %d is beyond the quotient's heaps 0..%d", n, q.N()))
	}
	p := q.pattern
	return q.heaps[p.Preperiod+(n-p.Preperiod)%p.Period]
}

// Mul returns the product ab: the element of the sum of a sum of element a
// and a sum of element b.
func (q Quotient) Mul(a, b Element) Element { return q.mul[int(a)*q.order+int(b)] }

// Of returns the element of the sum of the heaps, one table look-up per
// heap. It panics unless every heap is covered (see Covers).
func (q Quotient) Of(heaps []int) Element {
	x := Element(0)
	n := len(q.heaps)
	for _, h := range heaps {
		if h >= 0 && h < n {
			x = q.mul[int(x)*q.order+int(q.heaps[h])]
		} else {
			x = q.Mul(x, q.Heap(h))
		}
	}
	return x
}

// InP reports whether e is in the P-portion: a sum with element e is then
// a misère P-position, won by the previous player (the one who just moved)
// and lost by the player to move, who has moves but each of them leads to
// an N-position. The identity, the empty sum, is never in P: under misère
// play the player who cannot move has won.
func (q Quotient) InP(e Element) bool { return q.p[e] }

// Outcome returns the misère outcome of the sum of the heaps for the
// player to move: game.Lose when it is a P-position, game.Win otherwise
// (also when no move is left: under misère play the player who cannot move
// wins). It panics unless every heap is covered.
func (q Quotient) Outcome(heaps []int) game.Outcome {
	if q.InP(q.Of(heaps)) {
		return game.Lose
	}
	return game.Win
}

// PPortion returns the elements of the P-portion, in increasing order.
func (q Quotient) PPortion() []Element {
	var out []Element
	for x, in := range q.p {
		if in {
			out = append(out, Element(x))
		}
	}
	return out
}

// Heaps returns the element of each heap 0..N.
func (q Quotient) Heaps() []Element { return slices.Clone(q.heaps) }

// Generators returns the generators of the presentation, by heap.
func (q Quotient) Generators() []Generator { return slices.Clone(q.gens) }

// Relations returns the defining relations of the presentation.
func (q Quotient) Relations() []Relation { return slices.Clone(q.rels) }

// Normal returns the normal form of e: the exponent of each generator in
// the least word (by degree, then by the exponents of the later generators)
// whose product is e.
func (q Quotient) Normal(e Element) []int { return slices.Clone(q.normal[e]) }

// Format writes an element in normal form: "1" for the identity, else the
// generators with their exponents, "ab^2c".
func (q Quotient) Format(e Element) string { return q.formatExps(q.normal[e]) }

func (q Quotient) formatExps(exps []int) string {
	var b strings.Builder
	for i, k := range exps {
		if k == 0 {
			continue
		}
		b.WriteString(q.gens[i].Name)
		if k > 1 {
			b.WriteByte('^')
			b.WriteString(strconv.Itoa(k))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// FormatRelation writes a relation in normal-form notation: "a^2 = 1".
func (q Quotient) FormatRelation(r Relation) string {
	return q.formatExps(r.Left) + " = " + q.formatExps(r.Right)
}

// Tame reports whether the quotient is tame: isomorphic, P-portion
// included, to the quotient of misère Nim restricted to heaps 0..N for some
// N (the order is then 1, 2 or 2^m + 2 with m >= 2). A tame game's sums
// play like misère Nim.
func (q Quotient) Tame() bool { return q.tame }

// StableFrom returns the heap from which no new generator appears up to N:
// one more than the last generator's heap (0 when every heap is the zero
// game). Past it the quotient of heaps 0..n stays the same for n <= N.
func (q Quotient) StableFrom() int { return q.stableFrom }

// Pattern returns the periodicity of the heaps' elements (see Window), or
// nil when none is seen.
func (q Quotient) Pattern() *periodic.Pattern {
	if q.pattern == nil {
		return nil
	}
	p := *q.pattern
	return &p
}

// Move is a move in a sum of heaps: a heap of size Heap replaced by the
// heaps Option.
type Move struct {
	Heap   int
	Option []int
}

// WinningMoves calls yield with each winning move of the sum of heaps under
// misère play, one per heap size and option (moving in any of several
// equal heaps is the same move), until yield returns false. A move from
// heap h to option o wins when (r * element(o)) is in the P-portion, r the
// product of the other heaps' elements. The work is linear in the number
// of heaps plus the options of the distinct heap sizes, so sums of
// millions of heaps are answered at once. It panics unless every heap is
// covered; g must be the game the quotient was computed for.
func (q Quotient) WinningMoves(heaps []int, g game.Game[int], yield func(Move) bool) {
	_ = q.WinningMovesContext(context.Background(), heaps, g, nil, yield) // cannot fail without limits
}

// WinningMovesContext is WinningMoves within limits: every option it
// examines counts as a state against budget (nil: no limit) and ctx is
// polled, so that a huge heap (covered by a proven pattern, it may have
// as many options as tokens) cannot run past a request's limits. It
// returns the limit error that stopped it, nil otherwise.
func (q Quotient) WinningMovesContext(ctx context.Context, heaps []int, g game.Game[int], budget *limits.Budget, yield func(Move) bool) error {
	counts := map[int]int{}
	dense := make([]int, len(q.heaps))
	for _, h := range heaps {
		if h >= 0 && h < len(dense) {
			dense[h]++
		} else {
			q.Heap(h) // panics unless covered
			counts[h]++
		}
	}
	for h, c := range dense {
		if c > 0 {
			counts[h] = c
		}
	}
	sizes := make([]int, 0, len(counts))
	for h := range counts {
		sizes = append(sizes, h)
	}
	slices.Sort(sizes)
	// prefix[i] is the product of the heaps of sizes[:i], suffix[i] of
	// sizes[i:].
	k := len(sizes)
	prefix, suffix := make([]Element, k+1), make([]Element, k+1)
	for i, h := range sizes {
		prefix[i+1] = q.Mul(prefix[i], q.pow(q.Heap(h), counts[h]))
	}
	for i := k - 1; i >= 0; i-- {
		h := sizes[i]
		suffix[i] = q.Mul(suffix[i+1], q.pow(q.Heap(h), counts[h]))
	}
	for i, h := range sizes {
		rest := q.Mul(q.Mul(prefix[i], suffix[i+1]), q.pow(q.Heap(h), counts[h]-1))
		stop := false
		var err error
		g.Options(h, func(o []int) bool {
			if err = budget.Step(ctx); err != nil {
				return false
			}
			if q.InP(q.Mul(rest, q.Of(o))) && !yield(Move{Heap: h, Option: slices.Clone(o)}) {
				stop = true
				return false
			}
			return true
		})
		if err != nil {
			return err
		}
		if stop {
			return nil
		}
	}
	return nil
}

// pow returns x^k by repeated squaring.
func (q Quotient) pow(x Element, k int) Element {
	r := Element(0)
	for k > 0 {
		if k&1 != 0 {
			r = q.Mul(r, x)
		}
		x = q.Mul(x, x)
		k >>= 1
	}
	return r
}
