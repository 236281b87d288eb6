package games

import (
	"slices"
	"testing"
)

func TestParseSet(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"1-3", []int{1, 2, 3}},
		{"1,3,4", []int{1, 3, 4}},
		{"2,5,7-9", []int{2, 5, 7, 8, 9}},
		{"4,1,1-2", []int{1, 2, 4}},
	}
	for _, tt := range tests {
		got, err := ParseSet(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseSet(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if back, _ := ParseSet(FormatSet(got)); !slices.Equal(back, got) {
			t.Errorf("FormatSet(%v) = %q does not parse back", got, FormatSet(got))
		}
	}
}

func TestPositionReplace(t *testing.T) {
	pos, err := ParseString("nim 3 4 + subtract:1-2 5")
	if err != nil {
		t.Fatal(err)
	}
	nim := pos[0].Game.(*denseInstance)
	after := pos.Replace(1, []Component{nim.Component(1)})
	if got := after.String(); got != "nim 3 1 + subtract:1-2 5" {
		t.Errorf("Replace(1) = %q", got)
	}
	if got := pos.Replace(2, nil).String(); got != "nim 3 4 + subtract:1-2 0" {
		t.Errorf("Replace(2, empty) = %q", got)
	}
}
