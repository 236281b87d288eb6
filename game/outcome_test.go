package game

import (
	"encoding/json"
	"testing"
)

// TestOutcomeText checks the text forms the JSON of results carries: each
// outcome and class writes its word and reads back as itself, and any other
// text is refused.
func TestOutcomeText(t *testing.T) {
	for _, tt := range []struct {
		o           Outcome
		name, class string
	}{{Lose, "lose", "P"}, {Draw, "draw", "D"}, {Win, "win", "N"}, {Unknown, "unknown", "?"}} {
		b, err := json.Marshal(struct {
			O Outcome
			C Class
		}{tt.o, tt.o.Class()})
		if want := `{"O":"` + tt.name + `","C":"` + tt.class + `"}`; err != nil || string(b) != want {
			t.Errorf("%s: marshal %s, %v; want %s", tt.name, b, err, want)
		}
		var back struct {
			O Outcome
			C Class
		}
		if err := json.Unmarshal(b, &back); err != nil || back.O != tt.o || back.C.Outcome() != tt.o {
			t.Errorf("%s: unmarshal %s: %+v, %v", tt.name, b, back, err)
		}
	}
	var o Outcome
	if err := o.UnmarshalText([]byte("Win")); err == nil {
		t.Error(`outcome "Win" read without error`)
	}
	var c Class
	if err := c.UnmarshalText([]byte("L")); err == nil {
		t.Error(`class "L" read without error`)
	}
}
