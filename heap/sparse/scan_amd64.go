package sparse

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The kernels of scan_amd64.s.
var (
	// useAVX2: findAVX2, the search for up to searchMax values (16 pairs
	// a vector).
	useAVX2 = cpu.X86.HasAVX2
	// useAVX512: findBitsAVX512, the search for a bitmap of values (32
	// pairs a vector); it also needs BMI2, as every such processor has.
	useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI2
)

// findAVX2 returns the least i < n with lo[i] ^ hi[n-1-i] in want[:k] (k
// is 1, 2, 4 or 8), n = len(lo) = len(hi) rounded down to a multiple of
// 32, or n if there is none.
//
//go:noescape
func findAVX2(lo, hi []uint16, want *[searchMax]uint16, k int) int

// findBitsAVX512 is findBitsGo on the pairs of the whole blocks of 32
// (n = len(lo) rounded down to a multiple of 32): it returns (i+1, 0) at
// the pair i that clears the last bit, else (n, the bits left). count must
// be positive and every pair's value below bitsSpan.
//
//go:noescape
func findBitsAVX512(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (end, left int)

// markRare8Asm sets seen[offs[i] + (v ^ gm0[i-p])] for the entries (p, v)
// of es and i < 8. seen must have 2^16 bytes past every offs[i].
//
//go:noescape
func markRare8Asm(seen *uint8, offs *[8]uint32, es []uint64, gm0 *uint16)

// markChunkAsm sets seen[lo[i] ^ hi[n-1-i]] for i < n = len(lo) =
// len(hi). seen must have 2^16 bytes.
//
//go:noescape
func markChunkAsm(seen *uint8, lo, hi []uint16)

// searchFrom is the number of wanted values at or below which the pair
// scan searches one pair at a time rather than marks (when it does not
// search a bitmap): searchMax with AVX2, else 0 (the scan only marks).
var searchFrom = func() int {
	if useAVX2 {
		return searchMax
	}
	return 0
}()

// bitsSearch reports whether the scan searches for the wanted values as a
// bitmap (findBits) when the values are below bitsSpan: with AVX-512, 32
// pairs are tested against any number of wanted values in a few
// instructions.
var bitsSearch = useAVX512

// findIn returns the least i with lo[i] ^ hi[len(lo)-1-i] in w[:k], or
// len(lo); len(hi) must be len(lo).
func findIn(lo, hi []uint16, w *[searchMax]uint16, k int) int {
	if !useAVX2 {
		return findPlain(lo, hi, w, k)
	}
	i, full := findAVX2(lo, hi, w, k), len(lo)&^31
	if i < full {
		return i
	}
	return full + findPlain(lo[full:], hi[:len(lo)-full], w, k)
}

// findBitsIn is findBitsGo, with AVX-512 where bitsSearch holds (the
// pairs past the last whole block of 32 in Go).
func findBitsIn(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (int, int) {
	if !useAVX512 {
		return findBitsGo(lo, hi, bits, count)
	}
	i, left := findBitsAVX512(lo, hi, bits, count)
	if left == 0 {
		return i, 0
	}
	j, left := findBitsGo(lo[i:], hi[:len(lo)-i], bits, left)
	return i + j, left
}

// markRare8 is markRareGroup of eight heap sizes, in assembly: one base
// register for each of the eight seen arrays and three instructions a
// store (the Go loop spills the arrays' bounds: three times the
// instructions). The stores are not bounds-checked: their index, the XOR
// of two uint16, is below 2^16, and the states' seen arrays are followed
// by 2^16 bytes of slack (sizeStates), so they stay in the allocation
// whatever the values.
func markRare8(seen []uint8, stride int, es []uint64, g []uint16, m0 int) {
	if len(es) == 0 {
		return
	}
	if len(seen) < 7*stride+1<<16 {
		panic(fmt.Sprintf("sparse: seen arrays of %d bytes with %d after the first", stride, len(seen)))
	}
	// The entries are ascending: the first reads the highest values, the
	// last the lowest; the two checks bound every read in g.
	_ = g[m0-rarePos(es[0])+7]
	_ = g[m0-rarePos(es[len(es)-1])]
	var offs [8]uint32
	for i := range offs {
		offs[i] = uint32(i * stride)
	}
	markRare8Asm(unsafe.SliceData(seen), &offs, es, &g[m0])
}

// markChunk sets seen[lo[i] ^ hi[len(hi)-1-i]] for every i: the pairs
// (a+i, m-a-i) of a chunk, lo ascending from a and hi ending at m-a. In
// assembly, three instructions a pair against seven for Go's bounds-checked
// stores; seen must have the capacity of a state's seen array, which runs
// to the slack after the last one (sizeStates), so that every index below
// 2^16 stays in the allocation.
func markChunk(seen []uint8, lo, hi []uint16) {
	if len(hi) != len(lo) || cap(seen) < 1<<16 {
		panic(fmt.Sprintf("sparse: markChunk of %d and %d pairs in %d bytes", len(lo), len(hi), cap(seen)))
	}
	markChunkAsm(unsafe.SliceData(seen), lo, hi)
}
