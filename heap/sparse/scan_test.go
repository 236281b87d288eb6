package sparse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// searchKernel is a search kernel under test: find scans the pairs of
// whole blocks of block pairs and returns the least hit, or the number of
// pairs it scanned (findPlain's result rounded down to whole blocks).
type searchKernel struct {
	name  string
	block int
	find  func(lo, hi []uint16, w *[searchMax]uint16, k int) int
}

func searchKernels() []searchKernel {
	return append([]searchKernel{
		{"plain", 1, findPlain},
		{"findIn", 1, findIn},
	}, archKernels()...)
}

// checkKernels compares every kernel with findPlain on one input.
func checkKernels(t *testing.T, lo, hi []uint16, want []uint16) {
	t.Helper()
	var w [searchMax]uint16
	k := padWant(&w, want)
	exp := findPlain(lo, hi, &w, k)
	for _, kn := range searchKernels() {
		full := len(lo) / kn.block * kn.block
		if got := kn.find(lo, hi, &w, k); got != min(exp, full) {
			t.Fatalf("%s: %d pairs, want %v: got %d, want %d (plain %d)", kn.name, len(lo), want, got, min(exp, full), exp)
		}
	}
}

// TestSearchKernelsTable checks the kernels on inputs with one hit planted
// at each position around the block boundaries of the vector kernels.
func TestSearchKernelsTable(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200} {
		lo, hi := make([]uint16, n), make([]uint16, n)
		for i := range n {
			lo[i], hi[i] = uint16(2*i+1), uint16(2*i+1)<<8 // lo[i]^hi[j] is never 0
		}
		checkKernels(t, lo, hi, []uint16{0})
		for p := range n {
			for _, want := range [][]uint16{{0}, {5, 0}, {7, 8, 0}, {1, 2, 3, 4, 5, 6, 0}, {9, 9, 9, 9, 9, 9, 9, 0}} {
				l := slices.Clone(lo)
				l[p] = want[len(want)-1] ^ hi[n-1-p]
				checkKernels(t, l, hi, want)
			}
		}
	}
}

// TestSearchKernelsRandom checks the kernels, and findPair on the pairs of
// a value array, against plain loops on random inputs: values from small
// ranges (many hits) and large ones (hits planted), every number of
// wanted values, odd lengths and unaligned starts.
func TestSearchKernelsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	ranges := []int{2, 4, 16, 256, 1 << 16}
	for range 4000 {
		span := ranges[rng.IntN(len(ranges))]
		g, lo, hi := randomWindows(rng, 400, 4000, span)
		n := len(lo)
		want := make([]uint16, 1+rng.IntN(searchMax))
		for i := range want {
			want[i] = uint16(rng.IntN(span))
		}
		if n > 0 && rng.IntN(2) == 0 {
			p := rng.IntN(n)
			lo[p] = want[rng.IntN(len(want))] ^ hi[n-1-p]
		}
		checkKernels(t, lo, hi, want)

		// findPair over the pairs (b, m-b) of g, b in [a, end) with
		// end-1 <= m-(end-1), as the scan calls it (half depends on
		// whether the parts must be distinct).
		if len(g) < 3 {
			continue
		}
		m := 2 + rng.IntN(len(g)-2)
		half := m / 2
		if rng.IntN(2) == 0 && m%2 == 0 {
			half--
		}
		a := 1 + rng.IntN(max(1, half))
		end := min(half+1, a+rng.IntN(half+2))
		if a > end {
			continue
		}
		exp := end
		for b := a; b < end; b++ {
			if slices.Contains(want, g[b]^g[m-b]) {
				exp = b
				break
			}
		}
		if got := findPair(g, m, a, end, want); got != exp {
			t.Fatalf("findPair(m=%d, [%d, %d), want %v) = %d, want %d", m, a, end, want, got, exp)
		}
	}
}

// FuzzSearchKernels checks the kernels against findPlain on fuzzed bytes:
// the first byte sets the number of wanted values, the next ones the
// wanted values, the rest lo and hi.
func FuzzSearchKernels(f *testing.F) {
	f.Add([]byte{1, 0, 0, 1, 0, 2, 0, 3, 0})
	f.Add(make([]byte, 300))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 3 {
			return
		}
		k := 1 + int(b[0])%searchMax
		b = b[1:]
		if len(b) < 2*k {
			return
		}
		want := make([]uint16, k)
		for i := range want {
			want[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		b = b[2*k:]
		n := len(b) / 4
		lo, hi := make([]uint16, n), make([]uint16, n)
		for i := range n {
			lo[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
			hi[i] = uint16(b[2*n+2*i]) | uint16(b[2*n+2*i+1])<<8
		}
		checkKernels(t, lo, hi, want)
	})
}

// BenchmarkSearch measures each kernel on 4096 pairs without a hit
// (ns/pair), for 1, 2, 4 and 8 wanted values.
func BenchmarkSearch(b *testing.B) {
	const n = 4096
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 2*n+1)
	for i := range g {
		g[i] = uint16(rng.IntN(256))
	}
	lo, hi := g[1:n+1], g[n+1:]
	for _, kn := range searchKernels() {
		for _, k := range []int{1, 2, 4, 8} {
			var w [searchMax]uint16
			for i := range w {
				w[i] = uint16(1000 + i%k) // never the XOR of two values below 256
			}
			b.Run(fmt.Sprintf("%s/want=%d", kn.name, k), func(b *testing.B) {
				for b.Loop() {
					if kn.find(lo, hi, &w, k) != n/kn.block*kn.block {
						b.Fatal("hit")
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pair")
			})
		}
	}
}

// BenchmarkMarkChunk is the marking the search replaces, on the same
// pairs (ns/pair), in Go and as the engine runs it.
func BenchmarkMarkChunk(b *testing.B) {
	const n = 4096
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 2*n+1)
	for i := range g {
		g[i] = uint16(rng.IntN(256))
	}
	seen := make([]uint8, 1<<16)
	for _, kn := range []struct {
		name string
		mark func(seen []uint8, lo, hi []uint16)
	}{{"go", markChunkGo}, {"markChunk", markChunk}} {
		b.Run(kn.name, func(b *testing.B) {
			for b.Loop() {
				kn.mark(seen, g[1:n+1], g[n+1:])
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pair")
		})
	}
}

// TestMarkChunk checks markChunk (assembly on amd64) against markChunkGo
// on random pairs, lengths and offsets.
func TestMarkChunk(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	for range 500 {
		n := rng.IntN(100)
		g := make([]uint16, 2*n+rng.IntN(4)+1)
		for i := range g {
			g[i] = uint16(rng.IntN(1 << (1 + rng.IntN(16))))
		}
		off := rng.IntN(len(g) - 2*n)
		got, want := make([]uint8, 1<<16), make([]uint8, 1<<16)
		markChunk(got, g[off:off+n], g[off+n:off+2*n])
		markChunkGo(want, g[off:off+n], g[off+n:off+2*n])
		if !slices.Equal(got, want) {
			t.Fatalf("%d pairs: seen arrays differ", n)
		}
	}
}

// TestFindBitsRandom checks the bitmap search (findBitsIn, the assembly
// where the processor has it) against findBitsGo on random inputs: values
// below bitsSpan from small and large ranges, wanted sets of 1 to 300
// values, some found only once, odd lengths and unaligned starts; the
// results and the bitmaps left must be equal.
func TestFindBitsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	ranges := []int{2, 16, 256, bitsSpan}
	for range 4000 {
		span := ranges[rng.IntN(len(ranges))]
		_, lo, hi := randomWindows(rng, 300, 5000, span)
		n := len(lo)
		var bits [bitsSpan / 16]uint16
		count := 0
		for range 1 + rng.IntN(min(300, span)) {
			v := rng.IntN(span)
			if bits[v>>4]>>(v&15)&1 == 0 {
				bits[v>>4] |= 1 << (v & 15)
				count++
			}
		}
		want := bits
		i, left := findBitsIn(lo, hi, &bits, count)
		j, wantLeft := findBitsGo(lo, hi, &want, count)
		if i != j || left != wantLeft || bits != want {
			t.Fatalf("%d pairs below %d, %d wanted: (%d, %d), want (%d, %d)", n, span, count, i, left, j, wantLeft)
		}
	}
}

// BenchmarkFindBits measures the bitmap search on 4096 pairs of values
// below 256 (ns/pair): "none" for 1 to 64 wanted values never found (the
// scan without hits), "found" for 64 values below 256, most found (the
// scan with its hits, until the last is found or the pairs end).
func BenchmarkFindBits(b *testing.B) {
	const n = 4096
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 2*n+1)
	for i := range g {
		g[i] = uint16(rng.IntN(256))
	}
	lo, hi := g[1:n+1], g[n+1:]
	kernels := []struct {
		name string
		find func(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (int, int)
	}{{"go", findBitsGo}, {"findBitsIn", findBitsIn}}
	for _, kn := range kernels {
		for _, c := range []struct {
			name      string
			from, len int
		}{{"none/want=1", 512, 1}, {"none/want=64", 512, 64}, {"found/want=64", 0, 64}} {
			var want [bitsSpan / 16]uint16
			for v := c.from; v < c.from+4*c.len; v += 4 {
				want[v>>4] |= 1 << (v & 15)
			}
			b.Run(kn.name+"/"+c.name, func(b *testing.B) {
				pairs := 0
				for b.Loop() {
					bits := want
					i, _ := kn.find(lo, hi, &bits, c.len)
					pairs += i
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(pairs), "ns/pair")
				b.ReportMetric(float64(pairs)/float64(b.N), "pairs/op")
			})
		}
	}
}

// TestMarkRare8 checks markRare8 (assembly on amd64) against markRare8Go
// on random entries, values and strides: the seen arrays must be equal.
func TestMarkRare8(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3))
	for range 500 {
		stride := 1024 << rng.IntN(4)
		span := min(stride/2, 1<<rng.IntN(12))
		g := make([]uint16, 500+rng.IntN(5000))
		for i := range g {
			g[i] = uint16(rng.IntN(span))
		}
		m0 := len(g) - 8 - rng.IntN(len(g)/4)
		var es []uint64
		for p := 1 + rng.IntN(5); p < m0/2; p += 1 + rng.IntN(20) {
			es = append(es, rareEntry(p, uint16(rng.IntN(span))))
		}
		got := make([]uint8, 8*stride+seenSlack)
		want := make([]uint8, 8*stride+seenSlack)
		markRare8(got, stride, es, g, m0)
		markRare8Go(want, stride, es, g, m0)
		if !slices.Equal(got, want) {
			t.Fatalf("stride %d, %d entries: seen arrays differ", stride, len(es))
		}
	}
}

// BenchmarkMarkRare8 measures the marking of step 1 for a group of eight
// heap sizes: 1273 rare entries (Grundy's game's count) among the first
// 50000 heap sizes, values below 256 (ns a mark).
func BenchmarkMarkRare8(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 1<<20)
	for i := range g {
		g[i] = uint16(rng.IntN(256))
	}
	var es []uint64
	for p := 1; len(es) < 1273; p += 1 + rng.IntN(80) {
		es = append(es, rareEntry(p, uint16(rng.IntN(128))))
	}
	const stride = 1024
	seen := make([]uint8, 8*stride+seenSlack)
	m0 := len(g) - 16
	for _, kn := range []struct {
		name string
		mark func(seen []uint8, stride int, es []uint64, g []uint16, m0 int)
	}{{"go", markRare8Go}, {"markRare8", markRare8}} {
		b.Run(kn.name, func(b *testing.B) {
			for b.Loop() {
				kn.mark(seen, stride, es, g, m0)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(es)*8), "ns/mark")
		})
	}
}

// randomWindows returns an array g of random values below span and two
// windows lo and hi of n values each at a random offset in it (unaligned,
// adjacent, as the scan's pairs are): n below short, or one time in four
// below long.
func randomWindows(rng *rand.Rand, short, long, span int) (g, lo, hi []uint16) {
	n := rng.IntN(short)
	if rng.IntN(4) == 0 {
		n = rng.IntN(long)
	}
	g = make([]uint16, 2*n+rng.IntN(8)+1)
	for i := range g {
		g[i] = uint16(rng.IntN(span))
	}
	off := rng.IntN(len(g) - 2*n)
	return g, g[off : off+n], g[off+n : off+2*n]
}
