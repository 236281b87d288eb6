package main

import (
	"encoding/json"
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
		{[]string{"solve", "quixo:5x5"}, 1, "(raise --max-memory)"},
		{[]string{"solve", "tictactoe", "xx./.../..."}, 2, "x has as many marks"},
		{[]string{"solve", "quixo:4x4", "..../..../..../...."}, 2, "side to move"},
		{[]string{"solve", "cards", "1,2"}, 2, "two hands"},
		{[]string{"solve", "--misere", "tictactoe"}, 2, "misere"},
	} {
		_, errOut, code := grundy(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
