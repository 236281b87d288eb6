package sparse

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/heap/octal"
)

// bruteForce decides positions (multisets of heaps) of a take-and-break
// game by plain game-tree search, with no Sprague-Grundy theory: a position
// is a win for the mover iff some move leads to a loss. It is the
// independent source the reference values are checked against.
type bruteForce struct {
	r    Rules
	memo map[string]bool
}

func (b *bruteForce) wins(heaps []int) bool {
	h := slices.Clone(heaps)
	slices.Sort(h)
	h = slices.DeleteFunc(h, func(x int) bool { return x == 0 })
	key := fmt.Sprint(h)
	if w, ok := b.memo[key]; ok {
		return w
	}
	win := false
	for i, n := range h {
		rest := slices.Delete(slices.Clone(h), i, i+1)
		for k, d := range b.r.Code.Digits {
			if win || k > n {
				break
			}
			m := n - k
			try := func(parts ...int) {
				if !win && !b.wins(append(slices.Clone(rest), parts...)) {
					win = true
				}
			}
			if d&1 != 0 && m == 0 {
				try()
			}
			if d&2 != 0 && m >= 1 && k >= 1 {
				try(m)
			}
			if d&4 != 0 {
				for a := 1; a <= m-a; a++ {
					if !(b.r.Distinct && a == m-a) {
						try(a, m-a)
					}
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= m; a++ {
					for c := a; a+2*c <= m; c++ {
						if !(b.r.Distinct && (a == c || c == m-a-c)) {
							try(a, c, m-a-c)
						}
					}
				}
			}
		}
	}
	b.memo[key] = win
	return win
}

// checkByBruteForce checks values g against game-tree search: heap n is a
// loss iff G(n) == 0, and the pair {a, b} is a loss iff G(a) == G(b) (by
// the Sprague-Grundy theorem these determine the values up to naming, and
// with the mex they determine them exactly; here we check both facts).
func checkByBruteForce(t *testing.T, r Rules, g []uint16) {
	t.Helper()
	b := &bruteForce{r: r, memo: map[string]bool{}}
	for a := range g {
		if lose := !b.wins([]int{a}); lose != (g[a] == 0) {
			t.Fatalf("%s: heap %d loses = %v but G = %d", r.Name, a, lose, g[a])
		}
		for c := 1; c < a; c++ {
			if lose := !b.wins([]int{a, c}); lose != (g[a] == g[c]) {
				t.Fatalf("%s: heaps %d+%d lose = %v but G = %d, %d", r.Name, a, c, lose, g[a], g[c])
			}
		}
	}
}

// allCodes lists every octal code 0.d1, 0.d1d2, 0.d1d2d3 (digits 0-7, last
// digit non-zero): 7 + 56 + 448 = 511 codes.
func allCodes(t testing.TB) []Rules {
	var codes []Rules
	for length := 1; length <= 3; length++ {
		count := 1
		for range length {
			count *= 8
		}
		for i := range count {
			digits := []uint8{0}
			for j, x := 0, i; j < length; j, x = j+1, x/8 {
				digits = append(digits, uint8(x%8))
			}
			if digits[length] == 0 {
				continue
			}
			r, err := NewRules(octal.Code{Digits: digits}, false)
			if err != nil {
				t.Fatal(err)
			}
			codes = append(codes, r)
		}
	}
	if len(codes) != 511 {
		t.Fatalf("%d codes, want 511", len(codes))
	}
	return codes
}

func TestReferenceByBruteForce(t *testing.T) {
	codes := allCodes(t)
	extra := []string{"4.07", "4.7", "0.8", "0.F", "0.48", "0.C", "0.9F"}
	for _, c := range extra {
		r, err := Octal(c)
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, r)
	}
	codes = append(codes, GrundyGame())
	// Distinct parts, for two- and three-heap splits.
	for _, c := range []string{"0.4", "0.8", "0.C", "8.0", "4.8", "0.F"} {
		code, err := octal.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRules(code, true)
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, r)
	}
	for _, r := range codes {
		n := 9
		if r.Distinct {
			n = 14
		}
		g, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		checkByBruteForce(t, r, g)
	}
}

// TestReferencePublished checks published nim-sequences: OEIS A002188
// (Grundy's game), A002186 (Kayles, 0.77), A002187 (Dawson's chess, 0.137,
// whose G(n) is Dawson's Kayles' G(n+1)).
func TestReferencePublished(t *testing.T) {
	for _, c := range []struct {
		code string
		want []uint16
	}{
		{"grundy-game", []uint16{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5}},
		{"0.77", []uint16{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}},
		{"0.137", []uint16{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2}},
	} {
		r, err := rulesByName(c.code)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Reference(r, len(c.want)-1)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g, c.want) {
			t.Errorf("%s: got %v\nwant %v", c.code, g, c.want)
		}
	}
}
