package query

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// mexValues returns G(0..n-1) of the take-and-break code with digits
// d0, d1, ... by the definition: a move removes k tokens from a heap and
// leaves c non-empty heaps where bit 2^c of dk allows it (c = 0 only when
// k > 0 tokens were the whole heap, c = 1 only when k > 0), with distinct
// parts when distinct. Each option's value is the nim-sum of its parts'.
func mexValues(digits []uint8, distinct bool, n int) []game.Nimber {
	g := make([]game.Nimber, 0, n)
	for h := range n {
		opts := map[game.Nimber]bool{}
		// parts lists the nim-sums of the ways to write rest as c
		// non-decreasing parts of at least least each.
		var parts func(rest, c, least int, sum game.Nimber)
		parts = func(rest, c, least int, sum game.Nimber) {
			if c == 0 {
				if rest == 0 {
					opts[sum] = true
				}
				return
			}
			for p := least; p*c <= rest; p++ {
				next := p
				if distinct {
					next = p + 1
				}
				parts(rest-p, c-1, next, sum^g[p])
			}
		}
		for k := 0; k < len(digits) && k <= h; k++ {
			for c := range 4 {
				if digits[k]&(1<<c) != 0 && (c >= 2 || k > 0) {
					parts(h-k, c, 1, 0)
				}
			}
		}
		v := game.Nimber(0)
		for opts[v] {
			v++
		}
		g = append(g, v)
	}
	return g
}

// identifies reports whether res lists name among the games of a match
// with shift shift.
func identifies(res *IdentifyResult, name string, shift int) bool {
	for _, m := range res.Matches {
		if m.Shift != shift {
			continue
		}
		for _, g := range m.Games {
			if g.Name == name {
				return true
			}
		}
	}
	return false
}

func identify(t *testing.T, values []game.Nimber, from int) *IdentifyResult {
	t.Helper()
	res, err := Identify(context.Background(), values, from, IdentifyOptions{}, nil)
	if err != nil {
		t.Fatalf("identify %v from %d: %v", values, from, err)
	}
	return res
}

// TestIdentifyRandomCodes identifies 500 random codes of up to three
// digits (octal or hexadecimal, starts 0. and 4.) from their first 30
// values, computed by the definition: the code itself is among the games
// of an exact match.
func TestIdentifyRandomCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(identifySeed(t), 1))
	for range 500 {
		digits := make([]uint8, 1+1+rng.IntN(3))
		digits[0] = uint8(4 * rng.IntN(2))
		for k := 1; k < len(digits); k++ {
			digits[k] = uint8(rng.IntN(16))
		}
		name := codeName(digits)
		res := identify(t, mexValues(digits, false, 30), 0)
		if !identifies(res, name, 0) {
			t.Fatalf("%s (digits %v) not identified from its first 30 values: %d matches", name, digits, res.Total)
		}
	}
}

// identifySeed is the seed of a random test: IDENTIFY_SEED when set (to
// repeat a run), a fresh one otherwise; it is logged.
func identifySeed(t *testing.T) uint64 {
	t.Helper()
	seed := rand.Uint64()
	if s := os.Getenv("IDENTIFY_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("IDENTIFY_SEED: %v", err)
		}
	}
	t.Logf("IDENTIFY_SEED=%d", seed)
	return seed
}

// codeName writes digits as the tables do: d0, a point, the digits after
// it without trailing zeros, in upper-case hexadecimal ("0.0" when none).
func codeName(digits []uint8) string {
	last := len(digits) - 1
	for last > 0 && digits[last] == 0 {
		last--
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(digits[0])) + ".")
	if last == 0 {
		b.WriteString("0")
	}
	for _, d := range digits[1 : last+1] {
		b.WriteString(strings.ToUpper(strconv.FormatUint(uint64(d), 16)))
	}
	return b.String()
}

// TestIdentifyRandomSets identifies 100 random subtraction sets of
// elements up to 12 from their first 30 values, computed by the
// definition (digit 3 for each element: take k, leaving nothing or one
// heap).
func TestIdentifyRandomSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(identifySeed(t), 2))
	for range 100 {
		bits := 1 + rng.IntN(1<<12-1)
		digits := []uint8{0}
		var words []string
		for e := 1; e <= 12; e++ {
			digits = append(digits, 0)
			if bits&(1<<(e-1)) != 0 {
				digits[e] = 3
				words = append(words, strconv.Itoa(e))
			}
		}
		name := "{" + strings.Join(words, ",") + "}"
		res := identify(t, mexValues(digits, false, 30), 0)
		if !identifies(res, name, 0) {
			t.Fatalf("subtraction %s not identified from its first 30 values: %d matches", name, res.Total)
		}
	}
}

// TestIdentifyDawson is the example of `grundy identify`: G(0..16) of
// Dawson's chess (OEIS A002187, a(0..16); Winning Ways pp. 89, 102) name
// 0.137 first, and Dawson's Kayles, 0.07, shifted by one (A002187's
// comment: "Octal game .07 (Dawson's Kayles) has values a(n-1)"), both
// with their catalog names.
func TestIdentifyDawson(t *testing.T) {
	values := []game.Nimber{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2}
	res := identify(t, values, 0)
	if len(res.Matches) == 0 || res.Matches[0].Games[0].Name != "0.137" || res.Matches[0].Games[0].Catalog != "dawson-chess" {
		t.Fatalf("first match %+v, want 0.137 (dawson-chess)", res.Matches)
	}
	if !identifies(res, "0.07", 1) {
		t.Errorf("0.07 shifted by one not named: %+v", res.Matches)
	}
	for _, m := range res.Matches {
		if m.Shift == 1 && m.Games[0].Name == "0.07" && m.Games[0].Catalog != "dawson-kayles" {
			t.Errorf("0.07 named %q, want dawson-kayles", m.Games[0].Catalog)
		}
	}
	// 0.137's period: 34 from 52 (Winning Ways p. 102: last exception 51).
	if p := res.Matches[0].Pattern; p == nil || !p.Proven || p.Period != 34 || p.Preperiod != 52 {
		t.Errorf("0.137's pattern %+v, want pre-period 52, period 34, proven", p)
	}
	// Next values: A002187 a(17..24).
	if want := []game.Nimber{2, 3, 3, 0, 1, 1, 3, 0}; !slices.Equal(res.Matches[0].Next, want) {
		t.Errorf("next %v, want %v", res.Matches[0].Next, want)
	}
}

// TestIdentifyPublished identifies published sequences.
func TestIdentifyPublished(t *testing.T) {
	tests := []struct {
		source string
		from   int
		values []game.Nimber
		game   string // an exact match must list it
	}{
		// OEIS A002186, Kayles (octal .77 and .771), a(0..39); Winning Ways p. 91.
		{"A002186", 0, []game.Nimber{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3}, "0.771"},
		// OEIS A002187, Dawson's chess (.137), a(0..33); Winning Ways p. 89.
		{"A002187", 0, []game.Nimber{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4}, "0.137"},
		// OEIS A002188, Grundy's game, a(0..33); Guy and Smith 1956, Table 4.
		{"A002188", 0, []game.Nimber{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4}, "4.0 (distinct parts)"},
		// OEIS A071435, octal game .177, a(1..34) (offset 1); Winning Ways
		// ch. 4, p. 102.
		{"A071435", 1, []game.Nimber{1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4, 1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2, 1, 1}, "0.177"},
		// OEIS A071453, octal game .117, a(1..30) (offset 1); Winning Ways
		// ch. 4, p. 104.
		{"A071453", 1, []game.Nimber{1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0}, "0.117"},
	}
	for _, tt := range tests {
		res := identify(t, tt.values, tt.from)
		if !identifies(res, tt.game, 0) {
			t.Errorf("%s: %s not identified; %d matches", tt.source, tt.game, res.Total)
		}
	}
	// A071435's comment: "Octal games .450-.453 and .470-.473 have values
	// a(n-1)": .177's values are theirs shifted by one.
	res := identify(t, tests[3].values, 1)
	for _, code := range []string{"0.45", "0.451", "0.47", "0.473"} {
		if !identifies(res, code, 1) {
			t.Errorf("A071435: %s shifted by one not named", code)
		}
	}
}

// TestIdentifyLong checks values past the index's 64 by computing:
// Kayles's first 105 values (OEIS A002186, a(0..104)) are Kayles's, and
// one changed value past the 64th rules Kayles out.
func TestIdentifyLong(t *testing.T) {
	values := mexValues([]uint8{0, 7, 7}, false, 105)
	if !identifies(identify(t, values, 0), "0.77", 0) {
		t.Fatal("Kayles's 105 values not identified")
	}
	values[100] ^= 1
	if res := identify(t, values, 0); identifies(res, "0.77", 0) {
		t.Fatal("a changed G(100) still identified as Kayles")
	}
}

// TestIdentifyNone: no heap game has G(0) = 0, G(1) = 2 (a hand proof: a
// heap of 1 has at most one option, taking it, so G(1) <= 1), nor, shifted
// by one, G(1) = 0, G(2) = 2 (every option of a heap of 2 leaves heaps of
// 0 and 1, of value 0, so G(2) <= 1), nor G(-1) = 0, G(0) = 2.
func TestIdentifyNone(t *testing.T) {
	res := identify(t, []game.Nimber{0, 2}, 0)
	if want := 2*16*16*16 + 1<<12; res.Total != 0 || res.Searched != want {
		t.Fatalf("0 2: %d matches of %d searched, want none of %d", res.Total, res.Searched, want)
	}
}

// TestIdentifyBadInput refuses bad values with an input error.
func TestIdentifyBadInput(t *testing.T) {
	for _, words := range [][]string{nil, {"1", "x"}, {"0", "-1"}, {"1.5"}, slices.Repeat([]string{"0"}, 1_000_000)} {
		_, err := ParseValues(words)
		if !errors.Is(err, game.ErrInput) {
			t.Errorf("%d words: error %v, want bad input", len(words), err)
		}
	}
	if _, err := Identify(context.Background(), []game.Nimber{0}, IdentifyFrom, IdentifyOptions{}, nil); !errors.Is(err, game.ErrInput) {
		t.Errorf("from %d: error %v, want bad input", IdentifyFrom, err)
	}
}

// TestIdentifyGame tabulates a catalog game and identifies it.
func TestIdentifyGame(t *testing.T) {
	inst, err := Open("kayles", OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := IdentifyGame(context.Background(), inst, 40, IdentifyOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matches) == 0 || res.Matches[0].Games[0].Catalog != "kayles" {
		t.Fatalf("kayles identified as %+v", res.Matches)
	}
}

// BenchmarkIdentify is the whole verb on Dawson's chess's first 17 values.
func BenchmarkIdentify(b *testing.B) {
	values := []game.Nimber{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2}
	for b.Loop() {
		if _, err := Identify(context.Background(), values, 0, IdentifyOptions{Matches: 10, Games: 10}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIdentifyWide searches the codes of 4 digits as well: 0.1357, a
// random-looking code of 4 digits, from its first 30 values by the
// definition; and OEIS A071434, "Sprague-Grundy values for octal game
// .1377", a(1..30) (offset 1; Winning Ways ch. 4, p. 102), whose comment
// says that ".074-.077 have values a(n-1)": the 4-digit .1377 exactly and
// the 3-digit .074 shifted by one.
func TestIdentifyWide(t *testing.T) {
	wide := IdentifyOptions{Digits: 4}
	res, err := Identify(context.Background(), mexValues([]uint8{0, 1, 3, 5, 7}, false, 30), 0, wide, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !identifies(res, "0.1357", 0) || res.Searched != 2*16*16*16+1<<12+122880 {
		t.Errorf("0.1357 not identified among %d: %+v", res.Searched, res.Matches)
	}
	a071434 := []game.Nimber{1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7}
	if res, err = Identify(context.Background(), a071434, 1, wide, nil); err != nil {
		t.Fatal(err)
	}
	if !identifies(res, "0.1377", 0) || !identifies(res, "0.074", 1) {
		t.Errorf("A071434: .1377 exactly and .074 shifted not both named: %+v", res.Matches)
	}
	// 0.0742 joins .074's answer, proven the same: both periods are
	// proven; here its values agree with .074's through G(299) by the
	// definition.
	if !identifies(res, "0.0742", 1) || !slices.Equal(mexValues([]uint8{0, 0, 7, 4, 2}, false, 300), mexValues([]uint8{0, 0, 7, 4}, false, 300)) {
		t.Errorf("A071434: 0.0742 not in .074's answer: %+v", res.Matches)
	}
	for _, m := range res.Matches {
		if m.Shift == 1 && m.Games[0].Name == "0.074" && m.Identical != "proven" {
			t.Errorf(".074's answer: identical %q, want proven", m.Identical)
		}
	}
	// Without Digits the 4-digit code is not searched: only .074 shifted.
	if res = identify(t, a071434, 1); identifies(res, "0.1377", 0) || !identifies(res, "0.074", 1) {
		t.Errorf("A071434 in the index alone: %+v", res.Matches)
	}
	if _, err := Identify(context.Background(), a071434, 1, IdentifyOptions{Digits: 5}, nil); !errors.Is(err, game.ErrInput) {
		t.Errorf("5 digits: error %v, want bad input", err)
	}
}
