package games

import "fmt"

// Divisor is the divisor game (LeetCode 1025): from a heap of n take d
// tokens, where d divides n and d < n. A heap of 1 has no move.
type Divisor struct{}

// Options yields n-d for each divisor d of n with d < n, by trial division
// up to sqrt(n).
func (Divisor) Options(n int, yield func([]int) bool) {
	var buf [1]int
	emit := func(d int) bool {
		if d >= n {
			return true
		}
		buf[0] = n - d
		return yield(buf[:])
	}
	for d := 1; d*d <= n; d++ {
		if n%d != 0 {
			continue
		}
		if !emit(d) {
			return
		}
		if e := n / d; e != d && !emit(e) {
			return
		}
	}
}

// Descending marks that every option is a smaller heap.
func (Divisor) Descending() {}

// AppendOptions appends n-d for each divisor d of n with d < n.
func (g Divisor) AppendOptions(n int, dst []int) []int {
	g.Options(n, func(option []int) bool {
		dst = append(dst, option[0])
		return true
	})
	return dst
}

// OpenDivisor returns divisor, which takes no parameters.
func OpenDivisor(string) (Instance, error) {
	parse := func(arg string) (int, error) {
		n, err := ParseHeap(arg)
		if err == nil && n < 1 {
			err = fmt.Errorf("divisor heap %q must be at least 1", arg)
		}
		return n, err
	}
	return &denseInstance{Bound: NewImpartial("divisor", gameOf(Divisor{}), parse, FormatHeap, "1")}, nil
}
