package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestErrorKinds checks that error answers are the error as data: the
// kind of docs/errors.md beside the message, with what the kind carries.
func TestErrorKinds(t *testing.T) {
	ts := newTestServer(t, Config{MaxStates: 1000, MaxNodes: 20})
	for _, c := range []struct {
		path, kind string
		status     int
		check      func(errorBody) bool
	}{
		{q("value", "position", "nimm 3"), "not_found", http.StatusBadRequest,
			func(e errorBody) bool { return len(e.Error.Suggestions) > 0 && e.Error.Suggestions[0] == "nim" }},
		{q("value", "position", "nim x"), "input", http.StatusBadRequest, nil},
		{q("value", "position", "rectangles 6x6"), "limit", http.StatusUnprocessableEntity,
			func(e errorBody) bool { return e.Error.Resource == "states" && e.Error.Limit == 1000 }},
		{q("graph", "position", "kayles 12"), "limit", http.StatusUnprocessableEntity,
			func(e errorBody) bool { return e.Error.Resource == "nodes" && e.Error.Limit == 20 }},
	} {
		code, body := get(t, ts, c.path, nil)
		var e errorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || code != c.status || e.Error.Kind != c.kind || (c.check != nil && !c.check(e)) {
			t.Errorf("%s: status %d, body %s; want status %d, kind %s", c.path, code, body, c.status, c.kind)
		}
		if strings.Contains(e.Error.Message, "--") {
			t.Errorf("%s: message %q names a command-line flag", c.path, e.Error.Message)
		}
	}
}

// TestInBrowserWords checks the static build's wording: its limits are the
// page's, and a limit says how to get bigger ones; other errors are as the
// server words them.
func TestInBrowserWords(t *testing.T) {
	ts := newTestServer(t, Config{MaxStates: 1000, MaxPosition: 20, InBrowser: true})
	for _, c := range []struct{ path, want, not string }{
		{q("value", "position", "nim 1 2 3 4 5 6 7 8 9 10 11"), "above the in-browser limit of 20. This page computes in your browser", "this server"},
		{q("value", "position", "rectangles 6x6"), "at most the in-browser limit). This page computes in your browser with smaller limits than the server: run `grundy serve`", "this server"},
		{q("value", "position", "nimm 3"), "unknown game", "This page computes"},
	} {
		_, body := get(t, ts, c.path, nil)
		msg := errorOf(t, body)
		if !strings.Contains(msg, c.want) || strings.Contains(msg, c.not) {
			t.Errorf("%s: %q, want it to contain %q and not %q", c.path, msg, c.want, c.not)
		}
	}
}
