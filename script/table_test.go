package script_test

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/script"
)

// tableOf tabulates G(0..to) of inst.
func tableOf(t *rapid.T, inst games.Instance, to int) *games.Table {
	tab, err := inst.(games.Tabulator).Table(context.Background(), 0, to, nil)
	if err != nil {
		t.Fatalf("table of %s: %v", inst.Name(), err)
	}
	return tab
}

// TestSubtractionTables generates random subtraction sets and checks the
// table of a script that declares SUBTRACTION against the built-in
// subtract:S: the same values, and the same proven period.
func TestSubtractionTables(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		set := rapid.SliceOfNDistinct(rapid.IntRange(1, 9), 1, 4, rapid.ID[int]).Draw(t, "set")
		slices.Sort(set)
		words := make([]string, len(set))
		for i, s := range set {
			words[i] = fmt.Sprint(s)
		}
		list := strings.Join(words, ", ")
		src := fmt.Sprintf("SUBTRACTION = [%s]\n\ndef moves(n):\n    return [n - s for s in SUBTRACTION if s <= n]\n", list)
		inst, err := script.LoadSource("sub.star", []byte(src), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		builtin, err := query.Open("subtract:"+strings.Join(words, ","), query.OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		to := rapid.IntRange(0, 150).Draw(t, "to")
		got, want := tableOf(t, inst, to), tableOf(t, builtin, to)
		for n := 0; n <= to; n++ {
			if got.At(n) != want.At(n) {
				t.Fatalf("S = %v: G(%d) = %d, built-in %d", set, n, got.At(n), want.At(n))
			}
		}
		gp, wp := got.Pattern, want.Pattern
		if (gp != nil && gp.Proven) != (wp != nil && wp.Proven) {
			t.Fatalf("S = %v to %d: script pattern %+v, built-in %+v", set, to, gp, wp)
		}
		if gp != nil && gp.Proven && (gp.Period != wp.Period || gp.Preperiod != wp.Preperiod) {
			t.Fatalf("S = %v: script period %d from %d, built-in %d from %d", set, gp.Period, gp.Preperiod, wp.Period, wp.Preperiod)
		}
	})
}

// TestFalseSubtractionDeclaration checks that a script whose moves differ
// from its SUBTRACTION declaration is refused rather than "proven".
func TestFalseSubtractionDeclaration(t *testing.T) {
	src := "SUBTRACTION = [1, 2]\n\ndef moves(n):\n    return [n - s for s in (1, 3) if s <= n]\n"
	inst, err := script.LoadSource("lie.star", []byte(src), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	_, err = inst.(games.Tabulator).Table(context.Background(), 0, 20, nil)
	// The declaration as the script wrote it, what moves gave, and what it
	// should have given.
	want := "lie.star declares SUBTRACTION = [1, 2], but moves(2) returned [1], not the heaps 2 - s for s in SUBTRACTION, s <= 2: [1, 0]"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v, want the declaration refused at n = 2: %q", err, want)
	}
}

// TestObservedOnly checks that a script without SUBTRACTION never gets a
// proven pattern, even for a game whose period is provable.
func TestObservedOnly(t *testing.T) {
	src := "def moves(n):\n    return [n - s for s in (1, 2) if s <= n]\n"
	inst, err := script.LoadSource("obs.star", []byte(src), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(games.Tabulator).Table(context.Background(), 0, 60, nil)
	if err != nil {
		t.Fatal(err)
	}
	// subtract:1-2 gives n mod 3 (seed 004's argument): period 3 from 0.
	if p := tab.Pattern; p == nil || p.Proven || p.Period != 3 || p.Preperiod != 0 {
		t.Fatalf("pattern %+v, want period 3 from 0, observed", p)
	}
}
