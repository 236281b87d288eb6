package games

import (
	"fmt"
	"math/bits"
	"os"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
)

// denseRectValues values every position of a w x h board (w*h <= 31) by
// brute force over whole-board bitmasks, like bruteRectTable (bit r*w+c:
// cell (r, c) is open; no splitting, no symmetry, no engine), but with one
// byte per board and the rectangles of open cells found from the runs of
// each row, so that 6 x 5 (2^30 boards, 1 GiB) is within reach: it is the
// method independent of the engine that checks the engine's values of the
// larger boards. Crossing a rectangle clears bits, so every option is a
// smaller mask and one pass in increasing order suffices. It fails if an
// option's value is 128 or more (the mex is kept in two words).
func denseRectValues(w, h int) ([]uint8, error) {
	row := uint32(1)<<w - 1
	table := make([]uint8, 1<<(w*h))
	for m := uint32(1); m < uint32(len(table)); m++ {
		var seen [2]uint64 // the option values, each below 128
		for cells := m; cells != 0; cells &= cells - 1 {
			start := bits.TrailingZeros32(cells)
			r1, c1 := start/w, start%w
			run := w - c1
			var rows uint32 // bit r*w of each row r1..r
			for r := r1; r < h; r++ {
				run = min(run, bits.TrailingZeros32(^(m >> (r*w + c1) & row)))
				if run == 0 {
					break
				}
				rows |= 1 << (r * w)
				for k := 1; k <= run; k++ {
					// The pattern is narrower than a row, so the product
					// places it on each row without carries.
					v := table[m&^(rows*(1<<k-1)<<c1)]
					if v >= 128 {
						return nil, fmt.Errorf("board %#x has an option of value %d, more than the mex's 128 bits", m, v)
					}
					seen[v>>6] |= 1 << (v & 63)
				}
			}
		}
		v := bits.TrailingZeros64(^seen[0])
		if v == 64 {
			v += bits.TrailingZeros64(^seen[1])
		}
		table[m] = uint8(v)
	}
	return table, nil
}

// TestRectanglesDense checks denseRectValues against bruteRectTable on
// every board of up to 16 cells of the small sizes.
func TestRectanglesDense(t *testing.T) {
	for _, d := range [][2]int{{3, 3}, {4, 3}, {4, 4}, {8, 2}, {3, 5}} {
		w, h := d[0], d[1]
		got, err := denseRectValues(w, h)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteRectTable(w, h)
		for m := range want {
			if game.Nimber(got[m]) != want[m] {
				t.Fatalf("%dx%d board %s: dense %d, brute force %d", w, h, maskBoard(w, h, uint32(m)), got[m], want[m])
			}
		}
	}
}

// TestRectanglesDenseBig values one board W x H given as GRUNDY_RECT_DENSE
// (e.g. 6x5: 2^30 boards, 1 GiB, tens of minutes) by denseRectValues and
// prints the values of the empty board and of its empty sub-boards (each
// is the full board with some last rows and columns crossed), against the
// engine's where it answers quickly (up to 6 x 4 and 5 x 5), for
// docs/boards.md.
func TestRectanglesDenseBig(t *testing.T) {
	var w, h int
	if _, err := fmt.Sscanf(os.Getenv("GRUNDY_RECT_DENSE"), "%dx%d", &w, &h); err != nil {
		t.Skip("set GRUNDY_RECT_DENSE=WxH (W*H <= 31) to value a board by the dense brute force")
	}
	if w < 1 || h < 1 || w*h > 31 {
		t.Fatalf("board %dx%d: want 1 <= W*H <= 31", w, h)
	}
	begin := time.Now()
	table, err := denseRectValues(w, h)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("dense %dx%d: %d boards in %.1f s\n", w, h, len(table), time.Since(begin).Seconds())
	for sh := 1; sh <= h; sh++ {
		for sw := 1; sw <= w; sw++ {
			var m uint32
			for r := range sh {
				m |= (1<<sw - 1) << (r * w)
			}
			line := fmt.Sprintf("%d x %d: dense %d", sw, sh, table[m])
			if sw*sh <= 25 && sw > 1 && sh > 1 {
				line += fmt.Sprintf(", engine %d", engineRectValue(t, sw, sh))
			}
			fmt.Println(line)
		}
	}
}

// engineRectValue returns the engine's value of the empty w x h board.
func engineRectValue(t *testing.T, w, h int) game.Nimber {
	inst := newRectangles()
	comps, err := inst.Parse([]string{fmt.Sprintf("%dx%d", w, h)})
	if err != nil {
		t.Fatal(err)
	}
	v, err := inst.Evaluator(nil).Grundy(t.Context(), comps[0])
	if err != nil {
		t.Fatal(err)
	}
	return v
}
