package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/grundy-go/grundy/query"
)

// ansi matches the escape sequences of the view's styles.
var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// analysedModel is the model of a game of position on a window of w x h,
// with the start valued and the human to move, as after the first frame.
func analysedModel(t *testing.T, position string, w, h int, hint bool) *playModel {
	t.Helper()
	pos, err := query.ParseString(position)
	if err != nil {
		t.Fatal(err)
	}
	cfg := playConfig{
		player: query.NewPlayer(query.PlayOptions{}),
		start:  pos,
		hint:   hint,
		turn: func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 10*time.Second)
		},
	}
	m := newPlayModel(cfg)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	ctx, cancel := cfg.turn()
	defer cancel()
	a, err := cfg.player.Analyze(ctx, pos)
	if err != nil {
		t.Fatal(err)
	}
	m.Update(analysedMsg{a: a})
	return m
}

// TestTUIViewFitsWindow: the view never takes more lines than the window
// has, and when it hides moves it leaves no line empty: the menu takes
// every line the rest of the view leaves (an 80x24 terminal used to show
// 10 moves of 60 with five blank lines below).
func TestTUIViewFitsWindow(t *testing.T) {
	positions := []string{"rectangles 3x4", "nim 3 4 5", "kayles 30", "nim 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", "rook ..../..../..../o..."}
	for _, size := range [][2]int{{80, 24}, {60, 20}, {120, 40}, {80, 12}} {
		for _, p := range positions {
			for _, hint := range []bool{false, true} {
				m := analysedModel(t, p, size[0], size[1], hint)
				view := m.View().Content
				lines := strings.Count(view, "\n")
				moves := len(m.analysis.Moves)
				shown := strings.Count(view, ". "+strings.Fields(p)[0]+" ")
				switch {
				case !strings.Contains(view, "move> "):
					t.Errorf("%s on %v: no input line:\n%s", p, size, view)
				case shown < moves && lines != size[1] && shown > 3:
					t.Errorf("%s on %v: %d of %d moves in %d lines of %d:\n%s", p, size, shown, moves, lines, size[1], view)
				case shown == moves && lines > size[1]:
					t.Errorf("%s on %v: %d lines for a window of %d:\n%s", p, size, lines, size[1], view)
				}
				if shown < moves && !strings.Contains(view, "of "+strconv.Itoa(moves)+" moves") {
					t.Errorf("%s on %v: hidden moves not counted:\n%s", p, size, view)
				}
			}
		}
	}
}

// TestTUIEmptyBoard: rectangles 3x4 (W x H: 3 columns, 4 rows, all open)
// is drawn as its grid before the first move, not as the text "3x4".
func TestTUIEmptyBoard(t *testing.T) {
	view := ansi.ReplaceAllString(analysedModel(t, "rectangles 3x4", 80, 30, false).View().Content, "")
	if !strings.Contains(view, "  rectangles\n      . . .\n      . . .\n      . . .\n      . . .\n\n") || strings.Contains(view, "3x4") {
		t.Errorf("the empty board is not drawn:\n%s", view)
	}
}

// TestTUIRecord: once the full-screen view is gone, the game stays in the
// terminal: the moves, the final board and the result, exactly as
// docs/play.md shows for rectangles 3x4 played with Enter on the first
// move each turn.
func TestTUIRecord(t *testing.T) {
	m, _ := runTUI(t, "rectangles 3x4", human, false, "\r", "\r", "\r", "\r")
	var rec bytes.Buffer
	m.printRecord(&rec)
	doc, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(doc), "A game of `grundy play rectangles 3x4` lost to the computer ends with:\n\n```text\n")
	want, _, _ := strings.Cut(after, "```")
	if got := ansi.ReplaceAllString(rec.String(), ""); got != want || want == "" {
		t.Errorf("record:\n%s\ndocs/play.md shows:\n%s", got, want)
	}
	m, _ = runTUI(t, "nim 5 6", human, false, "\x1b")
	rec.Reset()
	m.printRecord(&rec)
	if !strings.HasSuffix(rec.String(), "game abandoned at nim 5 6\n") {
		t.Errorf("abandoned game's record:\n%s", rec.String())
	}
}

// TestPlayTerminalPrintsRecord runs the terminal face itself: after the
// program ends (Ctrl+C typed), the record follows the last frame.
func TestPlayTerminalPrintsRecord(t *testing.T) {
	pos, err := query.ParseString("nim 2 3")
	if err != nil {
		t.Fatal(err)
	}
	cfg := playConfig{
		player: query.NewPlayer(query.PlayOptions{}),
		start:  pos,
		turn: func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 10*time.Second)
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	inR, inW := io.Pipe()
	defer inW.Close()
	out := &syncBuffer{}
	done := make(chan struct{})
	go func() {
		// Ctrl+C until the program ends (a window of unknown size may
		// draw nothing before it).
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
				_, _ = io.WriteString(inW, "\x03")
			}
		}
	}()
	err = playTerminal(ctx, cfg, inR, out)
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	got := ansi.ReplaceAllString(out.String(), "")
	if !strings.HasSuffix(got, "grundy play nim 2 3\n  nim\n         2  ● ●\n         3  ● ● ●\ngame abandoned at nim 2 3\n") {
		t.Errorf("output does not end with the record:\n%q", got[max(0, len(got)-300):])
	}
}
