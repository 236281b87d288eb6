package games

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// tttMinimax is an independent brute force: plain recursive minimax on a
// byte board, returning +1 (the player to move wins), 0 (draw), -1 (loses),
// recording every reachable board and its result in seen.
func tttMinimax(b *[9]byte, mover byte, seen map[[9]byte]int) int {
	if r, ok := seen[*b]; ok {
		return r
	}
	won := func(c byte) bool {
		for _, l := range [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
			if b[l[0]] == c && b[l[1]] == c && b[l[2]] == c {
				return true
			}
		}
		return false
	}
	other := byte('x' + 'o' - mover)
	result := -2
	switch {
	case won(other):
		result = -1
	default:
		for i := range 9 {
			if b[i] != '.' {
				continue
			}
			b[i] = mover
			result = max(result, -tttMinimax(b, other, seen))
			b[i] = '.'
		}
		if result == -2 { // full board, no line
			result = 0
		}
	}
	seen[*b] = result
	return result
}

func TestTicTacToeAgreesWithMinimax(t *testing.T) {
	empty := [9]byte{'.', '.', '.', '.', '.', '.', '.', '.', '.'}
	seen := map[[9]byte]int{}
	if r := tttMinimax(&empty, 'x', seen); r != 0 {
		t.Fatalf("minimax says the empty board is %d", r)
	}
	var want solve.Counts
	for _, r := range seen {
		switch r {
		case 1:
			want.Win++
		case -1:
			want.Lose++
		default:
			want.Draw++
		}
	}
	// 5478 boards are reachable in play (the well-known count of legal
	// tic-tac-toe positions, the empty board included).
	if n := want.Win + want.Lose + want.Draw; n != 5478 {
		t.Fatalf("minimax reached %d boards, want 5478", n)
	}
	s := solve.NewRetro[TicTacToePos](TicTacToe{}, nil)
	if err := s.Solve(context.Background(), TicTacToePos{}); err != nil {
		t.Fatal(err)
	}
	if got := s.Counts(); got != want {
		t.Fatalf("retrograde counts %+v, minimax %+v", got, want)
	}
	if v, _ := s.Value(TicTacToePos{}); v.Outcome != game.Draw {
		t.Fatalf("empty board: %+v, want a draw", v)
	}
	for board, r := range seen {
		var text string
		for _, c := range board {
			text += string(c)
		}
		p, err := ParseTicTacToe(text)
		if err != nil {
			t.Fatalf("parse %s: %v", text, err)
		}
		v, _ := s.Value(p)
		if want := []game.Outcome{game.Lose, game.Draw, game.Win}[r+1]; v.Outcome != want {
			t.Fatalf("%s: %v, minimax %v", text, v.Outcome, want)
		}
	}
}

func TestTicTacToeParse(t *testing.T) {
	for _, tc := range []struct {
		arg string
		ok  bool
	}{
		{"x.o/.x./..o", true},
		{"x.o.x...o", true},
		{"xxx/oo./...", true},
		{"xxx/ooo/...", false}, // both lines
		{"xxx/oo./o..", false}, // x line but o moved last
		{"xx./.../...", false}, // two x, no o
		{"x.o/.x./..", false},  // 8 cells
		{"x.o/.y./..o", false},
	} {
		_, err := ParseTicTacToe(tc.arg)
		if (err == nil) != tc.ok {
			t.Errorf("ParseTicTacToe(%q) error %v, want ok=%v", tc.arg, err, tc.ok)
		}
	}
}
