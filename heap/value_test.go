package heap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
)

// reference returns G(0..n) of r from sparse.Reference, the O(n^2) oracle
// with its own move generation.
func reference(t testing.TB, r Rules, n int) []uint16 {
	t.Helper()
	sr, ok := r.SparseRules()
	if !ok {
		t.Fatalf("%v: not a finite code", r)
	}
	want, err := sparse.Reference(sr, n)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// TestValueAtMatchesReference values single heaps of every octal code
// d0.d1d2 (d0 in {0, 4}), of hexadecimal codes with three-heap splits and
// of distinct-part rules, each heap with a fresh ValueAt, against
// sparse.Reference.
func TestValueAtMatchesReference(t *testing.T) {
	const n = 300
	var rules []Rules
	for _, d0 := range []int{0, 4} {
		for code := 1; code < 64; code++ {
			rules = append(rules, Octal(mustCode(t, fmt.Sprintf("%d.%d%d", d0, code>>3, code&7))))
		}
	}
	for _, text := range []string{"0.8", "0.F8", "8.0", "0.48", "4.0", "0.6", "0.16", "C.3"} {
		c := mustCode(t, text)
		rules = append(rules, Octal(c), Rules{Code: c, Distinct: true})
	}
	heaps := []int{0, 1, 2, 3, 4, 5, 7, 8, 11, 16, 31, 64, 100, 127, 128, 199, 255, 256, 257, 299, 300}
	for _, r := range rules {
		want := reference(t, r, n)
		for _, h := range heaps {
			got, err := ValueAt(context.Background(), r, h, nil)
			if err != nil || got != game.Nimber(want[h]) {
				t.Fatalf("%v: ValueAt(%d) = %d, %v; sparse.Reference %d", r, h, got, err, want[h])
			}
		}
	}
}

// TestValueAtSparseEngine values heaps past sparseFrom, where Extend hands
// splitting codes to package sparse, against sparse.Reference.
func TestValueAtSparseEngine(t *testing.T) {
	for _, r := range []Rules{GrundyGame(), Octal(mustCode(t, "0.6")), Octal(mustCode(t, "0.16")), Octal(mustCode(t, "4.07"))} {
		want := reference(t, r, 4500)
		for _, h := range []int{2047, 2048, 3001, 4500} {
			b := &limits.Budget{}
			got, err := ValueAt(context.Background(), r, h, b)
			if err != nil || got != game.Nimber(want[h]) {
				t.Fatalf("%v: ValueAt(%d) = %d, %v; sparse.Reference %d", r, h, got, err, want[h])
			}
			if b.States() == 0 || b.States() > int64(h)+1 {
				t.Errorf("%v: ValueAt(%d) counted %d states, want 1..%d", r, h, b.States(), h+1)
			}
		}
	}
}

// kaylesAt is G(n) of Kayles from OEIS A002186: "From n=71 on, the
// sequence is periodic with period 12", so G(n) = G(71 + (n-71) mod 12).
func kaylesAt(n int) game.Nimber {
	if n < 71 {
		return game.Nimber(oeisA002186[n])
	}
	return game.Nimber(oeisA002186[71+(n-71)%12])
}

// dawsonKaylesAt is G(n) of 0.07 from A002187: G(n) = a(n-1), and a is
// periodic with period 34 from n = 52 (TestDawsonConvention), so G is
// from n = 53.
func dawsonKaylesAt(n int) game.Nimber {
	if n >= 53 {
		n = 53 + (n-53)%34
	}
	if n == 0 {
		return 0
	}
	return game.Nimber(oeisA002187[n-1])
}

// TestHugeHeaps asks Tabulate, Extend and ValueAt for heaps at the end of
// the integers: a proven pattern answers; anything else is refused as bad
// input at once, without overflow, panic or runaway memory (the budget
// would stop an allocation past 64 MiB).
func TestHugeHeaps(t *testing.T) {
	kayles, dawson := Octal(mustCode(t, "0.77")), Octal(mustCode(t, "0.07"))
	// subtract:2,3,7 is 0 0 1 1 2 repeating from 0 (hand proof in
	// TestPatterns).
	subtract := Subtraction([]int{2, 3, 7})
	subtractAt := func(n int) game.Nimber { return game.Nimber([]int{0, 0, 1, 1, 2}[n%5]) }
	huge := []int{math.MaxInt64, math.MaxInt64 - 1, math.MaxInt64 - 11, 1 << 62, MaxLength, MaxLength - 1 + 1<<40}
	answered := []struct {
		name  string
		rules Rules
		at    func(int) game.Nimber
	}{
		{"kayles", kayles, kaylesAt},
		{"dawson-kayles", dawson, dawsonKaylesAt},
		{"subtract:2,3,7", subtract, subtractAt},
	}
	for _, c := range answered {
		for _, n := range huge {
			b := &limits.Budget{MaxMemory: 64 << 20}
			seq, err := Tabulate(context.Background(), c.rules, n, b, DefaultProofBudget)
			if err != nil || !seq.Proven() {
				t.Fatalf("%s: Tabulate to %d: %v (proven %v)", c.name, n, err, err == nil && seq.Proven())
			}
			for m := n; m >= n-24; m-- { // "from" near the end as well
				if got, ok := seq.At(m); !ok || got != c.at(m) {
					t.Fatalf("%s: At(%d) = %d, %v; want %d", c.name, m, got, ok, c.at(m))
				}
			}
			got, err := ValueAt(context.Background(), c.rules, n, b)
			if err != nil || got != c.at(n) {
				t.Fatalf("%s: ValueAt(%d) = %d, %v; want %d", c.name, n, got, err, c.at(n))
			}
		}
	}
	refused := []struct {
		name  string
		rules Rules
		huge  []int
	}{
		{"grundy-game (no theorem)", GrundyGame(), huge},
		{"nim (infinite code)", Octal(mustCode(t, "0.[3]")), huge},
		// Officers: no period is known (J. P. Grossman computed 1.4*10^14
		// values), so the search spends the proof budget, a fraction of a
		// second: two heaps only.
		{"0.6 (no proof within the budget)", Octal(mustCode(t, "0.6")), []int{math.MaxInt64, MaxLength}},
	}
	for _, c := range refused {
		for _, n := range c.huge {
			b := &limits.Budget{MaxMemory: 64 << 20}
			_, err := Tabulate(context.Background(), c.rules, n, b, DefaultProofBudget)
			var mem *MemoryError
			if !errors.As(err, &mem) || !errors.Is(err, game.ErrInput) || mem.N != n {
				t.Errorf("%s: Tabulate to %d: %v, want a *MemoryError", c.name, n, err)
			}
			if _, err := ValueAt(context.Background(), c.rules, n, b); !errors.As(err, &mem) || !strings.Contains(err.Error(), fmt.Sprintf("G(%d)", n)) {
				t.Errorf("%s: ValueAt(%d): %v, want a *MemoryError naming G(%d)", c.name, n, err, n)
			}
		}
	}
	for _, n := range []int{math.MaxInt64, MaxLength} {
		if _, err := Extend(context.Background(), kayles, nil, n, nil); !errors.Is(err, game.ErrInput) {
			t.Errorf("Extend to %d: %v, want bad input", n, err)
		}
	}
	for _, n := range []int{-1, math.MinInt64} {
		if _, err := Tabulate(context.Background(), kayles, n, nil, DefaultProofBudget); !errors.Is(err, game.ErrInput) {
			t.Errorf("Tabulate to %d: %v, want bad input", n, err)
		}
		if _, err := ValueAt(context.Background(), kayles, n, nil); !errors.Is(err, game.ErrInput) {
			t.Errorf("ValueAt(%d): %v, want bad input", n, err)
		}
		if _, err := Extend(context.Background(), kayles, nil, n, nil); !errors.Is(err, game.ErrInput) {
			t.Errorf("Extend to %d: %v, want bad input", n, err)
		}
	}
}

// TestInvalidRules: a Code literal that breaks the invariants is bad input,
// not nonsense values.
func TestInvalidRules(t *testing.T) {
	for _, r := range []Rules{
		{Code: Code{Digits: []uint8{3, 7}}}, // d0 would remove nothing
		{Code: Code{Digits: []uint8{0, 16}}},
		{Code: Code{Digits: []uint8{0, 3}, Repeat: 5}},
	} {
		if _, err := Compute(context.Background(), r, 10, nil); !errors.Is(err, game.ErrInput) {
			t.Errorf("Compute(%v): %v, want bad input", r.Code.Digits, err)
		}
		if _, err := ValueAt(context.Background(), r, 10, nil); !errors.Is(err, game.ErrInput) {
			t.Errorf("ValueAt(%v): %v, want bad input", r.Code.Digits, err)
		}
	}
}

// TestReachKeepsSharedValues extends a copy of a sequence (as a request
// extends a game's probe): the original's array, spare capacity included,
// is never written, and both answer the same values.
func TestReachKeepsSharedValues(t *testing.T) {
	r := GrundyGame()
	probe, err := Tabulate(context.Background(), r, 700, nil, DefaultProofBudget)
	if err != nil {
		t.Fatal(err)
	}
	// Spare capacity, marked, to tempt an append in place.
	if cap(probe.Values) <= 650 {
		t.Fatalf("capacity %d: no room to append in place", cap(probe.Values))
	}
	probe.Values = probe.Values[:600]
	spare := probe.Values[600:cap(probe.Values)]
	for i := range spare {
		spare[i] = math.MaxUint16
	}
	before := slices.Clone(probe.Values[:cap(probe.Values)])
	want := reference(t, r, 3000)
	for _, n := range []int{650, 3000} {
		c := *probe
		if err := c.Reach(context.Background(), n, nil); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.At(n); !ok || got != game.Nimber(want[n]) {
			t.Fatalf("Reach(%d): At = %d, %v; want %d", n, got, ok, want[n])
		}
	}
	if after := probe.Values[:cap(probe.Values)]; !slices.Equal(before, after) {
		t.Fatal("Reach wrote into the shared sequence's array")
	}
}

// TestBudgetMemory: the table engines charge the bytes of the values they
// hold (2 a value) before allocating, and give them back when they fail.
func TestBudgetMemory(t *testing.T) {
	kayles := Octal(mustCode(t, "0.77"))
	for _, c := range []struct {
		name  string
		rules Rules
		n     int
	}{
		{"plain scan", kayles, 1000},
		{"sparse engine", GrundyGame(), 5000},
	} {
		b := &limits.Budget{}
		v, err := Compute(context.Background(), c.rules, c.n, b)
		if err != nil {
			t.Fatal(err)
		}
		if b.Memory() != 2*int64(cap(v)) {
			t.Errorf("%s: %d bytes held for %d values, want %d", c.name, b.Memory(), cap(v), 2*cap(v))
		}
		b = &limits.Budget{MaxMemory: int64(c.n)} // half the values
		if _, err := Compute(context.Background(), c.rules, c.n, b); !errors.Is(err, limits.ErrMemoryLimit) || b.Memory() != 0 {
			t.Errorf("%s: %v with %d bytes held, want the memory limit and none", c.name, err, b.Memory())
		}
		b = &limits.Budget{MaxStates: int64(c.n) / 2}
		if _, err := Compute(context.Background(), c.rules, c.n, b); !errors.Is(err, limits.ErrStateLimit) || b.Memory() != 0 {
			t.Errorf("%s: %v with %d bytes held, want the state limit and none", c.name, err, b.Memory())
		}
	}
}
