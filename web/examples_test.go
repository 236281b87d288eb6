package web

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamples: /api/examples lists every examples/*.star file with its
// source as on disk, and the value command each comment shows runs in the
// rule editor's endpoint.
func TestExamples(t *testing.T) {
	ts := newTestServer(t, Config{})
	var list []Example
	if status, body := get(t, ts, "/api/examples", &list); status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	files, err := filepath.Glob("../examples/*.star")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples on disk: %v", err)
	}
	if len(list) != len(files) {
		t.Errorf("%d examples served, %d on disk", len(list), len(files))
	}
	byName := map[string]Example{}
	for _, e := range list {
		byName[e.Name] = e
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := byName[filepath.Base(f)]
		if !ok || e.Source != string(data) || e.Title == "" {
			t.Errorf("%s: served %+v, want its source and a title", f, ok)
			continue
		}
		// Every example says what to run, and it runs in the editor.
		if e.Verb == "" || e.Args == "" {
			t.Errorf("%s: no command in its comment (a line `grundy VERB %s ARGS`)", e.Name, e.Name)
			continue
		}
		if !strings.HasPrefix(e.Command, "grundy "+e.Verb+" "+e.Name) || !strings.Contains(string(data), "`"+e.Command+"`") {
			t.Errorf("%s: command %q is not the one its comment writes", e.Name, e.Command)
		}
		if status, body := postScript(t, ts, scriptJSON(e.Source, e.Verb, e.Args)); status != http.StatusOK {
			t.Errorf("%s: %s %s: status %d: %s", e.Name, e.Verb, e.Args, status, body)
		}
	}
}

// TestScriptSolve: the rule editor solves general and scoring scripts as
// `grundy solve` does. Worked by hand: examples/ends.star on 3 9 1 2 is a
// win by 7 for the mover (d(9 1 2) = 8 and d(3 9 1) = -5, so d = max(3 -
// 8, 2 + 5) = 7, taking the 2); on xo./.x./o.. x, to move with two marks
// each, completes the diagonal at once: a win in 1.
func TestScriptSolve(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, tt := range []struct {
		file, args, outcome string
		remoteness          int
		score               *int64
	}{
		{"ends.star", "3 9 1 2", "win", 4, ptr(int64(7))},
		{"tictactoe.star", "xo./.x./o..", "win", 1, nil},
	} {
		src, err := os.ReadFile(filepath.Join("../examples", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		status, body := postScript(t, ts, scriptJSON(string(src), "solve", tt.args))
		var res struct {
			Outcome    string
			Remoteness *int
			Score      *int64
		}
		if status != http.StatusOK || json.Unmarshal([]byte(body), &res) != nil {
			t.Fatalf("%s: status %d: %s", tt.file, status, body)
		}
		if res.Outcome != tt.outcome || res.Remoteness == nil || *res.Remoteness != tt.remoteness || (tt.score == nil) != (res.Score == nil) || tt.score != nil && *res.Score != *tt.score {
			t.Errorf("%s %s: %s", tt.file, tt.args, body)
		}
	}
}

func ptr[T any](v T) *T { return &v }
