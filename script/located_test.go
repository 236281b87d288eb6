package script_test

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/script"
)

// TestErrorLocation: an error in a script carries its place as data
// (game.Located): the line, and the column where the parser or the call
// stack gives one, counted by hand in each source below.
func TestErrorLocation(t *testing.T) {
	for _, c := range []struct {
		name, src    string
		line, col    int  // col 0: any
		atLoad       bool // the error comes from loading, not from moves(3)
		input, limit bool
	}{
		{"syntax", "def moves(n):\n    return [n - 1\n", 3, 0, true, true, false},
		{"load statement", "x = 1\nload('a.star', 'b')\ndef moves(n):\n    return []\n", 2, 1, true, true, false},
		{"undefined name", "def moves(n):\n    return [n - 1, nothing]\n", 2, 20, true, true, false},
		{"no parameter", "\n\ndef moves():\n    return []\n", 3, 1, true, true, false}, // the def
		{"top level", "x = 1\ny = x + None\ndef moves(n):\n    return []\n", 2, 7, true, true, false},
		{"runtime", "def moves(n):\n    m = n\n    return [m // 0]\n", 3, 15, false, true, false},
		{"bad result", "def moves(n):\n    return 7\n", 1, 1, false, true, false}, // the def
		{"call steps", "def moves(n):\n    while True:\n        n += 1\n", 3, 0, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			inst, err := script.LoadSource("s.star", []byte(c.src), io.Discard)
			if !c.atLoad {
				if err != nil {
					t.Fatalf("load: %v", err)
				}
				if c.limit {
					ctx := script.WithLimits(context.Background(), script.Limits{CallSteps: 10000})
					err = moves(ctx, inst)
				} else {
					err = moves(context.Background(), inst)
				}
			}
			var at game.Located
			if !errors.As(err, &at) {
				t.Fatalf("error %v has no place", err)
			}
			file, line, col := at.Location()
			if file != "s.star" || line != c.line || (c.col != 0 && col != c.col) || col < 0 {
				t.Errorf("%v: at %s:%d:%d, want s.star:%d:%d", err, file, line, col, c.line, c.col)
			}
			if errors.Is(err, game.ErrInput) != c.input || (game.KindOf(err) == game.KindLimit) != c.limit {
				t.Errorf("%v: kind %s", err, game.KindOf(err))
			}
		})
	}
}

// moves lists the moves of the script's heap 3 with one engine.
func moves(ctx context.Context, inst games.Instance) error {
	v := inst.(games.Valued)
	comps, err := v.Parse([]string{"3"})
	if err != nil {
		return err
	}
	_, err = v.Evaluator(nil).Grundy(ctx, comps[0])
	return err
}
