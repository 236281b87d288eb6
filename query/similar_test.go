package query

import (
	"errors"
	"slices"
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
		if got := SimilarGames(c.name); !slices.Equal(got, c.want) {
			t.Errorf("SimilarGames(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestUnknownGameSuggests(t *testing.T) {
	_, err := Open("kayels", nil)
	var nf *game.NotFoundError
	if !errors.Is(err, game.ErrInput) || !errors.As(err, &nf) || nf.Name != "kayels" || !slices.Equal(nf.Suggestions, []string{"kayles"}) {
		t.Fatalf("got %v", err)
	}
	_, err = Open("qqqqqqq", nil)
	if !errors.As(err, &nf) || len(nf.Suggestions) != 0 {
		t.Fatalf("got %v", err)
	}
}
