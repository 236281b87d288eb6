package heap

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/sparse"

	"pgregory.net/rapid"
)

func tabulate(t testing.TB, r Rules, to int) *Sequence {
	t.Helper()
	s, err := Tabulate(context.Background(), r, to, nil, DefaultProofBudget)
	if err != nil {
		t.Fatalf("Tabulate(%s, %d): %v", r, to, err)
	}
	return s
}

func TestPatterns(t *testing.T) {
	tests := []struct {
		name           string
		rules          Rules
		to             int
		n0, p, saltus  int
		proven         bool
		reasonContains string
	}{
		// A002186: "From n=71 on, the sequence is periodic with period 12"; its
		// last exception is n = 70, so 71 is the least n0.
		{"kayles", Octal(mustCode(t, "0.77")), 100, 71, 12, 0, true, "Guy-Smith"},
		// A002187 (0.137): period 34, last exception n = 51, so n0 = 52; 0.07
		// is shifted by one (G_07(n) = a(n-1)), so n0 = 53. Hand check of the
		// convention in TestDawsonConvention.
		{"dawson-kayles", Octal(mustCode(t, "0.07")), 100, 53, 34, 0, true, "Guy-Smith"},
		{"dawson-chess", Octal(mustCode(t, "0.137")), 100, 52, 34, 0, true, "Guy-Smith"},
		// subtract:2,3,7: G = 0 0 1 1 2 repeating from 0 (by hand: heaps 0, 1
		// have no move; 2, 3 reach only {0, 1} values 0; 4 reaches 2, 1 (values
		// 1, 0) ...), so n0 = 0, p = 5.
		{"subtract:2,3,7", Subtraction([]int{2, 3, 7}), 30, 0, 5, 0, true, "subtraction"},
		// subtract:1-3: G(n) = n mod 4 (seed 001's induction with i = 3).
		{"subtract:1-3", Subtraction([]int{1, 2, 3}), 10, 0, 4, 0, true, "subtraction"},
		// Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
		// G(4k+4) = 4k+3 (Winning Ways ch. 4), G(0) = 0: arithmetic periodic
		// from n0 = 1 (G(4)-G(0) = 3), period 4, saltus 4; no theorem here.
		{"lasker", Octal(mustCode(t, "4.[3]")), 200, 1, 4, 4, false, "observed over n <= 200"},
		// Nim: G(n) = n, period 1, saltus 1.
		{"nim", Octal(mustCode(t, "0.[3]")), 50, 0, 1, 1, false, "observed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tabulate(t, tt.rules, tt.to).Pattern
			if p == nil {
				t.Fatal("no pattern")
			}
			if p.Preperiod != tt.n0 || p.Period != tt.p || p.Saltus != tt.saltus || p.Proven != tt.proven || !strings.Contains(p.Reason, tt.reasonContains) {
				t.Fatalf("pattern %+v, want n0 %d p %d s %d proven %v (%q)", p, tt.n0, tt.p, tt.saltus, tt.proven, tt.reasonContains)
			}
		})
	}
}

// TestDawsonConvention hand-checks the pre-period convention on the
// published values: n0 is the least n from which G(n+34) = G(n) always
// holds, so it fails at n0-1 and holds from n0 on.
func TestDawsonConvention(t *testing.T) {
	g := func(n int) uint16 { // Dawson's Kayles from A002187: G(n) = a(n-1)
		if n == 0 {
			return 0
		}
		return oeisA002187[n-1]
	}
	// a(51) = 2 but a(85) = 9: G(52) != G(86).
	if g(52) == g(52+34) {
		t.Fatalf("G(52) = G(86) = %d: the table disagrees with the comment", g(52))
	}
	for n := 53; n+34 <= len(oeisA002187); n++ {
		if g(n) != g(n+34) {
			t.Fatalf("G(%d) != G(%d)", n, n+34)
		}
	}
}

func TestGrundyGameHasNoPattern(t *testing.T) {
	s := tabulate(t, GrundyGame(), 4000)
	if s.Pattern != nil {
		t.Fatalf("Grundy's game: pattern %+v up to 4000; none is known", s.Pattern)
	}
	if len(s.Values) != 4001 {
		t.Fatalf("computed %d values, want 4001", len(s.Values))
	}
}

// TestProofsHold checks the periodicity theorem empirically: whenever
// Tabulate proves a pattern for a random finite code, the values computed
// far past the proof's window keep it.
func TestProofsHold(t *testing.T) {
	proven := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "digits")
		digits := []uint8{rapid.SampledFrom([]uint8{0, 4}).Draw(t, "d0")}
		for k := 1; k <= n; k++ {
			digits = append(digits, uint8(rapid.IntRange(0, 7).Draw(t, fmt.Sprint("d", k))))
		}
		c, err := NewCode(digits, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := Octal(c)
		s, err := Tabulate(context.Background(), r, 0, nil, 2e6)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Proven() {
			return
		}
		proven++
		far := 3*len(s.Values) + 50
		v, err := Compute(context.Background(), r, far, nil)
		if err != nil {
			t.Fatal(err)
		}
		for h := 0; h <= far; h++ {
			if got, ok := s.At(h); !ok || uint16(got) != v[h] {
				t.Fatalf("%s: extrapolated G(%d) = %d, computed %d (pattern %+v)", c, h, got, v[h], s.Pattern)
			}
		}
		p := s.Pattern
		if p.Preperiod > 0 && v[p.Preperiod-1+p.Period] == v[p.Preperiod-1] {
			t.Fatalf("%s: pre-period %d is not least", c, p.Preperiod)
		}
		for q := 1; q < p.Period; q++ {
			periodic := true
			for h := p.Preperiod; h+q <= far && periodic; h++ {
				periodic = v[h+q] == v[h]
			}
			if periodic {
				t.Fatalf("%s: period %d is not least: %d works", c, p.Period, q)
			}
		}
	})
	if proven == 0 {
		t.Error("no random code was proven periodic")
	}
}

// TestProofOctal16 tabulates 0.16 to 10^12: the proof search counts the
// sparse engine's real work (about 245 pair evaluations a value), so the
// Guy-Smith window of its long period is reached within
// DefaultProofBudget. OEIS A071430 (0.16, from Gangolli and Plambeck 1989):
// "eventually periodic with period 149459. The last exception is at
// n=105350", so the pattern is pre-period 105351, period 149459. The
// values are checked against sparse.Reference on a prefix, against the
// plain scan's checksum of G(0..2^16) recorded in docs/PERFORMANCE.md
// (TestLongEquivalence, a different algorithm), and the period against
// every computed value past the pre-period, through the theorem's window
// derived here: for a two-heap code with last digit t = 2 it is
// n0 <= n < 2*n0+p+t, so 2*n0+2p+2 values are needed.
func TestProofOctal16(t *testing.T) {
	r := Octal(mustCode(t, "0.16"))
	const n0, p, huge = 105351, 149459, 1_000_000_000_000
	s, err := Tabulate(context.Background(), r, huge, nil, DefaultProofBudget)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Proven() || s.Pattern.Preperiod != n0 || s.Pattern.Period != p || s.Pattern.Saltus != 0 {
		t.Fatalf("pattern %+v, want proven pre-period %d, period %d", s.Pattern, n0, p)
	}
	g := s.Values
	if len(g) < 2*n0+2*p+2 {
		t.Fatalf("%d values computed: the window needs %d", len(g), 2*n0+2*p+2)
	}
	for n := n0; n+p < len(g); n++ {
		if g[n+p] != g[n] {
			t.Fatalf("G(%d) = %d but G(%d) = %d", n+p, g[n+p], n, g[n])
		}
	}
	if g[n0-1+p] == g[n0-1] {
		t.Fatalf("G(%d) = G(%d): the pre-period would be shorter", n0-1+p, n0-1)
	}
	want := reference(t, r, 10000)
	if !slices.Equal(g[:len(want)], want) {
		t.Fatalf("G(0..10000) differ from sparse.Reference")
	}
	if got := fmt.Sprintf("%016x", sparse.Checksum(g[:1<<16+1])); got != "9704db50f27c1afc" {
		t.Fatalf("checksum of G(0..2^16) %s, the plain scan's 9704db50f27c1afc", got)
	}
	at := func(n int) game.Nimber { return game.Nimber(g[n0+(n-n0)%p]) }
	for _, n := range []int{huge, huge - 1, math.MaxInt64, len(g), len(g) + 12345} {
		if v, ok := s.At(n); !ok || v != at(n) {
			t.Fatalf("At(%d) = %d, %v; want %d", n, v, ok, at(n))
		}
	}
	if v, err := ValueAt(context.Background(), r, huge, nil); err != nil || v != at(huge) {
		t.Fatalf("ValueAt(10^12) = %d, %v; want %d", v, err, at(huge))
	}
}

func TestTabulateStopsAtProof(t *testing.T) {
	s := tabulate(t, Octal(mustCode(t, "0.77")), 1_000_000_000_000)
	if !s.Proven() || len(s.Values) > 4096 {
		t.Fatalf("Kayles to 10^12: proven %v after %d values", s.Proven(), len(s.Values))
	}
	// G(10^12): 10^12 = 71 + 12q + r with r = (10^12-71) mod 12 = 9, so
	// G(10^12) = G(80) = a(80) of A002186 = 1 (periodic part, n >= 71).
	if v, ok := s.At(1_000_000_000_000); !ok || v != 1 || oeisA002186[80] != 1 {
		t.Fatalf("G(10^12) = %d, %v", v, ok)
	}
	_, err := Tabulate(context.Background(), GrundyGame(), 1_000_000_000_000, nil, DefaultProofBudget)
	if err == nil || !strings.Contains(err.Error(), "TiB") {
		t.Fatalf("Grundy's game to 10^12: %v, want a memory error", err)
	}
}
