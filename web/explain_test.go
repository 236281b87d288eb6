package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestAPIExplain: /api/explain answers query.Explain's data with the text,
// and refuses bad parameters as bad input.
func TestAPIExplain(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, body := get(t, ts, "/api/explain?position=nim+3+4+5&depth=1", nil)
	var x struct {
		Kind      string
		Impartial struct {
			Grundy int
			XOR    struct {
				SumBits string `json:"sum_bits"`
			}
			Table []json.RawMessage
		}
		Text string
	}
	if err := json.Unmarshal([]byte(body), &x); code != http.StatusOK || err != nil {
		t.Fatalf("status %d, %v: %s", code, err, body)
	}
	// 3 XOR 4 XOR 5 = 011 XOR 100 XOR 101 = 010; depth 1 reaches the heaps
	// 0, 1 and 2 (besides 3 and 4, which are components already).
	if x.Kind != "impartial" || x.Impartial.Grundy != 2 || x.Impartial.XOR.SumBits != "010" || len(x.Impartial.Table) != 3 ||
		!strings.Contains(x.Text, "from 3 to 3 XOR 2 = 1") {
		t.Errorf("explain nim 3 4 5: %+v", x)
	}
	for _, bad := range []string{"position=nim+3&depth=-1", "position=nim+3&depth=x", "position=", "position=tictactoe&misere=1"} {
		if code, body := get(t, ts, "/api/explain?"+bad, nil); code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400: %s", bad, code, body)
		}
	}
}
