package games

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// sumTokens are the impartial games of the random sums: heaps of Nim, a
// subtraction game, and take-and-break games whose moves split a heap in
// two (so an option may be a sum of two components, or of none).
var sumTokens = []string{"nim", "subtract:1-3", "kayles", "dawson-kayles", "grundy-game"}

// drawSum draws a sum of one to maxGroups groups (the same token may recur
// in separate groups) of one to three heaps each, in CLI syntax.
func drawSum(t *rapid.T, maxGroups, maxHeap int) string {
	groups := make([]string, rapid.IntRange(1, maxGroups).Draw(t, "groups"))
	for i := range groups {
		words := []string{rapid.SampledFrom(sumTokens).Draw(t, "game")}
		for range rapid.IntRange(1, 3).Draw(t, "heaps") {
			words = append(words, fmt.Sprint(rapid.IntRange(0, maxHeap).Draw(t, "heap")))
		}
		groups[i] = strings.Join(words, " ")
	}
	return strings.Join(groups, " + ")
}

func parseSum(t interface{ Fatalf(string, ...any) }, text string) Position {
	pos, err := ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return pos
}

// identity is the naive identity of a position made of the groups of root,
// by the identity of a Sum (written: NewWrittenSum's): the sorted multiset
// of its components, each written as its ARG and, for NewSum, the index of
// its group's instance among root's groups, for NewWrittenSum its GAME
// token. It relies on no key.
func identity(written bool, root, pos Position) string {
	var parts []string
	for _, g := range pos {
		game := g.Game.Name()
		if !written {
			game = fmt.Sprint(slices.IndexFunc(root, func(r Group) bool { return r.Game == g.Game }))
		}
		for _, c := range g.Components {
			parts = append(parts, game+":"+c.String())
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// newSum makes a Sum of either identity.
func newSum(written bool) *Sum {
	if written {
		return NewWrittenSum()
	}
	return NewSum()
}

// naiveMoves lists the positions each move of pos leads to, straight from
// the rules: every component of every group, every option of it.
func naiveMoves(pos Position) []Position {
	var after []Position
	i := 0
	for _, g := range pos {
		for _, c := range g.Components {
			g.Game.(Valued).Moves(c, func(option []Component) bool {
				after = append(after, pos.Replace(i, slices.Clone(option)))
				return true
			})
			i++
		}
	}
	return after
}

// TestSumMoves checks the whole-position level of the adapter against a
// naive expansion on random sums, under either identity: the keys Moves
// yields are, as multisets of positions, the positions every move of every
// component leads to; Move keys the same position as Replace; keys ignore
// the order of components and groups and tell different positions apart;
// PositionMoves lists the naive moves in order.
func TestSumMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pos := parseSum(t, drawSum(t, 3, 9))
		byText := rapid.Bool().Draw(t, "written")
		written := func(root, p Position) string { return identity(byText, root, p) }
		sum := newSum(byText)
		key := sum.Key(pos)
		if got := written(pos, sum.Position(key)); got != written(pos, pos) {
			t.Fatalf("%s: Position of its key is %s", pos, got)
		}

		var want []string
		for _, after := range naiveMoves(pos) {
			want = append(want, written(pos, after))
		}
		var got []string
		sum.Moves(key, func(m SumMove) bool {
			k := m.Key()
			if k.Len() != key.Len()-1+len(m.Option) {
				t.Fatalf("%s: a move of %d to %d components keys %d", pos, key.Len(), len(m.Option), k.Len())
			}
			got = append(got, written(pos, sum.Position(k)))
			return true
		})
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: Moves\n%q\nnaive\n%q", pos, got, want)
		}
		if has := sum.HasMoves(key); has != (len(want) > 0) {
			t.Fatalf("%s: HasMoves %v with %d moves", pos, has, len(want))
		}

		// PositionMoves: the same moves, in the games' order; Move keys
		// them as Key keys the position after.
		naive := naiveMoves(pos)
		n := 0
		comps := pos.Components()
		PositionMoves(pos, func(i int, option []Component) bool {
			after := pos.Replace(i, option)
			if n >= len(naive) || after.String() != naive[n].String() {
				t.Fatalf("%s: move %d of PositionMoves leaves %s", pos, n, after)
			}
			gi, _ := pos.Locate(i)
			if k, ok := sum.Move(key, pos[gi].Game, comps[i], option); !ok || k != sum.Key(after) {
				t.Fatalf("%s: Move to %s keys %x, %v; Key %x", pos, after, k, ok, sum.Key(after))
			}
			n++
			return true
		})
		if n != len(naive) {
			t.Fatalf("%s: PositionMoves listed %d moves, naive %d", pos, n, len(naive))
		}

		// Shuffled components and groups: the same key.
		shuffled := make(Position, len(pos))
		for i, j := range rapid.Permutation(rangeOf(len(pos))).Draw(t, "groups order") {
			g := pos[j]
			cs := make([]Component, len(g.Components))
			for a, b := range rapid.Permutation(rangeOf(len(cs))).Draw(t, "order") {
				cs[a] = g.Components[b]
			}
			shuffled[i] = Group{Game: g.Game, Components: cs}
		}
		if sum.Key(shuffled) != key {
			t.Fatalf("%s and %s: different keys", pos, shuffled)
		}
		// Two moves lead to the same key exactly when they lead to the
		// same position.
		keys := map[string]SumKey{}
		for _, after := range naive {
			w, k := written(pos, after), sum.Key(after)
			if old, ok := keys[w]; ok && old != k {
				t.Fatalf("%s: %s has keys %x and %x", pos, after, old, k)
			}
			keys[w] = k
		}
		seen := map[SumKey]string{}
		for w, k := range keys {
			if old, ok := seen[k]; ok {
				t.Fatalf("%s: %s and %s have the same key", pos, old, w)
			}
			seen[k] = w
		}
	})
}

func rangeOf(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = i
	}
	return r
}

// TestSumOptions checks the component level: the options of an ID are the
// options its game lists, as IDs of the same components; only Nim heaps
// have a known genus, that of *n (hereditarily tame: n^(n XOR 1) for n <= 1,
// n^n above, Winning Ways ch. 13).
func TestSumOptions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pos := parseSum(t, drawSum(t, 3, 12))
		sum := NewSum()
		for i, id := range sum.IDs(pos) {
			gi, _ := pos.Locate(i)
			c := pos.Components()[i]
			if sum.Component(id).Key() != c.Key() || sum.Component(id).Instance() != c.Instance() {
				t.Fatalf("%s: ID %d is %s, component %d is %s", pos, id, sum.Component(id), i, c)
			}
			if sum.Game(id) != pos[gi].Game {
				t.Fatalf("%s: component %d met in %s, its group is of %s", pos, i, sum.Game(id).Name(), pos[gi].Game.Name())
			}
			var want, got []string
			pos[gi].Game.(Valued).Moves(c, func(option []Component) bool {
				want = append(want, pos[gi].Game.Format(option)...)
				want = append(want, "|")
				return true
			})
			sum.Options(id, func(option []ComponentID) bool {
				for _, o := range option {
					got = append(got, sum.Component(o).String())
				}
				if len(option) == 0 {
					got = append(got, pos[gi].Game.Format(nil)...)
				}
				got = append(got, "|")
				return true
			})
			if !slices.Equal(got, want) {
				t.Fatalf("%s %s: options %q, game says %q", pos[gi].Game.Name(), c, got, want)
			}
			genus, known := sum.KnownGenus(id)
			if isNim := pos[gi].Game.Name() == "nim"; known != isNim {
				t.Fatalf("%s %s: known genus %v", pos[gi].Game.Name(), c, known)
			} else if isNim {
				n := pos[gi].Game.(*denseInstance).Position(c)
				sup := game.Nimber(n)
				if n <= 1 {
					sup ^= 1
				}
				if genus.Normal != game.Nimber(n) || genus.Misere(0) != sup {
					t.Fatalf("nim %d: genus %s", n, genus)
				}
			}
		}
	})
}

// TestSumInstances checks that keys are compared within an instance only:
// two instances under one GAME token whose positions share keys (the same
// integers) but not rules stay apart, as the positions of a rule script
// loaded twice must.
func TestSumInstances(t *testing.T) {
	nim := NewImpartial("x", gameOf(Nim{}), ParseHeap, FormatHeap, "0")
	one := NewImpartial("x", gameOf(Subtraction{Set: []int{1}}), ParseHeap, FormatHeap, "0")
	pos := Position{
		{Game: nim, Components: []Component{nim.Component(3)}},
		{Game: one, Components: []Component{one.Component(3)}},
	}
	sum := NewSum()
	ids := sum.IDs(pos)
	if ids[0] == ids[1] {
		t.Fatalf("x 3 of two instances: one ID %d", ids[0])
	}
	// Move interns nothing: a position with a component never met has no
	// key yet.
	if _, ok := sum.Move(KeyOf(ids), nim, nim.Component(3), []Component{nim.Component(1)}); ok {
		t.Fatal("Move to x 1, never met, keyed a position")
	}
	if _, ok := sum.Find(nim, nim.Component(1)); ok {
		t.Fatal("Move interned x 1")
	}
	count := func(id ComponentID) int {
		n := 0
		sum.Options(id, func([]ComponentID) bool { n++; return true })
		return n
	}
	if a, b := count(ids[0]), count(ids[1]); a != 3 || b != 1 {
		t.Fatalf("x 3: %d options in Nim (want 3), %d taking one (want 1)", a, b)
	}
	if _, known := sum.KnownGenus(ids[1]); known {
		t.Fatal("a heap of the take-one game has a known genus")
	}
	key := KeyOf(ids)
	if _, ok := key.Replace(ComponentID(len(ids)+5), nil); ok {
		t.Fatal("Replace of a component not in the key succeeded")
	}
	if k, ok := key.Replace(ids[0], nil); !ok || k.Len() != 1 || k.IDs()[0] != ids[1] {
		t.Fatalf("Replace of x 3 (Nim) by nothing: %v, %v", k.IDs(), ok)
	}
}

// TestWrittenSum checks the written identity: the same ARG of one game in
// two groups, or parsed apart, is one component, while NewSum keeps the
// instances apart; either way the key of a position is that of its
// components.
func TestWrittenSum(t *testing.T) {
	a, b := parseSum(t, "kayles 3 + kayles 3 5"), parseSum(t, "kayles 5 3 + kayles 3")
	for _, byText := range []bool{false, true} {
		sum := newSum(byText)
		ids := sum.IDs(a)
		if shared := ids[0] == ids[1]; shared != byText {
			t.Errorf("written %v: kayles 3 in two groups shares an ID: %v", byText, shared)
		}
		if same := sum.Key(a) == sum.Key(b); same != byText {
			t.Errorf("written %v: %s and %s, parsed apart, have one key: %v", byText, a, b, same)
		}
		if got := identity(byText, a, sum.Position(sum.Key(a))); got != identity(byText, a, a) {
			t.Errorf("written %v: Position of the key of %s is %s", byText, a, got)
		}
	}
}

// TestSumGeneral solves random small sums with the retrograde solver over
// the adapter's General, under both conventions and either identity, against plain recursion
// over positions (the mover wins iff some move leaves a lost position; a
// position without moves is lost under normal play, won under misère).
func TestSumGeneral(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pos := parseSum(t, drawSum(t, 2, 4))
		misere := rapid.Bool().Draw(t, "misere")
		byText := rapid.Bool().Draw(t, "written")
		written := func(root, p Position) string { return identity(byText, root, p) }
		memo := map[string]bool{}
		var wins func(p Position) bool
		wins = func(p Position) bool {
			w := written(pos, p)
			if v, ok := memo[w]; ok {
				return v
			}
			after := naiveMoves(p)
			win := misere && len(after) == 0
			for _, q := range after {
				// No early exit: every reachable position is counted.
				if !wins(q) {
					win = true
				}
			}
			memo[w] = win
			return win
		}
		sum := newSum(byText)
		key := sum.Key(pos)
		g := sum.General(misere)
		if o, terminal := g.Result(key); terminal != (misere && !sum.HasMoves(key)) || terminal && o != game.Win {
			t.Fatalf("%s (misère %v): Result %s, %v", pos, misere, o, terminal)
		}
		s := solve.NewRetro(g, nil)
		if err := s.Solve(context.Background(), key); err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		v, _ := s.Value(key)
		if want := map[bool]game.Outcome{true: game.Win, false: game.Lose}[wins(pos)]; v.Outcome != want {
			t.Fatalf("%s (misère %v): retrograde %s, recursion %s", pos, misere, v.Outcome, want)
		}
		if s.Positions() != int64(len(memo)) {
			t.Fatalf("%s (misère %v): %d positions solved, %d reachable", pos, misere, s.Positions(), len(memo))
		}
	})
}
