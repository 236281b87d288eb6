package games

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

// TestRectanglesEmptyTable prints the values of empty W x H boards with run
// time and states, for docs/boards.md. It runs only with
// GRUNDY_RECT_TABLE=CELLS (the largest board area to compute).
func TestRectanglesEmptyTable(t *testing.T) {
	var maxCells int
	if _, err := fmt.Sscan(os.Getenv("GRUNDY_RECT_TABLE"), &maxCells); err != nil {
		t.Skip("set GRUNDY_RECT_TABLE=CELLS to print the table")
	}
	for h := 1; h <= 8; h++ {
		for w := h; w <= 64; w++ {
			if w*h > maxCells {
				break
			}
			inst := newRectangles()
			comps, err := inst.Parse([]string{fmt.Sprintf("%dx%d", w, h)})
			if err != nil {
				t.Fatal(err)
			}
			begin := time.Now()
			ev := inst.Evaluator(nil)
			v, err := ev.Grundy(context.Background(), comps[0])
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("| %d x %d | %d | %.3f s | %d |\n", w, h, v, time.Since(begin).Seconds(), ev.States())
		}
	}
}
