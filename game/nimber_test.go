package game

import (
	"testing"

	"pgregory.net/rapid"
)

func TestMex(t *testing.T) {
	tests := []struct {
		values []Nimber
		want   Nimber
	}{
		{nil, 0},                  // mex of the empty set (seed 000: Mex({}) = 0)
		{[]Nimber{0, 1, 3, 4}, 2}, // seed 000's example
		{[]Nimber{1, 2, 3}, 0},    // seed 000's example
		{[]Nimber{0, 0, 1, 1}, 2},
		{[]Nimber{63, 0}, 1},
		{[]Nimber{64, 65}, 0},
		{[]Nimber{1 << 40}, 0},
	}
	for _, tt := range tests {
		if got := Mex(tt.values...); got != tt.want {
			t.Errorf("Mex(%v) = %d, want %d", tt.values, got, tt.want)
		}
	}
}

// TestMexSetMatchesDefinition checks the bitset against the definition:
// the least k with k not in the set, found by linear search.
func TestMexSetMatchesDefinition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		values := rapid.SliceOfN(rapid.Uint64Range(0, 300), 0, 400).Draw(t, "values")
		in := map[uint64]bool{}
		var m MexSet
		for _, v := range values {
			in[v] = true
			m.Add(Nimber(v))
		}
		want := Nimber(0)
		for in[uint64(want)] {
			want++
		}
		if got := m.Mex(); got != want {
			t.Fatalf("Mex = %d, want %d", got, want)
		}
		for v := uint64(0); v < 320; v++ {
			if m.Has(Nimber(v)) != in[v] {
				t.Fatalf("Has(%d) = %v, want %v", v, !in[v], in[v])
			}
		}
		m.Reset()
		if m.Mex() != 0 {
			t.Fatalf("Mex after Reset = %d", m.Mex())
		}
	})
}

func TestNimSum(t *testing.T) {
	// 3 = 011, 4 = 100, 5 = 101: 011 ^ 100 ^ 101 = 010.
	if got := NimSum(3, 4, 5); got != 2 {
		t.Errorf("NimSum(3,4,5) = %d, want 2", got)
	}
	if got := NimSum(); got != 0 {
		t.Errorf("NimSum() = %d, want 0", got)
	}
}

func TestOutcome(t *testing.T) {
	if !(Lose < Draw && Draw < Win) {
		t.Fatal("outcome order must be Lose < Draw < Win")
	}
	for _, tt := range []struct {
		o           Outcome
		name, class string
	}{{Lose, "lose", "P"}, {Draw, "draw", "D"}, {Win, "win", "N"}, {Unknown, "unknown", "?"}} {
		if tt.o.String() != tt.name || tt.o.Class().String() != tt.class {
			t.Errorf("%d: got %s/%s, want %s/%s", tt.o, tt.o, tt.o.Class(), tt.name, tt.class)
		}
	}
	if OutcomeOf(0) != Lose || OutcomeOf(7) != Win {
		t.Error("OutcomeOf: value 0 must lose, non-zero must win")
	}
}
