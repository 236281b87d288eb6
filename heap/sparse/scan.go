package sparse

// The pair scan (pipeline.go, scan) looks for the rare values below c that
// no option with a rare part gives: at first tens of them (a third of the
// rare values below c), then fewer and fewer; the last few take most of
// the pairs (about 3200 a value on Grundy's game at 2^20, 80% of them
// while at most eight values are wanted). Marking every pair's value in
// seen, as the scan did, is bound by one scattered byte store a pair; but
// the scan only needs to know where the first pair giving a wanted value
// is, which SIMD compares answer many pairs at a time (scan_amd64.s). So
// it marks while more than a few values are wanted (bitsFrom, searchFrom:
// each value found by a search costs a mispredicted branch or a call,
// cheaper in bulk by marking), then searches:
//
//   - with AVX-512, for the wanted values as a bitmap (findBits): 32 pairs
//     against any number of values below bitsSpan in seven instructions;
//   - with AVX2, or values past bitsSpan, for up to searchMax values one
//     pair at a time (findPair): 16 pairs against each value in one compare.
//
// Without SIMD a search is slower than the marking (a plain loop, or four
// pairs a 64-bit word), and the scan only marks (searchFrom is 0).

// bitsFrom is the number of wanted values at or below which the scan
// stops marking and searches a bitmap (bitsSearch).
const bitsFrom = 16

// searchMax is the most wanted values the search kernels compare each
// pair with.
const searchMax = 8

// searchSpan bounds the pairs one call to a search kernel scans, so that
// a call lasts at most about a hundred microseconds (assembly is not
// preempted).
const searchSpan = 1 << 18

// findPair returns the least b in [a, end) such that g[b] ^ g[m-b] is one
// of want (1 <= len(want) <= searchMax), or end if there is none. The pairs
// must lie in g: 1 <= a and end-1 <= m-(end-1) < len(g).
func findPair(g []uint16, m, a, end int, want []uint16) int {
	var w [searchMax]uint16
	k := padWant(&w, want)
	for a < end {
		stop := min(end, a+searchSpan)
		if i := findIn(g[a:stop], g[m-stop+1:m-a+1], &w, k); i < stop-a {
			return a + i
		}
		a = stop
	}
	return end
}

// padWant copies want into w, filling the rest with want[0], and returns
// the number of values the kernels must compare: len(want) rounded up to
// 1, 2, 4 or 8.
func padWant(w *[searchMax]uint16, want []uint16) int {
	k := 1
	for k < len(want) {
		k *= 2
	}
	for i := range w {
		w[i] = want[0]
	}
	copy(w[:], want)
	return k
}

// findPlain returns the least i with lo[i] ^ hi[len(lo)-1-i] in w[:k], or
// len(lo): the kernels' definition, and their tail.
func findPlain(lo, hi []uint16, w *[searchMax]uint16, k int) int {
	hi = hi[:len(lo)]
	want := w[:k]
	for i, x := range lo {
		v := x ^ hi[len(hi)-1-i]
		for _, u := range want {
			if v == u {
				return i
			}
		}
	}
	return len(lo)
}

// bitsSpan bounds the values of the bitmap search: a bitmap of 64 words of
// 16 bits.
const bitsSpan = 1024

// findBits scans the pairs (b, m-b) for b in [a, end) in order, clearing
// the bit of each pair's value in bits, which has count > 0 bits set, all
// below bitsSpan as every value of g[1:m] is. It returns the b after the pair that
// cleared the last bit and 0, or end and the number of bits left.
func findBits(g []uint16, m, a, end int, bits *[bitsSpan / 16]uint16, count int) (int, int) {
	for a < end {
		stop := min(end, a+searchSpan)
		i, left := findBitsIn(g[a:stop], g[m-stop+1:m-a+1], bits, count)
		if count = left; count == 0 {
			return a + i, 0
		}
		a = stop
	}
	return end, count
}

// findBitsGo is findBits on lo[i] ^ hi[len(lo)-1-i]: the pairs i in order,
// each wanted value found clearing its bit; it returns (i+1, 0) at the pair
// that clears the last one, else (len(lo), bits left).
func findBitsGo(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (int, int) {
	hi = hi[:len(lo)]
	for i, x := range lo {
		v := x ^ hi[len(hi)-1-i]
		if bits[v>>4]>>(v&15)&1 != 0 {
			bits[v>>4] &^= 1 << (v & 15)
			if count--; count == 0 {
				return i + 1, 0
			}
		}
	}
	return len(lo), count
}

// markChunkGo sets seen[lo[i] ^ hi[len(hi)-1-i]] for every i: the pairs
// (a+i, m-a-i) of a chunk, lo ascending from a and hi ending at m-a.
// Unrolled by eight on re-sliced windows of lo and hi, which the compiler
// then indexes without bounds checks (about 15% faster than indexing
// lo[i+k] and hi[j-k]).
func markChunkGo(seen []uint8, lo, hi []uint16) {
	hi = hi[:len(lo)]
	for len(lo) >= 8 && len(hi) >= 8 {
		l, h := lo[:8], hi[len(hi)-8:]
		seen[l[0]^h[7]] = 1
		seen[l[1]^h[6]] = 1
		seen[l[2]^h[5]] = 1
		seen[l[3]^h[4]] = 1
		seen[l[4]^h[3]] = 1
		seen[l[5]^h[2]] = 1
		seen[l[6]^h[1]] = 1
		seen[l[7]^h[0]] = 1
		lo, hi = lo[8:], hi[:len(hi)-8]
	}
	for i, x := range lo {
		seen[x^hi[len(hi)-1-i]] = 1
	}
}
