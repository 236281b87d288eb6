package games

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/grundy-go/grundy/limits"
)

// quixo5Published are the per-tier counts of Quixo 5x5 with at most one
// blank cell, o to move, {x, o, win, lose, draw} for the player to move,
// every board counted (reachable or not): Tanaka, Bonnet, Tixeuil and
// Tamura, "Quixo Is Solved" (arXiv 2007.15895), the result file
// result-5by5-activeIsO.txt of the authors' solver (github.com/st34-satoshi/
// quixo-cpp), sections "total = 25" and "total = 24".
var quixo5Published = [][5]int64{
	{25, 0, 0, 1, 0}, {24, 1, 0, 25, 0}, {23, 2, 0, 300, 0}, {22, 3, 0, 2300, 0},
	{21, 4, 0, 12650, 0}, {20, 5, 12, 53118, 0}, {19, 6, 304, 176796, 0},
	{18, 7, 3304, 477396, 0}, {17, 8, 21536, 1060039, 0}, {16, 9, 110114, 1932861, 0},
	{15, 10, 436320, 2832416, 24}, {14, 11, 1251548, 3202644, 3208},
	{13, 12, 2572251, 2519395, 108654}, {12, 13, 4474366, 684731, 41203},
	{11, 14, 4183052, 273388, 960}, {10, 15, 3188460, 80292, 8}, {9, 16, 2027081, 15894, 0},
	{8, 17, 1079295, 2280, 0}, {7, 18, 480320, 380, 0}, {6, 19, 177060, 40, 0},
	{5, 20, 53128, 2, 0}, {4, 21, 12650, 0, 0}, {3, 22, 2300, 0, 0}, {2, 23, 300, 0, 0},
	{1, 24, 25, 0, 0}, {0, 25, 1, 0, 0},
	{24, 0, 0, 25, 0}, {23, 1, 0, 600, 0}, {22, 2, 0, 6900, 0}, {21, 3, 0, 50600, 0},
	{20, 4, 0, 265650, 0}, {19, 5, 400, 1062200, 0}, {18, 6, 8088, 3356812, 0},
	{17, 7, 75588, 8577012, 0}, {16, 8, 526253, 17860522, 0}, {15, 9, 2657244, 30030292, 64},
	{14, 10, 9303796, 39717120, 10484}, {13, 11, 22867964, 39017000, 518636},
	{12, 12, 47587226, 12697868, 7318806}, {11, 13, 57545724, 4781100, 76776},
	{10, 14, 47370928, 1659100, 1372}, {9, 15, 32283000, 404584, 16}, {8, 16, 18322999, 63776, 0},
	{7, 17, 8645760, 6840, 0}, {6, 18, 3364140, 760, 0}, {5, 19, 1062560, 40, 0},
	{4, 20, 265650, 0, 0}, {3, 21, 50600, 0, 0}, {2, 22, 6900, 0, 0}, {1, 23, 600, 0, 0},
	{0, 24, 25, 0, 0},
}

// TestQuixo5x5OneBlank solves every tier of Quixo 5x5 with at most one blank
// cell (4.5*10^8 boards seen from the mover) and compares the counts with
// the published ones. It takes about an hour of CPU and 1 GB of RAM and
// writes 0.9 GB of tier files: set GRUNDY_QUIXO5=1 (GRUNDY_QUIXO5_DIR=DIR
// keeps the files there and resumes from them; GRUNDY_TIER_BLANKS=0 solves
// only the full boards).
func TestQuixo5x5OneBlank(t *testing.T) {
	if os.Getenv("GRUNDY_QUIXO5") == "" {
		t.Skip("set GRUNDY_QUIXO5=1 to solve the tiers of Quixo 5x5 with at most one blank")
	}
	blanks := 1
	if os.Getenv("GRUNDY_TIER_BLANKS") == "0" {
		blanks = 0
	}
	dir := os.Getenv("GRUNDY_QUIXO5_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	inst, err := OpenQuixo("5x5")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := inst.(TierSolvable).TierSolver(&limits.Budget{}, TierOptions{DB: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	start := time.Now()
	counts, err := ts.Tiers(context.Background(), blanks)
	if err != nil {
		t.Fatal(err)
	}
	var positions uint64
	for _, st := range ts.Stats() {
		positions += st.Positions
		t.Logf("tier %-7s %11d boards  %8.1f s%s", st.Name, st.Positions, st.Duration.Seconds(), map[bool]string{true: " (resumed)"}[st.Resumed])
	}
	t.Logf("%d boards seen from the mover in %.0f s", positions, time.Since(start).Seconds())
	got := map[[2]int]TierCount{}
	for _, c := range counts {
		t.Logf("x %2d  o %2d  %s to move: win %d, lose %d, draw %d", c.X, c.O, c.ToMove, c.Win, c.Lose, c.Draw)
		if c.ToMove == "o" {
			got[[2]int{c.X, c.O}] = c
		}
	}
	for _, want := range quixo5Published {
		x, o := int(want[0]), int(want[1])
		if 25-x-o > blanks {
			continue
		}
		c := got[[2]int{x, o}]
		if c.Win != want[2] || c.Lose != want[3] || c.Draw != want[4] {
			t.Errorf("x %d o %d, o to move: win %d lose %d draw %d, published %d %d %d", x, o, c.Win, c.Lose, c.Draw, want[2], want[3], want[4])
		}
	}
	fmt.Fprintln(os.Stderr, "quixo 5x5 tiers compared with the published counts")
}
