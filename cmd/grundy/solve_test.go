package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveText(t *testing.T) {
	out, errOut, code := grundy(t, "", "solve", "ends", "3", "9", "1", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Hand computation in games/ends_test.go: margin 7, take the 2.
	for _, want := range []string{"outcome: win", "remoteness: 4", "score: 7", "  ends 3 9 1\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	out, errOut, code := grundy(t, "", "solve", "tictactoe", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"position", "outcome", "remoteness", "score", "best_moves"} {
		if _, ok := res[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, out)
		}
	}
	if res["outcome"] != "draw" || res["remoteness"] != nil || len(res["best_moves"].([]any)) != 9 {
		t.Errorf("tictactoe: %s", out)
	}
}

func TestSolveErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "--max-states", "100", "nim", "9", "9", "9"}, 1, "positions"},
		// The default --max-memory of 4 GiB refuses it up front.
		{[]string{"solve", "quixo:5x5"}, 1, "memory limit of 4.0 GiB reached"},
		// Raising --max-memory to terabytes is no advice: tiers are.
		{[]string{"solve", "quixo:5x5"}, 1, "(its largest tier does not fit: solve only the tiers with at most K blank cells with --blanks-at-most K, or raise --max-memory)"},
		// A game without tiers keeps the plain advice.
		{[]string{"solve", "--max-memory", "64KiB", "cards", "3,7", "2,9"}, 1, "(raise --max-memory)"},
		{[]string{"solve", "tictactoe", "xx./.../..."}, 2, "x has as many marks"},
		{[]string{"solve", "quixo:4x4", "..../..../..../...."}, 2, "side to move"},
		{[]string{"solve", "cards", "1,2"}, 2, "two hands"},
		{[]string{"solve", "--misere", "tictactoe"}, 2, "misère play applies to impartial games"},
	} {
		_, errOut, code := grundy(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestSolveTiers: --tiers and --db give the answer of the in-memory
// engine; --db keeps the database, from which a second run answers.
func TestSolveTiers(t *testing.T) {
	// The value and the moves; "states" and "counts" differ: the
	// in-memory engine solves every board of the index, the tiers only
	// those the position reaches.
	answer := func(out string) string {
		var res map[string]any
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		b, _ := json.Marshal([]any{res["position"], res["outcome"], res["remoteness"], res["best_moves"], res["moves"]})
		return string(b)
	}
	out, errOut, code := grundy(t, "", "solve", "quixo:3x3", "x.o/.x./o..", "o", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := answer(out)
	dir := t.TempDir()
	out, errOut, code = grundy(t, "", "solve", "quixo:3x3", "x.o/.x./o..", "o", "--json", "--tiers")
	if code != 0 || answer(out) != want {
		t.Errorf("--tiers: exit %d %s\n%s\nwant\n%s", code, errOut, answer(out), want)
	}
	for run := range 2 {
		out, errOut, code := grundy(t, "", "solve", "quixo:3x3", "x.o/.x./o..", "o", "--json", "--db", dir, "--workers", "2")
		if code != 0 || answer(out) != want {
			t.Errorf("run %d: exit %d %s\n%s\nwant\n%s", run, code, errOut, answer(out), want)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.tierz")); len(files) != 12 {
		// x.o/.x./o.. has 2 x's and 2 o's; pieces are never removed, so
		// it reaches the tiers {2+i, 2+j} (cube counts of the two players,
		// unordered) with at most 9 pieces: smaller count 2 and larger
		// 2..7 (6 tiers), 3 and 3..6 (4), 4 and 4..5 (2): 12 files.
		t.Errorf("%d tier files, want 12", len(files))
	}
	// --plain keeps the same tiers uncompressed, answering the same.
	plain := t.TempDir()
	out, errOut, code = grundy(t, "", "solve", "quixo:3x3", "x.o/.x./o..", "o", "--json", "--db", plain, "--plain")
	if code != 0 || answer(out) != want {
		t.Errorf("--plain: exit %d %s\n%s\nwant\n%s", code, errOut, answer(out), want)
	}
	if files, _ := filepath.Glob(filepath.Join(plain, "*.tier")); len(files) != 12 {
		t.Errorf("--plain: %d tier files, want 12", len(files))
	}
}

// TestSolveTierCounts: --blanks-at-most counts the boards of the tiers
// solved; a position outside them has an unknown outcome.
func TestSolveTierCounts(t *testing.T) {
	out, errOut, code := grundy(t, "", "solve", "quixo:3x3", "--tiers", "--blanks-at-most", "0", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Outcome string
		Tiers   []struct {
			X, O            int
			ToMove          string `json:"to_move"`
			Win, Lose, Draw int64
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Outcome != "unknown" || len(res.Tiers) != 20 {
		t.Fatalf("outcome %q, %d tier records; want unknown and 20 (x = 9..0, each side to move):\n%s", res.Outcome, len(res.Tiers), out)
	}
	for _, r := range res.Tiers {
		if r.X+r.O != 9 || r.Win+r.Lose+r.Draw != int64(binomial(9, r.X)) {
			t.Errorf("record %+v: want 9 pieces and C(9, x) boards", r)
		}
	}
	// By hand: the full board of x's has three x lines and no o line; o to
	// move loses (a line of the opponent's made by the last move), x to
	// move wins.
	if r := res.Tiers[0]; r.X != 9 || r.ToMove != "o" || r.Lose != 1 {
		t.Errorf("first record %+v, want x 9, o to move, lost", r)
	}
	if r := res.Tiers[1]; r.X != 9 || r.ToMove != "x" || r.Win != 1 {
		t.Errorf("second record %+v, want x 9, x to move, won", r)
	}
	text, _, _ := grundy(t, "", "solve", "quixo:3x3", "--tiers", "--blanks-at-most", "0")
	for _, want := range []string{"outcome: unknown", "x  9  o  0  o to move: win 0, lose 1, draw 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func TestSolveTierErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "nim", "3", "--tiers"}, 2, "cannot be solved by tiers"},
		{[]string{"solve", "cards", "1,2", "3,4", "--tiers"}, 2, "tiers"},
		{[]string{"solve", "quixo:3x3", "--blanks-at-most", "-1"}, 2, "--blanks-at-most"},
		{[]string{"solve", "quixo:3x3", "--db", "/dev/null/grundy"}, 2, "--db"},
		{[]string{"solve", "nim", "3", "--db", "."}, 2, "cannot be kept in a database"},
		{[]string{"play", "quixo:3x3", "--db", "."}, 2, "holds no database"},
		{[]string{"solve", "quixo:4x4", "--tiers", "--max-states", "1000"}, 1, "state limit"},
	} {
		_, errOut, code := grundy(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestSolveDB: solve GAME --db writes a database from which solve and play
// answer under a limit of one state (solving needs thousands); a database
// of another game, a damaged file and a second writer are refused.
func TestSolveDB(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ttt")
	if _, errOut, code := grundy(t, "", "solve", "tictactoe", "--db", dir); code != 0 {
		t.Fatalf("solve into the database: exit %d: %s", code, errOut)
	}
	want, errOut, code := grundy(t, "", "solve", "tictactoe", "x.o/.x./...", "--moves", "--json")
	if code != 0 {
		t.Fatalf("in memory: exit %d: %s", code, errOut)
	}
	got, errOut, code := grundy(t, "", "solve", "tictactoe", "x.o/.x./...", "--moves", "--json", "--db", dir, "--max-states", "1")
	answer := func(out string) string {
		var res map[string]any
		json.Unmarshal([]byte(out), &res)
		b, _ := json.Marshal([]any{res["outcome"], res["remoteness"], res["best_moves"], res["moves"]})
		return string(b)
	}
	if code != 0 || answer(got) != answer(want) {
		t.Fatalf("from the database: exit %d %s\n%s\nwant\n%s", code, errOut, answer(got), answer(want))
	}
	// A whole game against the computer, from the database: the same
	// transcript as from the in-memory engine.
	human := strings.Repeat("1\n", 9)
	out, errOut, code := grundy(t, human, "play", "tictactoe", "--first", "computer", "--db", dir, "--max-states", "1")
	inMemory, _, _ := grundy(t, human, "play", "tictactoe", "--first", "computer")
	if code != 0 || out != inMemory {
		t.Errorf("play from the database: exit %d %s\n%s\nin memory:\n%s", code, errOut, out, inMemory)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "quixo:3x3", "--db", dir}, 2, "holds the game tictactoe, not quixo:3x3"},
		{[]string{"play", "quixo:3x3", "--db", dir}, 2, "holds the game tictactoe, not quixo:3x3"},
	} {
		if _, errOut, code := grundy(t, "", tc.args...); code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d %q, want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
	// A damaged tier: play refuses naming it; solve writes it again.
	path := filepath.Join(dir, "m5.tierz")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-10] ^= 1
	os.WriteFile(path, b, 0o644)
	if _, errOut, code := grundy(t, "", "solve", "tictactoe", "xo./x.o/...", "--db", dir, "--max-states", "1"); code != 1 || !strings.Contains(errOut, "state limit") {
		t.Errorf("solve from a damaged database under one state: exit %d %q, want it to solve again and hit the limit", code, errOut)
	}
	if _, errOut, code := grundy(t, "", "play", "tictactoe", "xo./x.o/...", "--db", dir); code != 1 || !strings.Contains(errOut, "m5.tierz is damaged") {
		t.Errorf("play from a damaged database: exit %d %q", code, errOut)
	}
	if _, errOut, code := grundy(t, "", "solve", "tictactoe", "xo./x.o/...", "--db", dir); code != 0 {
		t.Errorf("solve repairs: exit %d %q", code, errOut)
	}
	if _, errOut, code := grundy(t, strings.Repeat("1\n", 9), "play", "tictactoe", "xo./x.o/...", "--db", dir); code != 0 {
		t.Errorf("play after the repair: exit %d %q", code, errOut)
	}
}

// TestSolveGraphDB: a general game without tiers (cards) solved into a
// database is answered from it under a limit of one state, as solving
// answers; play reads it too.
func TestSolveGraphDB(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cards")
	want, errOut, code := grundy(t, "", "solve", "cards", "5,9", "2,1", "1", "--moves")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out, errOut, code := grundy(t, "", "solve", "cards", "5,9", "2,1", "1", "--moves", "--db", dir); code != 0 || out != want {
		t.Fatalf("into the database: exit %d %s\n%s\nwant\n%s", code, errOut, out, want)
	}
	if out, errOut, code := grundy(t, "", "solve", "cards", "5,9", "2,1", "1", "--moves", "--db", dir, "--max-states", "1"); code != 0 || out != want {
		t.Errorf("from the database under one state: exit %d %s\n%s\nwant\n%s", code, errOut, out, want)
	}
	if _, errOut, code := grundy(t, "", "solve", "tictactoe", "--db", dir); code != 2 || !strings.Contains(errOut, "holds the game cards, not tictactoe") {
		t.Errorf("tictactoe from the cards database: exit %d %q", code, errOut)
	}
}
