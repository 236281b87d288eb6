//go:build !amd64

package sparse

// searchFrom is 0: without assembly for this architecture the pair scan
// only marks (a search in Go is slower than the marking).
const searchFrom = 0

// findIn returns the least i with lo[i] ^ hi[len(lo)-1-i] in w[:k], or
// len(lo); len(hi) must be len(lo).
func findIn(lo, hi []uint16, w *[searchMax]uint16, k int) int {
	return findPlain(lo, hi, w, k)
}

// markRare8 is markRareGroup of eight heap sizes.
func markRare8(seen []uint8, stride int, es []uint64, g []uint16, m0 int) {
	markRare8Go(seen, stride, es, g, m0)
}

// bitsSearch is false: the scan marks (see searchFrom).
const bitsSearch = false

// findBitsIn is findBitsGo.
func findBitsIn(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (int, int) {
	return findBitsGo(lo, hi, bits, count)
}

// markChunk is markChunkGo.
func markChunk(seen []uint8, lo, hi []uint16) { markChunkGo(seen, lo, hi) }
