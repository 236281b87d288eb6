package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/query"
)

// TestQuotient: /api/quotient answers what `grundy quotient --json` answers
// (query.Quotient, whose values its own tests check), refuses games whose
// positions are not heaps, and stops at the request's limits.
func TestQuotient(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, c := range []struct{ game, to string }{{"kayles", "20"}, {"dawson-kayles", "12"}, {"octal:0.07", "10"}} {
		var got map[string]any
		if status, body := get(t, ts, q("quotient", "game", c.game, "to", c.to), &got); status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", c.game, status, body)
		}
		inst, err := query.Open(c.game, nil)
		if err != nil {
			t.Fatal(err)
		}
		to := 0
		for _, d := range c.to {
			to = 10*to + int(d-'0')
		}
		want, err := query.Quotient(context.Background(), inst, to, &query.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(want)
		var wantMap map[string]any
		_ = json.Unmarshal(data, &wantMap)
		for _, key := range []string{"order", "p_portion", "heaps", "stable_from"} {
			g, _ := json.Marshal(got[key])
			w, _ := json.Marshal(wantMap[key])
			if string(g) != string(w) {
				t.Errorf("%s to %s: %s = %s, want %s", c.game, c.to, key, g, w)
			}
		}
		if heaps, _ := got["heaps"].([]any); len(heaps) != to+1 {
			t.Errorf("%s to %s: %d heaps in the row, want %d", c.game, c.to, len(heaps), to+1)
		}
	}
	for _, c := range []struct {
		path   string
		status int
		want   string
	}{
		{q("quotient", "game", "tictactoe"), 400, "not heaps"},
		{q("quotient"), 400, "missing parameter game"},
		{q("quotient", "game", "kayles", "to", "x"), 400, "not a non-negative integer"},
		{q("quotient", "game", "kayles", "to", "60", "max-states", "50"), 422, "max-states"},
	} {
		status, body := get(t, ts, c.path, nil)
		if status != c.status || !strings.Contains(errorOf(t, body), c.want) {
			t.Errorf("%s: %d %s, want %d and %q", c.path, status, body, c.status, c.want)
		}
	}
}
