package games

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// publishedCram holds the published values of the empty Cram boards
// (columns x rows; a board and its transpose have one value) within 5 x 10,
// 6 x 8 and 7 x 7: Piotr Beling's table in the README of his solver's
// repository (beling/impartial-games, "The results obtained so far"),
// which lists the smaller boards as first computed by Lemoine and
// Viennot's Glop and by Martin Schneider's thesis "Das Spiel Juvavum"
// (2009). The boards of 3 columns or rows come from neither table and are
// not listed; even-by-even boards are 0 by the symmetry strategy.
var publishedCram = map[string]game.Nimber{
	"4x4": 0, "4x5": 2, "4x6": 0, "4x7": 3, "4x8": 0, "4x9": 1, "4x10": 0,
	"5x5": 0, "5x6": 2, "5x7": 1, "5x8": 1, "5x9": 1, "5x10": 2,
	"6x6": 0, "6x7": 5, "6x8": 0,
	"7x7": 1,
}

// TestCramPublished checks the engine on the published boards that it
// values in well under a second (the rest are for TestCramBoards).
func TestCramPublished(t *testing.T) {
	inst := &cramInstance{symmetry: true}
	e := inst.Evaluator(nil)
	for _, board := range []string{"4x4", "4x5", "5x4", "4x6", "4x7", "7x4", "5x5", "5x6", "6x5", "6x6"} {
		want, ok := publishedCram[board]
		if !ok {
			w, h, _ := strings.Cut(board, "x")
			want = publishedCram[h+"x"+w]
		}
		if got := cramValue(t, e, inst, board); got != want {
			t.Errorf("cram %s = %d, published %d", board, got, want)
		}
	}
}

// TestCramBoards values the boards listed in GRUNDY_CRAM_BOARDS (e.g.
// "5x7 7x5 cram:nosymmetry:6x6"; a board may be prefixed with the game
// token) one after the other, each with a fresh engine, and prints its
// value, the states expanded, the CPU time and the memory the engine
// accounted for, checking the published value when there is one. Run it
// on one core with
//
//	GRUNDY_CRAM_BOARDS="7x4 6x5 5x7" GOMAXPROCS=1 go test ./games -run TestCramBoards -v
func TestCramBoards(t *testing.T) {
	list := os.Getenv("GRUNDY_CRAM_BOARDS")
	if list == "" {
		t.Skip("set GRUNDY_CRAM_BOARDS to the boards to value (e.g. \"5x7 7x5\")")
	}
	for _, item := range strings.Fields(list) {
		inst := &cramInstance{symmetry: true}
		board := item
		if rest, ok := strings.CutPrefix(item, "cram:nosymmetry:"); ok {
			inst.symmetry, board = false, rest
		}
		budget := &limits.Budget{}
		e := inst.Evaluator(budget)
		runtime.GC()
		cpu0, start := cramCPU(), time.Now()
		v := cramValue(t, e, inst, board)
		cpu, wall := cramCPU()-cpu0, time.Since(start)
		entries, replaced := e.(*cramEval).memoized()
		line := fmt.Sprintf("%s %s: value %d, %d states, %d memo entries (%d replaced), CPU %.2f s, wall %.2f s, memory %s", inst.Name(), board, v, e.States(), entries, replaced, cpu, wall.Seconds(), limits.Bytes(budget.Memory()))
		w, h, _ := strings.Cut(board, "x")
		want, ok := publishedCram[board]
		if !ok {
			want, ok = publishedCram[h+"x"+w]
		}
		if ok {
			line += fmt.Sprintf(" (published %d)", want)
			if v != want {
				t.Errorf("cram %s = %d, published %d", board, v, want)
			}
		}
		fmt.Println(line)
	}
}
