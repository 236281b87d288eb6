package quotient

import (
	"math/bits"
)

// table is a finite commutative monoid given by its multiplication table,
// with a P-portion. Element 0 is the identity. A cyclic monoid (period >
// 0) has no table: its product is computed.
type table struct {
	order int
	mul   []Element // mul[a*order+b] = ab
	p     []bool    // p[a]: a is in the P-portion

	index, period int // of a cyclic monoid
}

func (t *table) times(a, b Element) Element { return t.mul[int(a)*t.order+int(b)] }

// bytes is the memory the table holds.
func (t *table) bytes() int64 { return int64(t.order)*int64(t.order)*4 + int64(t.order) }

// cyclic returns the cyclic monoid <g | g^(index+period) = g^index>: its
// elements are g^0 .. g^(index+period-1), with g^k read as element k.
func cyclic(index, period int) *table {
	return &table{order: index + period, index: index, period: period}
}

// product multiplies in any table, cyclic or not.
func (t *table) product(a, b Element) Element {
	if t.period == 0 {
		return t.times(a, b)
	}
	k := int(a) + int(b)
	if k >= t.order {
		k = t.index + (k-t.index)%t.period
	}
	return Element(k)
}

// indexPeriod returns the index i and period p of x in t: the least i such
// that x^i = x^(i+p) for some p >= 1, and the least such p.
func (t *table) indexPeriod(x Element) (index, period int) {
	seen := map[Element]int{0: 0}
	y := Element(0)
	for k := 1; ; k++ {
		y = t.times(y, x)
		if j, ok := seen[y]; ok {
			return j, k - j
		}
		seen[y] = k
	}
}

// trial is a candidate cover of the quotient: a direct product of finite
// commutative monoids (the factors), whose elements are written in mixed
// radix, with the image phi[h] of every heap h.
type trial struct {
	factors []*table
	stride  []uint64
	phi     []uint64
}

func newTrial(factors ...*table) (*trial, bool) {
	tr := &trial{factors: factors, stride: make([]uint64, len(factors))}
	size := uint64(1)
	for i, f := range factors {
		tr.stride[i] = size
		hi, lo := bits.Mul64(size, uint64(f.order))
		if hi != 0 || lo > 1<<62 {
			return nil, false
		}
		size = lo
	}
	return tr, true
}

// unit returns the element that is x in factor i and the identity elsewhere.
func (tr *trial) unit(i int, x Element) uint64 { return uint64(x) * tr.stride[i] }

// times multiplies factor by factor.
func (tr *trial) times(a, b uint64) uint64 {
	var r uint64
	for i, f := range tr.factors {
		n := uint64(f.order)
		x := Element((a / tr.stride[i]) % n)
		y := Element((b / tr.stride[i]) % n)
		r += uint64(f.product(x, y)) * tr.stride[i]
	}
	return r
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (s bitset) has(i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

func (s bitset) set(i int) { s[i>>6] |= 1 << (uint(i) & 63) }

// subset reports whether s is a subset of t.
func (s bitset) subset(t bitset) bool {
	for i, w := range s {
		if w&^t[i] != 0 {
			return false
		}
	}
	return true
}

// meets reports whether s and t intersect.
func (s bitset) meets(t bitset) bool {
	for i, w := range s {
		if w&t[i] != 0 {
			return true
		}
	}
	return false
}

// each calls f for every member of s, in increasing order.
func (s bitset) each(f func(i int)) {
	for k, w := range s {
		for w != 0 {
			f(k<<6 + bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}
