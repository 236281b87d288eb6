package sparse

import (
	"context"
	"fmt"
	"hash/crc64"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/heap/octal"
)

// longTests enables the long equivalence runs (minutes): GRUNDY_LONG=1.
var longTests = os.Getenv("GRUNDY_LONG") != ""

// engines are the configurations every test compares with Reference.
var engines = []struct {
	name    string
	mode    Mode
	workers int
}{
	{"plain/1", Plain, 1},
	{"plain/2", Plain, 2},
	{"sparse/1", Sparse, 1},
	{"sparse/2", Sparse, 2},
	{"auto/2", Auto, 2},
}

func run(t testing.TB, r Rules, n int64, mode Mode, workers int) *Sequence {
	t.Helper()
	seq, err := Run(context.Background(), Config{Rules: r, To: n, Mode: mode, Workers: workers})
	if err != nil {
		t.Fatalf("%s to %d (%v, %d workers): %v", r.Name, n, mode, workers, err)
	}
	return seq
}

func firstDiff(a, b []uint16) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestEnginesAllCodes compares every engine with Reference on every octal
// code with up to three digits, to heap size 2^9 (2^12 with GRUNDY_LONG).
func TestEnginesAllCodes(t *testing.T) {
	n := 1 << 9
	if longTests {
		n = 1 << 12
	}
	for _, r := range allCodes(t) {
		want, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range engines[1:] { // plain/1 is plain/2 on heaps this small
			got := run(t, r, int64(n), e.mode, e.workers).Values
			if i := firstDiff(got, want); i <= n {
				t.Fatalf("%s %s: G(%d) = %d, reference %d", r.Name, e.name, i, got[i], want[i])
			}
		}
	}
}

// TestEnginesSplittingGames runs the games with a sparse space further.
func TestEnginesSplittingGames(t *testing.T) {
	for _, name := range []string{"grundy-game", "0.6", "0.16", "4.07"} {
		r, err := rulesByName(name)
		if err != nil {
			t.Fatal(err)
		}
		n := 1 << 12
		want, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range engines {
			seq := run(t, r, int64(n), e.mode, e.workers)
			if i := firstDiff(seq.Values, want); i <= n {
				t.Fatalf("%s %s: G(%d) = %d, reference %d", name, e.name, i, seq.Values[i], want[i])
			}
			checkStats(t, seq, want)
		}
	}
}

// TestEnginesManyWorkers runs the block pipeline with more workers than
// the two it is tuned for, from prefixes that end inside a block and to
// ends that are not block boundaries: the values must not depend on how
// the heap sizes are shared.
func TestEnginesManyWorkers(t *testing.T) {
	for _, name := range []string{"grundy-game", "0.6", "4.07"} {
		r, err := rulesByName(name)
		if err != nil {
			t.Fatal(err)
		}
		const n = 5000
		want, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{3, 4} {
			for _, mode := range []Mode{Sparse, Plain} {
				for _, known := range []int{0, 1, 777, 4097} {
					seq, err := Run(context.Background(), Config{Rules: r, To: n - int64(known%7), Mode: mode, Workers: workers, Known: want[:known]})
					if err != nil {
						t.Fatal(err)
					}
					if i := firstDiff(seq.Values, want); i < len(seq.Values) {
						t.Fatalf("%s %v on %d workers from %d known: G(%d) = %d, reference %d", name, mode, workers, known, i, seq.Values[i], want[i])
					}
				}
			}
		}
	}
}

// TestEnginesLargeValues runs a code whose values outgrow the engine's
// seen arrays twice (1024 values at first, then twice the span): 4.33...3
// with 4095 threes (split a heap anywhere, or take 1 to 4095) has values
// past 4096 by heap 5000. A run stops when a value outgrows the arrays and
// the next grows them; the values must be the Reference's.
func TestEnginesLargeValues(t *testing.T) {
	r, err := Octal("4." + strings.Repeat("3", MaxDigits-1))
	if err != nil {
		t.Fatal(err)
	}
	const n = 5000
	want, err := Reference(r, n)
	if err != nil {
		t.Fatal(err)
	}
	if top := slices.Max(want); top < 4*minSeen {
		t.Fatalf("largest value %d: the test needs values past %d", top, 4*minSeen)
	}
	for _, e := range engines {
		seq := run(t, r, n, e.mode, e.workers)
		if i := firstDiff(seq.Values, want); i <= n {
			t.Fatalf("%s: G(%d) = %d, reference %d", e.name, i, seq.Values[i], want[i])
		}
	}
	// Run's blocks end at the mask's evaluation points (powers of two,
	// then multiples of 4096), where the arrays are resized, and these
	// values grow by at most one a heap size: ask the kernel for all the
	// heap sizes at once, so that the runs stop on the way (b.stop).
	for _, workers := range []int{1, 2} {
		g := make([]uint16, n+1)
		k, err := newKernel(r, g, workers, nil)
		if err != nil {
			t.Fatal(err)
		}
		stops := 0
		for k.n <= n {
			if err := k.runSparse(n+1, k.workers, false); err != nil {
				t.Fatal(err)
			}
			if k.n <= n {
				stops++
			}
		}
		if i := firstDiff(g, want); i <= n || stops < 2 {
			t.Fatalf("%d workers, %d early stops: G(%d) = %d, reference %d", workers, stops, i, g[min(i, n)], want[min(i, n)])
		}
	}
}

// checkStats recomputes the statistics from the values, by brute force
// over every mask.
func checkStats(t *testing.T, seq *Sequence, g []uint16) {
	t.Helper()
	var want Stats
	want.Values = int64(len(g))
	want.Rare = -1
	for n := 1; n < len(g); n++ {
		if g[n] > want.Max {
			want.Max, want.ArgMax = g[n], int64(n)
		}
	}
	for mask := 1; mask < 1<<bits.Len16(want.Max) || mask == 1; mask++ {
		var rare, last int64
		for n := 1; n < len(g); n++ {
			if bits.OnesCount16(g[n]&uint16(mask))%2 == 0 {
				rare++
				last = int64(n)
			}
		}
		if want.Rare < 0 || rare < want.Rare {
			want.Rare, want.LastRare, want.Mask = rare, last, uint16(mask)
		}
	}
	want.Checksum = fmt.Sprintf("%016x", Checksum(g))
	got := seq.Stats
	got.SparseValues, got.Resumed, got.Work = 0, 0, 0
	if got != want {
		t.Errorf("stats %+v, recomputed %+v", got, want)
	}
	if a := Analyze(g); a != want {
		t.Errorf("Analyze: %+v, recomputed %+v", a, want)
	}
	if a := AnalyzeAt(int64(len(g)), func(n int64) uint16 { return g[n] }); a != want {
		t.Errorf("AnalyzeAt: %+v, recomputed %+v", a, want)
	}
}

// TestEnginesRandomRules compares the engines with Reference on random
// codes of up to 6 digits, with moves that remove nothing (d0 = 4, 8, C)
// and three-heap moves (bit 8), and on random Distinct rules.
func TestEnginesRandomRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2026))
	positions := 0
	for range 200 {
		digits := make([]uint8, 2+rng.IntN(6))
		for i := range digits {
			digits[i] = uint8(rng.IntN(16))
		}
		digits[0] &= 12
		if rng.IntN(4) != 0 {
			digits[0] = 0
		}
		r, err := NewRules(octal.Code{Digits: digits}, rng.IntN(5) == 0)
		if err != nil {
			t.Fatal(err)
		}
		n := 50 + rng.IntN(400)
		if r.Triples() {
			n = min(n, 120)
		}
		want, err := Reference(r, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range engines {
			got := run(t, r, int64(n), e.mode, e.workers).Values
			if i := firstDiff(got, want); i <= n {
				t.Fatalf("%v %s: G(%d) = %d, reference %d", r, e.name, i, got[i], want[i])
			}
		}
		positions += n
	}
	t.Logf("%d positions", positions)
}

func TestBestMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		size := 2 << rng.IntN(8)
		hist := make([]int64, size)
		for v := range hist {
			if rng.IntN(3) == 0 {
				hist[v] = rng.Int64N(1000)
			}
		}
		m, rare := bestMask(hist)
		// Brute force: count the rare values of every mask.
		bestM, bestRare := 0, int64(-1)
		for mask := 1; mask < size; mask++ {
			var c int64
			for v, h := range hist {
				if bits.OnesCount(uint(v&mask))%2 == 0 {
					c += h
				}
			}
			if bestRare < 0 || c < bestRare {
				bestM, bestRare = mask, c
			}
		}
		if int(m) != bestM || rare != bestRare {
			t.Fatalf("bestMask(%v) = %d, %d; brute force %d, %d", hist, m, rare, bestM, bestRare)
		}
	}
}

func TestOverflow(t *testing.T) {
	k, err := newKernel(GrundyGame(), make([]uint16, 4), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.reserveRare(1); err != nil {
		t.Fatal(err)
	}
	if err := k.record(1 << 16); err == nil {
		t.Error("a value of 65536 was stored in 16 bits")
	}
}

func TestChecksumKnown(t *testing.T) {
	// CRC-64/ECMA (as hash/crc64 computes it) of the bytes 01 00 02 00.
	if got, want := Checksum([]uint16{1, 2}), crc64Of([]byte{1, 0, 2, 0}); got != want {
		t.Errorf("Checksum = %x, want %x", got, want)
	}
	if Checksum(nil) != 0 {
		t.Error("Checksum(nil) != 0")
	}
}

// TestLongEquivalence is the record of docs/PERFORMANCE.md: the plain
// engine against the sparse and automatic ones (checksums) on the octal
// codes with a sparse space to 2^16, and on Grundy's game, 0.6 and 0.16 to
// 2^20 (every code with up to three digits is compared with Reference to
// 2^12 by TestEnginesAllCodes under GRUNDY_LONG). GRUNDY_LONG=1.
func TestLongEquivalence(t *testing.T) {
	if !longTests {
		t.Skip("set GRUNDY_LONG=1 (takes many minutes)")
	}
	compare := func(name string, n int64, modes ...Mode) {
		r, err := rulesByName(name)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		plain := run(t, r, n, Plain, 2)
		line := fmt.Sprintf("%s to %d: plain %v %s", name, n, time.Since(start).Round(time.Millisecond), plain.Stats.Checksum)
		for _, m := range modes {
			start = time.Now()
			seq := run(t, r, n, m, 2)
			if seq.Stats.Checksum != plain.Stats.Checksum || !slices.Equal(plain.Values, seq.Values) {
				t.Errorf("%s to %d: %v differs from plain at %d", name, n, m, firstDiff(plain.Values, seq.Values))
			}
			line += fmt.Sprintf(", %v %v %s", m, time.Since(start).Round(time.Millisecond), seq.Stats.Checksum)
		}
		fmt.Println(line) // progress of a long run, kept when it is stopped
	}
	for _, code := range []string{"0.6", "0.16", "0.26", "0.36", "0.46", "0.56", "0.76", "0.4", "0.14", "0.34", "0.54", "0.64", "0.74", "0.106", "0.306", "0.406"} {
		compare(code, 1<<16, Sparse, Auto)
	}
	for _, name := range []string{"0.16", "0.6", "grundy-game"} {
		compare(name, 1<<20, Sparse)
	}
}

func crc64Of(b []byte) uint64 { return crc64.Checksum(b, crc64.MakeTable(crc64.ECMA)) }

// TestKnownPrefix continues from known values and gets the same sequence.
func TestKnownPrefix(t *testing.T) {
	for _, name := range []string{"grundy-game", "0.6", "0.07", "0.16"} {
		r, _ := rulesByName(name)
		want, _ := Reference(r, 3000)
		for _, known := range []int{0, 1, 2, 100, 1500, 1920, 3001} {
			seq, err := Run(context.Background(), Config{Rules: r, To: 3000, Known: want[:known]})
			if err != nil {
				t.Fatal(err)
			}
			if i := firstDiff(seq.Values, want); i <= 3000 {
				t.Fatalf("%s from %d known: G(%d) = %d, want %d", name, known, i, seq.Values[i], want[i])
			}
		}
	}
}

// TestKnownPrefixMaskSwitch starts 0.16 from 7680 known values: the first
// rare list (mask 1) is long, the chosen mask's is short, so the two rare
// slices have different spare capacities (a crash of an earlier version).
func TestKnownPrefixMaskSwitch(t *testing.T) {
	r, _ := Octal("0.16")
	want, _ := Reference(r, 15359)
	seq, err := Run(context.Background(), Config{Rules: r, To: 15359, Known: want[:7680]})
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(seq.Values, want); i <= 15359 {
		t.Fatalf("G(%d) = %d, want %d", i, seq.Values[i], want[i])
	}
}
