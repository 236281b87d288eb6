package games

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// TestCardsBruteForce solves every state of the card game (hands as
// ordered pairs, y, whether a move was made) by the seed's relaxation over
// an independent statement of the rules, and compares every starting
// position (10^4 pairs of hands) with the retrograde solver.
func TestCardsBruteForce(t *testing.T) {
	// State: a1 a2 b1 b2 (mover's cards, then the opponent's), y, started.
	type state struct{ a1, a2, b1, b2, y, moved int }
	id := func(s state) int {
		return ((((s.a1*10+s.a2)*10+s.b1)*10+s.b2)*10+s.y)*2 + s.moved
	}
	total := 10 * 10 * 10 * 10 * 10 * 2
	states := make([]state, total)
	succ := make([][]int, total)
	val := make([]solve.Value, total)
	for a1 := range 10 {
		for a2 := range 10 {
			for b1 := range 10 {
				for b2 := range 10 {
					for y := range 10 {
						for moved := range 2 {
							s := state{a1, a2, b1, b2, y, moved}
							i := id(s)
							states[i] = s
							val[i] = solve.Value{Outcome: game.Unknown, Remoteness: -1}
							if moved == 1 && y == 0 {
								val[i] = solve.Value{Outcome: game.Lose} // the opponent made a 0
								continue
							}
							n1, n2 := (a1+y)%10, (a2+y)%10
							succ[i] = []int{id(state{b1, b2, n1, a2, n1, 1}), id(state{b1, b2, a1, n2, n2, 1})}
						}
					}
				}
			}
		}
	}
	for round := 1; ; round++ {
		snap := append([]solve.Value(nil), val...)
		changed := false
		for i := range total {
			if snap[i].Outcome != game.Unknown {
				continue
			}
			anyLose, allWin := false, true
			for _, j := range succ[i] {
				anyLose = anyLose || snap[j].Outcome == game.Lose
				allWin = allWin && snap[j].Outcome == game.Win
			}
			if anyLose {
				val[i], changed = solve.Value{Outcome: game.Win, Remoteness: round}, true
			} else if allWin {
				val[i], changed = solve.Value{Outcome: game.Lose, Remoteness: round}, true
			}
		}
		if !changed {
			break
		}
	}
	s := solve.NewRetro[CardsPos](Cards{}, nil)
	if err := s.Solve(context.Background(), CardsPos{Start: true}); err != nil {
		t.Fatal(err)
	}
	for i := range (Cards{}).Size() {
		if p := (Cards{}).Position(i); (Cards{}).Index(p) != i {
			t.Fatalf("index %d does not round-trip: %+v", i, p)
		}
	}
	var counts [3]int
	for a1 := range 10 {
		for a2 := range 10 {
			for b1 := range 10 {
				for b2 := range 10 {
					want := val[id(state{a1, a2, b1, b2, 0, 0})]
					if want.Outcome == game.Unknown {
						want = solve.Value{Outcome: game.Draw, Remoteness: -1}
					}
					p, err := ParseCards([]string{fmt.Sprintf("%d,%d", a1, a2), fmt.Sprintf("%d,%d", b1, b2)})
					if err != nil {
						t.Fatal(err)
					}
					got, _ := s.Value(p)
					if got != want {
						t.Fatalf("cards %v: retrograde %+v, brute force %+v", FormatCards(p), got, want)
					}
					counts[want.Outcome+1]++
				}
			}
		}
	}
	t.Logf("starting hands (ordered): %d lose, %d draw, %d win for the first player", counts[0], counts[1], counts[2])
	if counts[1] == 0 {
		t.Fatalf("no drawn starting position: the seed says the game has draws")
	}
}

func TestCardsParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"1,2", "3,4"}, true},
		{[]string{"1,2", "3,4", "4"}, true},
		{[]string{"1,2", "3,4", "5"}, false}, // 5 not in the opponent's hand
		{[]string{"1,2", "3,0", "0"}, true},  // game over
		{[]string{"1,2"}, false},
		{[]string{"1,12", "3,4"}, false},
		{[]string{"1;2", "3,4"}, false},
	} {
		_, err := ParseCards(tc.args)
		if (err == nil) != tc.ok {
			t.Errorf("ParseCards(%q) error %v, want ok=%v", tc.args, err, tc.ok)
		}
	}
}
