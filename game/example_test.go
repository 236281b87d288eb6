package game_test

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// Sticks is the first game of seed 004: a pile of sticks, each player takes
// 1, 2 or 3, and whoever takes the last stick wins. A position is the number
// of sticks left; each option is one pile.
type Sticks struct{}

// Options yields the piles left by taking 1, 2 or 3 sticks.
func (Sticks) Options(n int, yield func(option []int) bool) {
	for take := 1; take <= 3 && take <= n; take++ {
		if !yield([]int{n - take}) {
			return
		}
	}
}

// SplitPile is Grundy's game (seed 004): split one pile into two non-empty
// piles of different sizes. Each option is a sum of two piles, so the
// option is a slice of two positions.
type SplitPile struct{}

// Options yields each split of n into a < n-a.
func (SplitPile) Options(n int, yield func(option []int) bool) {
	for a := 1; 2*a < n; a++ {
		if !yield([]int{a, n - a}) {
			return
		}
	}
}

// A game is any type with an Options method; solve.NewGrundy computes its
// values. The piles of seed 004's stick game that lose for the player to
// move are the multiples of 4: value 0.
func Example() {
	ctx := context.Background()
	s := solve.NewGrundy[int](Sticks{}, nil)
	for n := 0; n <= 9; n++ {
		v, err := s.Value(ctx, n)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("G(%d) = %d, %s\n", n, v, game.OutcomeOf(v).Class())
	}
	// Output:
	// G(0) = 0, P
	// G(1) = 1, N
	// G(2) = 2, N
	// G(3) = 3, N
	// G(4) = 0, P
	// G(5) = 1, N
	// G(6) = 2, N
	// G(7) = 3, N
	// G(8) = 0, P
	// G(9) = 1, N
}

// An option may be a sum of several components: in Grundy's game a move
// leaves two piles, and the value of the option is the nim-sum of theirs.
// Seed 004 computes f(8) = mex{f(1)^f(7), f(2)^f(6), f(3)^f(5)} = 2.
func Example_optionsAreSums() {
	ctx := context.Background()
	s := solve.NewGrundy[int](SplitPile{}, nil)
	SplitPile{}.Options(8, func(option []int) bool {
		v, _ := s.SumValue(ctx, option)
		fmt.Printf("8 -> %d+%d: value %d\n", option[0], option[1], v)
		return true
	})
	v, _ := s.Value(ctx, 8)
	fmt.Println("G(8) =", v)
	// Output:
	// 8 -> 1+7: value 0
	// 8 -> 2+6: value 1
	// 8 -> 3+5: value 3
	// G(8) = 2
}

// The examples of seed 000: mex{0,1,3,4} = 2, mex{1,2,3} = 0, mex{} = 0.
func ExampleMex() {
	fmt.Println(game.Mex(0, 1, 3, 4), game.Mex(1, 2, 3), game.Mex())
	// Output: 2 0 0
}

// Bouton's theorem (seed 001): Nim heaps 3, 4, 5 have nim-sum 2, not 0, so
// the player to move wins; taking heap 3 down to 3 XOR 2 = 1 leaves 0.
func ExampleNimSum() {
	fmt.Println(game.NimSum(3, 4, 5), game.NimSum(1, 4, 5))
	// Output: 2 0
}

// MexSet is the allocation-free form of Mex that engines use in their
// inner loops.
func ExampleMexSet() {
	var m game.MexSet
	for _, v := range []game.Nimber{0, 1, 3, 4} {
		m.Add(v)
	}
	fmt.Println(m.Mex())
	m.Reset()
	m.Add(1)
	fmt.Println(m.Mex())
	// Output:
	// 2
	// 0
}

// Outcome orders results from the mover's point of view; Class gives the
// usual letters.
func ExampleOutcome_Class() {
	for _, o := range []game.Outcome{game.Lose, game.Draw, game.Win} {
		fmt.Println(o, o.Class())
	}
	// Output:
	// lose P
	// draw D
	// win N
}
