package solve

import (
	"hash/maphash"
	"slices"
	"unsafe"
)

// sumMemo maps normalized sums (sorted lists of node ids) to a uint32. It
// is the misère engine's memo, built so that what it holds is known to the
// byte and the collector has almost nothing to do with it:
//
//   - the keys are copied into large arenas of int32 (each key its length
//     and its ids), never one allocation per entry;
//   - the index is extendible hashing (Fagin et al., "Extendible hashing",
//     1979): a directory of segments of segmentSlots slots, each probed
//     linearly, and a full segment splits into two on one more bit of the
//     hash, so the index never doubles at once (a Go map's tables or a
//     doubling array hold old and new together while they grow);
//   - arenas and segments hold no pointers, so a collection does not scan
//     them: a memo of millions of sums costs the collector a few thousand
//     objects.
//
// Bytes reports what it holds, and Spare what its next insertion may
// allocate besides.
type sumMemo struct {
	seed  maphash.Seed
	dir   []int32 // top depth bits of a hash -> index in segs
	depth uint    // the directory's depth: len(dir) == 1<<depth
	segs  []memoSegment
	old   *[segmentSlots]memoSlot // scratch of split
	keys  [][]int32               // arenas; the last one is being filled
	arena int64                   // the bytes of the arenas
	n     int                     // entries
}

// memoSlot is one entry of a segment: where its key is (the arena's index
// plus one, 0 for an empty slot, and the offset of the key's length), a
// tag of its hash, and its value.
type memoSlot struct {
	arena, off uint32
	tag        uint32
	val        uint32
}

// memoSegment is segmentSlots slots told apart by the top depth bits of
// their hashes.
type memoSegment struct {
	depth uint
	n     int
	slots *[segmentSlots]memoSlot
}

const (
	segmentSlots = 2048
	segmentFull  = segmentSlots * 3 / 4 // a segment splits at this load
	segmentBytes = segmentSlots * int64(unsafe.Sizeof(memoSlot{}))
	// arenaLen is the int32s of an arena (a key longer than that gets an
	// arena of its own).
	arenaLen = 1 << 16
)

func newSumMemo() *sumMemo {
	return &sumMemo{seed: maphash.MakeSeed(), dir: []int32{0}, old: new([segmentSlots]memoSlot),
		segs: []memoSegment{{slots: new([segmentSlots]memoSlot)}}}
}

// Len returns the number of entries.
func (t *sumMemo) Len() int { return t.n }

// Bytes returns the bytes the memo holds: segments, directory, arenas and
// the lists of them.
func (t *sumMemo) Bytes() int64 {
	b := int64(len(t.segs)+1)*segmentBytes + int64(cap(t.segs))*int64(unsafe.Sizeof(memoSegment{})) +
		int64(cap(t.dir))*4 + int64(cap(t.keys))*24 + t.arena
	return b
}

// Spare returns the most the next Put of a key of n ids can allocate:
// a new segment and the directory doubled beside the old one, a new
// arena, and the lists of segments and arenas grown.
func (t *sumMemo) Spare(n int) int64 {
	return segmentBytes + 2*int64(cap(t.dir))*4 + int64(max(arenaLen, n+1))*4 +
		int64(len(t.segs)+1)*int64(unsafe.Sizeof(memoSegment{})) + int64(len(t.keys)+1)*24
}

func (t *sumMemo) hash(key []int32) uint64 {
	if len(key) == 0 {
		return maphash.Bytes(t.seed, nil)
	}
	return maphash.Bytes(t.seed, unsafe.Slice((*byte)(unsafe.Pointer(&key[0])), 4*len(key)))
}

// key returns the key of slot s.
func (t *sumMemo) key(s memoSlot) []int32 {
	a := t.keys[s.arena-1]
	n := a[s.off]
	return a[s.off+1 : s.off+1+uint32(n)]
}

// tagOf is the part of a hash a slot keeps: neither the bits that choose
// the segment nor those that choose the first slot probed.
func tagOf(h uint64) uint32 { return uint32(h >> 11) }

// find returns the segment of hash h and the slot holding key, or the
// empty slot where key would go.
func (t *sumMemo) find(key []int32, h uint64) (*memoSegment, int, bool) {
	seg := &t.segs[t.dir[h>>(64-t.depth)&(1<<t.depth-1)]]
	tag := tagOf(h)
	for i := int(h % segmentSlots); ; i = (i + 1) % segmentSlots {
		s := seg.slots[i]
		if s.arena == 0 {
			return seg, i, false
		}
		if s.tag == tag && slices.Equal(t.key(s), key) {
			return seg, i, true
		}
	}
}

// Get returns the value of key.
func (t *sumMemo) Get(key []int32) (uint32, bool) {
	seg, i, ok := t.find(key, t.hash(key))
	if !ok {
		return 0, false
	}
	return seg.slots[i].val, true
}

// Put sets the value of key.
func (t *sumMemo) Put(key []int32, val uint32) {
	h := t.hash(key)
	seg, i, ok := t.find(key, h)
	if ok {
		seg.slots[i].val = val
		return
	}
	for seg.n >= segmentFull {
		t.split(h)
		seg, i, _ = t.find(key, h)
	}
	if len(t.keys) == 0 || cap(t.keys[len(t.keys)-1])-len(t.keys[len(t.keys)-1]) < len(key)+1 {
		t.keys = append(t.keys, make([]int32, 0, max(arenaLen, len(key)+1)))
		t.arena += int64(cap(t.keys[len(t.keys)-1])) * 4
	}
	a := &t.keys[len(t.keys)-1]
	off := len(*a)
	*a = append(*a, int32(len(key)))
	*a = append(*a, key...)
	seg.slots[i] = memoSlot{arena: uint32(len(t.keys)), off: uint32(off), tag: tagOf(h), val: val}
	seg.n++
	t.n++
}

// split divides the segment of hash h into itself and a new segment on the
// next bit of the hash, doubling the directory when the segment's depth is
// the directory's.
func (t *sumMemo) split(h uint64) {
	si := t.dir[h>>(64-t.depth)&(1<<t.depth-1)]
	seg := &t.segs[si]
	d := seg.depth
	if d == t.depth {
		dir := make([]int32, 2*len(t.dir))
		for i, s := range t.dir {
			dir[2*i], dir[2*i+1] = s, s
		}
		t.dir, t.depth = dir, t.depth+1
	}
	old := t.old
	*old, *seg.slots = *seg.slots, [segmentSlots]memoSlot{}
	t.segs[si].depth, t.segs[si].n = d+1, 0
	ni := int32(len(t.segs))
	t.segs = append(t.segs, memoSegment{depth: d + 1, slots: new([segmentSlots]memoSlot)})
	// The directory's entries for seg are 1<<(depth-d) in a row; the upper
	// half, whose hashes have bit d (from the top) set, go to the new one.
	span := 1 << (t.depth - d)
	first := int(h>>(64-d)) << (t.depth - d) // h's first d bits, 0 when d is 0
	for j := first + span/2; j < first+span; j++ {
		t.dir[j] = ni
	}
	for _, s := range old {
		if s.arena == 0 {
			continue
		}
		h := t.hash(t.key(s))
		dst := &t.segs[t.dir[h>>(64-t.depth)&(1<<t.depth-1)]]
		i := int(h % segmentSlots)
		for dst.slots[i].arena != 0 {
			i = (i + 1) % segmentSlots
		}
		dst.slots[i] = s
		dst.n++
	}
}
