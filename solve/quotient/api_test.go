package quotient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
)

// TestWinningMoves checks WinningMoves against the naive search on random
// sums: a move from heap h to option o wins exactly when the naive search
// says the sum left is a P-position. Sums with many equal heaps check that
// the rest r (the product of the other heaps) is right.
func TestWinningMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for _, code := range []string{"0.77", "0.07", "0.137", "0.75", "4.7", "0.[3]"} {
		r := heap.Octal(mustCode(t, code))
		const top = 10
		q, err := Compute(context.Background(), r, top, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := newNaive(r, top, 40)
		for range 200 {
			var heaps []int
			for tokens := 0; len(heaps) < 6; {
				h := rng.IntN(top + 1)
				if tokens+h > 40 {
					break
				}
				heaps = append(heaps, h)
				if rng.IntN(3) == 0 {
					heaps = append(heaps, h) // repeats
				}
				tokens += h
			}
			key := s.key(heaps)
			type move struct {
				heap int
				opt  string
			}
			var want []move
			for _, h := range slices.Compact(slices.Sorted(slices.Values(heaps))) {
				if h == 0 {
					continue
				}
				r.Options(h, func(o []int) bool {
					if s.isP(key - s.unit[h] + s.key(o)) {
						want = append(want, move{h, fmt.Sprint(o)})
					}
					return true
				})
			}
			var got []move
			q.WinningMoves(heaps, r, func(m Move) bool {
				got = append(got, move{m.Heap, fmt.Sprint(m.Option)})
				return true
			})
			if !slices.Equal(got, want) {
				t.Fatalf("%s %v: winning moves %v, naive %v", code, heaps, got, want)
			}
			if (len(want) == 0) != (q.Outcome(heaps) == game.Lose || !s.hasMove(key)) {
				t.Fatalf("%s %v: outcome %v but %d winning moves", code, heaps, q.Outcome(heaps), len(want))
			}
		}
	}
}

// hasMove reports whether the sum with key k has a move.
func (s *naive) hasMove(k uint64) bool {
	for h := 1; h <= s.top; h++ {
		if s.unit[h] != 0 && k>>s.shift[h]&s.mask[h] != 0 && len(s.opts[h]) > 0 {
			return true
		}
	}
	return false
}

// TestManyHeaps: Of and WinningMoves on a million heaps agree with the
// same sum written with its heaps counted (powers by repeated squaring
// against repeated multiplication).
func TestManyHeaps(t *testing.T) {
	r := heap.Octal(mustCode(t, "0.77"))
	q, err := Compute(context.Background(), r, 40, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	heaps := make([]int, 1_000_000)
	counts := make([]int, 41)
	for i := range heaps {
		heaps[i] = rng.IntN(41)
		counts[heaps[i]]++
	}
	// powers[h][k] is the element of k heaps of h, by repeated
	// multiplication.
	powers := make([][]Element, len(counts))
	for h, c := range counts {
		powers[h] = []Element{0}
		for k := 1; k <= c; k++ {
			powers[h] = append(powers[h], q.Mul(powers[h][k-1], q.Heap(h)))
		}
	}
	product := func(skip int) Element {
		x := Element(0)
		for h, c := range counts {
			if h == skip {
				c--
			}
			x = q.Mul(x, powers[h][c])
		}
		return x
	}
	x := product(-1)
	if q.Of(heaps) != x {
		t.Fatal("Of differs from the product")
	}
	n := 0
	q.WinningMoves(heaps, r, func(m Move) bool {
		if !q.InP(q.Mul(product(m.Heap), q.Of(m.Option))) {
			t.Fatalf("move %d -> %v does not win", m.Heap, m.Option)
		}
		n++
		return true
	})
	if (n > 0) == q.InP(x) {
		t.Fatalf("%d winning moves from a sum that is in P: %v", n, q.InP(x))
	}
}

// TestPeriodic: with a proven pattern the quotient covers every heap, and
// the element of a huge heap is that of the heap a whole number of periods
// below it; without one, heaps past N are not covered.
func TestPeriodic(t *testing.T) {
	kayles := heap.Octal(mustCode(t, "0.77"))
	q, err := Compute(context.Background(), kayles, 180, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := q.Pattern()
	if p == nil || !p.Proven || p.Period != 12 {
		t.Fatalf("kayles to 180: pattern %+v, want a proven period 12 (that of Kayles' Grundy values)", p)
	}
	if !q.Covers(1_000_000_000_000) || q.Heap(1_000_000_000_000) != q.Heap(1_000_000_000_000-12*1_000_000) {
		t.Fatal("kayles 10^12 is not periodic")
	}
	small, err := Compute(context.Background(), kayles, 30, nil)
	if err != nil {
		t.Fatal(err)
	}
	if small.Covers(31) {
		t.Fatal("kayles to 30 covers heap 31")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Heap(31) did not panic")
		}
	}()
	small.Heap(31)
}

// TestJSON round-trips quotients through JSON, checks the loaded ones
// against their games, and rejects tampered files.
func TestJSON(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 40}, {"0.07", 26}, {"0.75", 30}, {"0.[3]", 20}, {"0.0", 3}} {
		r := heap.Octal(mustCode(t, c.code))
		q, err := Compute(context.Background(), r, c.n, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{`"order":`, `"p_portion":`, `"tame":`, `"heaps":`, `"generators":`, `"relations":`, `"stable_from":`, `"pattern":`} {
			if !strings.Contains(string(data), key) {
				t.Fatalf("%s: no key %s in %s", c.code, key, data)
			}
		}
		back, err := Unmarshal(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.code, err, data)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(data) {
			t.Fatalf("%s: round trip changed the file:\n%s\n%s", c.code, data, again)
		}
		if !slices.Equal(back.mul, q.mul) || !slices.Equal(back.p, q.p) || !slices.Equal(back.heaps, q.heaps) {
			t.Fatalf("%s: the loaded quotient differs", c.code)
		}
		if err := back.Check(context.Background(), r, nil); err != nil {
			t.Fatalf("%s: check: %v", c.code, err)
		}
	}
	// A quotient is not that of another game, nor of its own game with one
	// outcome changed.
	kayles := heap.Octal(mustCode(t, "0.77"))
	q, _ := Compute(context.Background(), kayles, 20, nil)
	if err := q.Check(context.Background(), heap.Octal(mustCode(t, "0.75")), nil); err == nil {
		t.Fatal("the quotient of kayles checks as that of 0.75")
	}
	data, _ := json.Marshal(q)
	var f map[string]any
	_ = json.Unmarshal(data, &f)
	f["p_portion"] = append(f["p_portion"].([]any), "b")
	tampered, _ := json.Marshal(f)
	if bad, err := Unmarshal(tampered); err != nil {
		t.Fatalf("tampered P-portion did not load: %v", err)
	} else if err := bad.Check(context.Background(), kayles, nil); err == nil {
		t.Fatal("a quotient with b in P checks as kayles'")
	}
	for _, bad := range []string{
		`{}`,
		`{"order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^3 = 1"], "stable_from": 2, "pattern": null}`,
		`{"order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["1 = a^2"], "stable_from": 2, "pattern": null}`,
		`{"order": 2, "p_portion": ["q"], "tame": true, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 2, "pattern": null}`,
		`{"order": 2, "p_portion": ["a"], "tame": false, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 2, "pattern": null}`,
		`{"order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 3, "pattern": null}`,
		`{"order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "b"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 2, "pattern": null}`,
		`{"order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "a", "1"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 2, "pattern": {"preperiod": 0, "period": 1, "saltus": 0}}`,
	} {
		if _, err := Unmarshal([]byte(bad)); !errors.Is(err, game.ErrInput) {
			t.Errorf("%s: error %v, want bad input", bad, err)
		}
	}
	good := `{"game": "nim", "order": 2, "p_portion": ["a"], "tame": true, "heaps": ["1", "a"], "generators": [{"name": "a", "heap": 1}], "relations": ["a^2 = 1"], "stable_from": 2, "pattern": null}`
	if q, err := Unmarshal([]byte(good)); err != nil || q.Order() != 2 || !q.InP(q.Heap(1)) {
		t.Fatalf("misère nim to 1: %v", err)
	}
}

// TestLimits: a budget stops the work with an error that names the heap
// reached and the partial quotient's order, matches the solve limit errors,
// carries the partial quotient, and names no command-line flag.
func TestLimits(t *testing.T) {
	dawson := heap.Octal(mustCode(t, "0.07"))
	_, err := Compute(context.Background(), dawson, 40, &limits.Budget{MaxStates: 50_000})
	var stop *StopError
	if !errors.As(err, &stop) || !errors.Is(err, limits.ErrStateLimit) || !limits.IsLimit(err) {
		t.Fatalf("error %v, want a state limit", err)
	}
	if stop.Partial == nil || stop.Partial.N() != stop.Heap-1 || stop.Heap < 10 {
		t.Fatalf("partial quotient %v at heap %d", stop.Partial, stop.Heap)
	}
	msg := err.Error()
	if !strings.Contains(msg, "heap") || strings.Contains(msg, "--") || strings.Contains(msg, "\n") {
		t.Fatalf("message %q", msg)
	}
	_, err = Compute(context.Background(), dawson, 40, &limits.Budget{MaxMemory: 1 << 16})
	if !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("error %v, want a memory limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, dawson, 40, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want cancelled", err)
	}
	bad := OptionsFunc(func(n int, yield func([]int) bool) {
		if n > 0 {
			yield([]int{n})
		}
	})
	if _, err := Compute(context.Background(), bad, 3, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("error %v, want bad input", err)
	}
	if _, err := Compute(context.Background(), dawson, -1, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("error %v, want bad input", err)
	}
}

// TestStableFrom: once no new generator appears (Kayles' quotient to heap
// 180 is that of every heap, its pattern being proven), the quotient of
// heaps 0..N is the same for every N from the last generator on, and so is
// stable_from; below, stable_from never passes N+1.
func TestStableFrom(t *testing.T) {
	kayles := heap.Octal(mustCode(t, "0.77"))
	full, err := Compute(context.Background(), kayles, 180, nil)
	if err != nil {
		t.Fatal(err)
	}
	last := full.StableFrom()
	for n := 0; n <= 40; n++ {
		q, err := Compute(context.Background(), kayles, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n >= last-1 && q.StableFrom() != last || q.StableFrom() > n+1 {
			t.Fatalf("kayles to %d: stable from %d (to 180: %d)", n, q.StableFrom(), last)
		}
		if n >= last-1 && q.Order() != full.Order() {
			t.Fatalf("kayles to %d: order %d, but %d to 180", n, q.Order(), full.Order())
		}
	}
}

// TestDocumentedJSON checks the JSON example of docs/quotients.md (the
// quotient of 0.75 to heap 30) against MarshalJSON.
func TestDocumentedJSON(t *testing.T) {
	doc, err := os.ReadFile("../../docs/quotients.md")
	if err != nil {
		t.Skip("docs/quotients.md not found:", err)
	}
	_, block, ok := strings.Cut(string(doc), "```json\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("no json block in docs/quotients.md")
	}
	q, err := Compute(context.Background(), heap.Octal(mustCode(t, "0.75")), 30, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.Compact(&want, []byte(block)); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(q)
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("docs/quotients.md shows\n%s\nMarshalJSON gives\n%s", want.Bytes(), got)
	}
}
