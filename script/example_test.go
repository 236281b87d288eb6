package script_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/script"
)

// LoadSource loads a rule script from memory. This one is seed 004's
// stick game, take 1, 2 or 3: its values repeat 0 1 2 3, and the piles
// that lose for the player to move are the multiples of 4.
func ExampleLoadSource() {
	src := []byte(`
def moves(n):
    return [n - k for k in (1, 2, 3) if k <= n]
`)
	inst, err := script.LoadSource("sticks.star", src, os.Stderr)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := inst.(games.Valued)
	piles, err := g.Parse([]string{"7", "8", "15", "16"})
	if err != nil {
		fmt.Println(err)
		return
	}
	eval := g.Evaluator(nil) // no limit on states or memory
	for _, p := range piles {
		v, err := eval.Grundy(context.Background(), p)
		fmt.Println(p, v, err)
	}
	// Output:
	// 7 3 <nil>
	// 8 0 <nil>
	// 15 3 <nil>
	// 16 0 <nil>
}

// A script's path works as a GAME in any position, in sums with the
// built-in games: query.Parse loads it. examples/grundy.star is Grundy's
// game (seed 004). query.Parse reads the files a position names through
// the file access it is given (query.ParseString reads none).
func Example_position() {
	pos, err := query.Parse([]string{"../examples/grundy.star", "8", "+", "nim", "3"}, query.OSFiles(context.Background()))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := query.Value(context.Background(), pos, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("value", res.Grundy, "outcome", res.Outcome)
	for _, m := range res.WinningMoves {
		fmt.Println(m.From, "->", m.To)
	}
	// Output:
	// value 1 outcome N
	// ../examples/grundy.star 8 -> ../examples/grundy.star 3 5
	// nim 3 -> nim 2
}

// A script with result(pos) is a general game, solved with remoteness:
// here a race where the player to move adds 1 or 2 to a counter and
// whoever reaches 10 wins. The counts 1, 4, 7 lose for the player to move.
func ExampleScript_result() {
	src := []byte(`
def moves(n):
    return [n + k for k in (1, 2) if n + k <= 10]

def result(n):
    if n == 10:
        return "lose"  # the previous player reached 10
    return None
`)
	inst, err := script.LoadSource("race.star", src, os.Stderr)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := inst.(games.Solvable)
	for _, start := range []string{"0", "1"} {
		comps, err := g.Parse([]string{start})
		if err != nil {
			fmt.Println(err)
			return
		}
		sol, err := g.Solver(nil).Solve(context.Background(), comps[0])
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(start, sol.Value.Outcome, sol.Value.Remoteness)
	}
	// Output:
	// 0 win 7
	// 1 lose 6
}

// Errors in a script are bad input (game.ErrInput) and name the script's
// line.
func ExampleLoadSource_error() {
	_, err := script.LoadSource("bad.star", []byte("def moves(n):\n    return [n - 1\n"), os.Stderr)
	fmt.Println(err)
	fmt.Println(errors.Is(err, game.ErrInput))
	// Output:
	// bad.star:3: syntax error: got outdent, want ']'
	// true
}
