package sparse

import (
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/heap/octal"
)

// archKernels are the assembly kernels this processor runs.
func archKernels() []searchKernel {
	if useAVX2 {
		return []searchKernel{{"avx2", 32, findAVX2}}
	}
	return nil
}

// scanPath is a way of scanning: the settings of bitsSearch and
// searchFrom.
type scanPath struct {
	name       string
	bits       bool
	searchFrom int
}

// scanPaths are the ways of scanning this processor can take: marking
// alone (no SIMD), the search one pair at a time (AVX2) and the bitmap
// search (AVX-512).
func scanPaths() []scanPath {
	paths := []scanPath{{"marking", false, 0}}
	if useAVX2 {
		paths = append(paths, scanPath{"search", false, searchMax})
	}
	if useAVX512 {
		paths = append(paths, scanPath{"bitmap", true, searchMax})
	}
	return paths
}

// TestScanPaths runs the sparse engine with each way of scanning this
// processor can take, not only the one it picks: the bitmap search
// (AVX-512), the search one pair at a time (AVX2) and the marking alone (no
// SIMD), on Grundy's game, 0.6 and 0.16 to 2^13 and on random rules, and
// compares the values with Reference.
func TestScanPaths(t *testing.T) {
	paths := scanPaths()
	defer func(bits bool, from int) { bitsSearch, searchFrom = bits, from }(bitsSearch, searchFrom)
	var rules []Rules
	for _, name := range []string{"grundy-game", "0.6", "0.16"} {
		r, err := rulesByName(name)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	rng := rand.New(rand.NewPCG(16, 5))
	for len(rules) < 40 {
		digits := make([]uint8, 2+rng.IntN(5))
		for i := range digits {
			digits[i] = uint8(rng.IntN(8)) // no three-heap moves: the sparse engine's rules
		}
		digits[0] &= 4
		r, err := NewRules(octal.Code{Digits: digits}, rng.IntN(4) == 0)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	for i, r := range rules {
		n := 1 << 13
		if i >= 3 {
			n = 2000
		}
		want, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			bitsSearch, searchFrom = p.bits, p.searchFrom
			for _, workers := range []int{1, 2} {
				got := run(t, r, int64(n), Sparse, workers).Values
				if j := firstDiff(got, want); j <= n {
					t.Fatalf("%v, %s, %d workers: G(%d) = %d, reference %d", r, p.name, workers, j, got[j], want[j])
				}
			}
		}
	}
}

// BenchmarkScanPaths runs Grundy's game and 0.6 to 2^20 on one worker
// with each way of scanning (what a processor without AVX-512 or without
// SIMD would run):
//
//	go test ./heap/sparse -run '^$' -bench ScanPaths -benchtime 1x
func BenchmarkScanPaths(b *testing.B) {
	defer func(bits bool, from int) { bitsSearch, searchFrom = bits, from }(bitsSearch, searchFrom)
	six, _ := Octal("0.6")
	for _, p := range scanPaths() {
		for _, r := range []Rules{GrundyGame(), six} {
			b.Run(p.name+"/"+r.Name, func(b *testing.B) {
				bitsSearch, searchFrom = p.bits, p.searchFrom
				benchRun(b, r, 1<<20, Sparse, 1)
			})
		}
	}
}
