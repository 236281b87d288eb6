package heap

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/octal"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
)

// MaxValue is the largest Grundy value a sequence stores (uint16).
const MaxValue = 1<<16 - 1

// MaxLength is the most values a sequence held in memory may hold when the
// request sets no memory limit, or when the plain scan computes it: 2^28
// values of 2 bytes, 512 MiB. Codes that split into two heaps, which package
// sparse runs, may hold as many values as the request's memory limit
// (limits.Budget.MaxMemory, 2 bytes a value) allows: see MaxValues.
const MaxLength = 1 << 28

// MaxValues is the most values G(0..MaxValues-1) of r a sequence may hold
// in memory under budget: for codes package sparse runs (finite codes that
// split into two heaps and never three), what budget.MaxMemory allows at 2
// bytes a value (at least MaxLength, at most sparse.MaxTo+1); otherwise,
// or when the budget sets no memory limit, MaxLength. The budget still
// charges the values as they are allocated. Longer sequences of the codes
// package sparse runs go to run files on disk (sparse.Config.Out).
func MaxValues(r Rules, budget *limits.Budget) int {
	if budget == nil || budget.MaxMemory <= 0 {
		return MaxLength
	}
	if sr, ok := r.SparseRules(); !ok || !sr.Splits() || sr.Triples() {
		return MaxLength
	}
	return int(min(max(budget.MaxMemory/2, MaxLength), sparse.MaxTo+1))
}

// MemoryError reports a table too large for memory.
type MemoryError struct {
	N int // the largest heap asked for
	// Allowed is the most bytes of values allowed (0: 2*MaxLength).
	Allowed int64
}

func (e *MemoryError) Error() string {
	allowed := e.Allowed
	if allowed <= 0 {
		allowed = 2 * MaxLength
	}
	return fmt.Sprintf("a table of G(0..%d) needs %s of memory (2 bytes a value), more than the %s allowed", e.N, Bytes(2*(float64(e.N)+1)), Bytes(float64(allowed)))
}

// memoryError is the *MemoryError of n under a limit of limit values.
func memoryError(n, limit int) *MemoryError {
	return &MemoryError{N: n, Allowed: 2 * int64(limit)}
}

// Is makes errors.Is(err, game.ErrInput) true: asking for it is bad input.
func (e *MemoryError) Is(target error) bool { return target == game.ErrInput }

// Bytes writes a byte count with a binary unit: "512 MiB", "1.8 TiB".
func Bytes(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	if b == float64(int64(b)) {
		return fmt.Sprintf("%d %s", int64(b), units[i])
	}
	return fmt.Sprintf("%.1f %s", b, units[i])
}

// Compute returns G(0..n) of r by the mex over all options. The budget
// counts one state per heap and the bytes of the values; ctx is polled as
// the work grows. It fails with a *MemoryError (bad input) when n+1 >
// MaxValues(r, budget), and with an error naming the heap when a value exceeds
// MaxValue.
func Compute(ctx context.Context, r Rules, n int, budget *limits.Budget) ([]uint16, error) {
	return Extend(ctx, r, nil, n, budget)
}

// Extend returns values, which must be G(0..len(values)-1) of r, extended to
// G(0..n). The result may share values' storage.
//
// Each value is the mex of the nim-sums of the heaps each option leaves:
// O(n) per value for codes with finitely many take digits, O(n^2) for
// splits into two heaps, O(n^3) for splits into three.
func Extend(ctx context.Context, r Rules, values []uint16, n int, budget *limits.Budget) ([]uint16, error) {
	values, _, err := extend(ctx, r, values, n, budget, 0, 0)
	return values, err
}

// errWorkLimit stops an extension whose work passed its bound: a proof
// search out of budget.
var errWorkLimit = errors.New("work limit reached")

// extend is Extend reporting its work, the unit of DefaultProofBudget: the
// option evaluations it makes (a pair or triple of heaps nim-summed, a
// removal), at least one per value computed; with maxWork > 0 it stops with errWorkLimit once the
// work passes maxWork (the sparse engine checks once a block, so it may
// overshoot by one block). With capacity > n+1 a new array is allocated
// with room for capacity values (charged to budget), so that later passes
// extend it in place rather than copy it. On any error values are left as
// they were.
func extend(ctx context.Context, r Rules, values []uint16, n int, budget *limits.Budget, maxWork int64, capacity int) (_ []uint16, total int64, err error) {
	if n < 0 {
		return nil, 0, game.Inputf("negative heap size %d", n)
	}
	limit := MaxValues(r, budget)
	if n >= limit {
		return nil, 0, memoryError(n, limit)
	}
	capacity = min(max(capacity, n+1), limit)
	if n < len(values) {
		return values, 0, nil
	}
	if err := r.Code.Validate(); err != nil {
		return nil, 0, fmt.Errorf("rules %s: %w", r, err)
	}
	if fast, work, ok, err := extendSparse(ctx, r, values, n, budget, maxWork, capacity); ok {
		return fast, work, err // codes that split: package sparse (sparse_bridge.go)
	}
	if cap(values) <= n {
		size := max(capacity, min(2*cap(values), limit))
		charged := 2 * int64(size-cap(values))
		if err := budget.Grow(charged); err != nil {
			return nil, 0, fmt.Errorf("G(0..%d): %w", n, err)
		}
		defer func() {
			if err != nil {
				budget.Release(charged) // the grown array is dropped
			}
		}()
		grown := make([]uint16, len(values), size)
		copy(grown, values)
		values = grown
	}
	counter := limits.Counter{Budget: budget}
	var seen [1 << 10]uint64 // bit v: value v is an option's value
	var top uint16           // largest value so far: every XOR is below 2^bits(top)
	for _, v := range values {
		top = max(top, v)
	}
	var work int64 // option evaluations since the context was last polled
	var ks []int   // for a finite code, the k with a non-zero digit (never nil)
	if r.Code.Finite() {
		ks = r.Code.Removals(octal.AnyMove, n)
	}
	for h := len(values); h <= n; h++ {
		if err := counter.Step(ctx); err != nil {
			return nil, 0, fmt.Errorf("at heap %d: %w", h, err)
		}
		if maxWork > 0 && total+work > maxWork {
			return nil, 0, fmt.Errorf("at heap %d: %w", h, errWorkLimit)
		}
		if work > 1<<22 {
			total, work = total+work, 0
			if err := limits.Poll(ctx); err != nil {
				return nil, 0, fmt.Errorf("at heap %d: %w", h, err)
			}
		}
		words := 1 << max(bits.Len16(top)-6, 0) // words that can hold any XOR
		clear(seen[:words])
		mark := func(x uint16) { seen[x>>6] |= 1 << (x & 63) }
		for i := 0; ; i++ {
			k := i
			if ks != nil {
				if i == len(ks) || ks[i] > h {
					break
				}
				k = ks[i]
			} else if k > h {
				break
			}
			d := r.Code.Digit(k)
			if d == 0 {
				continue
			}
			m := h - k
			if d&TakeAll != 0 && m == 0 {
				mark(0)
			}
			if d&Take != 0 && m >= 1 && k >= 1 {
				mark(values[m])
			}
			if d&Split != 0 && m >= 2 {
				work += int64(m / 2)
				for a := 1; 2*a <= m; a++ {
					if r.Distinct && 2*a == m {
						continue
					}
					x := values[a] ^ values[m-a]
					seen[x>>6] |= 1 << (x & 63)
				}
			}
			if d&Split3 != 0 && m >= 3 {
				for a := 1; 3*a <= m; a++ {
					work += int64((m-a)/2 - a + 1)
					for b := a; a+2*b <= m; b++ {
						c := m - a - b
						if r.Distinct && (a == b || b == c) {
							continue
						}
						mark(values[a] ^ values[b] ^ values[c])
					}
				}
			}
			work++
		}
		mex := -1
		for w := 0; w < words; w++ {
			if seen[w] != ^uint64(0) {
				mex = 64*w + bits.TrailingZeros64(^seen[w])
				break
			}
		}
		if mex < 0 {
			mex = 64 * words
		}
		if mex > MaxValue {
			return nil, 0, fmt.Errorf("the Grundy value of heap %d of %s exceeds %d, the most a table stores", h, r, MaxValue)
		}
		values = append(values, uint16(mex))
		top = max(top, uint16(mex))
	}
	return values, total + work, nil
}

// Cost estimates the option evaluations the plain scan makes for G(0..n):
// n^2/4 nim-sums per split digit, n^3/36 per three-heap digit, n per
// removal. The sparse engine does far less for codes with a sparse space
// (0.16: about 245 evaluations a value at 2^20, against 2^18 here), so a
// proof search counts the work the engines report as they run (Tabulate)
// and uses Cost only to predict its first pass.
func (r Rules) Cost(n int) float64 {
	var c float64
	N := float64(n)
	limit := n
	if r.Code.Finite() {
		limit = min(n, len(r.Code.Digits)-1)
	}
	for k := 0; k <= limit; k++ {
		d := r.Code.Digit(k)
		if d == 0 {
			continue
		}
		c += N
		if d&Split != 0 {
			c += N * N / 4
		}
		if d&Split3 != 0 {
			c += N * N * N / 36
		}
	}
	return c
}
