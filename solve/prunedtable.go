package solve

import (
	"hash/maphash"
	"unsafe"

	"github.com/grundy-go/grundy/game"
)

// factsTable is Pruned's memo: a transposition table of open addressing
// whose slot is the position and one word of facts (16 bytes for a 64-bit
// position), with no allocation per entry and no pointer for the collector
// to scan. It grows by doubling while the request's memory budget allows
// (Pruned.room); past that its size is fixed and it becomes a cache: a new
// entry replaces the cheapest one of its probe window (the smallest by the
// game's Sizer, a component whose value is not known before one whose
// value is), as the transposition tables of game-tree searchers do. Losing
// an entry loses only what was learned of that component, which the search
// learns again when it asks: the values stay exact.
//
// Invariants: the slot count is a power of two; an entry lies within the
// probeWindow slots that follow its home slot (its hash's top bits), with
// no empty slot between its home and it (entries are never removed, only
// replaced in place, and growth re-inserts them all).
type factsTable[P comparable] struct {
	slots   []factsSlot[P]
	count   int   // the used slots
	shift   uint8 // 64 - log2(len(slots))
	integer bool  // P is an integer: its hash is a multiplication of its bits
	seed    maphash.Seed
	evicted int64  // entries replaced
	touched uint64 // the sum of touch's loads, kept so they are not optimised away
}

// factsSlot is one entry: the position and its facts, encoded (packed).
type factsSlot[P comparable] struct {
	key  P
	meta uint64
}

// The encoding of a slot's facts in one word: a used bit, a known bit, the
// value (when known and below maxPackedValue) and the three bit sets of
// facts, each over the values below factsBits.
const (
	usedBit        = 1 << 63
	knownBit       = 1 << 62
	valueShift     = 48
	maxPackedValue = 1<<14 - 1
	factsBits      = 16
)

// probeWindow is the most slots a look-up examines: a key is stored in the
// window that starts at its home slot, or not at all. Linear probing at
// the table's most load, three quarters, examines 8.5 slots on average to
// miss a key, so a full window, where an entry is replaced before the
// table would grow, is rare.
const probeWindow = 32

// minFactsBits is log2 of the smallest table.
const minFactsBits = 10

func newFactsTable[P comparable]() *factsTable[P] {
	return &factsTable[P]{
		slots:   make([]factsSlot[P], 1<<minFactsBits),
		shift:   64 - minFactsBits,
		integer: integerKey[P](),
		seed:    maphash.MakeSeed(),
	}
}

// bytes returns the bytes of a table of n slots.
func (t *factsTable[P]) bytesOf(n int) int64 {
	return int64(n) * int64(unsafe.Sizeof(factsSlot[P]{}))
}

// home returns the first slot of p's window.
func (t *factsTable[P]) home(p *P) uint64 {
	var h uint64
	if t.integer {
		h = mix64(keyOf(p))
	} else {
		h = maphash.Comparable(t.seed, *p)
	}
	return h >> (t.shift & 63)
}

// mix64 is the finalizer of MurmurHash3: every bit of k reaches the top
// bits, so structured keys (bitboards that differ in a few cells) spread
// over the windows instead of clustering.
func mix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	return k
}

// find returns the slot of p: its entry's (ok), or the first empty slot of
// its window (ok false, i >= 0), or -1 when the window is full.
func (t *factsTable[P]) find(p P) (i int, ok bool) {
	mask := uint64(len(t.slots) - 1)
	h := t.home(&p)
	for j := range uint64(probeWindow) {
		k := (h + j) & mask
		s := &t.slots[k]
		if s.meta == 0 {
			return int(k), false
		}
		if s.key == p {
			return int(k), true
		}
	}
	return -1, false
}

// touch loads the home slot of each of ps, so that the look-ups that
// follow find them in the cache; it changes nothing.
func (t *factsTable[P]) touch(ps []P) {
	mask := uint64(len(t.slots) - 1)
	var sink uint64
	for i := range ps {
		sink += t.slots[t.home(&ps[i])&mask].meta
	}
	t.touched = sink
}

// victim returns the slot of p's window whose entry is the cheapest to
// lose: the smallest by size, unknown before known.
func (t *factsTable[P]) victim(p P, size func(P) int) int {
	mask := uint64(len(t.slots) - 1)
	h := t.home(&p)
	best, bestScore := -1, 0
	for j := range uint64(probeWindow) {
		k := int((h + j) & mask)
		s := &t.slots[k]
		score := 0
		if size != nil {
			score = 2 * size(s.key)
		}
		if s.meta&knownBit != 0 {
			score++
		}
		if best < 0 || score < bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// grown returns the table doubled: every entry re-inserted (one that
// would not fit its window, which a doubled table almost never meets, is
// dropped, as a replacement would).
func (t *factsTable[P]) grown() *factsTable[P] {
	n := &factsTable[P]{
		slots:   make([]factsSlot[P], 2*len(t.slots)),
		shift:   t.shift - 1,
		integer: t.integer,
		seed:    t.seed,
		evicted: t.evicted,
	}
	for _, s := range t.slots {
		if s.meta == 0 {
			continue
		}
		if i, _ := n.find(s.key); i >= 0 {
			n.slots[i] = s
			n.count++
		} else {
			n.evicted++
		}
	}
	return n
}

// pack encodes f (with the used bit).
func pack(f facts) uint64 {
	w := usedBit | uint64(f.has)<<32 | uint64(f.hasNot)<<16 | uint64(f.not)
	if f.known && f.value <= maxPackedValue {
		w |= knownBit | uint64(f.value)<<valueShift
	}
	return w
}

// unpack decodes a used slot's facts.
func unpack(w uint64) facts {
	return facts{
		value:  game.Nimber(w >> valueShift & maxPackedValue),
		known:  w&knownBit != 0,
		has:    uint16(w >> 32),
		hasNot: uint16(w >> 16),
		not:    uint16(w),
	}
}
