package query

import (
	"context"
	"testing"

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
			pos, err := games.ParseString(tt.start)
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
				pos = mv.After
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
		p, err := games.ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := parse("quixo:3x3 x../.../... o"), parse("quixo:3x3 o../.../... x")
	m := NewMatch(a)
	seq := []games.Position{b, a, b} // a twice, b twice: no end yet
	for i, p := range seq {
		if e := m.Play(&PlayMove{After: p}); e != nil {
			t.Fatalf("move %d: ended %+v after a position's second occurrence", i+1, e)
		}
	}
	e := m.Play(&PlayMove{After: a}) // a's third occurrence
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
