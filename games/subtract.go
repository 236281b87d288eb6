package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/heap"
)

// Subtraction is the subtraction game S: take s tokens from one heap, for
// some s in S (a set of positive integers, sorted ascending).
type Subtraction struct {
	Set []int
}

// Options yields the heaps n-s for s in S with s <= n.
func (g Subtraction) Options(n int, yield func([]int) bool) {
	var buf [1]int
	for _, s := range g.Set {
		if s > n {
			return
		}
		buf[0] = n - s
		if !yield(buf[:]) {
			return
		}
	}
}

// Descending marks that every option is a smaller heap.
func (Subtraction) Descending() {}

// AppendOptions appends the heaps n-s for s in S with s <= n.
func (g Subtraction) AppendOptions(n int, dst []int) []int {
	for _, s := range g.Set {
		if s > n {
			break
		}
		dst = append(dst, n-s)
	}
	return dst
}

// maxSubtraction bounds the elements of a subtraction set (and so its size).
const maxSubtraction = 1 << 20

// ParseSet reads a subtraction set written as a comma-separated list of
// positive integers and ranges "a-b" (a <= b): "1-3", "1,3,4", "2,5,7-9".
// The result is sorted with duplicates removed.
func ParseSet(text string) ([]int, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("empty set: write it like 1-3 or 1,3,4")
	}
	var set []int
	for _, item := range strings.Split(text, ",") {
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := parsePositive(lo, item)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parsePositive(hi, item); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("range %q is empty: write the smaller number first", item)
			}
		}
		for s := a; s <= b; s++ {
			set = append(set, s)
		}
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

func parsePositive(text, item string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("%q in set item %q is not a number", text, item)
	}
	if n <= 0 {
		return 0, fmt.Errorf("%d in set item %q is not a positive integer", n, item)
	}
	if n > maxSubtraction {
		return 0, fmt.Errorf("%d in set item %q is larger than %d", n, item, maxSubtraction)
	}
	return n, nil
}

// FormatSet writes a sorted set with maximal runs as ranges: 1-3,5,7-9.
func FormatSet(set []int) string {
	var b strings.Builder
	for i := 0; i < len(set); {
		j := i
		for j+1 < len(set) && set[j+1] == set[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(set[i]))
		if j > i {
			fmt.Fprintf(&b, "-%d", set[j])
		}
		i = j + 1
	}
	return b.String()
}

// OpenSubtract returns subtract with its set S of amounts (1-3, 1,3,4).
func OpenSubtract(params string) (Instance, error) {
	if params == "" {
		return nil, fmt.Errorf("subtract needs a set, e.g. subtract:1-3")
	}
	set, err := ParseSet(params)
	if err != nil {
		return nil, err
	}
	// Bound as a heap game (code dk = 3 for k in S): the proven period
	// answers huge heaps and `grundy table` (heap.Rules.Prove).
	g := newHeapGame(heap.Subtraction(set), Subtraction{Set: set})
	return newHeapInstance("subtract:"+params, g), nil
}
