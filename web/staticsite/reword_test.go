package staticsite

import (
	"strings"
	"testing"
)

func TestReword(t *testing.T) {
	for _, c := range []struct {
		status     int
		body, want string
	}{
		{200, `{"value":0}`, `{"value":0}`},
		{400, `{"error":"position is 9000 bytes long, above this server's limit of 8192"}`, "above the in-browser limit of 8192. This page computes in your browser"},
		{422, `{"error":"state limit of 10 reached (the max-states parameter, at most this server's limit)"}`, "run `grundy serve`"},
		{400, `{"error":"unknown game \"nimm\""}`, `{"error":"unknown game \"nimm\""}`},
		{500, `not json`, `not json`},
	} {
		got := Reword(c.status, c.body)
		if !strings.Contains(got, c.want) {
			t.Errorf("Reword(%d, %s) = %s, want it to contain %s", c.status, c.body, got, c.want)
		}
	}
}
