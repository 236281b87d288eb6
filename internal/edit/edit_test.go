package edit

import "testing"

// The distances below are counted by hand: each is the fewest single-byte
// insertions, deletions and substitutions turning the first word into the
// second.
func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "nim", 3},
		{"kayles", "kayles", 0},
		{"kayle", "kayles", 1},   // insert s
		{"valeu", "value", 2},    // two substitutions
		{"kitten", "sitting", 3}, // k->s, e->i, insert g
		{"nim", "", 3},
		{"nimm", "nim", 1},
		{"flaw", "lawn", 2}, // delete f, insert n
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}
