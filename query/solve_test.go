package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// mustParse parses s as the command line does, reading the files it names
// (graph:FILE).
func mustParse(t *testing.T, s string) games.Position {
	t.Helper()
	pos, err := Parse(strings.Fields(s), OSFiles(context.Background()))
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return pos
}

func TestSolveGeneralGames(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		pos, outcome string
		remoteness   int // -1: none
		best         []string
	}{
		// Tic-tac-toe is a draw (checked against minimax in games); every
		// first move keeps the draw.
		{"tictactoe", "draw", -1, nil},
		// x to move completes the top row: a win in 1.
		{"tictactoe xx./oo./...", "win", 1, []string{"tictactoe xxx/oo./..."}},
		// ends 3 9 1 2: margin 7 by taking the 2 (hand computation in
		// games/ends_test.go).
		{"ends 3 9 1 2", "win", 4, []string{"ends 3 9 1"}},
		// cards: the player to move holds a 9 and y = 1 makes it a 0.
		{"cards 5,9 2,1 1", "win", 1, []string{"cards 1,2 0,5 0"}},
	} {
		res, err := Solve(ctx, mustParse(t, tc.pos), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		rem := -1
		if res.Remoteness != nil {
			rem = *res.Remoteness
		}
		if res.Outcome.String() != tc.outcome || rem != tc.remoteness {
			t.Errorf("%s: %s in %d, want %s in %d", tc.pos, res.Outcome, rem, tc.outcome, tc.remoteness)
		}
		if tc.best != nil && strings.Join(res.BestMoves, "|") != strings.Join(tc.best, "|") {
			t.Errorf("%s: best moves %q, want %q", tc.pos, res.BestMoves, tc.best)
		}
	}
}

// bouton is misère Nim by hand (Bouton 1902): when every heap is at most
// 1 the mover loses iff the number of 1-heaps is odd; otherwise iff the
// nim-sum is 0.
func bouton(heaps []int) game.Outcome {
	small, x := true, 0
	ones := 0
	for _, h := range heaps {
		small = small && h <= 1
		x ^= h
		ones += h
	}
	if small {
		return map[bool]game.Outcome{true: game.Lose, false: game.Win}[ones%2 == 1]
	}
	return game.OutcomeOf(game.Nimber(x))
}

// TestSolveImpartialSums: the retrograde outcome of impartial sums agrees
// with the Sprague-Grundy value (normal play) and with Bouton (misère Nim).
func TestSolveImpartialSums(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		heaps := make([]string, 1+r.IntN(3))
		ints := make([]int, len(heaps))
		for i := range heaps {
			ints[i] = r.IntN(6)
			heaps[i] = fmt.Sprint(ints[i])
		}
		text := "nim " + strings.Join(heaps, " ") + " + subtract:1-2 " + fmt.Sprint(r.IntN(8))
		pos := mustParse(t, text)
		sol, err := Solve(ctx, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		val, err := Value(ctx, mustParse(t, text), nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := val.Outcome.Outcome(); sol.Outcome != want {
			t.Fatalf("%s: solve %s, value %s", text, sol.Outcome, val.Outcome)
		}
		mis, err := SolveWith(ctx, mustParse(t, "nim "+strings.Join(heaps, " ")), SolveOptions{Misere: true})
		if err != nil {
			t.Fatal(err)
		}
		if want := bouton(ints); mis.Outcome != want {
			t.Fatalf("misère nim %v: solve %s, Bouton %s", ints, mis.Outcome, want)
		}
	}
}

func TestSolveLimits(t *testing.T) {
	_, err := Solve(context.Background(), mustParse(t, "nim 9 9 9"), &limits.Budget{MaxStates: 50})
	if !errors.Is(err, limits.ErrStateLimit) || !regexp.MustCompile(`reached \d+ positions`).MatchString(err.Error()) {
		t.Fatalf("err = %v, want a state limit naming the positions reached", err)
	}
	_, err = Solve(context.Background(), mustParse(t, "quixo:4x4"), &limits.Budget{MaxStates: 1000})
	if !errors.Is(err, limits.ErrStateLimit) || !strings.Contains(err.Error(), "43046721 positions") {
		t.Fatalf("err = %v", err)
	}
	// The CLI's default memory budget refuses quixo:5x5 up front.
	_, err = Solve(context.Background(), mustParse(t, "quixo:5x5"), &limits.Budget{MaxMemory: 4 << 30})
	if !errors.Is(err, limits.ErrMemoryLimit) || !strings.Contains(err.Error(), "memory limit of 4.0 GiB") || errors.Is(err, game.ErrInput) {
		t.Fatalf("err = %v, want a memory budget failure", err)
	}
	_, err = Solve(context.Background(), mustParse(t, "tictactoe + nim 1"), nil)
	if !errors.Is(err, game.ErrInput) {
		t.Fatalf("err = %v, want bad input", err)
	}
}

// TestLoopyValueAgreesWithSolve writes random cyclic graphs to files and
// checks, for sums of one to three tokens, that `value` (generalized
// Sprague-Grundy values) and `solve` (retrograde analysis of the whole
// sum) give the same outcome, and that every winning move `value` lists
// leaves a position `solve` finds lost.
func TestLoopyValueAgreesWithSolve(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(13, 14))
	seen := map[string]int{}
	for trial := range 500 {
		n := 2 + r.IntN(6)
		var b strings.Builder
		for u := range n {
			fmt.Fprintf(&b, "n%d\n", u)
			for range r.IntN(3) {
				fmt.Fprintf(&b, "n%d n%d\n", u, r.IntN(n))
			}
		}
		file := filepath.Join(dir, fmt.Sprintf("g%d.txt", trial))
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			tokens := make([]string, 1+r.IntN(3))
			for i := range tokens {
				tokens[i] = fmt.Sprintf("n%d", r.IntN(n))
			}
			text := "graph:" + file + " " + strings.Join(tokens, " ")
			val, err := Value(ctx, mustParse(t, text), nil)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			sol, err := Solve(ctx, mustParse(t, text), nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := val.Outcome.Outcome(); sol.Outcome != want {
				t.Fatalf("%s (%s): value says %s, solve %s", text, b.String(), val.Outcome, sol.Outcome)
			}
			for _, m := range val.WinningMoves {
				after, err := Solve(ctx, mustParse(t, m.PositionAfter), nil)
				if err != nil {
					t.Fatal(err)
				}
				if after.Outcome != game.Lose {
					t.Fatalf("%s: winning move to %s leaves a %s", text, m.PositionAfter, after.Outcome)
				}
			}
			seen[val.Outcome.String()]++
			if val.Infinite {
				seen["inf"]++
			}
			if sol.Outcome == game.Win && len(val.WinningMoves) == 0 {
				t.Fatalf("%s: a win with no winning move", text)
			}
			data, err := json.Marshal(val)
			if err != nil {
				t.Fatal(err)
			}
			if val.Infinite != strings.Contains(string(data), `"grundy":"inf"`) || (val.Infinite && !strings.Contains(string(data), `"escapes":[`)) {
				t.Fatalf("JSON %s", data)
			}
		}
	}
	if seen["P"] == 0 || seen["N"] == 0 || seen["D"] == 0 || seen["inf"] == 0 {
		t.Fatalf("outcomes met: %v; want P, N, D and infinite values", seen)
	}
	t.Logf("outcomes met: %v", seen)
}
