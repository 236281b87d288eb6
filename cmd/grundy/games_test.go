package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/query"
)

// TestGamesList: one line per game, none wider than lineWidth.
func TestGamesList(t *testing.T) {
	out, stderr, code := grundy(t, "", "games")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkWidth(t, "games", out)
	for _, s := range query.Catalog() {
		if !strings.Contains(out, "\n"+s.Name) {
			t.Errorf("the list lacks %s:\n%s", s.Name, out)
		}
	}
}

func checkWidth(t *testing.T, what, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > lineWidth {
			t.Errorf("%s: a line of %d characters: %q", what, n, line)
		}
	}
}

// TestGamesOne shows each game's page and runs the commands it suggests
// (from the repository's root, where the graph example's file is).
func TestGamesOne(t *testing.T) {
	t.Chdir("../..")
	for _, s := range query.Catalog() {
		out, stderr, code := grundy(t, "", "games", s.Name)
		if code != 0 {
			t.Errorf("games %s: exit %d: %s", s.Name, code, stderr)
			continue
		}
		checkWidth(t, "games "+s.Name, out)
		if !strings.HasPrefix(out, s.Name) {
			t.Errorf("games %s starts %q", s.Name, out[:min(len(out), 40)])
		}
		for _, want := range []string{" (" + string(s.Kind) + ")\n", "rules:", "position (the ARGs after the game):", "try:\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("games %s lacks %q:\n%s", s.Name, want, out)
			}
		}
		_, try, _ := strings.Cut(out, "try:\n")
		try, _, _ = strings.Cut(try, "\n\n")
		for _, line := range strings.Split(try, "\n") {
			cmd, ok := strings.CutPrefix(line, "    grundy ")
			if !ok {
				continue
			}
			args := strings.Fields(cmd)
			stdout, stderr, code := grundy(t, "", args...)
			switch {
			case args[0] == "play":
				// No moves on stdin: the game starts, then input ends
				// (or the computer has already won).
				if !strings.Contains(stdout, "your move") && !strings.Contains(stdout, "winner") {
					t.Errorf("grundy %s: exit %d, %q\n%s", cmd, code, stderr, stdout)
				}
			case code != 0:
				t.Errorf("grundy %s (suggested by games %s): exit %d: %s", cmd, s.Name, code, stderr)
			}
		}
	}
	// A parameter is allowed: the page of the game.
	if out, _, code := grundy(t, "", "games", "subtract:1-3"); code != 0 || !strings.HasPrefix(out, "subtract:S (impartial)") {
		t.Errorf("games subtract:1-3: exit %d:\n%s", code, out)
	}
	// The game whose example reads a file says so and how to do without,
	// and that works anywhere.
	out, _, _ := grundy(t, "", "games", "graph")
	if !strings.Contains(out, "    printf 'a b\\nb c\\n' > g.txt\n    grundy value graph:g.txt a\n") {
		t.Fatalf("games graph does not say how to write a graph file:\n%s", out)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("g.txt", []byte("a b\nb c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// a -> b -> c: G(c) = 0, G(b) = 1, G(a) = 0.
	if out, stderr, code := grundy(t, "", "value", "graph:g.txt", "a"); code != 0 || !strings.Contains(out, "value: 0\n") {
		t.Errorf("value graph:g.txt a: exit %d, %q\n%s", code, stderr, out)
	}
}

func TestGamesBad(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"games", "kayle"}, `unknown game "kayle" (did you mean kayles? the catalog: 'grundy games')`},
		{[]string{"games", "dawson"}, `did you mean dawson-chess or dawson-kayles?`},
		{[]string{"games", "zzzzzzz"}, `unknown game "zzzzzzz" (the catalog: 'grundy games')`},
		{[]string{"games", "x.star"}, `x.star is a rule script`},
		{[]string{"games", "nim", "kayles"}, `games takes at most one NAME`},
		{[]string{"value", "kayels", "3"}, `unknown game "kayels" (did you mean kayles? the catalog: 'grundy games')`},
	}
	for _, tt := range tests {
		_, stderr, code := grundy(t, "", tt.args...)
		if code != exitBadInput || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want %q", tt.args, code, stderr, tt.want)
		}
	}
}

func TestGamesOneJSON(t *testing.T) {
	out, _, code := grundy(t, "", "games", "kayles", "--json")
	var e gameEntry
	if err := json.Unmarshal([]byte(out), &e); code != 0 || err != nil || e.Name != "kayles" || e.Kind != "impartial" || e.Rules == "" {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
}

// TestGamesJSONForms: every game of the --json listing carries the form
// the text listing shows (the name, with its parameters' suffix when it
// has parameters: octal:CODE, graph:FILE).
func TestGamesJSONForms(t *testing.T) {
	out, _, code := grundy(t, "", "games", "--json")
	var entries []gameEntry
	if err := json.Unmarshal([]byte(out), &entries); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	text, _, _ := grundy(t, "", "games")
	forms := map[string]string{}
	for _, e := range entries {
		forms[e.Name] = e.Form
		if !strings.Contains(text, "\n"+e.Form+" ") {
			t.Errorf("%s: form %q is not a line of the text listing", e.Name, e.Form)
		}
	}
	for name, want := range map[string]string{"octal": "octal:CODE", "graph": "graph:FILE", "nim": "nim", "subtract": "subtract:S"} {
		if forms[name] != want {
			t.Errorf("%s: form %q, want %q", name, forms[name], want)
		}
	}
}

func TestWrap(t *testing.T) {
	got := wrap("aa bb cc dd", 2, 8)
	if got != "  aa bb\n  cc dd\n" {
		t.Errorf("wrap: %q", got)
	}
	if got := wrap("averyveryverylongword x", 0, 5); got != "averyveryverylongword\nx\n" {
		t.Errorf("wrap of a long word: %q", got)
	}
	if got := wrap("", 4, 10); got != "" {
		t.Errorf("wrap of nothing: %q", got)
	}
}

// TestCompletion: the shell completes game names where a position starts
// and after '+', and verbs; cobra writes the scripts.
func TestCompletion(t *testing.T) {
	out, _, code := grundy(t, "", "__complete", "value", "kay")
	if code != 0 || !strings.HasPrefix(out, "kayles\t") {
		t.Errorf("value kay<TAB>: %q", out)
	}
	out, _, _ = grundy(t, "", "__complete", "value", "nim", "3", "+", "daw")
	if !strings.Contains(out, "dawson-chess\t") || !strings.Contains(out, "dawson-kayles\t") {
		t.Errorf("value nim 3 + daw<TAB>: %q", out)
	}
	out, _, _ = grundy(t, "", "__complete", "va")
	if !strings.HasPrefix(out, "value\t") {
		t.Errorf("va<TAB>: %q", out)
	}
	// completions lists the words offered for args (the last one being
	// completed) and cobra's directive line.
	completions := func(args ...string) ([]string, string) {
		out, _, _ := grundy(t, "", append([]string{"__complete"}, args...)...)
		var words []string
		directive := ""
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasPrefix(line, ":") {
				directive = line
				continue
			}
			w, _, _ := strings.Cut(line, "\t")
			words = append(words, w)
		}
		return words, directive
	}
	// Games written only with their parameters come with their colon,
	// and no space after the one choice left.
	words, dir := completions("value", "")
	for _, want := range []string{"octal:", "quixo:", "graph:", "subtract:", "nim", "cram"} {
		if !slices.Contains(words, want) {
			t.Errorf("value <TAB>: %v lacks %s", words, want)
		}
	}
	if dir != ":4" {
		t.Errorf("value <TAB>: directive %s, want :4 (no file completion, spaces)", dir)
	}
	if words, dir := completions("value", "oc"); !slices.Equal(words, []string{"octal:"}) || dir != ":6" {
		t.Errorf("value oc<TAB>: %v %s, want [octal:] and :6 (no space)", words, dir)
	}
	// table takes the games it tabulates, quotient the heap games: no
	// board, card or scoring game.
	for _, verb := range []string{"table", "quotient"} {
		words, _ := completions(verb, "")
		for _, want := range []string{"kayles", "nim", "octal:", "subtract:"} {
			if !slices.Contains(words, want) {
				t.Errorf("%s <TAB>: %v lacks %s", verb, words, want)
			}
		}
		for _, not := range []string{"tictactoe", "cards", "ends", "quixo:", "rectangles", "graph:"} {
			if slices.Contains(words, not) {
				t.Errorf("%s <TAB>: %v offers %s", verb, words, not)
			}
		}
	}
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"play", "--first", ""}, []string{"human", "computer"}},
		{[]string{"graph", "--format", ""}, []string{"dot", "svg"}},
		{[]string{"table", "--format", ""}, []string{"text", "bin", "run"}},
	} {
		if words, _ := completions(tt.args...); !slices.Equal(words, tt.want) {
			t.Errorf("%v<TAB>: %v, want %v", tt.args, words, tt.want)
		}
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		if out, _, code := grundy(t, "", "completion", shell); code != 0 || !strings.Contains(out, "grundy") {
			t.Errorf("completion %s: exit %d", shell, code)
		}
	}
}
