package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestValueMisere(t *testing.T) {
	for _, c := range []struct {
		args    []string
		code    int
		outcome string // misère outcome, checked in the JSON
		method  string
		stderr  string
	}{
		// Misère Nim, all heaps 1: the mover loses iff the count is odd.
		{args: []string{"nim", "1", "1", "1"}, outcome: "P", method: "tame"},
		{args: []string{"nim", "1", "1"}, outcome: "N", method: "tame"},
		// A heap of 2 or more: as in normal play (3^4^5 = 2 != 0).
		{args: []string{"nim", "3", "4", "5"}, outcome: "N", method: "tame"},
		// No move at all: the player to move has already won.
		{args: []string{"nim", "0"}, outcome: "N", method: "tame"},
		// Kayles rows: outcomes checked below by kaylesMisereWins.
		{args: []string{"kayles", "4", "3"}, outcome: kaylesClass("xxxx.xxx"), method: "tame"},
		{args: []string{"kayles", "12"}, outcome: kaylesClass("xxxxxxxxxxxx"), method: "genus"},
		{args: []string{"kayles", "12", "7"}, outcome: kaylesClass("xxxxxxxxxxxx.xxxxxxx"), method: "search"},
		{args: []string{"--max-states", "100", "kayles", "30", "31", "32"}, code: 1, stderr: "stopped after 101 states"},
		{args: []string{"tictactoe", "x........"}, code: 2, stderr: "impartial games only"},
		{args: []string{"nim", "x"}, code: 2, stderr: "not a non-negative integer"},
	} {
		args := append([]string{"value", "--misere", "--json"}, c.args...)
		stdout, stderr, code := grundy(t, "", args...)
		if code != c.code || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr, c.code, c.stderr)
			continue
		}
		if c.code != 0 {
			continue
		}
		var res struct {
			Misere  bool   `json:"misere"`
			Outcome string `json:"outcome"`
			Method  string `json:"method"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("%v: %v in %s", c.args, err, stdout)
		}
		if !res.Misere || res.Outcome != c.outcome || res.Method != c.method {
			t.Errorf("%v: %+v, want outcome %s by %s", c.args, res, c.outcome, c.method)
		}
	}
}

// kaylesMisereWins is the naive misère search on a row of pins ('x') and
// gaps: a move knocks down one pin or two adjacent pins; a player with no
// move wins.
func kaylesMisereWins(row string, memo map[string]bool) bool {
	if w, ok := memo[row]; ok {
		return w
	}
	win, moved := false, false
	for i := 0; i < len(row) && !win; i++ {
		for w := 1; w <= 2 && i+w <= len(row) && !win; w++ {
			if row[i:i+w] == strings.Repeat("x", w) {
				moved = true
				win = !kaylesMisereWins(row[:i]+strings.Repeat(".", w)+row[i+w:], memo)
			}
		}
	}
	memo[row] = win || !moved
	return memo[row]
}

func kaylesClass(row string) string {
	if kaylesMisereWins(row, map[string]bool{}) {
		return "N"
	}
	return "P"
}

func TestValueMisereText(t *testing.T) {
	stdout, _, code := grundy(t, "", "value", "--misere", "nim", "1", "1")
	want := "position: nim 1 1\nplay: misère (whoever makes the last move loses)\n" +
		"components: nim 1 = 1 (tame, genus 1^031), nim 1 = 1 (tame, genus 1^031)\ngenus: 0^120\n" +
		"method: tame (every component is tame: misère Nim's rule on the normal-play values)\n" +
		"outcome: N, the player to move wins\nwinning moves (2):\n" +
		"  nim 1 -> nim 0   leaves nim 0 1\n  nim 1 -> nim 0   leaves nim 1 0\n"
	if code != 0 || stdout != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, stdout, want)
	}
}
