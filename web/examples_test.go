package web

import (
	"net/http"
	"os"
	"path/filepath"
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
		if e.Verb == "value" && e.Args != "" {
			if status, body := postScript(t, ts, scriptJSON(e.Source, "value", e.Args)); status != http.StatusOK {
				t.Errorf("%s: value %s: status %d: %s", e.Name, e.Args, status, body)
			}
		}
	}
}
