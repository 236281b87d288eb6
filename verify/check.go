package verify

import (
	"context"
	"fmt"
	"math/bits"
)

// Rejection is a certificate that is well formed but wrong: a value the
// moves do not give, a theorem whose conditions fail, a bound too short for
// the theorem, a claim that does not hold or is not the least.
type Rejection struct {
	// Heap is the first heap where the certificate fails (a value, the
	// period, the pre-period), or -1 when a condition with no heap fails.
	Heap int
	Msg  string
}

func (r *Rejection) Error() string {
	if r.Heap >= 0 {
		return fmt.Sprintf("heap %d: %s", r.Heap, r.Msg)
	}
	return r.Msg
}

func reject(heap int, format string, args ...any) error {
	return &Rejection{Heap: heap, Msg: fmt.Sprintf(format, args...)}
}

// Check verifies c: nil when the claim is proven, a *Rejection when not, or
// ctx's error. The checks run in this order, and the first that fails is
// the answer (docs/certificates.md):
//
//  1. the theorem is one of format 1 and its conditions hold (saltus 0;
//     for SubtractionTheorem, d0 = 0 and every digit 0 or 3);
//  2. the bound reaches the theorem's window (Need);
//  3. each value equals the mex of the values of every option of its heap,
//     recomputed from heap 0 (the first heap that differs is named);
//  4. G(n+p) = G(n) for n0 <= n < bound-p (the first n that fails is named);
//  5. no proper divisor of p is a period from n0 on, and G(n0-1+p) !=
//     G(n0-1) when n0 > 0 (the claim is the least).
//
// progress, when not nil, is called with the heaps recomputed so far, now
// and then.
func Check(ctx context.Context, c *Certificate, progress func(done, total int)) error {
	n0, p := c.Preperiod, c.Period
	switch c.Theorem {
	case GuySmith:
	case SubtractionTheorem:
		for k, d := range c.Digits {
			if (k == 0 && d != 0) || (d != 0 && d != 3) {
				return reject(-1, "theorem subtraction needs a subtraction game (d0 = 0, every other digit 0 or 3), and digit d%d is %X", k, d)
			}
		}
	default:
		return reject(-1, "theorem %q is not one of format 1 (guy-smith, subtraction)", clip(c.Theorem))
	}
	if c.Saltus != 0 {
		return reject(-1, "saltus %d: no theorem of format 1 proves arithmetic periodicity", c.Saltus)
	}
	if n0 < 0 || p < 1 {
		return reject(-1, "pre-period %d and period %d: want n0 >= 0 and p >= 1", n0, p)
	}
	need := Need(c.Digits, c.Theorem, n0, p)
	if int64(len(c.Values)) < need {
		return reject(-1, "bound %d is too short: theorem %s with pre-period %d and period %d needs G(0..%d), bound %d", len(c.Values), c.Theorem, n0, p, need-1, need)
	}
	g, err := recompute(ctx, c.Digits, len(c.Values), progress)
	if err != nil {
		return err
	}
	for n, v := range c.Values {
		if g[n] != v {
			return reject(n, "the certificate says G(%d) = %d, the mex over its moves is %d", n, v, g[n])
		}
	}
	for n := n0; n+p < len(g); n++ {
		if g[n+p] != g[n] {
			return reject(n, "G(%d) = %d differs from G(%d) = %d: period %d does not hold from pre-period %d", n+p, g[n+p], n, g[n], p, n0)
		}
	}
	// G has period p from n0 (steps 2-4 prove it), so the least period of
	// its tail divides p, and a divisor q of p is a period from some heap on
	// iff it is one from n0 on, iff G(n+q) = G(n) for n0 <= n < n0+p (the
	// values past n0+p repeat those). ext gives G(n) for every n.
	ext := func(n int) uint32 {
		if n < n0+p {
			return g[n]
		}
		return g[n0+(n-n0)%p]
	}
	for q := 1; q < p; q++ {
		if p%q != 0 {
			continue
		}
		holds := true
		for n := n0; n < n0+p && holds; n++ {
			holds = ext(n+q) == ext(n)
		}
		if holds {
			return reject(-1, "period %d is not the least: G(n+%d) = G(n) for every n >= %d", p, q, n0)
		}
	}
	if n0 > 0 && g[n0-1+p] == g[n0-1] {
		return reject(n0-1, "G(%d) = G(%d) = %d: the pre-period is less than %d", n0-1+p, n0-1, g[n0-1], n0)
	}
	return nil
}

// Need returns the number of values G(0..Need-1) that theorem needs to
// prove period p from pre-period n0 for the code with digits d0..dt:
// E + p, where, with b = n0 for SubtractionTheorem and max(n0, 1) for
// GuySmith, E is the largest of b, b+k (dk has bit 1 or 2), 2b+p+k (bit 4)
// and 3b+2p+k (bit 8). The theorem: if G(n+p) = G(n) for n0 <= n < E, then
// for every n >= n0 (docs/certificates.md gives the proof).
// It is computed in int64, so no claim of a 32-bit machine overflows it.
func Need(digits []uint8, theorem string, n0, p int) int64 {
	b, q := max(int64(n0), 1), int64(p)
	if theorem == SubtractionTheorem {
		b = int64(n0)
	}
	end := b
	for i, d := range digits {
		k := int64(i)
		if d&3 != 0 {
			end = max(end, b+k)
		}
		if d&4 != 0 {
			end = max(end, 2*b+q+k)
		}
		if d&8 != 0 {
			end = max(end, 3*b+2*q+k)
		}
	}
	return end + q
}

// recompute returns G(0..count-1) of the code by the definition: G(n) is
// the least value not among the values of n's options, the value of an
// option being the nim-sum of the heaps it leaves. Every option is
// visited; nothing is remembered across heaps but G itself.
func recompute(ctx context.Context, digits []uint8, count int, progress func(done, total int)) ([]uint32, error) {
	g := make([]uint32, count)
	// seen[v] == stamp marks v as the value of an option of the heap
	// stamped; the nim-sum of values below 2^k is below 2^k, so seen has
	// room for every option value while len(seen) exceeds max(G) rounded
	// up to a power of two, minus one.
	seen := make([]uint32, 2)
	var top uint32
	done := ctx.Done()
	for n := range count {
		if n%256 == 0 {
			select {
			case <-done:
				return nil, ctx.Err()
			default:
			}
			if progress != nil {
				progress(n, count)
			}
		}
		if need := 1 << bits.Len32(top); len(seen) <= need {
			grown := make([]uint32, 2*need)
			copy(grown, seen)
			seen = grown
		}
		stamp := uint32(n + 1)
		for k, d := range digits {
			if d == 0 || k > n {
				continue
			}
			m := n - k // tokens left by removing k
			if d&1 != 0 && m == 0 {
				seen[0] = stamp
			}
			if d&2 != 0 && m >= 1 && k >= 1 {
				seen[g[m]] = stamp
			}
			if d&4 != 0 {
				for a := 1; 2*a <= m; a++ {
					seen[g[a]^g[m-a]] = stamp
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= m; a++ {
					select {
					case <-done:
						return nil, ctx.Err()
					default:
					}
					for b := a; a+2*b <= m; b++ {
						seen[g[a]^g[b]^g[m-a-b]] = stamp
					}
				}
			}
		}
		v := uint32(0)
		for seen[v] == stamp {
			v++
		}
		g[n] = v
		top = max(top, v)
	}
	if progress != nil {
		progress(count, count)
	}
	return g, nil
}

// Options returns the number of options the recomputation of G(0..count-1)
// visits for the code with digits d0..dt (a float64: three-heap codes
// reach 10^20 and more): heap n has one option for each k with bit 1 or 2
// that applies, floor((n-k)/2) two-heap splits for a digit with bit 4 and
// about (n-k)^2/12 three-heap splits for bit 8. It is the cost of Check,
// known before it starts.
func Options(digits []uint8, count int) float64 {
	var total float64
	for k, d := range digits {
		m := float64(max(count-k, 0)) // heaps n = k..count-1 leave m' = 0..m-1
		if d&3 != 0 {
			total += m
		}
		if d&4 != 0 {
			total += m * m / 4
		}
		if d&8 != 0 {
			total += m * m * m / 36
		}
	}
	return total
}
