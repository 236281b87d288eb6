package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestValueText(t *testing.T) {
	out, errOut, code := grundy(t, "", "value", "nim", "3", "4", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// 3 ^ 4 ^ 5 = 2; heap 3 -> 3 ^ 2 = 1 is the only winning move.
	for _, want := range []string{"value: 2", "player to move wins", "nim 3 -> nim 1", "leaves nim 1 4 5"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestValueJSON(t *testing.T) {
	out, errOut, code := grundy(t, "", "value", "subtract:1-1", "4", "+", "subtract:1-2", "6", "+", "subtract:1-3", "9", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Position   string `json:"position"`
		Grundy     int    `json:"grundy"`
		Outcome    string `json:"outcome"`
		Components []struct {
			Position string `json:"position"`
			Grundy   int    `json:"grundy"`
		} `json:"components"`
		WinningMoves []struct {
			Component     int    `json:"component"`
			To            string `json:"to"`
			PositionAfter string `json:"position_after"`
		} `json:"winning_moves"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	// Seed 001: subtract:1-k has G(n) = n mod (k+1): 4 mod 2 = 0, 6 mod 3 = 0,
	// 9 mod 4 = 1; total 1. A winning move takes the total to 0: in each
	// component, the option with value g ^ 1 (heap 3, heap 4 or 5, heap 8).
	if res.Grundy != 1 || res.Outcome != "N" || len(res.Components) != 3 {
		t.Fatalf("got %+v", res)
	}
	want := map[string]bool{
		"subtract:1-1 3 + subtract:1-2 6 + subtract:1-3 9": true,
		"subtract:1-1 4 + subtract:1-2 4 + subtract:1-3 9": true,
		"subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 8": true,
	}
	if len(res.WinningMoves) != len(want) {
		t.Fatalf("winning moves %+v", res.WinningMoves)
	}
	for _, m := range res.WinningMoves {
		if !want[m.PositionAfter] {
			t.Errorf("unexpected winning move %+v", m)
		}
	}
}

func TestValueBadInput(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"value", "foo", "3"}, 2, `unknown game "foo"`},
		{[]string{"value", "subtract:0", "4"}, 2, "not a positive integer"},
		{[]string{"value", "subtract:3-1", "4"}, 2, "is empty"},
		{[]string{"value", "nim", "-3"}, 2, `heap size "-3"`},
		{[]string{"value", "nim", "x"}, 2, `heap size "x"`},
		{[]string{"value", "divisor", "0"}, 2, "at least 1"},
		{[]string{"value"}, 2, "needs a position"},
		{[]string{"value", "nim", "3", "+"}, 2, "dangling '+'"},
		{[]string{"value", "--bogus", "nim", "3"}, 2, "unknown flag"},
		{[]string{"value", "divisor", "100000", "--max-states", "100"}, 1, "state limit of 100 states reached (raise --max-states)"},
		{[]string{"value", "divisor", "100000", "--max-memory", "64KiB"}, 1, "memory limit of 64.0 KiB reached"},
		{[]string{"value", "divisor", "100000", "--max-memory", "64KiB"}, 1, "(raise --max-memory)"},
		{[]string{"frobnicate"}, 2, `unknown verb "frobnicate"`},
	}
	for _, tt := range tests {
		out, errOut, code := grundy(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit %d and one line with %q", tt.args, code, errOut, out, tt.code, tt.want)
		}
	}
}

func TestGamesLists(t *testing.T) {
	out, _, code := grundy(t, "", "games", "--json")
	var entries []struct{ Name, Kind, Example string }
	if code != 0 || json.Unmarshal([]byte(out), &entries) != nil {
		t.Fatalf("exit %d: %s", code, out)
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name] = true
		if e.Kind == "" || e.Example == "" {
			t.Errorf("entry %+v lacks kind or example", e)
		}
	}
	for _, n := range []string{"nim", "subtract", "divisor"} {
		if !names[n] {
			t.Errorf("catalog lacks %s", n)
		}
	}
}

func TestValueLoopyText(t *testing.T) {
	// docs/graphs/loop.txt: a <-> b, b -> c -> d. From a the mover must go
	// to b; from b, moving to c lets the opponent step to the dead end d and
	// win, so each side moves back forever: a draw with no finite escape.
	out, errOut, code := grundy(t, "", "value", "graph:../../docs/graphs/loop.txt", "a")
	if code != 0 || !strings.Contains(out, "value: ∞\n") || !strings.Contains(out, "outcome: D") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	// x + b (docs/solve.md): x has the finite value 1; b's only finite
	// option is c, of value 1, so b is ∞(1), and the sum ∞(1 XOR 1) = ∞(0).
	out, errOut, code = grundy(t, "", "value", "graph:../../docs/graphs/loop.txt", "x", "b")
	if code != 0 || !strings.Contains(out, "= 1, graph:../../docs/graphs/loop.txt b = ∞(1)\n") || !strings.Contains(out, "value: ∞(0)\n") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
}

func TestValueNamesMoves(t *testing.T) {
	// Circle 0,0,1 nests in 0,0,5; 20,0,1 stands alone. Hitting a point in
	// the ring of 0,0,5 removes only it and leaves two single circles
	// (*1 + *1 = 0), so it wins; hitting inside 0,0,1 removes both nested
	// circles and leaves *1, and hitting 20,0,1 leaves the pair (value 2:
	// its options are *1 and 0). So 0,0,5 is the only winning circle.
	out, errOut, code := grundy(t, "", "value", "circles", "0,0,1", "0,0,5", "20,0,1", "--json")
	if code != 0 || !strings.Contains(out, `"move": "0,0,5"`) || strings.Count(out, `"move"`) != 1 {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	// On a 1x3 strip (value 3: a 1xn strip has value n) the one winning move
	// crosses out the whole strip, columns 1 to 3.
	out, _, _ = grundy(t, "", "value", "rectangles", "...")
	if !strings.Contains(out, "(1,1-1,3)") {
		t.Fatalf("rectangles move not named:\n%s", out)
	}
}

func TestValueRookCells(t *testing.T) {
	// By hand, rows top to bottom, each cell the mex of the free cells above
	// it in its column and to its right in its row:
	//   ...#   2 1 0 #
	//   ....   3 2 1 0
	//   o...   4 0 2 1
	out, errOut, code := grundy(t, "", "value", "rook", "...#/..../o...", "--cells")
	want := "2 1 0 #\n  3 2 1 0\n  4 0 2 1\nvalue: 4"
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	out, _, _ = grundy(t, "", "value", "rook", "...#/..../o...", "--cells", "--json")
	if !strings.Contains(strings.Join(strings.Fields(out), ""), `"cells":[[2,1,0,null],[3,2,1,0],[4,0,2,1]]`) {
		t.Fatalf("JSON lacks the cell table:\n%s", out)
	}
}

// TestLimitFlags checks that --max-states, --timeout and --max-memory refuse
// negative and malformed values as bad input (exit 2) with a message that
// says what is wrong, whether the value follows the flag as the next word
// or after '=', and that sizes take units.
func TestLimitFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"value", "nim", "3", "--max-states", "-5"}, 2, `"-5" is negative`},
		{[]string{"value", "nim", "3", "--max-states=-5"}, 2, `"-5" is negative`},
		{[]string{"value", "--max-states", "-5", "nim", "3"}, 2, `"-5" is negative`},
		{[]string{"value", "nim", "3", "--max-states", "x"}, 2, "is not a whole number"},
		{[]string{"value", "nim", "3", "--timeout", "-1s"}, 2, `"-1s" is negative`},
		{[]string{"value", "nim", "3", "--timeout=-1s"}, 2, `"-1s" is negative`},
		{[]string{"value", "nim", "3", "--timeout", "soon"}, 2, "is not a duration"},
		{[]string{"value", "nim", "3", "--max-memory", "-1"}, 2, `"-1" is negative`},
		{[]string{"value", "nim", "3", "--max-memory=-1GiB"}, 2, `"-1GiB" is negative`},
		{[]string{"value", "nim", "3", "--max-memory", "12q"}, 2, "is not a size"},
		{[]string{"value", "nim", "3", "--max-memory", "512MiB"}, 0, ""},
		{[]string{"value", "nim", "3", "--max-memory", "1.5GB"}, 0, ""},
		{[]string{"value", "nim", "3", "--max-memory", "0", "--max-states", "0", "--timeout", "0"}, 0, ""},
	} {
		out, errOut, code := grundy(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tt.args, code, errOut, tt.code, tt.want)
			continue
		}
		if tt.code == 0 {
			if errOut != "" || !strings.Contains(out, "value: 3") {
				t.Errorf("%q: stdout %q, stderr %q", tt.args, out, errOut)
			}
			continue
		}
		// One clean line: no control byte of the CLI's own escaping.
		if out != "" || strings.Count(errOut, "\n") != 1 || strings.ContainsRune(errOut, 0) || strings.Contains(errOut, `\x00`) {
			t.Errorf("%q: stdout %q, stderr %q; want one clean line on stderr", tt.args, out, errOut)
		}
	}
}

func TestValueCellsRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"value", "nim", "3", "--cells"}, "--cells: nim has no cell values"},
		{[]string{"value", "rook", "o..", "--cells", "--misere"}, "--cells gives normal-play values"},
		{[]string{"value", "nim", "99999999999999999999"}, "nim: heap size 99999999999999999999 is too large (at most 2^62"},
	} {
		_, stderr, code := grundy(t, "", tt.args...)
		if code != exitBadInput || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, %q", tt.args, code, stderr)
		}
	}
	// In a sum with a board that has them, the cells are shown.
	out, _, code := grundy(t, "", "value", "nim", "3", "+", "rook", "o..", "--cells")
	if code != 0 || !strings.Contains(out, "cell values of rook o..:\n  2 1 0\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestMissingFileSaysWhere: a relative path that names no file is read
// from the current directory, and the error says which; an absolute one
// needs no such note.
func TestMissingFileSaysWhere(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	_, stderr, code := grundy(t, "", "value", "graph:none.txt", "a")
	if code != exitBadInput || !strings.Contains(stderr, "no such file or directory (a relative path is read from the current directory, "+dir+")") {
		t.Errorf("exit %d: %q", code, stderr)
	}
	_, stderr, _ = grundy(t, "", "value", "nim", "@"+dir+"/none.txt")
	if !strings.Contains(stderr, "no such file") || strings.Contains(stderr, "relative path") {
		t.Errorf("absolute path: %q", stderr)
	}
}

// TestHelpBeforeVerb: --help (or -h) before the verb asks for the verb's
// help, as after it; an unknown word after it is still a usage error.
func TestHelpBeforeVerb(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stdout when code is 0, in stderr otherwise
	}{
		{[]string{"--help", "value", "nim", "3"}, 0, "value prints the Grundy value"},
		{[]string{"-h", "value"}, 0, "value prints the Grundy value"},
		{[]string{"value", "--help", "nim", "3"}, 0, "value prints the Grundy value"},
		{[]string{"--help", "bogus"}, 2, `unknown verb "bogus"`},
	}
	for _, tt := range tests {
		out, errOut, code := grundy(t, "", tt.args...)
		got := out
		if tt.code != 0 {
			got = errOut
		}
		if code != tt.code || !strings.Contains(got, tt.want) {
			t.Errorf("%v: exit %d, stdout %.60q, stderr %q; want exit %d with %q", tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
}
