package heap_test

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/periodic"
)

// Tabulate computes a heap game's values, finds their pattern and proves it
// where a theorem applies. Kayles (code 0.77) has pre-period 71 and period
// 12 (OEIS A002186); once proven, At answers for any heap.
func ExampleTabulate() {
	code, err := heap.ParseCode("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, err := heap.Tabulate(context.Background(), heap.Octal(code), 100, nil, heap.DefaultProofBudget)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := seq.Pattern
	fmt.Printf("pre-period %d, period %d, saltus %d, proven %v\n", p.Preperiod, p.Period, p.Saltus, p.Proven)
	fmt.Println("G(0..12):", seq.Values[:13])
	g, ok := seq.At(1_000_000_000_000)
	fmt.Println("G(10^12):", g, ok)
	// Output:
	// pre-period 71, period 12, saltus 0, proven true
	// G(0..12): [0 1 2 3 1 4 3 2 1 4 2 6 4]
	// G(10^12): 1 true
}

// Seed 001's heap from which 1..i tokens may be taken has G(x) = x mod
// (i+1). For i = 2 the subtraction game {1, 2} shows period 3, and the
// periodicity theorem for subtraction games proves it from the first
// max(S) values of the repeat.
func ExampleRules_Prove() {
	rules := heap.Subtraction([]int{1, 2})
	values, err := heap.Compute(context.Background(), rules, 40, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	seen := periodic.Find(values)
	fmt.Println(values[:9], seen.Period, seen.Proven)
	proof := rules.Prove(values, seen)
	fmt.Println(proof.Period, proof.Proven)
	fmt.Println(proof.Reason)
	// Output:
	// [0 1 2 0 1 2 0 1 2] 3 false
	// 3 true
	// periodicity theorem for finite subtraction games: G(n) depends only on the max(S) = 2 values before it, and G(n+3) = G(n) for 0 <= n < 2 (checked through n = 40), so the pattern repeats forever
}

// Compute lists G(0..n) of any rules; Grundy's game (seed 004) splits a heap
// into two of different sizes, and f(8) = 2.
func ExampleCompute() {
	values, err := heap.Compute(context.Background(), heap.GrundyGame(), 8, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(values)
	// Output: [0 0 0 1 0 2 1 0 2]
}

// A code says digit by digit what removing k tokens may leave: 0.137 is
// Dawson's chess (remove 1 only from a heap of 1; remove 2 leaving at most
// one heap; remove 3 leaving up to two heaps).
func ExampleParseCode() {
	for _, s := range []string{"0.137", ".77", "4.[3]", "0.770"} {
		c, err := heap.ParseCode(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(c, c.Finite(), c.MaxHeaps())
	}
	_, err := heap.ParseCode("0.8x")
	fmt.Println(err != nil)
	// Output:
	// 0.137 true 2
	// 0.77 true 2
	// 4.[3] false 2
	// 0.77 true 2
	// true
}
