package query

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
)

// TestMatch plays games move by move (each move picked by the position it
// leaves) and checks how the shared end-of-game rule ends them. Each row's
// result is worked out by hand in its comment.
func TestMatch(t *testing.T) {
	tests := []struct {
		name   string
		start  string
		misere bool
		moves  []string // the positions left, player 0 moving first
		want   Ending
		totals [2]int64
	}{
		// Player 0 takes the last token; player 1 cannot move and loses
		// under normal play.
		{"nim normal", "nim 1", false, []string{"nim 0"}, Ending{Winner: 0}, [2]int64{}},
		// Under misère play the player who cannot move wins.
		{"nim misere", "nim 1", true, []string{"nim 0"}, Ending{Winner: 1}, [2]int64{}},
		// x completes the top row on the fifth mark: o, to move, has lost.
		{"tictactoe line", "tictactoe", false,
			[]string{"tictactoe x../.../...", "tictactoe x../o../...", "tictactoe xx./o../...", "tictactoe xx./oo./...", "tictactoe xxx/oo./..."},
			Ending{Winner: 0}, [2]int64{}},
		// Totals: player 0 takes 3 then 2 (5), player 1 takes 9 then 1
		// (10): player 1 wins by 5.
		{"ends", "ends 3 9 1 2", false, []string{"ends 9 1 2", "ends 1 2", "ends 1", "ends"}, Ending{Winner: 1}, [2]int64{5, 10}},
		// Each takes a 5: level totals, a draw.
		{"ends level", "ends 5 5", false, []string{"ends 5", "ends"}, Ending{Draw: true, Winner: -1}, [2]int64{5, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			pos, err := ParseString(tt.start)
			if err != nil {
				t.Fatal(err)
			}
			pl := NewPlayer(PlayOptions{Misere: tt.misere})
			m := NewMatch(pos)
			for i, want := range tt.moves {
				a, err := pl.Analyze(ctx, pos)
				if err != nil {
					t.Fatal(err)
				}
				if m.Finish(a) != nil {
					t.Fatalf("game over after %d moves at %s", i, pos)
				}
				var mv *PlayMove
				for j := range a.Moves {
					if a.Moves[j].Position == want {
						mv = &a.Moves[j]
					}
				}
				if mv == nil {
					t.Fatalf("move %d: %s is not a move from %s", i+1, want, pos)
				}
				if e := m.Play(mv); e != nil {
					t.Fatalf("move %d: ended %+v", i+1, e)
				}
				pos = mv.After()
			}
			a, err := pl.Analyze(ctx, pos)
			if err != nil {
				t.Fatal(err)
			}
			e := m.Finish(a)
			if e == nil {
				t.Fatalf("game not over at %s, want %+v", pos, tt.want)
			}
			if *e != tt.want || m.Totals() != tt.totals {
				t.Errorf("ending %+v totals %v, want %+v %v", *e, m.Totals(), tt.want, tt.totals)
			}
		})
	}
}

// TestMatchRepetition: the third occurrence of a position is a draw, and
// not the second; the start counts as one.
func TestMatchRepetition(t *testing.T) {
	parse := func(s string) games.Position {
		p, err := ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := parse("quixo:3x3 x../.../... o"), parse("quixo:3x3 o../.../... x")
	m := NewMatch(a)
	seq := []games.Position{b, a, b} // a twice, b twice: no end yet
	for i, p := range seq {
		if e := m.Play(&PlayMove{after: p}); e != nil {
			t.Fatalf("move %d: ended %+v after a position's second occurrence", i+1, e)
		}
	}
	e := m.Play(&PlayMove{after: a}) // a's third occurrence
	if e == nil || !e.Draw || !e.Repetition || e.Line([2]string{"human", "computer"}) != "result: draw" {
		t.Fatalf("third occurrence: ending %+v, want a draw by repetition", e)
	}
	if m.Moves() != 4 || m.Mover() != 0 {
		t.Errorf("moves %d mover %d, want 4 and 0", m.Moves(), m.Mover())
	}
	if w := (&Ending{Winner: 1}).Line([2]string{"human", "computer"}); w != "winner: computer" {
		t.Errorf("line %q", w)
	}
}

// endsOutcome is the result, by the plain recursion over the game and not
// over margins, of a match of the ends game at row with the player to move
// lead points ahead: with no card left the larger total wins; otherwise
// the mover takes an end and the opponent, lead+taken points behind, plays
// on the rest. The mover wins when some move leaves the opponent a loss.
func endsOutcome(row []int64, lead int64) game.Outcome {
	if len(row) == 0 {
		return marginOutcomeBrute(lead)
	}
	best := game.Lose
	for _, take := range []struct {
		card int64
		rest []int64
	}{{row[0], row[1:]}, {row[len(row)-1], row[:len(row)-1]}} {
		best = max(best, flip(endsOutcome(take.rest, -(lead+take.card))))
	}
	return best
}

// endsBest is the best final margin still to come for the player to move
// on row (the opponent then plays on what is left).
func endsBest(row []int64) int64 {
	if len(row) == 0 {
		return 0
	}
	return max(row[0]-endsBest(row[1:]), row[len(row)-1]-endsBest(row[:len(row)-1]))
}

func marginOutcomeBrute(lead int64) game.Outcome {
	if lead > 0 {
		return game.Win
	}
	if lead < 0 {
		return game.Lose
	}
	return game.Draw
}

// flip is the outcome of the other player.
func flip(o game.Outcome) game.Outcome {
	switch o {
	case game.Win:
		return game.Lose
	case game.Lose:
		return game.Win
	}
	return o
}

// TestMatchCountsStanding plays random games of ends through a Match and
// checks, at every position, the counted analysis (Match.Count) against
// the brute force above: the mover's outcome and final margin count the
// points already taken, and so does every move's. The game is the
// first: after 3 and 9 are taken, the human to move on "1 2" is 6 behind
// and loses by 5, though the position alone is worth +1.
func TestMatchCountsStanding(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(29, 1))
	rows := [][]int64{{3, 9, 1, 2}}
	for range 150 {
		row := make([]int64, 1+rng.IntN(7))
		for i := range row {
			row[i] = int64(rng.IntN(10))
		}
		rows = append(rows, row)
	}
	counted := 0
	for gi, row := range rows {
		text := "ends"
		for _, c := range row {
			text += " " + strconv.FormatInt(c, 10)
		}
		pos, err := ParseString(text)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewPlayer(PlayOptions{})
		m := NewMatch(pos)
		for {
			raw, err := pl.Analyze(ctx, pos)
			if err != nil {
				t.Fatal(err)
			}
			a := m.Count(raw)
			lead := m.Standing()
			if a.Score == nil || *a.Score != lead+endsBest(row) || a.Outcome != endsOutcome(row, lead) {
				t.Fatalf("%s, lead %d: counted outcome %v margin %v, want %v %+d", a.Position, lead, a.Outcome, a.Score, endsOutcome(row, lead), lead+endsBest(row))
			}
			if *raw.Score != endsBest(row) {
				t.Fatalf("%s: the uncounted analysis changed: margin %d, want %d", a.Position, *raw.Score, endsBest(row))
			}
			if m.Count(a) != a {
				t.Fatalf("%s: counting twice changed the analysis", a.Position)
			}
			if lead != 0 {
				counted++
			}
			if len(row) == 0 {
				if e := m.Finish(raw); e == nil || e.Draw != (lead == 0) || !e.Draw && (e.Winner == m.Mover()) != (lead > 0) {
					t.Fatalf("game %d ended %+v with the mover %d ahead", gi, e, lead)
				}
				break
			}
			// Each move: its maker's outcome is the opponent's result
			// after it, reversed.
			rests := map[string][]int64{}
			for _, r := range [][]int64{row[1:], row[:len(row)-1]} {
				k := "ends"
				for _, c := range r {
					k += " " + strconv.FormatInt(c, 10)
				}
				rests[k] = r
			}
			for _, mv := range a.Moves {
				rest, ok := rests[mv.Position]
				if !ok {
					t.Fatalf("%s: move to %s", a.Position, mv.Position)
				}
				taken := endsSum(row) - endsSum(rest)
				want := flip(endsOutcome(rest, -(lead + taken)))
				if mv.Outcome != want || mv.Score == nil || *mv.Score != lead+taken-endsBest(rest) {
					t.Fatalf("%s, lead %d: move to %s counted %v %v, want %v %+d", a.Position, lead, mv.Position, mv.Outcome, mv.Score, want, lead+taken-endsBest(rest))
				}
			}
			mv := a.Moves[rng.IntN(len(a.Moves))]
			if e := m.Play(&mv); e != nil {
				t.Fatalf("ended early: %+v", e)
			}
			pos, row = mv.After(), rests[mv.Position]
		}
	}
	if counted < 100 {
		t.Fatalf("only %d positions with a lead: the test saw too few", counted)
	}
}

func endsSum(row []int64) int64 {
	var s int64
	for _, c := range row {
		s += c
	}
	return s
}
