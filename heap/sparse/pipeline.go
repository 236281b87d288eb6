package sparse

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// The sparse engine runs on two cores as a pipeline: worker w computes the
// heap sizes x with x % workers == w, in order. Everything about G(x) that
// does not involve G(x-1) (the pairs with a rare part, and a first pass of
// the pair scan) is done while the other worker is still computing G(x-1);
// then the worker waits for G(x-1), adds the few options that involve it and
// finishes. Values are published in order through an atomic counter, so
// G(x) is the same as the serial engine's whatever the timing: only how many
// pairs get scanned varies.

// sparseBlock is the shared state of one block of positions computed by the
// sparse workers.
type sparseBlock struct {
	k       *kernel
	end     int           // compute positions up to end-1
	plain   bool          // scan every pair (no rare/common split)
	done    atomic.Int64  // G(0..done-1) are published
	rareLen atomic.Int64  // k.rarePos[:rareLen] are published
	maxV    atomic.Uint32 // largest value published
	argMax  int           // least position with maxV (written in publication order)
	failed  atomic.Bool   // a worker hit an error: the others stop
	// Sleeping workers wait on wake; sleepers counts them.
	mu       sync.Mutex
	wake     *sync.Cond
	sleepers atomic.Int32
	err      error
	errOnce  sync.Once
}

// sparseWorker is one worker's scratch space.
type sparseWorker struct {
	seen    [1 << 16]uint8 // seen[v] == 1: v is among the options found
	want    []uint16       // rare values below the target not seen yet
	clearTo int            // seen[clearTo:] is all zero
	hist    []int64        // values this worker computed, by value
	ops     int64
	plain   int64
	scanK   int // pair scan state: index into leave2
	scanA   int // next a to scan for leave2[scanK]
}

func newSparseWorker() *sparseWorker {
	return &sparseWorker{hist: make([]int64, 64)}
}

// runSparse computes positions k.n..end-1 with the sparse engine (with
// plain, the plain scan of every pair instead) on the given workers (one:
// serial). Moves must not leave three heaps.
func (k *kernel) runSparse(end int, workers []*sparseWorker, plain bool) error {
	// Room for every position of the block, so appends never move the
	// slices the other worker is reading.
	need := len(k.rarePos) + (end - k.n)
	if err := k.reserveRare(need); err != nil {
		return err
	}
	b := &sparseBlock{k: k, end: end, argMax: k.argMax, plain: plain}
	b.wake = sync.NewCond(&b.mu)
	b.done.Store(int64(k.n))
	b.rareLen.Store(int64(len(k.rarePos)))
	b.maxV.Store(uint32(k.maxV))
	k.rarePos, k.rareVal = k.rarePos[:need], k.rareVal[:need]
	if len(workers) == 1 {
		workers[0].run(b, k.n, 1)
	} else {
		var wg sync.WaitGroup
		for i, w := range workers {
			wg.Go(func() { w.run(b, k.n+i, len(workers)) })
		}
		wg.Wait()
	}
	n := int(b.done.Load())
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
	rl := int(b.rareLen.Load())
	k.rarePos, k.rareVal = k.rarePos[:rl], k.rareVal[:rl]
	k.maxV, k.argMax = uint16(b.maxV.Load()), b.argMax
	k.n = n
	return b.err
}

func (b *sparseBlock) fail(err error) {
	b.errOnce.Do(func() { b.err = err })
	b.failed.Store(true)
	b.mu.Lock()
	b.wake.Broadcast()
	b.mu.Unlock()
}

// waitFor waits until G(0..x-1) are published: it spins a little (the
// other worker is usually about to publish), then sleeps on a condition
// variable so that a busy machine's cores are not burnt. False if another
// worker failed.
func (b *sparseBlock) waitFor(x int) bool {
	for spins := 0; spins < 256; spins++ {
		if b.done.Load() >= int64(x) {
			return true
		}
		if spins >= 64 {
			runtime.Gosched()
		}
	}
	b.mu.Lock()
	b.sleepers.Add(1)
	for b.done.Load() < int64(x) && !b.failed.Load() {
		b.wake.Wait()
	}
	b.sleepers.Add(-1)
	b.mu.Unlock()
	return !b.failed.Load()
}

// publish marks G(0..x) published and wakes a sleeping worker.
func (b *sparseBlock) publish(x int) {
	b.done.Store(int64(x + 1))
	if b.sleepers.Load() > 0 {
		b.mu.Lock()
		b.wake.Broadcast()
		b.mu.Unlock()
	}
}

// run computes the positions first, first+stride, ... below b.end.
func (w *sparseWorker) run(b *sparseBlock, first, stride int) {
	for x := first; x < b.end; x += stride {
		if !w.step(b, x) {
			return
		}
	}
}

// spanOf is the least power of two above v.
func spanOf(v uint32) int { return 1 << bits.Len32(v) }

// step computes G(x); false when the block failed.
func (w *sparseWorker) step(b *sparseBlock, x int) bool {
	k := b.k
	g := k.g
	clear(w.seen[:w.clearTo])
	seen := &w.seen
	// Before G(x-1) is known: every option not involving heap x-1.
	for _, r := range k.leave0 {
		if r == x {
			seen[0] = 1
		}
	}
	for _, r := range k.leave1 {
		if r >= 2 && r < x {
			seen[g[x-r]] = 1
		}
	}
	if b.plain {
		w.markAllPairs(k, x)
		if !b.waitFor(x) {
			return false
		}
		w.markDeferred(k, x)
		span := spanOf(b.maxV.Load())
		w.clearTo = span
		return w.publish(b, x, w.leastUnseen(span))
	}
	rl := int(b.rareLen.Load())
	pos, vals := k.rarePos[:rl], k.rareVal[:rl]
	for _, r := range k.leave2 {
		m := x - r
		if m < 2 {
			break
		}
		w.plain += int64(m / 2)
		lo := 0
		if r == 0 && len(pos) > 0 && pos[0] == 1 {
			lo = 1 // the pair (1, x-1) waits for G(x-1)
		}
		if last := len(pos) - 1; last >= lo && 2*pos[last] < m {
			// Every rare part is below m/2: no part equals m-p.
			ps := pos[lo:]
			vs := vals[lo:len(pos)]
			vs = vs[:len(ps)]
			for i, p := range ps {
				seen[vs[i]^g[m-p]] = 1
			}
			w.ops += int64(len(ps))
			continue
		}
		count := 0
		for i := lo; i < len(pos); i++ {
			p := pos[i]
			if p >= m {
				break
			}
			if k.distinct && 2*p == m {
				continue
			}
			seen[vals[i]^g[m-p]] = 1
			count++
		}
		w.ops += int64(count)
	}
	span := spanOf(b.maxV.Load())
	c1 := w.leastUnseenCommon(k, span)
	w.collectWant(k, 0, c1)
	w.scanK, w.scanA = 0, 0
	if len(w.want) > 0 {
		w.scan(b, x)
	}

	// G(x-1) is needed from here on.
	if !b.waitFor(x) {
		return false
	}
	w.markDeferred(k, x)
	span = spanOf(b.maxV.Load())
	c := w.leastUnseenCommon(k, span)
	// Rare values below c not seen yet: those left from the first pass
	// (below c1) and those in [c1, c).
	j := 0
	for _, v := range w.want {
		if seen[v] == 0 {
			w.want[j] = v
			j++
		}
	}
	w.want = w.want[:j]
	w.collectWant(k, c1, c)
	if len(w.want) > 0 {
		w.scan(b, x)
	}
	v := c
	for _, u := range w.want {
		v = min(v, int(u))
	}
	w.clearTo = span
	return w.publish(b, x, v)
}

// markDeferred marks the options of x that involve heap x-1.
func (w *sparseWorker) markDeferred(k *kernel, x int) {
	g := k.g
	for _, r := range k.leave1 {
		if r == 1 && x >= 2 {
			w.seen[g[x-1]] = 1
		}
	}
	if len(k.leave2) > 0 && k.leave2[0] == 0 && x >= 2 && !(k.distinct && x == 2) {
		w.seen[g[1]^g[x-1]] = 1
	}
}

// markAllPairs marks every two-heap option of x except (1, x-1).
func (w *sparseWorker) markAllPairs(k *kernel, x int) {
	g := k.g
	for _, r := range k.leave2 {
		m := x - r
		if m < 2 {
			break
		}
		half := m / 2
		if k.distinct && m%2 == 0 {
			half--
		}
		lo := 1
		if r == 0 {
			lo = 2
		}
		w.plain += int64(m / 2)
		if half >= lo {
			markChunk(&w.seen, g[lo:half+1], g[m-half:m-lo+1])
			w.ops += int64(half - lo + 1)
		}
	}
}

// leastUnseen is the least value below span not seen, or span.
func (w *sparseWorker) leastUnseen(span int) int {
	for i := 0; i < span; i += 8 {
		s := binary.LittleEndian.Uint64(w.seen[i:])
		if x := ^s & 0x0101010101010101; x != 0 {
			return min(i+bits.TrailingZeros64(x)/8, span)
		}
	}
	return span
}

// publish stores G(x) = v and publishes it.
func (w *sparseWorker) publish(b *sparseBlock, x, v int) bool {
	k := b.k
	g := k.g
	if v > 0xFFFF {
		b.fail(overflowError(x, v))
		return false
	}
	// Publish G(x).
	u := uint16(v)
	g[x] = u
	if int(u) >= len(w.hist) { // at most 2^16 entries (scratchBytes)
		w.hist = append(w.hist, make([]int64, min(max(2*len(w.hist), int(u)+1), 1<<16)-len(w.hist))...)
	}
	w.hist[u]++
	if uint32(u) > b.maxV.Load() {
		b.maxV.Store(uint32(u))
		b.argMax = x
	}
	if rareUnder(u, k.mask) {
		i := b.rareLen.Load()
		k.rarePos[i], k.rareVal[i] = x, u
		b.rareLen.Store(i + 1)
	}
	b.publish(x)
	return true
}

// leastUnseenCommon is the least common value below span not seen, or span.
func (w *sparseWorker) leastUnseenCommon(k *kernel, span int) int {
	for i := 0; i < span; i += 8 {
		s := binary.LittleEndian.Uint64(w.seen[i:])
		if x := ^s & k.commonBytes[i/8]; x != 0 {
			return min(i+bits.TrailingZeros64(x)/8, span)
		}
	}
	return span
}

// collectWant appends to w.want the rare values in [lo, hi) not seen.
func (w *sparseWorker) collectWant(k *kernel, lo, hi int) {
	if lo == 0 {
		w.want = w.want[:0]
	}
	for v := lo; v < hi; v++ {
		if w.seen[v] == 0 && k.commonBytes[v/8]>>(8*(v%8))&1 == 0 {
			w.want = append(w.want, uint16(v))
		}
	}
}

// scan continues the pair scan of x until no wanted value is missing or
// every pair is scanned. It skips the pair (1, x-1), which is marked
// separately once G(x-1) is published.
func (w *sparseWorker) scan(b *sparseBlock, x int) {
	k := b.k
	g := k.g
	seen := &w.seen
	for ; w.scanK < len(k.leave2); w.scanK, w.scanA = w.scanK+1, 0 {
		r := k.leave2[w.scanK]
		m := x - r
		if m < 2 {
			w.scanK = len(k.leave2)
			return
		}
		half := m / 2
		if k.distinct && m%2 == 0 {
			half--
		}
		a := max(w.scanA, 1)
		if r == 0 {
			a = max(a, 2) // the pair (1, x-1) is marked separately
		}
		chunk := scanChunk
		for a <= half {
			end := min(half+1, a+chunk)
			chunk = min(2*chunk, maxScanChunk)
			markChunk(seen, g[a:end], g[m-end+1:m-a+1])
			w.ops += int64(end - a)
			a = end
			j := 0
			for _, v := range w.want {
				if seen[v] == 0 {
					w.want[j] = v
					j++
				}
			}
			w.want = w.want[:j]
			if j == 0 {
				w.scanA = a
				return
			}
		}
	}
}

// markChunk sets seen[lo[i] ^ hi[len(hi)-1-i]] for every i: the pairs
// (a+i, m-a-i) of a chunk, lo ascending from a and hi ending at m-a.
func markChunk(seen *[1 << 16]uint8, lo, hi []uint16) {
	hi = hi[:len(lo)]
	j := len(hi) - 1
	i := 0
	for ; i+4 <= len(lo) && j >= 3; i, j = i+4, j-4 {
		seen[lo[i]^hi[j]] = 1
		seen[lo[i+1]^hi[j-1]] = 1
		seen[lo[i+2]^hi[j-2]] = 1
		seen[lo[i+3]^hi[j-3]] = 1
	}
	for ; i < len(lo) && j >= 0; i, j = i+1, j-1 {
		seen[lo[i]^hi[j]] = 1
	}
}

// maxScanChunk caps the chunk, which doubles from scanChunk as a scan goes
// on: long scans check the missing values less often.
const maxScanChunk = 256
