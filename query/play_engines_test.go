package query

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
)

// sumOracle is the naive solver of whole positions of any impartial games
// of the catalog: plain recursion over the moves each game lists
// (games.PositionMoves), no Grundy values, no Sum, no retrograde analysis.
// The mover wins iff some move leaves a lost position; at the end the mover
// loses (normal play) or wins (misère). Remoteness by its definition
// (Smith 1966): 0 at the end, a win is 1 + the least remoteness of a lost
// option, a loss 1 + the largest remoteness of any option. Values by their
// definition: the mex of the options' values.
type sumOracle struct {
	misere bool
	memo   map[string]oracleValue
}

type oracleValue struct {
	win        bool
	remoteness int
	grundy     game.Nimber
}

func (o *sumOracle) solve(pos games.Position) oracleValue {
	key := writtenKey(pos)
	if v, ok := o.memo[key]; ok {
		return v
	}
	minLose, maxAll := -1, -1
	seen := map[game.Nimber]bool{}
	games.PositionMoves(pos, func(i int, option []games.Component) bool {
		c := o.solve(pos.Replace(i, option))
		if !c.win && (minLose < 0 || c.remoteness < minLose) {
			minLose = c.remoteness
		}
		maxAll = max(maxAll, c.remoteness)
		seen[c.grundy] = true
		return true
	})
	var v oracleValue
	for seen[v.grundy] {
		v.grundy++
	}
	switch {
	case maxAll < 0:
		v.win = o.misere
	case minLose >= 0:
		v.win, v.remoteness = true, 1+minLose
	default:
		v.remoteness = 1 + maxAll
	}
	o.memo[key] = v
	return v
}

// oracleGames are impartial games of the catalog with the largest
// component the oracle explores in a sum of up to three.
var oracleGames = []struct {
	name     string
	min, max int
}{
	{"nim", 0, 6}, {"kayles", 0, 7}, {"dawson-kayles", 0, 7}, {"subtract:1-3", 0, 10},
	{"subtract:2,5", 0, 12}, {"octal:0.77", 0, 7}, {"octal:4.7", 0, 7}, {"grundy-game", 0, 9},
	{"lasker", 0, 5}, {"divisor", 1, 12},
}

func drawSum(t *rapid.T) string {
	k := rapid.IntRange(1, 3).Draw(t, "components")
	groups := make([]string, k)
	for i := range groups {
		g := rapid.SampledFrom(oracleGames).Draw(t, "game")
		groups[i] = fmt.Sprintf("%s %d", g.name, rapid.IntRange(g.min, g.max).Draw(t, "n"))
	}
	return strings.Join(groups, " + ")
}

// TestPlayEnginesAgreeWithOracle checks everything the Player shows of an
// impartial sum against the naive whole-position recursion, on sums of up
// to three components of ten games, under both conventions: the outcome and
// value of the position; every move's outcome, value and remoteness, in
// the games' own order; the computer's move, from the same Player after
// the listing and from a fresh one: the fastest win or the slowest loss,
// the first such in the games' order; and that move typed back as a
// position with its groups in another order.
func TestPlayEnginesAgreeWithOracle(t *testing.T) {
	for _, misere := range []bool{false, true} {
		t.Run(fmt.Sprintf("misere=%v", misere), func(t *testing.T) {
			o := &sumOracle{misere: misere, memo: map[string]oracleValue{}}
			rapid.Check(t, func(t *rapid.T) {
				text := drawSum(t)
				pos, err := ParseString(text)
				if err != nil {
					t.Fatal(err)
				}
				ctx := context.Background()
				pl := NewPlayer(PlayOptions{Misere: misere})
				a, err := pl.Analyze(ctx, pos)
				if err != nil {
					t.Fatal(err)
				}
				v := o.solve(pos)
				if (a.Outcome == game.Win) != v.win {
					t.Fatalf("%s: outcome %s, oracle win=%v", text, a.Outcome, v.win)
				}
				if misere != (a.Grundy == nil) || !misere && *a.Grundy != v.grundy {
					t.Fatalf("%s: value %v, oracle %d (misère %v)", text, a.Grundy, v.grundy, misere)
				}
				var want []string // the moves in the games' order
				games.PositionMoves(pos, func(i int, option []games.Component) bool {
					want = append(want, pos.Replace(i, option).String())
					return true
				})
				if len(a.Moves) != len(want) {
					t.Fatalf("%s: %d moves, the games list %d", text, len(a.Moves), len(want))
				}
				var best *PlayMove
				for i, m := range a.Moves {
					if m.Position != want[i] || m.Number != i+1 {
						t.Fatalf("%s: move %d is %d. %s, want %s", text, i, m.Number, m.Position, want[i])
					}
					c := o.solve(m.After())
					if m.Outcome != map[bool]game.Outcome{true: game.Lose, false: game.Win}[c.win] {
						t.Fatalf("%s: move to %s rated %s, oracle win=%v after it", text, m.Position, m.Outcome, c.win)
					}
					if misere != (m.Grundy == nil) || !misere && *m.Grundy != c.grundy {
						t.Fatalf("%s: move to %s valued %v, oracle %d", text, m.Position, m.Grundy, c.grundy)
					}
					if rem(m.Remoteness) != c.remoteness {
						t.Fatalf("%s: move to %s has remoteness %d, oracle %d", text, m.Position, rem(m.Remoteness), c.remoteness)
					}
					if v.win == !c.win && (best == nil ||
						v.win && c.remoteness < *best.Remoteness || !v.win && c.remoteness > *best.Remoteness) {
						best = &a.Moves[i]
					}
				}
				for _, p := range []*Player{pl, NewPlayer(PlayOptions{Misere: misere})} {
					mv, err := p.Choose(ctx, pos)
					if err != nil {
						t.Fatal(err)
					}
					switch {
					case best == nil && mv != nil:
						t.Fatalf("%s: chose %s at the end", text, mv.Position)
					case best == nil:
					case mv == nil || mv.Position != best.Position || mv.Outcome != best.Outcome ||
						rem(mv.Remoteness) != rem(best.Remoteness) || mv.Component != best.Component:
						t.Fatalf("%s: chose %+v, want %s (remoteness %d)", text, mv, best.Position, rem(best.Remoteness))
					}
				}
				if best == nil {
					return
				}
				// The best move typed back as a position, its groups
				// reversed, is found with its number and rating.
				groups := strings.Split(best.Position, " + ")
				slices.Reverse(groups)
				found, err := pl.Find(ctx, pos, a.Moves, strings.Join(groups, " + "))
				if err != nil || found.Position != best.Position || found.Number != best.Number ||
					found.Outcome != best.Outcome || rem(found.Remoteness) != rem(best.Remoteness) {
					t.Fatalf("%s: typed %s, found %+v, %v", text, strings.Join(groups, " + "), found, err)
				}
			})
		})
	}
}
