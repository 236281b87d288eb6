package query

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// TestMisereScriptsByMoves checks that one rule script loaded from two
// paths is one heap game in a misère sum: the groups play the same game
// because their moves are the same, whatever their paths, so one quotient
// answers. Every outcome is checked against the naive search of Dawson's
// Kayles, the script's rules (examples/strip.star).
func TestMisereScriptsByMoves(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("../examples/strip.star")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.star"), filepath.Join(dir, "b.star")
	for _, path := range []string{a, b} {
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(31, 7))
	quotients := 0
	for range 40 {
		n := []int{3 + r.IntN(12), 3 + r.IntN(12), r.IntN(10)}
		pos, err := Parse(strings.Fields(fmt.Sprintf("%s %d + %s %d %d", a, n[0], b, n[1], n[2])), OSFiles(ctx))
		if err != nil {
			t.Fatal(err)
		}
		res, err := MisereValue(ctx, pos, nil)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		want := game.Lose.Class()
		if memo.wins([]naiveHeap{{"dawson-kayles", n[0]}, {"dawson-kayles", n[1]}, {"dawson-kayles", n[2]}}) {
			want = game.Win.Class()
		}
		if res.Outcome != want {
			t.Fatalf("%s: misère outcome %s by %s, naive search says %s", pos, res.Outcome, res.Method, want)
		}
		if res.Method == "quotient" {
			quotients++
		}
	}
	if quotients == 0 {
		t.Error("no sum of the script under two paths was answered by its quotient")
	}
}
