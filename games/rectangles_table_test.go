package games

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/limits"
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

// TestRectanglesBigBoards attempts the boards listed in GRUNDY_RECT_BOARDS
// (e.g. "6x5,6x6") within a budget: GRUNDY_RECT_TIMEOUT (a duration,
// default 10m) and GRUNDY_RECT_MEMORY (bytes the engines may account for,
// default 4 GiB). It prints each value, or the limit it stopped at, with
// time, states and accounted memory, for docs/boards.md.
func TestRectanglesBigBoards(t *testing.T) {
	boards := os.Getenv("GRUNDY_RECT_BOARDS")
	if boards == "" {
		t.Skip("set GRUNDY_RECT_BOARDS=6x5,6x6 to attempt big boards")
	}
	timeout := 10 * time.Minute
	if s := os.Getenv("GRUNDY_RECT_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		timeout = d
	}
	memory := int64(4 << 30)
	if s := os.Getenv("GRUNDY_RECT_MEMORY"); s != "" {
		if _, err := fmt.Sscan(s, &memory); err != nil {
			t.Fatal(err)
		}
	}
	for _, board := range strings.Split(boards, ",") {
		inst := newRectangles()
		comps, err := inst.Parse([]string{board})
		if err != nil {
			t.Fatal(err)
		}
		budget := &limits.Budget{MaxMemory: memory}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		begin := time.Now()
		ev := inst.Evaluator(budget)
		v, err := ev.Grundy(ctx, comps[0])
		cancel()
		took := time.Since(begin).Seconds()
		if err != nil {
			if !limits.IsLimit(err) {
				t.Fatal(err)
			}
			fmt.Printf("| %s | stopped: %v | %.1f s | %d | %s |\n", board, err, took, ev.States(), limits.Bytes(budget.Memory()))
			continue
		}
		fmt.Printf("| %s | %d | %.1f s | %d | %s |\n", board, v, took, ev.States(), limits.Bytes(budget.Memory()))
	}
}
