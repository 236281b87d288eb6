package graphdb

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/store"
)

// randomValues returns n positions ("p0", "p1", ...) with values drawn at
// random, the map the tests check the table against.
func randomValues(rng *rand.Rand, from, n int) map[string]solve.Value {
	out := map[string]solve.Value{}
	for i := from; i < from+n; i++ {
		v := solve.Value{Outcome: game.Draw, Remoteness: -1}
		switch rng.IntN(3) {
		case 1:
			v = solve.Value{Outcome: game.Win, Remoteness: rng.IntN(maxRemoteness + 1)}
		case 2:
			v = solve.Value{Outcome: game.Lose, Remoteness: rng.IntN(40)}
		}
		out[fmt.Sprintf("p%d", i)] = v
	}
	return out
}

// write adds values to the table of the database in dir.
func write(t *testing.T, dir string, values map[string]solve.Value) error {
	t.Helper()
	db, err := store.OpenWriter(dir, Identity("test"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	old, err := Open(db)
	if err != nil {
		return err
	}
	if old != nil {
		defer old.Close()
	}
	return Write(context.Background(), db, old, int64(len(values)), nil, func(yield func(Entry) bool) error {
		for text, v := range values {
			if !yield(Entry{Key(text), v}) {
				break
			}
		}
		return nil
	})
}

// check reads every position of values from the database in dir, and a
// few it does not hold; it returns the first error (a wrong value fails
// the test).
func check(t *testing.T, dir string, values map[string]solve.Value, absent int) error {
	t.Helper()
	db, err := store.Open(dir, Identity("test"))
	if err != nil {
		return err
	}
	tab, err := Open(db)
	if err != nil {
		return err
	}
	if tab == nil {
		return errors.New("no table")
	}
	defer tab.Close()
	for text, want := range values {
		got, ok, err := tab.Value(Key(text))
		if err != nil {
			return err
		}
		if !ok || got != want {
			t.Fatalf("%s: %+v (held %v), want %+v", text, got, ok, want)
		}
	}
	for i := range absent {
		if v, ok, err := tab.Value(Key(fmt.Sprintf("absent%d", i))); err != nil || ok {
			t.Fatalf("a position not held: %+v %v %v", v, ok, err)
		}
	}
	if tab.Positions() != int64(len(values)) {
		t.Errorf("%d positions in the manifest, want %d", tab.Positions(), len(values))
	}
	return nil
}

// TestRoundTrip: random values read back exactly; a second write adds
// positions to the first's; a position yielded again with another value
// is refused.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 3))
	dir := filepath.Join(t.TempDir(), "db")
	first := randomValues(rng, 0, 5000)
	if err := write(t, dir, first); err != nil {
		t.Fatal(err)
	}
	if err := check(t, dir, first, 2000); err != nil {
		t.Fatal(err)
	}
	second := randomValues(rng, 4000, 3000) // 1000 again, new values
	for text := range second {
		if v, ok := first[text]; ok {
			second[text] = v
		}
	}
	if err := write(t, dir, second); err != nil {
		t.Fatal(err)
	}
	all := map[string]solve.Value{}
	for _, m := range []map[string]solve.Value{first, second} {
		for k, v := range m {
			all[k] = v
		}
	}
	if err := check(t, dir, all, 2000); err != nil {
		t.Fatal(err)
	}
	bad := map[string]solve.Value{"p17": {Outcome: game.Win, Remoteness: maxRemoteness}}
	if first["p17"] == bad["p17"] {
		bad["p17"] = solve.Value{Outcome: game.Lose, Remoteness: 3}
	}
	if err := write(t, dir, bad); err == nil || !strings.Contains(err.Error(), "cannot hold both") {
		t.Errorf("a position of another value: %v", err)
	}
	if err := check(t, dir, all, 0); err != nil {
		t.Fatalf("after the refused write: %v", err)
	}
	if err := write(t, dir, map[string]solve.Value{"x": {Outcome: game.Win, Remoteness: maxRemoteness + 1}}); err == nil {
		t.Error("a remoteness past the codes was written")
	}
}

// TestDamage flips bytes of the table (a sample of its slots, every byte
// of its header) and cuts it: every damaged database refuses, naming the
// file, or reads every value exactly as before. Never a wrong value.
func TestDamage(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	dir := filepath.Join(t.TempDir(), "db")
	values := randomValues(rng, 0, 3000)
	if err := write(t, dir, values); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, File)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	try := func(b []byte) {
		t.Helper()
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := check(t, dir, values, 100); err != nil {
			if !strings.Contains(err.Error(), File) {
				t.Errorf("%v does not name the file", err)
			}
			refused++
		}
	}
	var cases int
	for i := 0; i < len(orig); i++ {
		if i >= 128 && i < store.HeaderSize || i >= store.HeaderSize && rng.IntN(256) != 0 {
			continue
		}
		b := append([]byte(nil), orig...)
		b[i] ^= 0x04
		try(b)
		cases++
	}
	for _, n := range []int{0, store.HeaderSize, len(orig) / 2, len(orig) - 1} {
		try(orig[:n])
		cases++
	}
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := check(t, dir, values, 100); err != nil {
		t.Fatal(err)
	}
	if refused != cases {
		t.Errorf("%d of %d damaged tables refused", refused, cases)
	}
	t.Logf("%d damaged tables refused", refused)
}
