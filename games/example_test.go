package games_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/games"
)

// OpenCircles makes the model of the catalog's circles; impartial games are
// games.Valued.
// Seed 000's own CirclesGame example: 8 circles, nimber 6. The winning
// moves are the options of value 6 XOR 6 = 0.
func ExampleOpenCircles() {
	ctx := context.Background()
	inst, err := games.OpenCircles("")
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

// General games (partizan, scoring, loopy) are games.Solvable: seed 003's
// row game, where the larger total wins, solved with its final margin.
func ExampleSolvable() {
	inst, err := games.OpenEnds("")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := inst.(games.Solvable)
	row, err := g.Parse(strings.Fields("3 9 1 2"))
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := g.Solver(nil).Solve(context.Background(), row[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Value.Outcome, *sol.Score, sol.Value.Remoteness)
	// Output: win 7 4
}
