package games_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
)

// ParseString reads a position in the CLI syntax; query.Value computes what
// `grundy value` prints: the value of the sum, its outcome and every
// winning move. Seed 001's heaps: from heap i a player may take 1..i.
func ExampleParseString() {
	pos, err := games.ParseString("subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 9")
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

// Open makes one game of the catalog; impartial games are games.Valued.
// Seed 000's own CirclesGame example: 8 circles, nimber 6. The winning
// moves are the options of value 6 XOR 6 = 0.
func ExampleOpen() {
	ctx := context.Background()
	inst, err := games.Open("circles")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := inst.(games.Valued)
	picture, err := g.Parse(strings.Fields("0,1,1 1,0,3 2,-1,1 6,0,1 3,0,6 12,1,1 13,0,3 14,-1,1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	ev := g.Evaluator(nil) // one request: value the picture, then its winning moves
	v, err := ev.Grundy(ctx, picture[0])
	fmt.Println("value", v, err)
	err = ev.MovesToValue(ctx, picture[0], 0, func(option []games.Component) bool {
		fmt.Println("win by leaving", strings.Join(g.Format(option), " "))
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// value 6 <nil>
	// win by leaving 0,1,1 1,0,3 2,-1,1 12,1,1 13,0,3 14,-1,1
}

// Bad input is an error wrapping game.ErrInput, with a one-line message.
func ExampleParse() {
	_, err := games.Parse([]string{"nim", "3", "x"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, game.ErrInput))
	// Output:
	// nim: heap size "x" is not a non-negative integer
	// true
}

// General games (partizan, scoring, loopy) are games.Solvable: seed 003's
// row game, where the larger total wins, solved with its final margin.
func ExampleSolvable() {
	pos, err := games.ParseString("ends 3 9 1 2")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := pos[0].Game.(games.Solvable)
	sol, err := g.Solver(nil).Solve(context.Background(), pos[0].Components[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Value.Outcome, *sol.Score, sol.Value.Remoteness)
	// Output: win 7 4
}

// The catalog lists every game with its kind and an example position.
func ExampleLookup() {
	spec, ok := games.Lookup("rectangles")
	fmt.Println(ok, spec.Kind)
	fmt.Println(spec.Example)
	// Output:
	// true impartial
	// rectangles 3x3 + rectangles ..#/.../#..
}
