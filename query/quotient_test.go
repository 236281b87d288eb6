package query

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/solve"
)

// quotientFile writes the cache file `grundy quotient token --to n --json`
// would write (the JSON of Quotient's answer).
func quotientFile(t *testing.T, token string, n int) []byte {
	t.Helper()
	inst, err := games.Open(token)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Quotient(context.Background(), inst, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMisereFromQuotientFile checks `value --misere --quotient FILE`: the
// quotient of a cache file, read back and checked, answers random sums of
// its game's heaps (tame and wild, one heap or several) with method
// "quotient", and the outcome and every winning move agree with the naive
// misère search of misere_test.go, written from the rules' definitions.
func TestMisereFromQuotientFile(t *testing.T) {
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(17, 41))
	for _, c := range []struct {
		game string
		to   int // the quotient's heaps; sums use heaps up to to
	}{
		{"kayles", 10},
		{"dawson-kayles", 12},
		{"grundy-game", 13},
		{"subtract:1,3,4", 12},
	} {
		qf, err := ReadQuotientFile(c.game+".json", quotientFile(t, c.game, c.to))
		if err != nil {
			t.Fatal(err)
		}
		for range 150 {
			sum := make([]naiveHeap, 1+r.IntN(5))
			left := 24
			for i := range sum {
				n := r.IntN(min(c.to, left) + 1)
				left -= n
				sum[i] = naiveHeap{c.game, n}
			}
			pos, err := games.ParseString(writeSum(sum))
			if err != nil {
				t.Fatal(err)
			}
			res, err := MisereValueFrom(ctx, pos, qf, nil)
			if err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			if res.Method != "quotient" {
				t.Fatalf("%s: method %s with a quotient file", pos, res.Method)
			}
			checkMisere(t, memo, sum, res)
		}
	}
}

// TestQuotientFileErrors: a quotient file that is malformed, for another
// game, too short for the sum or not the quotient of its game is refused
// with one line of bad input naming the file, never used or bypassed.
func TestQuotientFileErrors(t *testing.T) {
	ctx := context.Background()
	kayles := quotientFile(t, "kayles", 12)
	edit := func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(kayles, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	for _, c := range []struct {
		name, position string
		data           []byte
		want           string // in the error
	}{
		{"truncated", "kayles 3 4", kayles[:len(kayles)/2], "not a quotient's JSON"},
		{"not an object", "kayles 3 4", []byte(`[1, 2]`), "not a quotient's JSON"},
		{"no game", "kayles 3 4", edit(func(m map[string]any) { delete(m, "game") }), `no "game" key`},
		{"bad relation", "kayles 3 4", edit(func(m map[string]any) { m["relations"] = []any{"a^2 = b^5"} }), "does not lower the word"},
		{"bad order", "kayles 3 4", edit(func(m map[string]any) { m["order"] = 25 }), "not 25"},
		{"to disagrees", "kayles 3 4", edit(func(m map[string]any) { m["to"] = 40 }), `"to" is 40`},
		{"other game", "dawson-kayles 3 4", kayles, "holds the misère quotient of kayles, not of dawson-kayles"},
		{"mixed sum", "kayles 3 + nim 4", kayles, "not of nim"},
		{"too short", "kayles 3 13", kayles, "up to 12 only, not the heap 13"},
		// Dawson's Kayles' heap 1 has no move, but the file gives it the
		// element a of Kayles' heap 1.
		{"fails the check", "dawson-kayles 3 4", edit(func(m map[string]any) { m["game"] = "dawson-kayles" }), "is not the misère quotient of dawson-kayles"},
		// The P-portion without a, the element of a heap of 1: but
		// kayles 1 is a misère P-position (the mover must take the last
		// pin), so the check fails at the sum of one heap.
		{"wrong P-portion", "kayles 3 4", edit(func(m map[string]any) {
			p := m["p_portion"].([]any)
			m["p_portion"] = p[1:]
		}), "is not the misère quotient of kayles"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos, err := games.ParseString(c.position)
			if err != nil {
				t.Fatal(err)
			}
			qf, err := ReadQuotientFile("cache.json", c.data)
			if err == nil {
				_, err = MisereValueFrom(ctx, pos, qf, nil)
			}
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			msg := err.Error()
			if !errors.Is(err, game.ErrInput) || !strings.Contains(msg, c.want) || !strings.Contains(msg, "cache.json") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q (bad input: %v), want one line of bad input naming cache.json and saying %q", msg, errors.Is(err, game.ErrInput), c.want)
			}
		})
	}
}

// TestQuotientFileHugeHeaps: a quotient whose heaps' period is proven
// (Kayles to heap 200: period 12 from heap 71, proven by the misère form
// of the Guy–Smith theorem, docs/quotients.md) covers every heap, so
// sums with heaps of millions are answered by it; the options of such a
// heap are read under the request's limits, so a state limit stops the
// listing of winning moves with a limit error, not a hang.
func TestQuotientFileHugeHeaps(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	qf, err := ReadQuotientFile("kayles.json", quotientFile(t, "kayles", 200))
	if err != nil {
		t.Fatal(err)
	}
	if p := qf.Quotient.Pattern(); p == nil || !p.Proven || p.Period != 12 {
		t.Fatalf("kayles to 200: pattern %+v, want period 12 proven", p)
	}
	// Heap 1000003 = 79 + 12 * 83327 is past the heaps 0..200 the
	// quotient was computed for: the proven period gives it heap 79's
	// element.
	pos, err := games.ParseString("kayles 1000003 79")
	if err != nil {
		t.Fatal(err)
	}
	res, err := MisereValueFrom(ctx, pos, qf, nil)
	if err != nil || res.Method != "quotient" {
		t.Fatalf("%s: method %v, err %v; want the quotient", pos, res, err)
	}
	// Two heaps of a million have two million options between them, few
	// of them winning: listing them counts every option as a state.
	pos, err = games.ParseString("kayles 1000003 1000003 5")
	if err != nil {
		t.Fatal(err)
	}
	_, err = MisereValueFrom(ctx, pos, qf, &solve.Budget{MaxStates: 100_000})
	if !errors.Is(err, solve.ErrStateLimit) || !strings.Contains(err.Error(), "winning moves") {
		t.Fatalf("two million options under 100,000 states: err = %v, want the state limit while listing winning moves", err)
	}
}
