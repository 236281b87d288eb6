package sparse

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// The workers of the sparse engine (one per core) share the heap sizes of
// a run in blocks of blockLen, in two phases.
//
// Phase A of x marks every option of x whose heaps are all below z, the
// start of the block before x's (z = x0 - blockLen for x in the block
// [x0, x0+blockLen); the first block of a run has z = x0): the pairs with a
// rare part, the first pass of the pair scan, the takes. Those values are
// final before x's block starts, so the phase A of every heap size of a
// block can run at once, in any order, on any worker: the workers claim
// them from a shared counter, groupLen consecutive heap sizes at a time (a
// busy or descheduled core only does fewer of them).
//
// Phase B of x marks the options with a heap of z or more (the pairs
// (a, m-a) with a <= m-z: fewer than 2*blockLen), finishes the scan and
// publishes G(x). It runs for the heap sizes of a block in order, on one
// worker at a time; meanwhile the other workers do phase A of the next
// block, whose z is this block's start. So the workers synchronise once a
// block, not once a value, and phase B, the serial part, is a few percent
// of the work.
//
// G(x) is the same as the serial definition's whatever the timing and the
// number of workers: every option is marked in exactly one of the phases,
// and only how many pairs the scan tries varies.

// blockLen is the number of heap sizes in a block.
const blockLen = 32

// stateCount is the number of per-heap-size states: phase A of a block
// runs while phase B of the block before it does.
const stateCount = 2 * blockLen

// sparseRun is the shared state of the workers computing the heap sizes
// start..end-1 of a run. claim, which every worker writes, has a cache
// line of its own (cacheLine).
type sparseRun struct {
	_          [cacheLine]byte
	k          *kernel
	start, end int
	plain      bool // scan every pair (no rare/common split)
	states     []*heapState

	_     [cacheLine]byte
	claim atomic.Int64 // the least heap size whose phase A no worker has claimed
	_     [cacheLine - 8]byte

	aDone   [3]atomic.Int32 // phase A finished, by block (index mod 3)
	bNext   atomic.Int64    // the next block for phase B: blocks before it are final
	bBusy   atomic.Bool     // a worker runs phase B
	rareLen atomic.Int64    // k.rare[:rareLen] are published
	maxV    atomic.Uint32   // largest value published
	argMax  int             // least position with maxV (written by phase B)
	done    int             // G(start..done-1) are published (written by phase B)
	// rareBelow[j%3]: the number of rare entries of heap sizes below block
	// j's start, set when phase B of block j-1 ends (for block 0, at the
	// start).
	rareBelow [3]atomic.Int64

	failed atomic.Bool // a worker hit an error: the others stop
	// stop ends the run early, after a value whose span passes the
	// states' seen arrays: the next run allocates larger ones.
	stop atomic.Bool
	// Workers with nothing to do sleep on wake; sleepers counts them.
	mu       sync.Mutex
	wake     *sync.Cond
	sleepers atomic.Int32
	err      error
	errOnce  sync.Once
	_        [cacheLine]byte
}

// heapState is what phase A of one heap size leaves to its phase B. The
// states of consecutive heap sizes are written at once by different
// workers: padding keeps each on cache lines of its own.
type heapState struct {
	_       [cacheLine]byte
	seen    []uint8  // seen[v] == 1: v is among the options found (len: kernel.seenCap)
	clearTo int      // seen[clearTo:] is all zero
	want    []uint16 // rare values below c1 not seen yet
	c1      int      // the least common value not seen in phase A
	scanK   int      // pair scan state: index into leave2
	scanA   int      // next a to scan for leave2[scanK]
	_       [cacheLine]byte
}

// sparseWorker is one worker's tallies, merged into the kernel after a
// run.
type sparseWorker struct {
	_     [cacheLine]byte
	hist  []int64 // values this worker published, by value
	ops   int64
	plain int64
	_     [cacheLine]byte
}

// cacheLine pads the structures two workers write at once, so that they
// never write one cache line (false sharing). Unpadded, a run on two
// cores took 6% more time when the host placed the cores far apart (a
// cache line's round trip of about 330 ns rather than 60 ns), and the
// same time otherwise (docs/PERFORMANCE.md, "Two cores far apart").
const cacheLine = 64

func newSparseWorker() *sparseWorker {
	return &sparseWorker{hist: make([]int64, 64)}
}

// block returns the index of the block of heap size x, and its start.
func (b *sparseRun) block(x int) (int, int) {
	j := (x - b.start) / blockLen
	return j, b.start + j*blockLen
}

// blockSize is the number of heap sizes of block j.
func (b *sparseRun) blockSize(j int) int {
	s := b.start + j*blockLen
	return min(blockLen, b.end-s)
}

// blocks is the number of blocks of the run.
func (b *sparseRun) blocks() int { return (b.end - b.start + blockLen - 1) / blockLen }

// runSparse computes positions k.n..end-1 with the sparse engine (with
// plain, the plain scan of every pair instead) on the given workers (one:
// serial). Moves must not leave three heaps.
func (k *kernel) runSparse(end int, workers []*sparseWorker, plain bool) error {
	// Room for every position of the run, so appends never move the
	// slice the workers are reading.
	need := len(k.rare) + (end - k.n)
	if err := k.reserveRare(need); err != nil {
		return err
	}
	if err := k.sizeStates(); err != nil {
		return err
	}
	b := &sparseRun{k: k, start: k.n, end: end, plain: plain, argMax: k.argMax, done: k.n, states: k.states}
	b.wake = sync.NewCond(&b.mu)
	b.claim.Store(int64(k.n))
	b.rareLen.Store(int64(len(k.rare)))
	b.rareBelow[0].Store(int64(len(k.rare)))
	b.maxV.Store(uint32(k.maxV))
	k.rare = k.rare[:need]
	if len(workers) == 1 {
		workers[0].run(b)
	} else {
		var wg sync.WaitGroup
		for _, w := range workers {
			wg.Go(func() { w.run(b) })
		}
		wg.Wait()
	}
	for _, w := range workers {
		k.growHist(len(w.hist))
		for v, c := range w.hist {
			k.hist[v] += c
		}
		clear(w.hist)
		k.ops += w.ops
		k.plainOps += w.plain
		w.ops, w.plain = 0, 0
	}
	k.rare = k.rare[:int(b.rareLen.Load())]
	k.maxV, k.argMax = uint16(b.maxV.Load()), b.argMax
	k.n = b.done
	return b.err
}

func (b *sparseRun) fail(err error) {
	b.errOnce.Do(func() { b.err = err })
	b.failed.Store(true)
	b.signal()
}

// signal wakes the sleeping workers: there may be work for them.
func (b *sparseRun) signal() {
	if b.sleepers.Load() > 0 {
		b.mu.Lock()
		b.wake.Broadcast()
		b.mu.Unlock()
	}
}

// run does phase B of a block when it is ready, otherwise phase A of the
// next heap size that may start, otherwise waits: it spins a little (the
// work is usually about to come), then sleeps, so that a busy machine's
// cores are not burnt.
func (w *sparseWorker) run(b *sparseRun) {
	total := b.blocks()
	idle := 0
	for !b.failed.Load() && !b.stop.Load() {
		j := int(b.bNext.Load())
		if j >= total {
			return
		}
		if int(b.aDone[j%3].Load()) == b.blockSize(j) && b.bBusy.CompareAndSwap(false, true) {
			if int(b.bNext.Load()) == j { // not finished by another worker meanwhile
				w.finishBlock(b, j)
			}
			b.bBusy.Store(false)
			b.signal()
			idle = 0
			continue
		}
		if x, n, ok := b.claimA(j); ok {
			w.phaseA(b, x, n)
			xj, _ := b.block(x)
			if b.aDone[xj%3].Add(int32(n)) == int32(b.blockSize(xj)) {
				b.signal()
			}
			idle = 0
			continue
		}
		if idle++; idle < 64 {
			runtime.Gosched()
			continue
		}
		b.mu.Lock()
		b.sleepers.Add(1)
		if int(b.bNext.Load()) == j && !b.failed.Load() && !b.stop.Load() && !b.bReady(j) {
			if _, ok := b.peekA(j); !ok {
				b.wake.Wait()
			}
		}
		b.sleepers.Add(-1)
		b.mu.Unlock()
		idle = 0
	}
}

// bReady reports whether phase B of block j may run.
func (b *sparseRun) bReady(j int) bool {
	return int(b.aDone[j%3].Load()) == b.blockSize(j) && !b.bBusy.Load()
}

// peekA returns the next heap size whose phase A is unclaimed, and whether
// it may start: its block is at most one past block j, the next for phase
// B (so the values below its z are final).
func (b *sparseRun) peekA(j int) (int, bool) {
	x := int(b.claim.Load())
	if x >= b.end {
		return x, false
	}
	xj, _ := b.block(x)
	return x, xj <= j+1
}

// claimA claims the next heap sizes for phase A, x..x+n-1 (at most
// groupLen, in one block), if they may start.
func (b *sparseRun) claimA(j int) (x, n int, ok bool) {
	for {
		x, ok := b.peekA(j)
		if !ok {
			return 0, 0, false
		}
		xj, x0 := b.block(x)
		n := min(groupLen, x0+b.blockSize(xj)-x)
		if b.claim.CompareAndSwap(int64(x), int64(x+n)) {
			return x, n, true
		}
	}
}

// groupLen is the number of consecutive heap sizes a worker claims for
// phase A at once: their pairs with a rare part share the rare entries and
// read the values of consecutive heaps (markRareGroup).
const groupLen = 8

// zOf returns z for heap size x: the values below it are final before the
// phase A of x may start.
func (b *sparseRun) zOf(x int) int {
	j, x0 := b.block(x)
	if j == 0 {
		return x0
	}
	return x0 - blockLen
}

// state returns the state of heap size x.
func (b *sparseRun) state(x int) *heapState {
	return b.states[(x-b.start)%stateCount]
}

// phaseA marks the options of x, x+1, ..., x+n-1 (one block) whose heaps
// are all below z (see the top of the file).
func (w *sparseWorker) phaseA(b *sparseRun, x0, n int) {
	k := b.k
	g := k.g
	z := b.zOf(x0)
	span := spanOf(b.maxV.Load())
	if span > k.seenCap {
		return // the run stops (b.stop) before this block's phase B
	}
	var seens [groupLen][]uint8
	for i := range n {
		x := x0 + i
		st := b.state(x)
		clear(st.seen[:st.clearTo])
		seen := st.seen
		seens[i] = seen
		for _, r := range k.leave0 {
			if r == x {
				seen[0] = 1
			}
		}
		for _, r := range k.leave1 {
			if r < x && x-r < z {
				seen[g[x-r]] = 1
			}
		}
		st.clearTo = span
		st.scanK, st.scanA = 0, 0
	}
	if b.plain {
		for i := range n {
			w.plainPairs(k, seens[i], x0+i, z)
		}
		return
	}
	// The rare heap sizes below z (a block's start), final since phase B
	// of the block before it ended.
	zj, _ := b.block(z)
	rare := k.rare[:int(b.rareBelow[zj%3].Load())]
	for _, r := range k.leave2 {
		// Pairs (p, m-p) with both heaps below z: m-z < p < m, for
		// m = x-r. The rare list is ascending: the entries with
		// m-z < p < m/2 for every x of the group are marked together;
		// the others, few, for each x.
		mLo, mHi := x0-r, x0+n-1-r
		lo, hi := 0, 0
		if mLo >= 2 {
			lo, hi = rareBelowPos(rare, mHi-z+1), rareBelowPos(rare, (mLo+1)/2)
		}
		if lo < hi {
			i0 := (x0 - b.start) % stateCount
			markRareGroup(k.seenAll[i0*k.seenCap:], k.seenCap, n, rare[lo:hi], g, mLo)
		}
		for i := range n {
			m := mLo + i
			if m < 2 {
				continue
			}
			w.plain += int64(m / 2)
			first, last := rareBelowPos(rare, m-z+1), rareBelowPos(rare, m)
			marked := 0
			if lo < hi {
				marked = hi - lo
				marked += w.markRareEach(k, seens[i], rare[first:lo], m)
				marked += w.markRareEach(k, seens[i], rare[hi:last], m)
			} else {
				marked = w.markRareEach(k, seens[i], rare[first:last], m)
			}
			w.ops += int64(marked)
		}
	}
	for i := range n {
		x := x0 + i
		st := b.state(x)
		st.c1 = leastUnseenCommon(st.seen, k, span)
		st.want = collectWant(st.want[:0], st.seen, k, 0, st.c1)
		if len(st.want) > 0 {
			w.scan(k, st, x, z, span)
		}
	}
}

// plainPairs marks, for the plain scan, every pair of x with both heaps
// below z.
func (w *sparseWorker) plainPairs(k *kernel, seen []uint8, x, z int) {
	g := k.g
	for _, r := range k.leave2 {
		m := x - r
		if m < 2 {
			break
		}
		w.plain += int64(m / 2)
		half := m / 2
		if k.distinct && m%2 == 0 {
			half--
		}
		if lo := max(1, m-z+1); half >= lo {
			markChunk(seen, g[lo:half+1], g[m-half:m-lo+1])
			w.ops += int64(half - lo + 1)
		}
	}
}

// markRareEach marks the pairs (p, m-p) of the rare entries es (all with
// p < m) in seen, skipping (m/2, m/2) for distinct parts, and returns how
// many it marked.
func (w *sparseWorker) markRareEach(k *kernel, seen []uint8, es []uint64, m int) int {
	count := 0
	for _, e := range es {
		p := rarePos(e)
		if k.distinct && 2*p == m {
			continue
		}
		seen[uint16(e)^k.g[m-p]] = 1
		count++
	}
	return count
}

// finishBlock runs phase B of the heap sizes of block j, in order.
func (w *sparseWorker) finishBlock(b *sparseRun, j int) {
	x0 := b.start + j*blockLen
	for x := x0; x < x0+b.blockSize(j); x++ {
		if !w.phaseB(b, x) || b.stop.Load() {
			return
		}
	}
	b.rareBelow[(j+1)%3].Store(b.rareLen.Load())
	b.aDone[j%3].Store(0)
	b.bNext.Store(int64(j + 1))
}

// phaseB marks the options of x with a heap of z or more, finishes the
// scan and publishes G(x); false when it failed.
func (w *sparseWorker) phaseB(b *sparseRun, x int) bool {
	k := b.k
	g := k.g
	z := b.zOf(x)
	st := b.state(x)
	seen := st.seen
	for _, r := range k.leave1 {
		if r < x && x-r >= z {
			seen[g[x-r]] = 1
		}
	}
	for _, r := range k.leave2 {
		m := x - r
		if m < 2 {
			break
		}
		half := m / 2
		if k.distinct && m%2 == 0 {
			half--
		}
		if hi := min(half, m-z); hi >= 1 {
			markChunk(seen, g[1:hi+1], g[m-hi:m])
			w.ops += int64(hi)
		}
	}
	span := spanOf(b.maxV.Load())
	st.clearTo = max(st.clearTo, span)
	if b.plain {
		return w.publish(b, x, leastUnseen(seen, span))
	}
	c := leastUnseenCommon(seen, k, span)
	// Rare values below c not seen yet: those left from phase A (below
	// c1) and those in [c1, c).
	j := 0
	for _, v := range st.want {
		if seen[v] == 0 {
			st.want[j] = v
			j++
		}
	}
	st.want = collectWant(st.want[:j], seen, k, st.c1, c)
	if len(st.want) > j {
		// The values in [c1, c) just added were not looked for among
		// the pairs phase A's search passed: the scan starts again
		// (for about 1% of heap sizes).
		st.scanK, st.scanA = 0, 0
	}
	if len(st.want) > 0 {
		w.scan(k, st, x, z, span)
	}
	v := c
	for _, u := range st.want {
		v = min(v, int(u))
	}
	return w.publish(b, x, v)
}

// spanOf is the least power of two above v.
func spanOf(v uint32) int { return 1 << bits.Len32(v) }

// leastUnseen is the least value below span not seen, or span.
func leastUnseen(seen []uint8, span int) int {
	for i := 0; i < span; i += 8 {
		s := binary.LittleEndian.Uint64(seen[i:])
		if x := ^s & 0x0101010101010101; x != 0 {
			return min(i+bits.TrailingZeros64(x)/8, span)
		}
	}
	return span
}

// publish stores G(x) = v and publishes it (phase B: one worker at a time,
// in order).
func (w *sparseWorker) publish(b *sparseRun, x, v int) bool {
	k := b.k
	if v > 0xFFFF {
		b.fail(overflowError(x, v))
		return false
	}
	u := uint16(v)
	k.g[x] = u
	if int(u) >= len(w.hist) { // at most 2^16 entries (scratchBytes)
		w.hist = append(w.hist, make([]int64, min(max(2*len(w.hist), int(u)+1), 1<<16)-len(w.hist))...)
	}
	w.hist[u]++
	if uint32(u) > b.maxV.Load() {
		if spanOf(uint32(u)) > k.seenCap {
			b.stop.Store(true) // before maxV: a phase A seeing u sees stop
		}
		b.maxV.Store(uint32(u))
		b.argMax = x
	}
	if rareUnder(u, k.mask) {
		i := b.rareLen.Load()
		k.rare[i] = rareEntry(x, u)
		b.rareLen.Store(i + 1)
	}
	b.done = x + 1
	return true
}

// leastUnseenCommon is the least common value below span not seen, or span.
func leastUnseenCommon(seen []uint8, k *kernel, span int) int {
	for i := 0; i < span; i += 8 {
		s := binary.LittleEndian.Uint64(seen[i:])
		if x := ^s & k.commonBytes[i/8]; x != 0 {
			return min(i+bits.TrailingZeros64(x)/8, span)
		}
	}
	return span
}

// collectWant appends to want the rare values in [lo, hi) not seen, eight
// values a word where it can.
func collectWant(want []uint16, seen []uint8, k *kernel, lo, hi int) []uint16 {
	v := lo
	for ; v < hi && (v%8 != 0 || v+8 > hi); v++ {
		if seen[v] == 0 && k.commonBytes[v/8]>>(8*(v%8))&1 == 0 {
			want = append(want, uint16(v))
		}
	}
	for ; v+8 <= hi; v += 8 {
		// Byte j is 1 when v+j is neither seen nor common.
		x := ^binary.LittleEndian.Uint64(seen[v:]) &^ k.commonBytes[v/8] & 0x0101010101010101
		for ; x != 0; x &= x - 1 {
			want = append(want, uint16(v+bits.TrailingZeros64(x)/8))
		}
	}
	for ; v < hi; v++ {
		if seen[v] == 0 && k.commonBytes[v/8]>>(8*(v%8))&1 == 0 {
			want = append(want, uint16(v))
		}
	}
	return want
}

// scan continues the pair scan of x over the pairs (a, m-a) with a > m-z
// (those with a <= m-z are marked by phase B) until no wanted value is
// missing or every pair is scanned; every value is below span. While many
// values are wanted it marks the pairs' values in seen, chunk by chunk;
// then it searches for the few left (scan.go): as a bitmap where the
// values allow it (findBits), else one pair at a time (findPair). Every
// pair before (scanK, scanA) has been compared with every value still
// wanted.
func (w *sparseWorker) scan(k *kernel, st *heapState, x, z, span int) {
	g := k.g
	bits := bitsSearch && span <= bitsSpan
	for ; st.scanK < len(k.leave2); st.scanK, st.scanA = st.scanK+1, 0 {
		r := k.leave2[st.scanK]
		m := x - r
		if m < 2 {
			st.scanK = len(k.leave2)
			return
		}
		half := m / 2
		if k.distinct && m%2 == 0 {
			half--
		}
		a := max(st.scanA, 1, m-z+1) // a <= m-z: phase B's pairs
		if bits {
			a = w.markWhile(st, g, m, a, half+1, bitsFrom)
			a = w.searchBits(st, g, m, a, half+1)
		} else {
			a = w.markWhile(st, g, m, a, half+1, searchFrom)
			a = w.searchEach(st, g, m, a, half+1)
		}
		if len(st.want) == 0 {
			st.scanA = a
			return
		}
	}
}

// markWhile marks in seen the values of the pairs (b, m-b) from b = a on,
// in chunks of scanChunk doubling to maxScanChunk, dropping the values
// seen from st.want after each, while more than few values are wanted
// and b < end. It returns where it stopped.
func (w *sparseWorker) markWhile(st *heapState, g []uint16, m, a, end, few int) int {
	seen := st.seen
	chunk := scanChunk
	for a < end && len(st.want) > few {
		stop := min(end, a+chunk)
		chunk = min(2*chunk, maxScanChunk)
		markChunk(seen, g[a:stop], g[m-stop+1:m-a+1])
		w.ops += int64(stop - a)
		a = stop
		// Keep the values still unseen, without a branch per value
		// (whether one was found is unpredictable).
		j := 0
		want := st.want
		for _, v := range want {
			want[j] = v
			j += int(1 - seen[v])
		}
		st.want = want[:j]
	}
	return a
}

// searchBits searches the pairs (b, m-b), b in [a, end), for the wanted
// values as a bitmap (findBits), drops those found from st.want and
// returns where it stopped: end, or the b after the pair giving the last
// wanted value.
func (w *sparseWorker) searchBits(st *heapState, g []uint16, m, a, end int) int {
	if len(st.want) == 0 || a >= end {
		return a
	}
	var bits [bitsSpan / 16]uint16
	for _, v := range st.want {
		bits[v>>4] |= 1 << (v & 15)
	}
	stop, _ := findBits(g, m, a, end, &bits, len(st.want))
	w.ops += int64(stop - a)
	j := 0
	for _, v := range st.want {
		st.want[j] = v
		j += int(bits[v>>4] >> (v & 15) & 1)
	}
	st.want = st.want[:j]
	return stop
}

// searchEach searches the pairs (b, m-b), b in [a, end), for the pair
// giving one of the wanted values (findPair), drops that value and
// searches on from the next pair; it returns where it stopped: end, or the
// b after the pair giving the last wanted value.
func (w *sparseWorker) searchEach(st *heapState, g []uint16, m, a, end int) int {
	for a < end && len(st.want) > 0 {
		b := findPair(g, m, a, end, st.want)
		w.ops += int64(min(b+1, end) - a)
		if b == end {
			return end
		}
		// Exactly one wanted value is g[b] ^ g[m-b]; the order of
		// st.want does not matter.
		v := g[b] ^ g[m-b]
		i := slices.Index(st.want, v)
		st.want[i] = st.want[len(st.want)-1]
		st.want = st.want[:len(st.want)-1]
		a = b + 1
	}
	return a
}

// rareBelowPos returns the number of entries of es (ascending) with heap
// size below p.
func rareBelowPos(es []uint64, p int) int {
	lo, hi := 0, len(es)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if rarePos(es[mid]) < p {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// markRareGroup sets seen[i*stride + (G(p) ^ G(m0+i-p))] for every rare
// entry (p, G(p)) of es and every i < n: the pairs of step 1 for n
// consecutive heap sizes, whose seen arrays are seen[i*stride:][:stride]
// (stride a power of two above every value) and whose partners m0+i-p
// are consecutive values (one cache line), so each entry is loaded once
// for the group. The entries must be ascending, every p below m0/2.
func markRareGroup(seen []uint8, stride, n int, es []uint64, g []uint16, m0 int) {
	if n == groupLen {
		markRare8(seen, stride, es, g, m0)
		return
	}
	seen = seen[:n*stride]
	for _, e := range es {
		v := uint16(e)
		for i, u := range g[m0-rarePos(e):][:n] {
			seen[i*stride+int(v^u)] = 1
		}
	}
}

// markRare8Go is markRareGroup of eight heap sizes in Go.
func markRare8Go(seen []uint8, stride int, es []uint64, g []uint16, m0 int) {
	s0, s1, s2, s3 := seen[:stride], seen[stride:2*stride], seen[2*stride:3*stride], seen[3*stride:4*stride]
	s4, s5, s6, s7 := seen[4*stride:5*stride], seen[5*stride:6*stride], seen[6*stride:7*stride], seen[7*stride:8*stride]
	for _, e := range es {
		v := uint16(e)
		q := g[m0-rarePos(e):]
		q = q[:8]
		s0[v^q[0]] = 1
		s1[v^q[1]] = 1
		s2[v^q[2]] = 1
		s3[v^q[3]] = 1
		s4[v^q[4]] = 1
		s5[v^q[5]] = 1
		s6[v^q[6]] = 1
		s7[v^q[7]] = 1
	}
}

// sizeStates makes the per-heap-size states (allocated once per kernel)
// hold seen arrays of at least twice the span of the values so far, and at
// least minSeen bytes: a run stops early when a value passes them (b.stop),
// and the next one grows them. The budget is charged for the growth.
func (k *kernel) sizeStates() error {
	size := min(max(minSeen, 2*k.span()), 1<<16)
	if k.states != nil && size <= k.seenCap {
		return nil
	}
	old := k.seenCap
	k.seenCap = size
	if err := k.holdScratch(cap(k.rare)); err != nil {
		k.seenCap = old
		return err
	}
	if k.states == nil {
		k.states = make([]*heapState, stateCount)
	}
	seen := make([]uint8, stateCount*size+seenSlack)
	k.seenAll = seen
	for i := range k.states {
		// The capacity runs to the slack: markChunk's stores are not
		// bounds-checked either.
		k.states[i] = &heapState{seen: seen[i*size : (i+1)*size], want: make([]uint16, 0, size/2)}
	}
	return nil
}

// seenSlack is the number of bytes after the states' seen arrays: a store
// at an index below 2^16 from any of them stays in the allocation
// (markRare8's stores are not bounds-checked).
const seenSlack = 1 << 16

// minSeen is the least size of a state's seen array.
const minSeen = 1024

// maxScanChunk caps the chunk, which doubles from scanChunk as a scan goes
// on: long scans check the missing values less often.
const maxScanChunk = 256
