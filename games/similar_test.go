package games

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

func TestSimilar(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		{"nimm", []string{"nim"}},
		{"kayle", []string{"kayles"}},
		{"Kayles", []string{"kayles"}},
		{"tic-tac-toe", []string{"tictactoe"}},
		{"dawson", []string{"dawson-chess", "dawson-kayles"}},
		{"grundygame", []string{"grundy-game"}},
		{"zzzzzzzz", nil},
	} {
		if got := Similar(c.name); !slices.Equal(got, c.want) {
			t.Errorf("Similar(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestUnknownGameSuggests(t *testing.T) {
	_, err := Open("kayels")
	var nf *game.NotFoundError
	if !errors.Is(err, game.ErrInput) || !errors.As(err, &nf) || nf.Name != "kayels" || !slices.Equal(nf.Suggestions, []string{"kayles"}) {
		t.Fatalf("got %v", err)
	}
	_, err = Open("qqqqqqq")
	if !errors.As(err, &nf) || len(nf.Suggestions) != 0 {
		t.Fatalf("got %v", err)
	}
}

func TestParseHeapTooLarge(t *testing.T) {
	for _, arg := range []string{"99999999999999999999", "4611686018427387905"} {
		if _, err := ParseHeap(arg); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "too large") {
			t.Errorf("ParseHeap(%s): %v", arg, err)
		}
	}
	for _, arg := range []string{"-99999999999999999999", "-1", "x", "1.5"} {
		if _, err := ParseHeap(arg); err == nil || !strings.Contains(err.Error(), "not a non-negative integer") {
			t.Errorf("ParseHeap(%s): %v", arg, err)
		}
	}
	if n, err := ParseHeap("4611686018427387904"); err != nil || n != 1<<62 {
		t.Errorf("2^62: %d, %v", n, err)
	}
}
