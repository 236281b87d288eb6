package quotient

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
)

// naive is the misère outcome of sums of heaps by the definition, written
// independently of the package: a sum is a P-position (the player to move
// loses) exactly when it has a move and every move leads to an N-position;
// a sum with no move is an N-position (misère play: the player who cannot
// move has won). Sums are multisets of heaps 1..top with at most maxTokens
// tokens in all (options never add tokens), keyed by their counts packed
// into a uint64; heaps without options are left out of the key (they add no
// move, so the game tree is the same). The memo is an open-addressing hash
// table: the search is the test's bottleneck.
type naive struct {
	top   int
	opts  [][]uint64 // opts[h]: the keys of the options of heap h
	unit  []uint64   // the key of one heap h (0 for heaps without options)
	shift []uint
	mask  []uint64
	slots []uint64 // key+1, 0 for an empty slot
	vals  []bool
	used  int
}

func newNaive(g game.Game[int], top, maxTokens int) *naive {
	s := &naive{top: top, opts: make([][]uint64, top+1), unit: make([]uint64, top+1),
		shift: make([]uint, top+1), mask: make([]uint64, top+1)}
	var at uint
	for h := 1; h <= top; h++ {
		moves := 0
		g.Options(h, func([]int) bool { moves++; return true })
		if moves == 0 {
			continue
		}
		width := uint(bits.Len(uint(maxTokens / h)))
		s.shift[h], s.mask[h], s.unit[h] = at, 1<<width-1, 1<<at
		at += width
	}
	if at > 64 {
		panic(fmt.Sprintf("naive: counts need %d bits", at))
	}
	for h := 1; h <= top; h++ {
		if s.unit[h] == 0 {
			continue
		}
		g.Options(h, func(o []int) bool {
			s.opts[h] = append(s.opts[h], s.key(o))
			return true
		})
	}
	s.slots, s.vals = make([]uint64, 1<<16), make([]bool, 1<<16)
	return s
}

func (s *naive) key(heaps []int) uint64 {
	var k uint64
	for _, h := range heaps {
		k += s.unit[h]
	}
	return k
}

func (s *naive) lookup(k uint64) (int, bool) {
	m := len(s.slots) - 1
	i := int((k+1)*0x9E3779B97F4A7C15>>20) & m
	for s.slots[i] != 0 {
		if s.slots[i] == k+1 {
			return i, true
		}
		i = (i + 1) & m
	}
	return i, false
}

func (s *naive) store(k uint64, v bool) {
	if 2*(s.used+1) > len(s.slots) {
		oldK, oldV := s.slots, s.vals
		s.slots, s.vals, s.used = make([]uint64, 2*len(oldK)), make([]bool, 2*len(oldK)), 0
		for i, x := range oldK {
			if x != 0 {
				s.store(x-1, oldV[i])
			}
		}
	}
	i, _ := s.lookup(k)
	s.slots[i], s.vals[i] = k+1, v
	s.used++
}

// isP returns whether the sum with key k is a misère P-position.
func (s *naive) isP(k uint64) bool {
	if i, ok := s.lookup(k); ok {
		return s.vals[i]
	}
	moved := false
	// First look for a move to a P-position already known, then search.
	for pass := 0; pass < 2; pass++ {
		for h := 1; h <= s.top; h++ {
			if k>>s.shift[h]&s.mask[h] == 0 || s.unit[h] == 0 {
				continue
			}
			for _, o := range s.opts[h] {
				moved = true
				child := k - s.unit[h] + o
				if pass == 0 {
					if i, ok := s.lookup(child); ok && s.vals[i] {
						s.store(k, false)
						return false
					}
				} else if s.isP(child) {
					s.store(k, false)
					return false
				}
			}
		}
	}
	s.store(k, moved)
	return moved
}

// multisets calls f with every multiset of at most size heaps from 0..top.
func multisets(top, size int, f func([]int)) {
	var rec func(from int, cur []int)
	rec = func(from int, cur []int) {
		f(cur)
		if len(cur) == size {
			return
		}
		for h := from; h <= top; h++ {
			rec(h, append(cur, h))
		}
	}
	rec(0, nil)
}

// codes returns every octal code d0.d1d2d3 with d0 in {0, 4}: all codes of
// up to three digits after the point (trailing zeros give the shorter
// codes, each once).
func codes(t *testing.T) []heap.Code {
	var out []heap.Code
	for _, d0 := range []uint8{0, 4} {
		for d := range 512 {
			c, err := heap.NewCode([]uint8{d0, uint8(d >> 6), uint8(d >> 3 & 7), uint8(d & 7)}, 0)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
	}
	return out
}

// codeStates is the budget within which a code's quotient up to heap 12
// counts as finishing: about a tenth of a second here, so "finishes within
// a second" even on a loaded machine, and deterministic. The quotients
// that do not fit are skipped and counted; most of them grow without
// bound (the quotient of 0.354 restricted to heaps 0..5 already has more
// and more classes among ever larger sums, by the naive search).
const codeStates = 30_000

// fullCodeStates is codeStates under GRUNDY_QUOTIENT_FULL=1: about a second
// of work per quotient, the bound.
const fullCodeStates = 300_000

// randomPerCode is the number of random larger sums checked per code by
// default (10^4 with GRUNDY_QUOTIENT_FULL=1).
const randomPerCode = 12

var quotients = struct {
	sync.Mutex
	m map[string]*codeResult
}{m: map[string]*codeResult{}}

type codeResult struct {
	once sync.Once
	q    *Quotient
	err  error
}

// codeQuotient returns the quotient of the code up to heap 12 within
// codeStates, computed once for all the tests.
func codeQuotient(code heap.Code) (*Quotient, error) {
	quotients.Lock()
	r, ok := quotients.m[code.String()]
	if !ok {
		r = &codeResult{}
		quotients.m[code.String()] = r
	}
	quotients.Unlock()
	r.once.Do(func() {
		states := int64(codeStates)
		if os.Getenv("GRUNDY_QUOTIENT_FULL") == "1" {
			states = fullCodeStates
		}
		r.q, r.err = Compute(context.Background(), heap.Octal(code), 12, &limits.Budget{MaxStates: states})
	})
	return r.q, r.err
}

// TestAgainstNaiveSearch checks the quotient of every octal code with up
// to three digits (d0 in {0, 4}), restricted to heaps 0..12, against the
// naive search: the P-portion membership of the product of the heaps'
// elements must be the naive outcome on every sum of up to four heaps <=
// 12 and on random larger sums (five to eight heaps <= 12, at most 48
// tokens), drawn with a fixed seed. The issue asks for 10^4 random larger
// sums: by default each code gets randomPerCode of them, more than 10^4 over
// the codes checked (the test fails below that), and the four-heap sums of
// codes with d0 = 4 (splitting without taking, whose sums of four large
// heaps reach half a million positions each) are those of at most 36
// tokens; GRUNDY_QUOTIENT_FULL=1 checks all four-heap sums, 10^4 random
// sums per code and every code whose quotient finishes within
// fullCodeStates (about a second) instead of codeStates: 85 s of CPU (4
// minutes of wall time at load 13) instead of about 11, for 916 codes, 2.2
// million small and 9.2 million random sums.
//
// The same quotients are checked against three theorems:
//   - a misère quotient has even order (Plambeck and Siegel 2008, as
//     restated in Rubinstein-Salzedo and Zhou, arXiv:2603.18244, sec. 1),
//     except the trivial quotient when no heap has a move;
//   - if |P| = 2 (and Q is finite) then |Q| = 2^n + 2 or 2^n + 4 (Siegel,
//     "The structure and classification of misère quotients", arXiv
//     math/0703070, abstract);
//   - there is exactly one misère quotient of order 8 (ibid.): all the
//     order-8 quotients found are isomorphic.
func TestAgainstNaiveSearch(t *testing.T) {
	full := os.Getenv("GRUNDY_QUOTIENT_FULL") == "1"
	perCode := randomPerCode
	if full {
		perCode = 10_000
	}
	var mu sync.Mutex
	var eights []*Quotient
	totalRandom := 0
	for _, d0 := range []uint8{0, 4} {
		t.Run(fmt.Sprintf("d0=%d", d0), func(t *testing.T) {
			t.Parallel()
			const top = 12
			maxTokens := 48
			if d0 == 4 && !full {
				maxTokens = 36
			}
			rng := rand.New(rand.NewPCG(17, uint64(d0)))
			var skipped, checked, random int
			for _, code := range codes(t) {
				if code.Digits[0] != d0 {
					continue
				}
				r := heap.Octal(code)
				q, err := codeQuotient(code)
				if errors.Is(err, limits.ErrStateLimit) {
					skipped++
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", code, err)
				}
				checkTheorems(t, code.String(), q, r)
				if q.Order() == 8 {
					mu.Lock()
					eights = append(eights, q)
					mu.Unlock()
				}
				s := newNaive(r, top, maxTokens)
				check := func(heaps []int) {
					if got, want := q.InP(q.Of(heaps)), s.isP(s.key(heaps)); got != want {
						t.Fatalf("%s: sum %v: quotient says P-position %v, naive search %v", code, heaps, got, want)
					}
				}
				multisets(top, 4, func(heaps []int) {
					tokens := 0
					for _, h := range heaps {
						tokens += h
					}
					if tokens <= maxTokens {
						checked++
						check(heaps)
					}
				})
				for range perCode {
					n := 5 + rng.IntN(4)
					heaps := make([]int, 0, n)
					tokens := 0
					for i := range n {
						h := 1 + rng.IntN(min(top, maxTokens-tokens-(n-i-1)))
						heaps = append(heaps, h)
						tokens += h
					}
					random++
					check(heaps)
				}
			}
			t.Logf("d0 = %d: %d codes checked on %d small and %d random sums, %d skipped (quotient not finished within its state budget)",
				d0, 512-skipped, checked, random, skipped)
			mu.Lock()
			totalRandom += random
			mu.Unlock()
			if skipped > 100 {
				t.Errorf("%d codes skipped: the quotient got slower", skipped)
			}
		})
	}
	t.Cleanup(func() {
		if totalRandom < 10_000 {
			t.Errorf("%d random larger sums checked in all, the issue asks for 10^4", totalRandom)
		}
		if len(eights) < 2 {
			t.Fatalf("%d quotients of order 8: the uniqueness check is vacuous", len(eights))
		}
		for _, q := range eights[1:] {
			if !isomorphic(eights[0], q) {
				t.Errorf("two quotients of order 8 are not isomorphic:\n%s\n%s", present(eights[0]), present(q))
			}
		}
		t.Logf("%d quotients of order 8 compared", len(eights))
	})
}

// checkTheorems checks the structure theorems and the package's own
// invariants on one quotient.
func checkTheorems(t *testing.T, name string, q *Quotient, g game.Game[int]) {
	t.Helper()
	n, ps := q.Order(), len(q.PPortion())
	moves := false
	for h := 0; h <= q.N(); h++ {
		g.Options(h, func([]int) bool { moves = true; return false })
	}
	switch {
	case n == 1 && moves, n > 1 && n%2 != 0:
		t.Errorf("%s: quotient of order %d (a heap has a move: %v)", name, n, moves)
	case ps == 2 && !isPow2(n-2) && !isPow2(n-4):
		t.Errorf("%s: |P| = 2 but |Q| = %d is neither 2^n+2 nor 2^n+4", name, n)
	case q.Mul(0, 0) != 0 || q.InP(0):
		t.Errorf("%s: the identity is not the empty sum, a win for the player to move", name)
	}
	// The normal forms name distinct elements and the relations hold.
	seen := map[string]bool{}
	for x := range n {
		s := q.Format(Element(x))
		if seen[s] {
			t.Fatalf("%s: normal form %s names two elements", name, s)
		}
		seen[s] = true
	}
	for _, r := range q.Relations() {
		if q.elementOf(r.Left) != q.elementOf(r.Right) {
			t.Fatalf("%s: relation %s does not hold", name, q.FormatRelation(r))
		}
	}
}

func isPow2(n int) bool { return n >= 1 && n&(n-1) == 0 }

// isomorphic reports whether two small quotients are isomorphic as
// bipartite monoids, by trying every bijection fixing the identity.
func isomorphic(a, b *Quotient) bool {
	n := a.Order()
	if b.Order() != n || len(a.PPortion()) != len(b.PPortion()) {
		return false
	}
	img := make([]Element, n)
	used := make([]bool, n)
	used[0] = true
	var try func(x int) bool
	try = func(x int) bool {
		if x == n {
			return true
		}
		for y := 1; y < n; y++ {
			if used[y] || a.InP(Element(x)) != b.InP(Element(y)) {
				continue
			}
			img[x], used[y] = Element(y), true
			ok := true
			for z := 0; z <= x && ok; z++ {
				p := a.Mul(Element(x), Element(z))
				ok = int(p) > x || img[p] == b.Mul(img[x], img[z])
			}
			if ok && try(x+1) {
				return true
			}
			used[y] = false
		}
		return false
	}
	if !try(1) {
		return false
	}
	for x := range n {
		for z := range n {
			if img[a.Mul(Element(x), Element(z))] != b.Mul(img[x], img[z]) {
				return false
			}
		}
	}
	return true
}

// present writes a quotient's presentation, for failure messages.
func present(q *Quotient) string {
	var rels []string
	for _, r := range q.Relations() {
		rels = append(rels, q.FormatRelation(r))
	}
	var ps []string
	for _, x := range q.PPortion() {
		ps = append(ps, q.Format(x))
	}
	return fmt.Sprintf("order %d, relations %v, P %v", q.Order(), rels, ps)
}
