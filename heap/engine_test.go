package heap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

func mustCode(t testing.TB, s string) Code {
	t.Helper()
	c, err := ParseCode(s)
	if err != nil {
		t.Fatalf("ParseCode(%q): %v", s, err)
	}
	return c
}

func compute(t testing.TB, r Rules, n int) []uint16 {
	t.Helper()
	v, err := Compute(context.Background(), r, n, nil)
	if err != nil {
		t.Fatalf("Compute(%s, %d): %v", r, n, err)
	}
	return v
}

func TestPublishedSequences(t *testing.T) {
	dawsonKayles := make([]uint16, len(oeisA002187))
	copy(dawsonKayles[1:], oeisA002187) // A002187 comment: 0.07 has values a(n-1); G(0) = 0
	tests := []struct {
		name  string
		rules Rules
		want  []uint16
	}{
		{"kayles 0.77 = A002186", Octal(mustCode(t, "0.77")), oeisA002186},
		{"kayles 0.771 = A002186", Octal(mustCode(t, "0.771")), oeisA002186},
		{"dawson-chess 0.137 = A002187", Octal(mustCode(t, "0.137")), oeisA002187},
		{"dawson-kayles 0.07 = A002187(n-1)", Octal(mustCode(t, "0.07")), dawsonKayles},
		{"grundy's game = A002188", GrundyGame(), oeisA002188},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := compute(t, tt.rules, len(tt.want)-1)
			for n := range tt.want {
				if got[n] != tt.want[n] {
					t.Fatalf("G(%d) = %d, the published table says %d", n, got[n], tt.want[n])
				}
			}
		})
	}
}

// oracle computes G(0..n) of an octal code written as digits d0..d3, by
// memoized recursion over every way to cut a heap: remove k tokens, then
// cut the rest into j ordered non-empty pieces (j = 0, 1, 2 as the digit's
// bits allow), valuing a piece list by the XOR of the pieces' values.
// It shares no code with the engine.
func oracle(digits [4]int, n int) []int {
	memo := map[int]int{}
	var g func(h int) int
	g = func(h int) int {
		if v, ok := memo[h]; ok {
			return v
		}
		seen := map[int]bool{}
		for k := 0; k <= 3 && k <= h; k++ {
			d, rest := digits[k], h-k
			if k == 0 && rest == h && d&3 != 0 {
				panic("d0 may only split")
			}
			if d&1 == 1 && rest == 0 {
				seen[0] = true
			}
			if d&2 == 2 && rest > 0 && k > 0 {
				seen[g(rest)] = true
			}
			if d&4 == 4 {
				for left := 1; left < rest; left++ {
					seen[g(left)^g(rest-left)] = true
				}
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[h] = v
		return v
	}
	out := make([]int, n+1)
	for h := 0; h <= n; h++ {
		out[h] = g(h)
	}
	return out
}

// TestEveryShortOctalCode checks the engine against the oracle for every
// octal code d0.d1d2d3 with d0 in {0, 4} and d1..d3 in 0..7, n <= 60.
func TestEveryShortOctalCode(t *testing.T) {
	const n = 60
	for _, d0 := range []int{0, 4} {
		for code := 0; code < 8*8*8; code++ {
			digits := [4]int{d0, code >> 6, code >> 3 & 7, code & 7}
			text := fmt.Sprintf("%d.%d%d%d", digits[0], digits[1], digits[2], digits[3])
			got := compute(t, Octal(mustCode(t, text)), n)
			want := oracle(digits, n)
			for h := range want {
				if int(got[h]) != want[h] {
					t.Fatalf("%s: G(%d) = %d, oracle %d", text, h, got[h], want[h])
				}
			}
		}
	}
}

// opaque hides a game's Descending and Valuer capabilities, so solve.Grundy
// uses its memoized search.
type opaque struct{ r Rules }

func (o opaque) Options(n int, yield func([]int) bool) { o.r.Options(n, yield) }

func genRules(t *rapid.T) Rules {
	n := rapid.IntRange(1, 5).Draw(t, "digits")
	digits := []uint8{rapid.SampledFrom([]uint8{0, 4, 8, 12}).Draw(t, "d0")}
	for k := 1; k <= n; k++ {
		digits = append(digits, uint8(rapid.IntRange(0, 15).Draw(t, fmt.Sprint("d", k))))
	}
	repeat := rapid.IntRange(0, n).Draw(t, "repeat")
	c, err := NewCode(digits, repeat)
	if err != nil {
		t.Fatalf("NewCode: %v", err)
	}
	return Rules{Code: c, Distinct: rapid.Bool().Draw(t, "distinct")}
}

// TestEngineMatchesMemoizedSearch cross-checks Extend against the core
// engine's memoized search (solve.Grundy) on random hexadecimal codes,
// repeating tails and distinct-part rules.
func TestEngineMatchesMemoizedSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		n := rapid.IntRange(0, 30).Draw(t, "n")
		got, err := Compute(context.Background(), r, n, nil)
		if err != nil {
			t.Fatalf("Compute: %v", err)
		}
		s := solve.NewGrundy[int](opaque{r}, nil)
		for h := 0; h <= n; h++ {
			want, err := s.Value(context.Background(), h)
			if err != nil {
				t.Fatalf("solve: %v", err)
			}
			if game.Nimber(got[h]) != want {
				t.Fatalf("%s: G(%d) = %d, memoized search %d", r, h, got[h], want)
			}
		}
	})
}

// TestExtendIsIncremental: extending in steps gives the same values as one
// pass.
func TestExtendIsIncremental(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		a := rapid.IntRange(0, 20).Draw(t, "a")
		b := rapid.IntRange(a, 40).Draw(t, "b")
		ctx := context.Background()
		first, err := Compute(ctx, r, a, nil)
		if err != nil {
			t.Fatal(err)
		}
		stepped, err := Extend(ctx, r, first, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		whole, _ := Compute(ctx, r, b, nil)
		if fmt.Sprint(stepped) != fmt.Sprint(whole) {
			t.Fatalf("%s: stepped %v, whole %v", r, stepped, whole)
		}
	})
}

func TestOverflow(t *testing.T) {
	// Nim (0.[3]): G(n) = n, since the options of n are 0..n-1 (hand proof
	// by induction). Start from the true prefix G(0..65534) and extend.
	nim := Octal(mustCode(t, "0.[3]"))
	prefix := make([]uint16, MaxValue)
	for i := range prefix {
		prefix[i] = uint16(i)
	}
	v, err := Extend(context.Background(), nim, prefix, MaxValue, nil)
	if err != nil || v[MaxValue] != MaxValue {
		t.Fatalf("G(65535) of Nim: %v, %v; want 65535", err, err)
	}
	_, err = Extend(context.Background(), nim, v, MaxValue+1, nil)
	if err == nil || !strings.Contains(err.Error(), "exceeds 65535") {
		t.Fatalf("G(65536) of Nim: err %v, want an overflow error", err)
	}
}

func TestLimits(t *testing.T) {
	r := GrundyGame()
	_, err := Compute(context.Background(), r, 1000, &limits.Budget{MaxStates: 100})
	if !errors.Is(err, limits.ErrStateLimit) {
		t.Errorf("state limit: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Compute(ctx, r, 1<<20, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v", err)
	}
	_, err = Compute(context.Background(), r, MaxLength, nil)
	var mem *MemoryError
	if !errors.As(err, &mem) || !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "512 MiB") {
		t.Errorf("too long: got %v", err)
	}
	if _, err := Compute(context.Background(), r, -1, nil); !errors.Is(err, game.ErrInput) {
		t.Errorf("negative: got %v", err)
	}
}

// TestWorkCount: extend reports the option evaluations of the plain scan
// (one per removal k <= h, plus (h-k)/2 pairs for a split), counted here
// from the code, and stops with errWorkLimit past maxWork. The sparse engine reports its own pairs plus one
// per value: far fewer than the plain scan's for 0.16.
func TestWorkCount(t *testing.T) {
	kayles := Octal(mustCode(t, "0.77")) // d1 = d2 = 7: take, and split
	const n = 1000
	var want int64
	for h := 1; h <= n; h++ {
		for k := 1; k <= min(2, h); k++ {
			want++
			if h-k >= 2 {
				want += int64((h - k) / 2)
			}
		}
	}
	v, work, err := extend(context.Background(), kayles, nil, n, nil, 0, 0)
	if err != nil || work != want || len(v) != n+1 {
		t.Fatalf("Kayles to %d: work %d, %v; want %d", n, work, err, want)
	}
	if _, _, err := extend(context.Background(), kayles, v[:500], n, nil, want/2, 0); !errors.Is(err, errWorkLimit) {
		t.Fatalf("Kayles to %d within %d: %v, want errWorkLimit", n, want/2, err)
	}
	triples := Octal(mustCode(t, "0.F8")) // three-heap splits: O(n^3)
	if _, _, err := extend(context.Background(), triples, nil, 1000, nil, 1e6, 0); !errors.Is(err, errWorkLimit) {
		t.Fatalf("0.F8 to 1000 within 10^6: %v, want errWorkLimit", err)
	}
	r16 := Octal(mustCode(t, "0.16"))
	const m = 1 << 16
	_, work, err = extend(context.Background(), r16, nil, m, nil, 0, 0)
	if err != nil || work > 1000*m || work < m {
		t.Fatalf("0.16 to 2^16: work %d, %v; want between 2^16 and 1000*2^16 (the plain scan: %.3g)", work, err, r16.Cost(m))
	}
}

// TestPassCosts: the prediction of a proof search's next pass follows the
// growth of the per-value work measured on the last two passes: constant
// per-value work (the sparse engine on 0.16) doubles with the values, work
// per value growing like h (the plain scan of pairs) quadruples on a
// doubling: the integral of h over [n, 2n] is 3n^2/2, over [n/2, n] 3n^2/8.
func TestPassCosts(t *testing.T) {
	r := Octal(mustCode(t, "0.16"))
	for _, c := range []struct {
		name  string
		work  func(from, to int) int64 // work of G(from..to-1)
		ratio float64                  // predicted next doubling / last pass
	}{
		{"constant", func(from, to int) int64 { return int64(245 * (to - from)) }, 2},
		{"linear", func(from, to int) int64 { return int64(to*to-from*from) / 4 }, 4},
	} {
		costs := passCosts{rules: r}
		costs.add(1<<14, 1<<15, c.work(1<<14, 1<<15))
		costs.add(1<<15, 1<<16, c.work(1<<15, 1<<16))
		got := costs.predict(1<<16-1, 1<<17-1) / float64(c.work(1<<15, 1<<16))
		if math.Abs(got-c.ratio) > 0.01 {
			t.Errorf("%s: next doubling predicted %.3f times the last pass, want %g", c.name, got, c.ratio)
		}
	}
	// Before any pass the prediction is the plain scan's cost.
	costs := passCosts{rules: r}
	if got, want := costs.predict(100, 200), r.Cost(200)-r.Cost(100); got != want {
		t.Errorf("first prediction %g, want Cost's %g", got, want)
	}
}
