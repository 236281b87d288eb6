package script_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/script"
)

// TestListOptionHint: a script on pairs that writes an option as a list
// gets a sum of two ints, and the error it then hits says so and names the
// tuple to return instead.
func TestListOptionHint(t *testing.T) {
	for _, body := range []string{
		"    a, b = pos\n", // "got int in sequence assignment"
		"    a, b = pos[0], pos[1]\n",
		"    a = pos[0]\n    b = len(pos) and pos[1]\n", // "len: value of type int has no len"
	} {
		src := "def moves(pos):\n" + body +
			"    return [[a - 1, b]] if a > 0 else []\n" +
			"def parse(arg):\n    return tuple([int(x) for x in arg.split(\",\")])\n"
		inst, err := script.LoadSource("pairs.star", []byte(src), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		comps, err := inst.Parse([]string{"2,3"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = query.Value(context.Background(), games.Position{{Game: inst, Components: comps}}, nil)
		want := "(hint: moves((2, 3)) returned the list [1, 3] as an option, which is a sum of 2 positions, one per element; if the option is one position, return the tuple (1, 3))"
		if !errors.Is(err, game.ErrInput) || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%q: got %v", body, err)
		}
	}
}

// TestNoHintForSums: Grundy's game returns lists of ints for an int
// position, true sums; its errors carry no hint.
func TestNoHintForSums(t *testing.T) {
	src := "def moves(n):\n    if n == 7:\n        fail(\"boom\")\n    return [[k, n - k] for k in range(1, (n + 1) // 2) if k != n - k]\n"
	inst, err := script.LoadSource("g.star", []byte(src), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	comps, err := inst.Parse([]string{"9"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = query.Value(context.Background(), games.Position{{Game: inst, Components: comps}}, nil)
	if err == nil || !strings.Contains(err.Error(), "boom") || strings.Contains(err.Error(), "hint") {
		t.Fatalf("got %v", err)
	}
}

// TestTableComputesLikeBuiltins: without SUBTRACTION a script's table
// looks for its pattern in G(0..to), as the built-in games no theorem
// covers do (grundy-game); with it, in at least G(0..255), as the
// built-in subtraction games do.
func TestTableComputesLikeBuiltins(t *testing.T) {
	grundyGame := "def moves(n):\n    return [[k, n - k] for k in range(1, (n + 1) // 2) if k != n - k]\n"
	inst, err := script.LoadSource("g.star", []byte(grundyGame), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(games.Tabulator).Table(context.Background(), 0, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := query.Open("grundy-game", query.OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	want, err := builtin.(games.Tabulator).Table(context.Background(), 0, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Computed != want.Computed || tab.Computed != 9 {
		t.Errorf("script computed %d values, built-in grundy-game %d, want 9", tab.Computed, want.Computed)
	}
	sub := "SUBTRACTION = (1, 2)\ndef moves(n):\n    return [n - s for s in (1, 2) if s <= n]\n"
	inst, err = script.LoadSource("s.star", []byte(sub), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tab, err = inst.(games.Tabulator).Table(context.Background(), 0, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Computed < 256 || tab.Pattern == nil || !tab.Pattern.Proven {
		t.Errorf("SUBTRACTION script: computed %d, pattern %+v", tab.Computed, tab.Pattern)
	}
}
