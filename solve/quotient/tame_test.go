package quotient

import (
	"context"
	"errors"
	"math/bits"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// tameClass is the class of a sum of tame games in misère play (Winning
// Ways ch. 13; Plambeck and Siegel, "Misère quotients for impartial
// games", the section on tame games): its nim-sum v and whether every
// component behaves like a Nim heap of 0 or 1 (heapLike). Misère Nim's
// rule (Bouton) is the whole theory: the sum is a P-position exactly when
// (heapLike and v = 1) or (not heapLike and v = 0); classes add by XOR of
// v and AND of heapLike.
type tameClass struct {
	v        uint64
	heapLike bool
}

func (c tameClass) plus(d tameClass) tameClass {
	return tameClass{c.v ^ d.v, c.heapLike && d.heapLike}
}

func (c tameClass) isP() bool { return c.heapLike && c.v == 1 || !c.heapLike && c.v == 0 }

// TestMisereNim checks the quotient of misère Nim restricted to heaps
// 0..N against the tame quotients derived here.
//
// Derivation of the order. A sum of Nim heaps <= N is known by its class
// (v, heapLike). Distinct realizable classes are distinguishable: if
// v != v', add a sum X of value v that is not heap-like (say v's binary
// digits as heaps, plus two heaps of 2, when N >= 2): (v, .) + X has class
// (0, false), a P-position, while (v', .) + X has value v XOR v' != 0, an
// N-position; if v = v' in {0, 1} and only heapLike differs, the empty
// sum already tells them apart. So the quotient is the set of realizable
// classes: for N = 0 only (0, true), the trivial monoid; for N = 1,
// (0, true) and (1, true), the group {1, a} with a^2 = 1 and P = {a}; for
// N >= 2 with 2^(m-1) <= N < 2^m, the two heap-like classes plus all 2^m
// values without heapLike: order 2^m + 2, P-portion {(1, true), (0,
// false)} of size 2. These are Plambeck and Siegel's tame quotients T_m;
// the test also checks that the map from elements to classes is an
// isomorphism of bipartite monoids.
func TestMisereNim(t *testing.T) {
	nim := heap.Octal(mustCode(t, "0.[3]"))
	for n := 0; n <= 40; n++ {
		q, err := Compute(context.Background(), nim, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		order, ps := 1, 0
		switch {
		case n == 1:
			order, ps = 2, 1
		case n >= 2:
			order, ps = 1<<bits.Len(uint(n))+2, 2
		}
		if q.Order() != order || len(q.PPortion()) != ps || !q.Tame() {
			t.Fatalf("nim to %d: order %d, |P| %d, tame %v; want %d, %d, true", n, q.Order(), len(q.PPortion()), q.Tame(), order, ps)
		}
		checkTame(t, q, func(h int) tameClass { return tameClass{uint64(h), h <= 1} })
	}
}

// checkTame checks that the map from each element of q to the class of
// its normal form (generators read as heaps, heap h of class class(h)) is
// an isomorphism onto the realizable tame classes, P-portion included.
func checkTame(t *testing.T, q *Quotient, class func(h int) tameClass) {
	t.Helper()
	psi := make([]tameClass, q.Order())
	seen := map[tameClass]bool{}
	for x := range q.Order() {
		c := tameClass{0, true}
		for i, k := range q.Normal(Element(x)) {
			for range k {
				c = c.plus(class(q.Generators()[i].Heap))
			}
		}
		if seen[c] {
			t.Fatalf("N = %d: two elements have class %+v (%s)", q.N(), c, present(q))
		}
		seen[c] = true
		psi[x] = c
		if q.InP(Element(x)) != c.isP() {
			t.Fatalf("N = %d: element %s (class %+v): in P %v", q.N(), q.Format(Element(x)), c, q.InP(Element(x)))
		}
	}
	for x := range q.Order() {
		for y := range q.Order() {
			if psi[q.Mul(Element(x), Element(y))] != psi[x].plus(psi[y]) {
				t.Fatalf("N = %d: %s * %s is not the tame sum", q.N(), q.Format(Element(x)), q.Format(Element(y)))
			}
		}
	}
	for h := 0; h <= q.N(); h++ {
		if psi[q.Heap(h)] != class(h) {
			t.Fatalf("N = %d: heap %d has class %+v, want %+v", q.N(), h, psi[q.Heap(h)], class(h))
		}
	}
}

// TestTameCodes checks, for every code of up to three digits whose heaps
// 0..12 are all hereditarily tame by their genus (solve.Misere, a separate
// engine), that the quotient is tame and is exactly the set of tame
// classes the heaps generate (see TestMisereNim for why distinct classes
// are distinguishable once a heap is not heap-like).
func TestTameCodes(t *testing.T) {
	const top = 12
	found := 0
	for _, code := range codes(t) {
		r := heap.Octal(code)
		q, err := codeQuotient(code)
		if errors.Is(err, limits.ErrStateLimit) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		m := solve.NewMisere[int](r, &limits.Budget{MaxStates: 200_000})
		classes := make([]tameClass, top+1)
		tame := true
		for h := 0; h <= top && tame; h++ {
			ok, g, err := m.Tame(context.Background(), h)
			if err != nil {
				t.Fatalf("%s: genus of heap %d: %v", code, h, err)
			}
			tame = ok
			if ok {
				classes[h] = tameClass{uint64(g.Normal), g.Normal <= 1 && g.Equal(solve.TameGenus(g.Normal, true))}
			}
		}
		if !tame {
			continue
		}
		found++
		if !q.Tame() {
			t.Fatalf("%s: every heap is tame but the quotient (order %d) is not", code, q.Order())
		}
		checkTame(t, q, func(h int) tameClass { return classes[h] })
	}
	if found < 50 {
		t.Fatalf("only %d tame codes", found)
	}
	t.Logf("%d codes with every heap <= %d tame", found, top)
}

// TestWildNotTame: Kayles heap 5 has genus 4^146, not tame (docs/misere.md),
// so the quotient of Kayles to heap 5 is not a tame quotient, while to heap
// 4 it is (heaps 0..4 are tame).
func TestWildNotTame(t *testing.T) {
	kayles := heap.Octal(mustCode(t, "0.77"))
	for n, want := range map[int]bool{4: true, 5: false, 12: false} {
		q, err := Compute(context.Background(), kayles, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if q.Tame() != want {
			t.Errorf("kayles to %d: tame %v, want %v", n, q.Tame(), want)
		}
	}
}

func mustCode(t testing.TB, s string) heap.Code {
	t.Helper()
	c, err := heap.ParseCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var _ game.Game[int] = heap.Rules{}
