package solve

import (
	"reflect"
	"slices"
	"unsafe"

	"github.com/grundy-go/grundy/game"
)

// table64 is the memo of an engine whose positions are integers: uint64
// bitboards, packed tuples, interned IDs. It is an open-addressing hash
// table with linear probing over one slice of slots, so an entry costs no
// allocation and a look-up at most a few adjacent cache lines, where a Go
// map pays for hashing through the type's hasher, control bytes and growth
// by incremental splitting.
//
// Two slot layouts: while every key is below 2^56 and every value below
// 254 (packed tuples, bitboards of up to 7 rows, interned IDs; the values
// of the catalog's games), a slot is one word, the key in its low 56 bits
// and the encoded value in its top byte (narrow), so the table takes half
// the memory and a probe half the cache traffic; the first entry that does
// not fit turns the table into (key, value) pairs of two words (wide, with
// widen, which the engine accounts with its budget before it happens).
//
// Slot index (locality): a Fibonacci hash of the key's bits above the low
// blockBits chooses a block of 1<<blockBits slots, and the key's low bits,
// XORed with other bits of the same hash, the slot within it, its lane
// (homeOf). Positions whose keys differ only in their low bits (the last
// coordinate of a packed tuple, the low cells of a bitboard), which a
// depth-first search tends to visit one after the other, then share cache
// lines, each in its own lane; the XOR spreads over the lanes keys that
// agree in their low bits.
//
// Probing stays in the key's lane: from its home slot to the same slot of
// the next block, and so on (linear probing with a stride of one block).
// Such runs of keys fill whole blocks, and two runs whose blocks collide
// would, probed with a stride of one slot, push each other a whole block
// along: 1<<blockBits slots examined per step (8 on average on packed
// pairs). With the stride of one block a step examines one slot, on the
// adjacent line.
//
// Invariants: the slot count is a power of two at least 1<<minTableBits;
// no lane holds more than 3/4 of its slots after an insertion (the engine
// grows the table before an insertion could pass that: full), so a probe
// always meets an empty slot; every key lies in the chain of occupied
// slots of its lane that starts at its home slot (deletion shifts entries
// back to keep it so); crowd is at least the largest lane count. Exactly
// one of narrow and slots is non-nil.
type table64 struct {
	narrow []uint64 // one-word slots: key | encoded value << 56, 0 if empty
	slots  []slot64 // two-word slots, once a key or value did not fit narrow
	count  int
	lanes  [1 << blockBits]int // entries per lane (slot index mod 1<<blockBits)
	crowd  int                 // at least the largest of lanes
	room   int                 // the most entries a lane may hold: 3/4 of its slots
	shift  uint8               // 64 - log2(slot count)
}

// slot64 is one entry of a wide table64: val is 0 for an empty slot, and
// otherwise the value as encoded by stored.
type slot64 struct {
	key uint64
	val uint64
}

// blockBits is log2 of the block of slots that keys equal but for their
// low bits share (16 slots: 128 or 256 bytes, two or four cache lines),
// and of the number of lanes.
const blockBits = 4

// laneMask selects a slot's lane from its index.
const laneMask = 1<<blockBits - 1

// minTableBits is log2 of the smallest table.
const minTableBits = 10

// The narrow layout: keys below narrowKeys, and an 8-bit encoded value
// (narrowValue): 0 empty, 0xff in progress, v+1 for v <= maxNarrowValue.
const (
	narrowKeys     = 1 << 56
	maxNarrowValue = 253
)

// stored encodes value v of a slot: 0 means empty, so v is kept as v+1;
// the in-progress mark ^0 is kept as ^0 itself. A real value of 2^64-2 or
// more cannot occur: a value is at most the number of options.
func stored(v game.Nimber) uint64 {
	if v == inProgress {
		return uint64(inProgress)
	}
	return uint64(v) + 1
}

// loaded decodes a non-empty slot's value.
func loaded(x uint64) game.Nimber {
	if x == uint64(inProgress) {
		return inProgress
	}
	return game.Nimber(x - 1)
}

// narrowSlot encodes key k (below narrowKeys) and value v (at most
// maxNarrowValue, or inProgress) as one narrow slot.
func narrowSlot(k uint64, v game.Nimber) uint64 {
	if v == inProgress {
		return k | 0xff<<56
	}
	return k | (uint64(v)+1)<<56
}

// narrowLoaded decodes the value of a non-empty narrow slot w.
func narrowLoaded(w uint64) game.Nimber {
	if w>>56 == 0xff {
		return inProgress
	}
	return game.Nimber(w>>56 - 1)
}

// fits reports whether key k with values up to maxV (or in progress) can
// be stored without widening the table.
func (t *table64) fits(k uint64, maxV game.Nimber) bool {
	return t.slots != nil || k < narrowKeys && (maxV <= maxNarrowValue || maxV == inProgress)
}

// newTable64 returns an empty narrow table of the smallest size.
func newTable64() *table64 {
	return &table64{
		narrow: make([]uint64, 1<<minTableBits),
		room:   3 << (minTableBits - blockBits) / 4,
		shift:  64 - minTableBits,
	}
}

// size returns the number of slots.
func (t *table64) size() int {
	if t.slots != nil {
		return len(t.slots)
	}
	return len(t.narrow)
}

// home returns the first slot a probe for k examines.
func (t *table64) home(k uint64) uint64 { return homeOf(k, t.shift) }

// homeOf returns the home slot of key k in a table of 2^(64-shift) slots.
// With h the Fibonacci hash of k's bits above the low blockBits, h's top
// bits choose the block (the top bits of a Fibonacci hash are the well
// mixed ones) and the next blockBits bits, XORed with k's low bits, the
// lane: both are the top 64-shift bits of h, with k's low bits XORed into
// the lane's. The block of a key in the doubled table is 2b or 2b+1 if it
// was b, so growth writes the new table in order; lanes change.
func homeOf(k uint64, shift uint8) uint64 {
	const fib = 0x9e3779b97f4a7c15 // 2^64 / golden ratio
	return (k>>blockBits)*fib>>(shift&63) ^ k&laneMask
}

// added counts a new entry in slot i.
func (t *table64) added(i uint64) {
	t.count++
	t.lanes[i&laneMask]++
	t.crowd = max(t.crowd, t.lanes[i&laneMask])
}

// get returns the value stored for k.
func (t *table64) get(k uint64) (game.Nimber, bool) {
	_, v, ok := t.find(k)
	return v, ok
}

// find returns the slot of k's entry and its value or, when k has none,
// the empty slot where putAt would store it. The slot stays k's until the
// table grows or an entry is removed: storing other keys (as long as none
// takes that empty slot) and widening keep it. A key of 2^56 or more
// cannot be in a narrow table: its probe runs to an empty slot, which
// stays its slot once the table widens.
func (t *table64) find(k uint64) (i uint64, v game.Nimber, ok bool) {
	if t.slots == nil {
		i, w := probeNarrow(t.narrow, t.shift, k)
		if w == 0 {
			return i, 0, false
		}
		return i, narrowLoaded(w), true
	}
	mask := uint64(len(t.slots) - 1)
	for i = t.home(k); ; i = (i + 1<<blockBits) & mask {
		s := &t.slots[i]
		if s.val == 0 {
			return i, 0, false
		}
		if s.key == k {
			return i, loaded(s.val), true
		}
	}
}

// probeNarrow returns the slot of key k in a narrow table of the given
// slots and shift (table64.find): the slot of its entry or the empty slot
// where putAt would store it, and the slot's word (0 if empty).
func probeNarrow(narrow []uint64, shift uint8, k uint64) (i, w uint64) {
	mask := uint64(len(narrow) - 1)
	for i = homeOf(k, shift); ; i = (i + 1<<blockBits) & mask {
		if w = narrow[i]; w == 0 || w&(narrowKeys-1) == k {
			return i, w
		}
	}
}

// putAt stores v for k in slot i, which find returned for k. The caller
// has reserved room for a new entry (full, grow) and widened the table if
// k and v do not fit a narrow slot (fits, widen).
func (t *table64) putAt(i, k uint64, v game.Nimber) {
	if t.narrow == nil {
		t.putWide(i, k, v)
		return
	}
	if t.narrow[i] == 0 {
		t.added(i)
	}
	t.narrow[i] = narrowSlot(k, v)
}

// putWide is putAt in a wide table.
func (t *table64) putWide(i, k uint64, v game.Nimber) {
	s := &t.slots[i]
	if s.val == 0 {
		t.added(i)
	}
	s.key, s.val = k, stored(v)
}

// remove deletes k's entry if it has one. The entries after it in its run
// that could sit in its slot move back (backward-shift deletion), so the
// run invariant holds with no tombstones.
func (t *table64) remove(k uint64) {
	if t.slots == nil {
		if k >= narrowKeys {
			return
		}
		mask := uint64(len(t.narrow) - 1)
		i := t.home(k)
		for ; ; i = (i + 1<<blockBits) & mask {
			if t.narrow[i] == 0 {
				return
			}
			if t.narrow[i]&(narrowKeys-1) == k {
				break
			}
		}
		t.count--
		t.lanes[i&laneMask]--
		hole := i
		for j := (i + 1<<blockBits) & mask; t.narrow[j] != 0; j = (j + 1<<blockBits) & mask {
			h := t.home(t.narrow[j] & (narrowKeys - 1))
			if (j-h)&mask >= (j-hole)&mask {
				t.narrow[hole] = t.narrow[j]
				hole = j
			}
		}
		t.narrow[hole] = 0
		return
	}
	mask := uint64(len(t.slots) - 1)
	i := t.home(k)
	for ; ; i = (i + 1<<blockBits) & mask {
		if t.slots[i].val == 0 {
			return
		}
		if t.slots[i].key == k {
			break
		}
	}
	t.count--
	t.lanes[i&laneMask]--
	hole := i
	for j := (i + 1<<blockBits) & mask; t.slots[j].val != 0; j = (j + 1<<blockBits) & mask {
		// The entry at j may fill the hole if its home is not in the
		// cyclic interval (hole, j].
		h := t.home(t.slots[j].key)
		if (j-h)&mask >= (j-hole)&mask {
			t.slots[hole] = t.slots[j]
			hole = j
		}
	}
	t.slots[hole] = slot64{}
}

// full reports whether one more entry could pass three quarters of a
// lane's slots (linear probing stays short up to there: about 2.5 probes
// to find a key, 8.5 to miss one). With lanes evenly used, as the hash
// makes them, that is about three quarters of the table; keys crowded in
// one lane would make the table grow sooner (at worst 16 times), never
// overflow it.
func (t *table64) full() bool { return t.crowd >= t.room }

// grownBytes returns the bytes the table holds after its next growth.
func (t *table64) grownBytes() int64 { return 2 * t.bytes() }

// widenedBytes returns the bytes the table holds once wide.
func (t *table64) widenedBytes() int64 {
	return int64(t.size()) * int64(unsafe.Sizeof(slot64{}))
}

// bytes returns the bytes the table holds.
func (t *table64) bytes() int64 {
	if t.slots != nil {
		return int64(len(t.slots)) * int64(unsafe.Sizeof(slot64{}))
	}
	return int64(len(t.narrow)) * 8
}

// each calls f with every entry.
func (t *table64) each(f func(k uint64, v game.Nimber)) {
	for _, w := range t.narrow {
		if w != 0 {
			f(w&(narrowKeys-1), narrowLoaded(w))
		}
	}
	for _, s := range t.slots {
		if s.val != 0 {
			f(s.key, loaded(s.val))
		}
	}
}

// widen turns a narrow table into a wide one of the same size. Slots keep
// their places: the home of a key does not depend on the layout.
func (t *table64) widen() {
	if t.slots != nil {
		return
	}
	t.slots = make([]slot64, len(t.narrow))
	for i, w := range t.narrow {
		if w != 0 {
			t.slots[i] = slot64{key: w & (narrowKeys - 1), val: stored(narrowLoaded(w))}
		}
	}
	t.narrow = nil
}

// grow doubles the table and re-inserts every entry.
func (t *table64) grow() {
	t.shift--
	t.room *= 2
	var lanes [1 << blockBits]int
	if t.slots == nil {
		old, narrow, shift := t.narrow, make([]uint64, 2*len(t.narrow)), t.shift
		mask := uint64(len(narrow) - 1)
		for _, w := range old {
			if w == 0 {
				continue
			}
			i := homeOf(w&(narrowKeys-1), shift)
			for narrow[i] != 0 {
				i = (i + 1<<blockBits) & mask
			}
			narrow[i] = w
			lanes[i&laneMask]++
		}
		t.narrow = narrow
	} else {
		old := t.slots
		t.slots = make([]slot64, 2*len(old))
		mask := uint64(len(t.slots) - 1)
		for _, s := range old {
			if s.val == 0 {
				continue
			}
			i := t.home(s.key)
			for t.slots[i].val != 0 {
				i = (i + 1<<blockBits) & mask
			}
			t.slots[i] = s
			lanes[i&laneMask]++
		}
	}
	t.lanes, t.crowd = lanes, slices.Max(lanes[:])
}

// integerKey reports whether positions of type P are integers of at most 64
// bits, so the engine can key its memo by their bits (table64).
func integerKey[P comparable]() bool {
	switch reflect.TypeFor[P]().Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// keyOf returns the bits of integer position p, zero-extended: distinct
// positions have distinct keys. The size is a constant of each
// instantiation, so the switch compiles to one load.
func keyOf[P comparable](p *P) uint64 {
	switch unsafe.Sizeof(*p) {
	case 8:
		return *(*uint64)(unsafe.Pointer(p))
	case 4:
		return uint64(*(*uint32)(unsafe.Pointer(p)))
	case 2:
		return uint64(*(*uint16)(unsafe.Pointer(p)))
	default:
		return uint64(*(*uint8)(unsafe.Pointer(p)))
	}
}
