package sparse

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/grundy-go/grundy/heap/octal"
	"github.com/grundy-go/grundy/limits"
)

// valueWords is the size of a bitset over all uint16 values.
const valueWords = 1 << 16 / 64

// kernel holds the state of one sequence computation: the values so far,
// the mask and the rare list, and scratch space. Values g[0:n] are final.
type kernel struct {
	g        []uint16
	n        int
	leave0   []int // k with TakeAll
	leave1   []int // k >= 1 with Take
	leave2   []int // k with Split, ascending
	leave3   []int // k with Split3
	distinct bool  // the parts of a split differ pairwise

	mask   uint16
	common [valueWords]uint64 // bit v: v is common under mask
	// commonBytes[i] has byte j equal to 1 when value 8i+j is common.
	commonBytes [1 << 13]uint64
	// rare lists the heap sizes p >= 1 (p < n) with rare G(p), ascending,
	// each packed with its value (rareEntry): one load a pair in step 1.
	rare     []uint64
	hist     []int64            // hist[v]: positions p in [1, n) with G(p) = v
	maxV     uint16             // largest G(p), p < n
	argMax   int                // least p with G(p) = maxV
	marks    [valueWords]uint64 // option values seen for the current position
	workers  []*sparseWorker    // the sparse engine's workers (one per core)
	states   []*heapState       // the sparse engine's per-heap-size states (pipeline.go)
	seenCap  int                // the size of the states' seen arrays (sizeStates), a power of two
	seenAll  []uint8            // the states' seen arrays, one after the other: state i's at i*seenCap
	ops      int64              // pair evaluations done (work measure)
	plainOps int64              // pair evaluations a plain scan would have done
	// mem holds, against the request's budget, the kernel's memory other
	// than the values: the fixed scratch space and the rare lists.
	mem limits.Counter
	// drop, for a run file, takes the values in [lo, hi) out of the
	// process's resident memory (runFile.release); window is the number
	// of values kept resident at each end (Config.Window). nil in memory.
	drop   func(lo, hi int)
	window int
	wht    []int64 // chooseMask's transform of the histogram (bestMaskIn)
}

// newKernel returns a kernel for r over the value array g (G(0) = 0 set),
// with workers sparse workers, after charging budget for its scratch
// space: the kernel and workers (bitsets, histograms of at most 2^16
// values, wanted-value lists), whose size does not depend on N.
func newKernel(r Rules, g []uint16, workers int, budget *limits.Budget) (*kernel, error) {
	k := &kernel{g: g, distinct: r.Distinct, mem: limits.Counter{Budget: budget}}
	if err := k.mem.Hold(scratchBytes(workers)); err != nil {
		return nil, err
	}
	k.hist = make([]int64, 64)
	upTo := len(r.Code.Digits)
	k.leave0 = r.Code.Removals(octal.TakeAll, upTo)
	for _, i := range r.Code.Removals(octal.Take, upTo) {
		if i >= 1 { // Code's invariant: d0 never takes
			k.leave1 = append(k.leave1, i)
		}
	}
	k.leave2 = r.Code.Removals(octal.Split, upTo)
	k.leave3 = r.Code.Removals(octal.Split3, upTo)
	for range workers {
		k.workers = append(k.workers, newSparseWorker())
	}
	k.n = 1 // G(0) = 0: the empty heap has no moves
	if err := k.setMask(1); err != nil {
		return nil, err
	}
	return k, nil
}

// rareBytes is the memory of one rare list entry (its position and value).
const rareBytes = int64(unsafe.Sizeof(uint64(0)))

// rareEntry packs a rare heap size p (at most MaxTo < 2^48) and its value.
func rareEntry(p int, v uint16) uint64 { return uint64(p)<<16 | uint64(v) }

// rarePos is the heap size of a rare list entry.
func rarePos(e uint64) int { return int(e >> 16) }

// reserveRare makes room for n entries in the rare lists, charging the
// budget for the grown lists before it allocates them (the lists grow by
// doubling, and the old arrays become garbage).
func (k *kernel) reserveRare(n int) error {
	if cap(k.rare) >= n {
		return nil
	}
	size := max(n, 2*cap(k.rare), 64)
	if err := k.holdScratch(size); err != nil {
		return fmt.Errorf("rare list of %d heap sizes: %w", n, err)
	}
	k.rare = append(make([]uint64, 0, size), k.rare...)
	return nil
}

// scratchBytes bounds the scratch space of a kernel with workers workers
// and the smallest states: the structures themselves, a histogram of at
// most 2^16 values for each worker and for the kernel, and the states of
// the sparse engine's heap sizes (stateBytes) and the slack after them.
func scratchBytes(workers int) int64 {
	perWorker := int64(unsafe.Sizeof(sparseWorker{})) + 8<<16
	// 8<<16 twice: the histogram and the transform of chooseMask.
	return int64(unsafe.Sizeof(kernel{})) + 2*8<<16 + int64(workers)*perWorker + stateCount*stateBytes(minSeen) + seenSlack
}

// stateBytes is the memory of one heap size's state with seen arrays of
// size bytes: the array and a wanted-value list of up to size/2 values
// (the rare ones below size).
func stateBytes(size int) int64 { return int64(unsafe.Sizeof(heapState{})) + 2*int64(size) }

// holdScratch charges the budget for the kernel's memory other than the
// values: the scratch space, the states' present size and a rare list of
// rareCap entries.
func (k *kernel) holdScratch(rareCap int) error {
	grown := stateCount * (stateBytes(max(k.seenCap, minSeen)) - stateBytes(minSeen))
	return k.mem.Hold(scratchBytes(len(k.workers)) + grown + rareBytes*int64(rareCap))
}

// span is the least power of two above every value so far: the XOR of
// values lies below it, so every option value does and the mex is <= span.
func (k *kernel) span() int {
	return 1 << bits.Len16(k.maxV)
}

// setMask makes m the mask and rebuilds the rare list from g[1:n]. When
// the budget refuses the memory of the new list it fails and leaves the
// kernel as it was.
func (k *kernel) setMask(m uint16) error {
	rare := 0
	k.chunked(1, k.n, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			if rareUnder(k.g[p], m) {
				rare++
			}
		}
	})
	if err := k.reserveRare(rare); err != nil {
		return err
	}
	k.mask = m
	// parity(v & m) = parity((v &^ 63) & m) ^ parity((v & 63) & m): one
	// word for the low six bits, complemented where the high bits are odd.
	var low uint64
	for b := range 64 {
		if !rareUnder(uint16(b), m) {
			low |= 1 << b
		}
	}
	for w := range k.common {
		k.common[w] = low
		if !rareUnder(uint16(64*w), m) {
			k.common[w] = ^low
		}
	}
	for i := range k.commonBytes {
		bits8 := k.common[i/8] >> (8 * (i % 8)) & 0xFF
		k.commonBytes[i] = spreadBits(bits8)
	}
	k.rare = k.rare[:0]
	k.chunked(1, k.n, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			if v := k.g[p]; rareUnder(v, m) {
				k.rare = append(k.rare, rareEntry(p, v))
			}
		}
	})
	return nil
}

// chooseMask re-evaluates the mask on the histogram of g[1:n] and switches
// when the best mask has at most 7/8 of the current rare count.
func (k *kernel) chooseMask() error {
	size := max(2, k.span())
	k.growHist(size)
	if len(k.wht) < size {
		k.wht = make([]int64, max(size, 2*len(k.wht))) // at most 2^16 (scratchBytes)
	}
	m, rare := bestMaskIn(k.hist[:size], k.wht)
	if m != k.mask && rare*8 <= int64(len(k.rare))*7 {
		return k.setMask(m)
	}
	return nil
}

// record stores G(n) = v and advances n. The rare lists must have room
// (reserveRare) for one more entry.
func (k *kernel) record(v int) error {
	if v > 0xFFFF {
		return overflowError(k.n, v)
	}
	n, u := k.n, uint16(v)
	k.g[n] = u
	k.growHist(int(u) + 1)
	k.hist[u]++
	if u > k.maxV {
		k.maxV, k.argMax = u, n
	}
	if rareUnder(u, k.mask) {
		k.rare = append(k.rare, rareEntry(n, u))
	}
	k.n++
	return nil
}

// markRemovals marks the options of n that leave at most one heap.
func (k *kernel) markRemovals(n int) {
	for _, r := range k.leave0 {
		if r == n {
			k.marks[0] |= 1
		}
	}
	for _, r := range k.leave1 {
		if r < n {
			v := k.g[n-r]
			k.marks[v>>6] |= 1 << (v & 63)
		}
	}
}

// markTriples marks every three-heap option of n (O(n^2) per position).
func (k *kernel) markTriples(n int) {
	g := k.g
	for _, r := range k.leave3 {
		m := n - r
		for a := 1; 3*a <= m; a++ {
			for b := a; a+2*b <= m; b++ {
				c := m - a - b
				if k.distinct && (a == b || b == c) {
					continue
				}
				v := g[a] ^ g[b] ^ g[c]
				k.marks[v>>6] |= 1 << (v & 63)
			}
			k.ops += int64((m-a)/2 - a + 1)
		}
	}
}

// stepPlain computes G(n) by marking every option, serially: the engine for
// moves that leave three heaps (the workers handle all other rules).
func (k *kernel) stepPlain() error {
	n := k.n
	words := max(1, k.span()/64)
	clear(k.marks[:words])
	k.markRemovals(n)
	for _, r := range k.leave2 {
		m := n - r
		if m < 2 {
			break
		}
		half := m / 2
		k.ops += int64(half)
		k.plainOps += int64(half)
		markPairs(&k.marks, k.g, m, 1, half+1, k.distinct)
	}
	k.markTriples(n)
	return k.record(mexOf(&k.marks, k.span()))
}

// markPairs marks G(a) ^ G(m-a) for a in [lo, hi), a <= m-a.
func markPairs(marks *[valueWords]uint64, g []uint16, m, lo, hi int, distinct bool) {
	if distinct && m%2 == 0 && hi > m/2 {
		hi = m / 2 // a == m-a is not a move
	}
	if hi <= lo {
		return
	}
	left := g[lo:hi]
	right := g[m-hi+1 : m-lo+1]
	for i, x := range left {
		v := x ^ right[len(right)-1-i]
		marks[v>>6] |= 1 << (v & 63)
	}
}

// mexOf is the least value not marked, at most span (nothing at or above
// span is ever marked).
func mexOf(marks *[valueWords]uint64, span int) int {
	for w := 0; 64*w < span; w++ {
		if x := ^marks[w]; x != 0 {
			return min(64*w+bits.TrailingZeros64(x), span)
		}
	}
	return span
}

// scanChunk is the number of pairs scanned between checks of the missing
// rare values.
const scanChunk = 32

func overflowError(n, v int) error {
	return fmt.Errorf("G(%d) = %d does not fit in 16 bits", n, v)
}

// spreadBits maps bit j of b (j < 8) to byte j of the result.
func spreadBits(b uint64) uint64 {
	var x uint64
	for j := range 8 {
		x |= (b >> j & 1) << (8 * j)
	}
	return x
}

// growHist makes room in the histogram for values below size (at most
// 2^16: newKernel charged the budget for that many).
func (k *kernel) growHist(size int) {
	if size > len(k.hist) {
		k.hist = append(k.hist, make([]int64, min(max(size, 2*len(k.hist)), 1<<16)-len(k.hist))...)
	}
}
