package query

import (
	"context"
	"fmt"
	"strings"
	"testing"

	_ "github.com/grundy-go/grundy/script" // the .star loader
)

// TestMisereScriptInGroups checks misère play of a rule script written in
// two groups, which loads the script twice: the positions of the two
// loadings are numbered apart, so they must not be taken for one another.
// examples/subtract.star is the subtraction game S = {1, 3, 4}; the naive
// search plays subtract:1,3,4 from its definition.
func TestMisereScriptInGroups(t *testing.T) {
	const script = "../examples/subtract.star"
	ctx := context.Background()
	memo := naiveMisere{}
	for a := 0; a <= 9; a++ {
		for b := 0; b <= 9; b++ {
			text := fmt.Sprintf("%s %d + %s %d", script, a, script, b)
			pos, err := Parse(strings.Fields(text), OSFiles(context.Background()))
			if err != nil {
				t.Fatal(err)
			}
			res, err := MisereValue(ctx, pos, nil)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			// Read the result as the same moves of subtract:1,3,4.
			for i, m := range res.WinningMoves {
				res.WinningMoves[i].PositionAfter = strings.ReplaceAll(m.PositionAfter, script, "subtract:1,3,4")
			}
			checkMisere(t, memo, []naiveHeap{{"subtract:1,3,4", a}, {"subtract:1,3,4", b}}, res)
		}
	}
}
