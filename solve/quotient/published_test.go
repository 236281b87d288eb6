package quotient

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// r8 builds the bipartite monoid
//
//	R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>,  P = {a, b^2},
//
// by rewriting exponent triples (i, j, k) of a^i b^j c^k: c^2 -> b^2 and
// bc -> ab lower k, b^3 -> b lowers j with k fixed, a^2 -> 1 lowers i, so
// rewriting ends, in one of 1, a, b, ab, b^2, ab^2, c, ac.
//
// R8 is the quotient Plambeck and Siegel give for the octal game 0.75 (the
// R8 of "Misère quotients for impartial games", arXiv math/0609825, and of
// Plambeck's "Taming the wild"); the presentation is quoted from memory of
// those papers, not from a copy at hand, so the test does not lean on it
// alone: Siegel proved that there is exactly one misère quotient of order 8
// ("The structure and classification of misère quotients", arXiv
// math/0703070, abstract), so R8 is the quotient of 0.75 as soon as that
// quotient has order 8 and R8 is a misère quotient at all; the order 8 is
// derived independently below, by the naive search.
//
// Sources checked (issue 17): the text of math/0609825 available to the
// project's search tools is its first page only (v5, 14 Aug 2007: title,
// abstract, the start of the introduction on Dawson's chess), which states
// no quotient; the page and table of R8 and of the paper's other quotients
// (Kayles, Dawson's Kayles to heap 33) could not be read, so no test here
// cites them, and none asserts a value taken from them. What is cited is
// what was read: Siegel's abstract (above) and, for the even order of every
// impartial misère quotient, Plambeck and Siegel as restated by
// Rubinstein-Salzedo and Zhou, arXiv:2603.18244, section 1 (see
// TestAgainstNaiveSearch). One published order was read elsewhere and is
// asserted: Q_30(0.07) = 360, from Siegel (see TestDawsonKayles30).
func r8() *Quotient {
	type abc [3]int
	norm := func(w abc) abc {
		for {
			switch {
			case w[2] >= 2:
				w[2] -= 2
				w[1] += 2
			case w[1] >= 1 && w[2] >= 1:
				w[2]--
				w[0]++
			case w[1] >= 3:
				w[1] -= 2
			case w[0] >= 2:
				w[0] -= 2
			default:
				return w
			}
		}
	}
	elems := []abc{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}, {1, 2, 0}, {0, 0, 1}, {1, 0, 1}}
	index := map[abc]Element{}
	for i, w := range elems {
		index[w] = Element(i)
	}
	q := &Quotient{order: 8, mul: make([]Element, 64), p: make([]bool, 8)}
	for i, x := range elems {
		for j, y := range elems {
			z, ok := index[norm(abc{x[0] + y[0], x[1] + y[1], x[2] + y[2]})]
			if !ok {
				panic(fmt.Sprint("r8: ", x, y))
			}
			q.mul[i*8+j] = z
		}
	}
	q.p[index[abc{1, 0, 0}]] = true
	q.p[index[abc{0, 2, 0}]] = true
	return q
}

// TestR8 checks the quotient of 0.75 (heaps 0..30) against R8.
func TestR8(t *testing.T) {
	r := heap.Octal(mustCode(t, "0.75"))
	q, err := Compute(context.Background(), r, 30, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !isomorphic(q, r8()) {
		t.Fatalf("0.75 is not R8: %s", present(q))
	}
	// Its heaps' elements repeat with period 2 from heap 8 (b, ab^2, ...),
	// proven by the Guy-Smith window of 0.75 (t = 2, two-heap splits:
	// Need(8, 2) = 2*8 + 2 + 2 + 2 = 22 heaps).
	p := q.Pattern()
	if p == nil || !p.Proven || p.Period != 2 {
		t.Fatalf("0.75: pattern %+v, want period 2, proven", p)
	}
	if q.Tame() {
		t.Fatal("0.75 is wild (R8 has |P| = 2 but order 8, not 2^m + 2 with the tame shape)")
	}
}

// TestOrderByNaiveClasses derives the order of some quotients independently:
// the naive search's outcomes of all sums u + z, for u and z among the sums
// of at most s tokens, split the small sums u into classes (two sums with
// different outcomes beside some z are distinguishable, so these classes
// are a lower bound on the quotient's order); the quotient must give the
// small sums exactly as many distinct elements as there are classes, and
// every one of its elements must be the element of a small sum (its
// predictions being right, two sums with one element have one outcome
// beside every z, so elements are never finer than classes).
func TestOrderByNaiveClasses(t *testing.T) {
	for _, c := range []struct {
		code   string
		top, s int
		order  int // the published order, when there is one (0: none)
	}{
		{"0.75", 8, 16, 8}, // R8 (see r8)
		{"0.77", 5, 16, 0},
		{"0.77", 8, 20, 0},
		{"0.07", 9, 18, 0},
		{"0.137", 8, 18, 0},
		{"0.354", 4, 20, 0},
		{"4.7", 7, 14, 0},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.code, c.top), func(t *testing.T) {
			r := heap.Octal(mustCode(t, c.code))
			q, err := Compute(context.Background(), r, c.top, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := newNaive(r, c.top, 2*c.s)
			var small [][]int
			var rec func(from, left int, cur []int)
			rec = func(from, left int, cur []int) {
				small = append(small, slices.Clone(cur))
				for h := from; h <= min(c.top, left); h++ {
					rec(h, left-h, append(cur, h))
				}
			}
			rec(1, c.s, nil)
			classes := map[string]bool{}
			elems := map[Element]bool{}
			for _, u := range small {
				sig := make([]byte, len(small))
				for i, z := range small {
					sig[i] = '.'
					if s.isP(s.key(u) + s.key(z)) {
						sig[i] = 'P'
					}
				}
				classes[string(sig)] = true
				elems[q.Of(u)] = true
			}
			if len(elems) != len(classes) || q.Order() != len(elems) || c.order != 0 && c.order != len(classes) {
				t.Fatalf("%s to %d: %d naive classes, %d elements of small sums, order %d (published: %d)",
					c.code, c.top, len(classes), len(elems), q.Order(), c.order)
			}
			t.Logf("%s to %d: order %d = naive classes of sums of at most %d tokens", c.code, c.top, q.Order(), c.s)
		})
	}
}

// TestDawson checks Dawson's chess against Dawson's Kayles: a row of n
// Dawson's chess (0.137) plays exactly as a row of n+1 Dawson's Kayles
// (0.07) (Winning Ways ch. 4; docs/guide.md), so heap n of one and heap n+1
// of the other must have the same element, and the quotients the same
// presentation with the generators' heaps shifted by one.
func TestDawson(t *testing.T) {
	chess, err := Compute(context.Background(), heap.Octal(mustCode(t, "0.137")), 24, nil)
	if err != nil {
		t.Fatal(err)
	}
	kayles, err := Compute(context.Background(), heap.Octal(mustCode(t, "0.07")), 25, nil)
	if err != nil {
		t.Fatal(err)
	}
	if present(chess) != present(kayles) {
		t.Fatalf("presentations differ:\n%s\n%s", present(chess), present(kayles))
	}
	for n := 0; n <= 24; n++ {
		if chess.Format(chess.Heap(n)) != kayles.Format(kayles.Heap(n+1)) {
			t.Fatalf("chess %d = %s but kayles %d = %s", n, chess.Format(chess.Heap(n)), n+1, kayles.Format(kayles.Heap(n+1)))
		}
	}
	for i, g := range chess.Generators() {
		if kayles.Generators()[i].Heap != g.Heap+1 {
			t.Fatalf("generator %s: heap %d and %d", g.Name, g.Heap, kayles.Generators()[i].Heap)
		}
	}
}

// TestDawsonKayles30 checks the order of the quotient of Dawson's Kayles
// (0.07) restricted to heaps 0..30 against the one published figure of it
// that could be read: "Q_30(0.07) has size 360", Aaron Siegel, answering
// Mike Weimerskirch in "Some MisereSolver questions answered",
// miseregames.wordpress.com, August 2007 (the size MisereSolver reports for
// `java -jar misere.jar 0.07 -maxheap 30`).
func TestDawsonKayles30(t *testing.T) {
	if testing.Short() {
		t.Skip("about a second of quotient building and verification")
	}
	q, err := Compute(context.Background(), heap.Octal(mustCode(t, "0.07")), 30, nil)
	if err != nil {
		t.Fatal(err)
	}
	if q.Order() != 360 {
		t.Fatalf("Q_30(0.07) has order %d, published 360", q.Order())
	}
}
