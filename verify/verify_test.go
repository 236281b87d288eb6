package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// bruteValues returns G(0..count-1) of the code with digits d0..dt by a
// brute force written apart from recompute: each option is a partition of
// the heap left, n-k tokens, into j parts (j = 0 when k = n and bit 1 is
// set, j = 1, 2, 3 for bits 2, 4, 8), listed by a recursive partition
// walk, and G(n) is the least value missing from a map of option values.
func bruteValues(digits []uint8, count int) []uint32 {
	g := make([]uint32, count)
	var parts func(m, j, least int, xor uint32, seen map[uint32]bool)
	parts = func(m, j, least int, xor uint32, seen map[uint32]bool) {
		if j == 1 {
			if m >= least {
				seen[xor^g[m]] = true
			}
			return
		}
		for a := least; a*j <= m; a++ {
			parts(m-a, j-1, a, xor^g[a], seen)
		}
	}
	for n := range count {
		seen := map[uint32]bool{}
		for k, d := range digits {
			if k > n {
				break
			}
			for j, bit := range []uint8{1, 2, 4, 8} {
				switch {
				case d&bit == 0:
				case j == 0:
					if n == k {
						seen[0] = true
					}
				case k >= 1 || j >= 2: // a move removes a token or splits
					parts(n-k, j, 1, 0, seen)
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// published are claims from the literature, each the least pre-period and
// period: Winning Ways vol. 1, ch. 4, Table 7 (Kayles 0.77 (71, 12),
// Dawson's Kayles 0.07 (53, 34), 0.137 (52, 34)), and claims proven by
// hand: the subtraction game {1, 2, 3} (G(n) = n mod 4), the same game as
// the code 0.333, {2, 3, 7} (G = 0, 0, 1, 1, 2 repeating), 4.7 (G = 0, 1,
// 2, 1, 2, 1, ...), the hexadecimal 0.F1 (G = 0, 1, 2, 1, 0, 1, 0, ...
// through G(6), worked move by move; the theorem gives the rest) and 0.0,
// the game without moves.
var published = []struct {
	rules, theorem string
	n0, p          int
}{
	{"code 0.77", GuySmith, 71, 12},
	{"code 0.07", GuySmith, 53, 34},
	{"code 0.137", GuySmith, 52, 34},
	{"subtraction 1,2,3", SubtractionTheorem, 0, 4},
	{"code 0.333", GuySmith, 0, 4},
	{"subtraction 2,3,7", SubtractionTheorem, 0, 5},
	{"code 4.7", GuySmith, 1, 2},
	{"code 0.F1", GuySmith, 3, 2},
	{"code 0.0", GuySmith, 0, 1},
}

// sample returns the certificate of a published claim with extra values
// past the bound its theorem needs.
func sample(t testing.TB, rules, theorem string, n0, p, extra int) *Certificate {
	t.Helper()
	digits, err := parseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	bound := int(Need(digits, theorem, n0, p)) + extra
	return &Certificate{Rules: rules, Digits: digits, Theorem: theorem, Preperiod: n0, Period: p,
		Values: bruteValues(digits, bound)}
}

func encode(t testing.TB, c *Certificate) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, c); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestPublished checks that the claims of the literature verify, through
// an encode and a decode.
func TestPublished(t *testing.T) {
	for _, pub := range published {
		c := sample(t, pub.rules, pub.theorem, pub.n0, pub.p, 0)
		d, err := Decode(bytes.NewReader(encode(t, c)), 0)
		if err != nil {
			t.Fatalf("%s: decode: %v", pub.rules, err)
		}
		if err := Check(context.Background(), d, nil); err != nil {
			t.Errorf("%s (%d, %d): %v", pub.rules, pub.n0, pub.p, err)
		}
	}
}

// TestRecompute compares recompute with the brute force on every code of
// up to three hexadecimal digits with d0 in {0, 4, 8, C} that allows some
// move, over G(0..40).
func TestRecompute(t *testing.T) {
	checked := 0
	for d0 := uint8(0); d0 < 16; d0 += 4 {
		for x := range 16 * 16 * 16 {
			digits := []uint8{d0, uint8(x >> 8), uint8(x >> 4 & 15), uint8(x & 15)}
			if x%7 != 0 && d0 == 0 { // a sample of the codes starting 0.
				continue
			}
			got, err := recompute(context.Background(), digits, 40, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteValues(digits, 40)
			for n := range want {
				if got[n] != want[n] {
					t.Fatalf("code %v: G(%d) = %d, brute force %d", digits, n, got[n], want[n])
				}
			}
			checked++
		}
	}
	if checked < 12000 {
		t.Fatalf("only %d codes checked", checked)
	}
}

// firstBreak returns the least n >= n0 with G(n+p) != G(n) in values, or
// -1.
func firstBreak(values []uint32, n0, p int) int {
	for n := n0; n+p < len(values); n++ {
		if values[n+p] != values[n] {
			return n
		}
	}
	return -1
}

// tamperCase is a true certificate with one thing changed, and the
// rejection expected: the heap (found by the brute force) and a part of
// the reason.
type tamperCase struct {
	name   string
	cert   *Certificate
	heap   int // -1: a condition with no heap
	reason string
}

// tamperCases changes one thing at a time in the certificate of a
// published claim (with room past its bound for the window of a doubled
// period).
func tamperCases(t testing.TB, rules, theorem string, n0, p int) []tamperCase {
	const extra = 80
	good := sample(t, rules, theorem, n0, p, extra)
	otherCode := strings.Replace(rules, "7", "6", 1)
	otherDigits, _ := parseRules(otherCode)
	otherValues := bruteValues(otherDigits, len(good.Values))
	firstDiff := -1
	for n := range otherValues {
		if otherValues[n] != good.Values[n] {
			firstDiff = n
			break
		}
	}
	shorter := firstBreak(good.Values, n0, p-1)
	if firstDiff < 0 || shorter < 0 {
		t.Fatalf("%s: the brute force finds no heap to expect (code %d, period %d)", rules, firstDiff, shorter)
	}
	cases := []struct {
		name   string
		tamper func(c *Certificate)
		heap   int
		reason string
	}{
		{"value", func(c *Certificate) { c.Values[n0+5] ^= 1 }, n0 + 5, "the mex over its moves"},
		{"last value", func(c *Certificate) { c.Values[len(c.Values)-1]++ }, len(good.Values) - 1, "the mex over its moves"},
		{"period minus one", func(c *Certificate) { c.Period-- }, shorter, "does not hold"},
		{"period doubled", func(c *Certificate) { c.Period *= 2 }, -1, "not the least"},
		{"pre-period minus one", func(c *Certificate) { c.Preperiod-- }, n0 - 1, "does not hold"},
		{"pre-period plus one", func(c *Certificate) { c.Preperiod++ }, n0, "the pre-period is less"},
		{"code", func(c *Certificate) { c.Rules = otherCode; c.Digits = otherDigits }, firstDiff, "the mex over its moves"},
		{"bound too short", func(c *Certificate) { c.Values = c.Values[:len(c.Values)-extra-1] }, -1, "too short"},
		{"theorem of subtraction games", func(c *Certificate) { c.Theorem = SubtractionTheorem }, -1, "needs a subtraction game"},
		{"unknown theorem", func(c *Certificate) { c.Theorem = "sprague-grundy" }, -1, "not one of format 1"},
		{"saltus", func(c *Certificate) { c.Saltus = 1 }, -1, "arithmetic periodicity"},
	}
	var out []tamperCase
	for _, tc := range cases {
		c := sample(t, rules, theorem, n0, p, extra)
		tc.tamper(c)
		out = append(out, tamperCase{name: rules + "/" + tc.name, cert: c, heap: tc.heap, reason: tc.reason})
	}
	return out
}

// TestTamper expects each changed certificate rejected at the heap the
// brute force finds, or for the condition broken.
func TestTamper(t *testing.T) {
	for _, pub := range published[:3] {
		for _, tc := range tamperCases(t, pub.rules, pub.theorem, pub.n0, pub.p) {
			t.Run(tc.name, func(t *testing.T) {
				d, err := Decode(bytes.NewReader(encode(t, tc.cert)), 0)
				if err != nil {
					t.Fatal(err)
				}
				err = Check(context.Background(), d, nil)
				var rej *Rejection
				if !errors.As(err, &rej) {
					t.Fatalf("got %v, want a rejection", err)
				}
				if rej.Heap != tc.heap || !strings.Contains(rej.Msg, tc.reason) {
					t.Errorf("got heap %d: %q; want heap %d and %q", rej.Heap, rej.Msg, tc.heap, tc.reason)
				}
			})
		}
	}
}

// TestNeed checks the bound against the windows of the theorem worked by
// hand (docs/certificates.md): Kayles 0.77 has t = 2 and bit 4 in d1, d2,
// so E = 2*71 + 12 + 2 = 156 and the bound 168; the subtraction game
// {2, 3, 7} from n0 = 2 has E = 2 + 7 = 9 and bound 14, one more under
// guy-smith only when n0 = 0 (b = 1); the hexadecimal 0.8 from n0 = 3 with
// period 5 has E = 3*3 + 2*5 + 1 = 20.
func TestNeed(t *testing.T) {
	cases := []struct {
		digits  []uint8
		theorem string
		n0, p   int
		want    int64
	}{
		{[]uint8{0, 7, 7}, GuySmith, 71, 12, 168},
		{[]uint8{0, 0, 3, 3, 0, 0, 0, 3}, SubtractionTheorem, 2, 5, 14},
		{[]uint8{0, 0, 3, 3, 0, 0, 0, 3}, SubtractionTheorem, 0, 5, 12},
		{[]uint8{0, 0, 3, 3, 0, 0, 0, 3}, GuySmith, 0, 5, 13},
		{[]uint8{0, 8}, GuySmith, 3, 5, 25},
		{[]uint8{4}, GuySmith, 0, 1, 4},
		{[]uint8{0, 1}, GuySmith, 0, 2, 4},
	}
	for _, tc := range cases {
		if got := Need(tc.digits, tc.theorem, tc.n0, tc.p); got != tc.want {
			t.Errorf("Need(%v, %s, %d, %d) = %d, want %d", tc.digits, tc.theorem, tc.n0, tc.p, got, tc.want)
		}
	}
}

// TestDecodeDamaged cuts and edits a good certificate: every cut and each
// edit is refused as bad input, never a panic.
func TestDecodeDamaged(t *testing.T) {
	good := encode(t, sample(t, "code 0.77", GuySmith, 71, 12, 0))
	for i := range len(good) {
		if _, err := Decode(bytes.NewReader(good[:i]), 0); !isInput(err) {
			t.Fatalf("cut at byte %d: %v, want bad input", i, err)
		}
	}
	edits := map[string]func(s string) string{
		"foreign":        func(string) string { return "PK\x03\x04 a zip file\n" },
		"future format":  func(s string) string { return strings.Replace(s, Magic, "grundy-certificate 2", 1) },
		"hash":           func(s string) string { return strings.Replace(s, "period 12", "period 13", 1) },
		"crlf":           func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") },
		"trailing bytes": func(s string) string { return s + "x" },
		"bad rules":      func(s string) string { return strings.Replace(s, "code 0.77", "code 0.7G", 1) },
		"empty":          func(string) string { return "" },
	}
	for name, edit := range edits {
		if _, err := Decode(strings.NewReader(edit(string(good))), 0); !isInput(err) {
			t.Errorf("%s: %v, want bad input", name, err)
		}
	}
	if _, err := Decode(bytes.NewReader(good), 100); !isInput(err) || !strings.Contains(err.Error(), "more values") {
		t.Errorf("over the value limit: %v", err)
	}
}

// TestDecodeHuge feeds an endless line and an endless values line: both
// fail early, within the limits.
func TestDecodeHuge(t *testing.T) {
	endless := &repeat{b: 'x'}
	if _, err := Decode(endless, 0); !isInput(err) {
		t.Errorf("endless first line: %v", err)
	}
	if endless.n > 2*maxHeader {
		t.Errorf("read %d bytes of an endless line", endless.n)
	}
	head := fmt.Sprintf("%s\nrules code 0.77\ntheorem guy-smith\npreperiod 71\nperiod 12\nsaltus 0\nbound 1000\nvalues ", Magic)
	endless = &repeat{b: 'A'}
	if _, err := Decode(io.MultiReader(strings.NewReader(head), endless), 0); !isInput(err) {
		t.Errorf("endless values: %v", err)
	}
	if endless.n > 10000 {
		t.Errorf("read %d bytes of values for a bound of 1000", endless.n)
	}
}

type repeat struct {
	b byte
	n int
}

func (r *repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.b
	}
	r.n += len(p)
	return len(p), nil
}

func isInput(err error) bool {
	var in *InputError
	return errors.As(err, &in)
}

// FuzzDecode feeds Decode arbitrary bytes: it must return, without a
// panic, either an error or a certificate that encodes and decodes back to
// itself.
func FuzzDecode(f *testing.F) {
	f.Add(encode(f, sample(f, "code 0.77", GuySmith, 71, 12, 0)))
	f.Add(encode(f, sample(f, "subtraction 2,3,7", SubtractionTheorem, 0, 5, 3)))
	f.Add([]byte(Magic + "\nrules code 0.1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode(bytes.NewReader(data), 1<<12)
		if err != nil {
			return
		}
		again, err := Decode(bytes.NewReader(encode(t, c)), 1<<12)
		if err != nil {
			t.Fatalf("a decoded certificate does not decode again: %v", err)
		}
		if again.Rules != c.Rules || again.Preperiod != c.Preperiod || again.Period != c.Period || len(again.Values) != len(c.Values) {
			t.Fatalf("round trip changed the certificate")
		}
		if len(c.Values) <= 64 {
			_ = Check(context.Background(), c, nil) // must not panic
		}
	})
}

// TestOptions compares the cost estimate with an exact count of the
// options of G(0..count-1), each move class counted by its definition:
// within 5% once the heaps are a few hundred.
func TestOptions(t *testing.T) {
	const count = 600
	for _, digits := range [][]uint8{{0, 7, 7}, {0, 3, 3, 3}, {4, 0, 6}, {0, 15, 1}, {8}, {0, 1}} {
		exact := 0.0
		for k, d := range digits {
			for n := k; n < count; n++ {
				m := n - k
				if d&1 != 0 && m == 0 || d&2 != 0 && m >= 1 && k >= 1 {
					exact++
				}
				if d&4 != 0 {
					exact += float64(m / 2)
				}
				if d&8 != 0 {
					for a := 1; 3*a <= m; a++ {
						exact += float64((m-a)/2 - a + 1)
					}
				}
			}
		}
		got := Options(digits, count)
		if got < 0.95*exact || got > 1.05*exact+count {
			t.Errorf("Options(%v, %d) = %.0f, the exact count is %.0f", digits, count, got, exact)
		}
	}
}
