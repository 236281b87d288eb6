package sparse_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/periodic"
)

// TestOctal16Proven computes 0.16 to 2^20 with the sparse engine and proves
// its period with package heap's Guy-Smith check. The pre-period 105351 and
// period 149459 are Gangolli and Plambeck's (A. Gangolli, T. Plambeck, "A
// note on periodicity in some octal games", Int. J. Game Theory 18 (1989)).
func TestOctal16Proven(t *testing.T) {
	code, err := heap.ParseCode("0.16")
	if err != nil {
		t.Fatal(err)
	}
	r := heap.Octal(code)
	sr, ok := r.SparseRules()
	if !ok {
		t.Fatal("0.16 is not a sparse-engine code")
	}
	values, err := sparse.Compute(context.Background(), sr, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Prove(values, periodic.Find(values))
	if p == nil || !p.Proven || p.Preperiod != 105351 || p.Period != 149459 || p.Saltus != 0 {
		t.Fatalf("0.16: pattern %+v, want proven pre-period 105351, period 149459", p)
	}
	t.Log(p.Reason)
}

// TestSparseMatchesHeapEngine cross-checks the two engines on the codes
// whose heap.Extend hands off to this package, past the hand-off size.
func TestSparseMatchesHeapEngine(t *testing.T) {
	for _, text := range []string{"0.6", "0.16", "0.77", "0.07", "4.07", "0.34", "0.4"} {
		code, err := heap.ParseCode(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []heap.Rules{heap.Octal(code), heap.GrundyGame()} {
			sr, ok := r.SparseRules()
			if !ok {
				t.Fatalf("%v: no sparse rules", r)
			}
			const n = 3000
			want, err := sparse.Reference(sr, n)
			if err != nil {
				t.Fatal(err)
			}
			got, err := heap.Compute(context.Background(), r, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%v: heap.Compute G(%d) = %d, sparse.Reference %d", r, i, got[i], want[i])
				}
			}
		}
	}
}

// TestHeapExtendInSteps extends sequences in doubling steps through
// heap.Extend, as heap.Tabulate does, so that the sparse engine starts from
// known values again and again.
func TestHeapExtendInSteps(t *testing.T) {
	for _, text := range []string{"0.16", "0.6", "0.07"} {
		code, _ := heap.ParseCode(text)
		r := heap.Octal(code)
		sr, _ := r.SparseRules()
		want, err := sparse.Reference(sr, 1<<13)
		if err != nil {
			t.Fatal(err)
		}
		var values []uint16
		for n := 255; n < 1<<13; n = 2*n + 1 {
			values, err = heap.Extend(context.Background(), r, values, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range values {
				if v != want[i] {
					t.Fatalf("%s to %d: G(%d) = %d, want %d", text, n, i, v, want[i])
				}
			}
		}
	}
}

// TestSparseRulesNames: package heap's rules get package sparse's names, so
// that run files are shared between the CLI and the library.
func TestSparseRulesNames(t *testing.T) {
	if sr, _ := heap.GrundyGame().SparseRules(); sr.Name != sparse.GrundyGame().Name {
		t.Errorf("Grundy's game is named %q in run files, want %q", sr.Name, sparse.GrundyGame().Name)
	}
	code, _ := heap.ParseCode("0.137")
	want, _ := sparse.Octal("0.137")
	if sr, _ := heap.Octal(code).SparseRules(); sr.Name != want.Name {
		t.Errorf("0.137 is named %q, want %q", sr.Name, want.Name)
	}
}

// TestRandomRulesBothPackages runs random finite hexadecimal codes, with
// and without distinct parts (three-heap splits included), through package
// heap's engine and this package's engines, against Reference.
func TestRandomRulesBothPackages(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2026))
	for range 150 {
		digits := make([]uint8, 2+rng.IntN(4))
		for i := range digits {
			digits[i] = uint8(rng.IntN(16))
		}
		digits[0] &= 12 // d0 may only split
		code, err := heap.NewCode(digits, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := heap.Rules{Code: code, Distinct: rng.IntN(3) == 0}
		sr, ok := r.SparseRules()
		if !ok {
			t.Fatalf("%v: no sparse rules", r)
		}
		n := 40 + rng.IntN(200)
		want, err := sparse.Reference(sr, n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := heap.Compute(context.Background(), r, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v: heap.Compute %v\nsparse.Reference %v", r, got, want)
		}
		for _, mode := range []sparse.Mode{sparse.Plain, sparse.Sparse} {
			seq, err := sparse.Run(context.Background(), sparse.Config{Rules: sr, To: int64(n), Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(seq.Values, want) {
				t.Fatalf("%v %v: sparse.Run %v\nsparse.Reference %v", r, mode, seq.Values, want)
			}
		}
	}
}
