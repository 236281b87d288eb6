package game

import "math/bits"

// Nimber is a Grundy value: the size of the Nim heap a position is
// equivalent to.
type Nimber uint64

// NimSum returns the nim-sum (XOR) of values. By the Sprague–Grundy theorem
// the value of a sum of independent games is the nim-sum of their values.
func NimSum(values ...Nimber) Nimber {
	var s Nimber
	for _, v := range values {
		s ^= v
	}
	return s
}

// MexSet collects small non-negative values and answers their minimum
// excluded value. The zero MexSet is empty and ready to use. Values below 64
// live in one machine word, so the common case never allocates; larger values
// spill into extra words.
type MexSet struct {
	low  uint64
	high []uint64 // bit i of high[w] is value 64*(w+1)+i
}

// Add inserts v.
func (m *MexSet) Add(v Nimber) {
	if v < 64 {
		m.low |= 1 << v
		return
	}
	w := int(v/64) - 1
	if uint64(w) > 1<<26 {
		// A value this large cannot be the mex of a reachable option set
		// smaller than 2^32 options; it is irrelevant to the mex.
		return
	}
	for len(m.high) <= w {
		m.high = append(m.high, 0)
	}
	m.high[w] |= 1 << (v % 64)
}

// Has reports whether v was added.
func (m *MexSet) Has(v Nimber) bool {
	if v < 64 {
		return m.low&(1<<v) != 0
	}
	w := int(v/64) - 1
	return w < len(m.high) && m.high[w]&(1<<(v%64)) != 0
}

// Mex returns the least value not added.
func (m *MexSet) Mex() Nimber {
	if m.low != ^uint64(0) {
		return Nimber(bits.TrailingZeros64(^m.low))
	}
	for w, word := range m.high {
		if word != ^uint64(0) {
			return Nimber(64*(w+1) + bits.TrailingZeros64(^word))
		}
	}
	return Nimber(64 * (len(m.high) + 1))
}

// Reset empties the set, keeping its storage.
func (m *MexSet) Reset() {
	m.low = 0
	clear(m.high)
}

// Mex returns the minimum excluded value of values: the least non-negative
// integer not among them. Mex() == 0, Mex(0, 1, 3, 4) == 2.
func Mex(values ...Nimber) Nimber {
	var m MexSet
	for _, v := range values {
		m.Add(v)
	}
	return m.Mex()
}
