package quotient_test

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/solve/quotient"
)

// Misère Nim with heaps of at most 3 has the tame quotient T2: a is a heap
// of 1, b a heap of 2, a heap of 3 is ab, and the P-positions are the sums
// of element a (an odd number of 1s and nothing else) or b^2 (nim-sum 0
// with a heap of 2 or more); ab^2 is nim-sum 1 with a heap of 2 or more.
func ExampleCompute() {
	nim, _ := heap.ParseCode("0.[3]")
	q, err := quotient.Compute(context.Background(), heap.Octal(nim), 3, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range q.Relations() {
		fmt.Println(q.FormatRelation(r))
	}
	fmt.Println("order", q.Order(), "tame", q.Tame())
	for _, x := range q.PPortion() {
		fmt.Println("P:", q.Format(x))
	}
	for _, sum := range [][]int{{1, 1, 1}, {3, 2, 1}, {3, 2}} {
		fmt.Println(sum, q.Format(q.Of(sum)), q.Outcome(sum).Class())
	}
	// Output:
	// a^2 = 1
	// b^3 = b
	// order 6 tame true
	// P: a
	// P: b^2
	// [1 1 1] a P
	// [3 2 1] b^2 P
	// [3 2] ab^2 N
}

// Kayles (0.77) is wild; its quotient answers sums of any number of heaps
// with one product each. The sum kayles 12 + 7 is an N-position, and the
// winning moves are those the search finds (docs/misere.md).
func ExampleQuotient_WinningMoves() {
	code, _ := heap.ParseCode("0.77")
	kayles := heap.Octal(code)
	q, err := quotient.Compute(context.Background(), kayles, 12, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := []int{12, 7}
	fmt.Println("outcome:", q.Outcome(sum).Class(), "tame:", q.Tame())
	q.WinningMoves(sum, kayles, func(m quotient.Move) bool {
		fmt.Println(m.Heap, "->", m.Option)
		return true
	})
	// Output:
	// outcome: N tame: false
	// 7 -> [5]
	// 7 -> [1 4]
	// 12 -> [3 8]
	// 12 -> [10]
	// 12 -> [4 6]
}
