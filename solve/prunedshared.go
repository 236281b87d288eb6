package solve

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/grundy-go/grundy/limits"
)

// sharedFacts is the memo the workers of a parallel Pruned search share
// (Pruned.Parallel): factsTable's open addressing and replacement, for
// integer positions, with slots that every worker reads and writes without
// a lock.
//
// A slot is three words: a sequence number, the key and the facts (pack's
// encoding). The sequence number is 0 while the slot is empty, odd while a
// worker writes it and even otherwise (a seqlock per slot). A writer takes
// the slot by raising an even number by one (compare-and-swap: one writer at
// a time), stores the key and the facts, and raises it by one again; a
// reader loads the number, the key, the facts and the number again, and
// uses the pair only when the two numbers are equal and even: no write
// began or ended between its loads (Go's atomic operations are sequentially
// consistent), so the facts it read were written with the key it read. A
// merge (writing facts to an entry that holds some) happens inside a
// write, after the key is checked: facts of one key are never combined
// with another's. A slot the reader finds busy or changing is treated as a
// miss: the search learns again what it would have read.
//
// Every fact a word holds is true of its key on its own (see facts), so
// the union of two words of one key is true too; a word lost (replaced,
// overwritten by a racing write, or written to a table that is being
// copied into a larger one) loses only facts. The values stay exact.
type sharedFacts struct {
	slots []sharedSlot
	shift uint8 // 64 - log2(len(slots))
}

// sharedSlot is one entry of a sharedFacts.
type sharedSlot struct {
	seq  atomic.Uint64
	key  atomic.Uint64
	meta atomic.Uint64
}

// sharedSlotBytes is the size of a slot.
const sharedSlotBytes = int64(unsafe.Sizeof(sharedSlot{}))

// sharedMemo is the current table of a parallel search and what every
// worker updates: the count of entries, of replacements, and the growth.
type sharedMemo struct {
	table   atomic.Pointer[sharedFacts]
	count   atomic.Int64 // entries of the current table (approximate while it grows)
	evicted atomic.Int64 // entries replaced or dropped

	mu      sync.Mutex     // held by the worker that grows the table
	counter limits.Counter // the tables' bytes against the budget (under mu)
	fixed   atomic.Bool    // the table may not grow: it replaces entries
}

// newSharedMemo returns a memo of the smallest size, held against budget.
func newSharedMemo(budget *limits.Budget) (*sharedMemo, error) {
	m := &sharedMemo{}
	m.counter.Budget = budget
	t := newSharedFacts(minFactsBits)
	if err := m.counter.Hold(t.bytes()); err != nil {
		return nil, err
	}
	m.table.Store(t)
	return m, nil
}

func newSharedFacts(bits uint8) *sharedFacts {
	return &sharedFacts{slots: make([]sharedSlot, 1<<bits), shift: 64 - bits}
}

// bytes returns the bytes of the table.
func (t *sharedFacts) bytes() int64 { return int64(len(t.slots)) * sharedSlotBytes }

// home returns the first slot of k's window (factsTable.home's hash, mix64).
func (t *sharedFacts) home(k uint64) uint64 { return mix64(k) >> (t.shift & 63) }

// read returns the slot's key and facts and its sequence number when it
// holds an entry that no write changed while it was read.
func (s *sharedSlot) read() (key, meta, seq uint64, ok bool) {
	seq = s.seq.Load()
	if seq == 0 || seq&1 != 0 {
		return 0, 0, seq, false
	}
	key, meta = s.key.Load(), s.meta.Load()
	return key, meta, seq, s.seq.Load() == seq
}

// get returns the facts stored for k (pack's encoding), or 0.
func (t *sharedFacts) get(k uint64) uint64 {
	mask := uint64(len(t.slots) - 1)
	h := t.home(k)
	for j := range uint64(probeWindow) {
		s := &t.slots[(h+j)&mask]
		key, meta, seq, ok := s.read()
		if seq == 0 {
			return 0 // entries are never removed: k is not further on
		}
		if ok && key == k {
			return meta
		}
	}
	return 0
}

// putResult says what put did.
type putResult int

const (
	putMerged   putResult = iota // into k's entry
	putAdded                     // a new entry in an empty slot
	putFull                      // k's window is full (nothing stored)
	putReplaced                  // k replaced another entry (replace only)
)

// put stores the facts w for k: merged into k's entry (its facts and w's
// together), or in the first empty slot of its window. When the window is
// full it stores nothing and says so, unless replace is set: then k
// replaces the entry of the window that size deems cheapest. A slot that
// other writes keep changing is given up: the facts are dropped.
func (t *sharedFacts) put(k, w uint64, replace bool, size func(uint64) int) putResult {
	mask := uint64(len(t.slots) - 1)
	h := t.home(k)
	for j := uint64(0); j < probeWindow; j++ {
		s := &t.slots[(h+j)&mask]
		for range 4 { // a few tries when the slot changes under us
			seq := s.seq.Load()
			if seq == 0 {
				if s.seq.CompareAndSwap(0, 1) {
					s.key.Store(k)
					s.meta.Store(w)
					s.seq.Store(2)
					return putAdded
				}
				continue // another writer took it: look again
			}
			if seq&1 != 0 {
				continue // being written
			}
			key, meta := s.key.Load(), s.meta.Load()
			if s.seq.Load() != seq {
				continue
			}
			if key != k {
				break // another key's entry: the next slot
			}
			if mergePacked(meta, w) == meta {
				return putMerged // the entry holds these facts already: no write
			}
			if s.seq.CompareAndSwap(seq, seq+1) {
				// The number did not change since the key was read: the
				// slot still holds k's entry.
				s.meta.Store(mergePacked(s.meta.Load(), w))
				s.seq.Store(seq + 2)
				return putMerged
			}
		}
	}
	if !replace {
		return putFull
	}
	best, bestScore, bestSeq := -1, 0, uint64(0)
	for j := range uint64(probeWindow) {
		i := int((h + j) & mask)
		key, meta, seq, ok := t.slots[i].read()
		if !ok {
			continue
		}
		score := 0
		if size != nil {
			score = 2 * size(key)
		}
		if meta&knownBit != 0 {
			score++
		}
		if best < 0 || score < bestScore {
			best, bestScore, bestSeq = i, score, seq
		}
	}
	if best < 0 {
		return putFull
	}
	s := &t.slots[best]
	if !s.seq.CompareAndSwap(bestSeq, bestSeq+1) {
		return putFull // changed since it was chosen: drop the facts
	}
	s.key.Store(k)
	s.meta.Store(w)
	s.seq.Store(bestSeq + 2)
	return putReplaced
}

// mergePacked returns the facts of two words of one key together: each
// fact of either is true, so their union is.
func mergePacked(a, b uint64) uint64 {
	const sets = 1<<48 - 1 // has, hasNot, not
	w := usedBit | (a|b)&sets
	switch {
	case b&knownBit != 0:
		w |= b & (knownBit | maxPackedValue<<valueShift)
	case a&knownBit != 0:
		w |= a & (knownBit | maxPackedValue<<valueShift)
	}
	return w
}

// grow replaces t, the current table, by one twice its size with t's
// entries, when no other worker is growing it and the budget allows (see
// Pruned.growable). Entries written to t while it is copied may be lost.
func (m *sharedMemo) grow(t *sharedFacts) {
	if m.fixed.Load() || !m.mu.TryLock() {
		return
	}
	defer m.mu.Unlock()
	if m.table.Load() != t {
		return // grown meanwhile
	}
	need := t.bytes() + 2*t.bytes()
	if b := m.counter.Budget; b != nil && b.MaxMemory > 0 && need > b.MaxMemory/2 || m.counter.Hold(need) != nil {
		m.fixed.Store(true)
		return
	}
	n := newSharedFacts(64 - t.shift + 1)
	var count int64
	for i := range t.slots {
		key, meta, _, ok := t.slots[i].read()
		if !ok {
			continue
		}
		switch n.put(key, meta, false, nil) {
		case putAdded:
			count++
		case putFull:
			m.evicted.Add(1)
		}
	}
	m.table.Store(n)
	m.count.Store(count)
}

// fromKey returns the position of P whose bits are k (keyOf's inverse).
func fromKey[P comparable](k uint64) P {
	var p P
	switch unsafe.Sizeof(p) {
	case 8:
		*(*uint64)(unsafe.Pointer(&p)) = k
	case 4:
		*(*uint32)(unsafe.Pointer(&p)) = uint32(k)
	case 2:
		*(*uint16)(unsafe.Pointer(&p)) = uint16(k)
	default:
		*(*uint8)(unsafe.Pointer(&p)) = uint8(k)
	}
	return p
}
