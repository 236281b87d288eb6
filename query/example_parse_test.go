package query_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// ParseString reads a position in the CLI syntax; query.Value computes what
// `grundy value` prints: the value of the sum, its outcome and every
// winning move. Seed 001's heaps: from heap i a player may take 1..i.
func ExampleParseString() {
	pos, err := query.ParseString("subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 9")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := query.Value(context.Background(), pos, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range res.Components {
		fmt.Printf("%s = %d\n", c.Position, c.Grundy)
	}
	fmt.Println("value", res.Grundy, "outcome", res.Outcome)
	for _, m := range res.WinningMoves {
		fmt.Println(m.From, "->", m.To)
	}
	// Output:
	// subtract:1-1 4 = 0
	// subtract:1-2 6 = 0
	// subtract:1-3 9 = 1
	// value 1 outcome N
	// subtract:1-1 4 -> subtract:1-1 3
	// subtract:1-2 6 -> subtract:1-2 4
	// subtract:1-3 9 -> subtract:1-3 8
}

// Bad input is an error wrapping game.ErrInput, with a one-line message.
func ExampleParse() {
	_, err := query.Parse([]string{"nim", "3", "x"}, nil)
	fmt.Println(err)
	fmt.Println(errors.Is(err, game.ErrInput))
	// Output:
	// nim: heap size "x" is not a non-negative integer
	// true
}

// The catalog lists every game with its kind and an example position.
func ExampleLookupGame() {
	g, ok := query.LookupGame("rectangles")
	fmt.Println(ok, g.Kind)
	fmt.Println(g.Example)
	// Output:
	// true impartial
	// rectangles 3x3 + rectangles ..#/.../#..
}
