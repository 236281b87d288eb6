package games

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// component parses a position of one component.
func component(t *testing.T, text string) Component {
	t.Helper()
	pos, err := ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	comps := pos.Components()
	if len(comps) != 1 {
		t.Fatalf("%q has %d components, want 1", text, len(comps))
	}
	return comps[0]
}

func intp(i int) *int { return &i }

// TestViewMove checks what each game's viewer says a move changes. Each
// row is worked out by hand from the game's rules (the comment says how).
func TestViewMove(t *testing.T) {
	tests := []struct {
		name, before, after string
		want                MoveView
	}{
		// x and o have two marks each: x marks the empty bottom-left cell.
		{"tictactoe", "tictactoe x.o/.x./..o", "tictactoe x.o/.x./x.o",
			MoveView{Label: "a3", Clicks: [][2]int{{2, 0}}, Cells: [][2]int{{2, 0}}}},
		// x takes the blank top-left cube and pushes it in at the right end
		// of the top row: the two blanks to its right slide left. On the
		// empty board every blank cube of the top row or the right column
		// pushed in at the top right leaves the same board; the first pair
		// in row order names the move, the others are listed too.
		{"quixo row", "quixo:3x3 .../.../... x", "quixo:3x3 ..x/.../... o",
			MoveView{Label: "a1→c1", Clicks: [][2]int{{0, 0}, {0, 2}}, Cells: [][2]int{{0, 2}},
				More: [][][2]int{{{0, 1}, {0, 2}}, {{1, 2}, {0, 2}}, {{2, 2}, {0, 2}}}}},
		// 4x4: x takes the blank cube at row 2 of the left column and pushes
		// it in at the right end of its row: the three cubes to its right
		// (o, blank, blank) slide left.
		{"quixo 4x4", "quixo:4x4 ..../.o../..../.... x", "quixo:4x4 ..../o..x/..../.... o",
			MoveView{Label: "a2→d2", Clicks: [][2]int{{1, 0}, {1, 3}}, Cells: [][2]int{{1, 0}, {1, 1}, {1, 3}}}},
		// o takes its own cube at the bottom right and pushes it in at the
		// top of its column: x at (0,2) and the blank at (1,2) slide down.
		{"quixo column", "quixo:3x3 ..x/.../..o o", "quixo:3x3 ..o/..x/... x",
			MoveView{Label: "c3→c1", Clicks: [][2]int{{2, 2}, {0, 2}}, Cells: [][2]int{{0, 2}, {1, 2}, {2, 2}}}},
		{"ends left", "ends 3 9 1 2", "ends 9 1 2", MoveView{Label: "left 3", End: "left"}},
		{"ends right", "ends 3 9 1 2", "ends 3 9 1", MoveView{Label: "right 2", End: "right"}},
		{"ends both", "ends 5 5", "ends 5", MoveView{Label: "take 5", End: "both"}},
		// Before any move y = 0: replacing card 2 makes (2+0) mod 10 = 2;
		// the hands swap, the mover's becoming 1,2 with y = 2.
		{"cards first move", "cards 1,2 3,4", "cards 3,4 1,2 2", MoveView{Label: "2 → 2", Card: intp(1)}},
		// y = 3: card 1 becomes 4, card 2 is kept.
		{"cards", "cards 1,2 3,3 3", "cards 3,3 2,4 4", MoveView{Label: "1 → 4", Card: intp(0)}},
		// The token moves up its column from the bottom-left cell.
		{"rook", "rook .#../..../o...", "rook o#../..../....",
			MoveView{Label: "to a1", Clicks: [][2]int{{0, 0}}, Cells: [][2]int{{2, 0}, {0, 0}}}},
		{"rectangles", "rectangles 3x3", "rectangles ##./##./...",
			MoveView{Label: "a1–b2", Clicks: [][2]int{{0, 0}, {1, 1}}, Box: true, Cells: [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}}},
		// A point inside 0,0,5 and outside 1,0,1 removes 0,0,5 alone.
		{"circles outer", "circles 0,0,5 1,0,1", "circles 1,0,1", MoveView{Label: "hit 0,0,5", Circle: intp(0)}},
		// A point inside 1,0,1 removes it and 0,0,5 around it.
		{"circles inner", "circles 0,0,5 1,0,1", "circles", MoveView{Label: "hit 1,0,1", Circle: intp(1)}},
		// Nim: taking 3 of 5 tokens leaves 2: click the third token.
		{"nim", "nim 5", "nim 2", MoveView{Label: "5 → 2", Token: intp(2)}},
		// Kayles: removing token 2 (from 0) of 5 leaves heaps 2 and 2.
		{"kayles split", "kayles 5", "kayles 2 2", MoveView{Label: "5 → 2 + 2", Token: intp(2), Split: true}},
		// Kayles: removing two adjacent tokens from the middle is listed
		// only (no one click makes it).
		{"kayles two", "kayles 5", "kayles 1 2", MoveView{Label: "5 → 1 + 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := component(t, tt.before)
			pos, err := ParseString(tt.after)
			if err != nil {
				t.Fatal(err)
			}
			got := ViewOf(c.Instance()).ViewMove(c, pos.Components())
			if !reflect.DeepEqual(got, tt.want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(tt.want)
				t.Errorf("ViewMove(%s → %s) = %s, want %s", tt.before, tt.after, g, w)
			}
		})
	}
}

// TestView checks the drawing of one position of each game.
func TestView(t *testing.T) {
	n := int64(4)
	tests := []struct {
		position string
		want     View
	}{
		{"tictactoe x.o/.x./..o", View{Kind: ViewGrid, Text: "x.o/.x./..o", Mover: "x",
			Cells: [][]string{{"x", "", "o"}, {"", "x", ""}, {"", "", "o"}}}},
		{"tictactoe x../.../...", View{Kind: ViewGrid, Text: "x../.../...", Mover: "o",
			Cells: [][]string{{"x", "", ""}, {"", "", ""}, {"", "", ""}}}},
		{"quixo:3x3 ..x/o../... o", View{Kind: ViewGrid, Text: "..x/o../... o", Mover: "o",
			Cells: [][]string{{"", "", "x"}, {"o", "", ""}, {"", "", ""}}}},
		{"ends 3 9 1 2", View{Kind: ViewRow, Text: "3 9 1 2", Row: []int64{3, 9, 1, 2}}},
		{"cards 1,2 3,4", View{Kind: ViewHands, Text: "1,2 3,4", Hands: [][]int{{1, 2}, {3, 4}}}},
		{"cards 2,1 7,3 3", View{Kind: ViewHands, Text: "1,2 3,7 3", Hands: [][]int{{1, 2}, {3, 7}}, Last: intp(3)}},
		{"rook .#/o.", View{Kind: ViewGrid, Text: ".#/o.", Cells: [][]string{{"", "#"}, {"●", ""}}}},
		{"rectangles 2x1", View{Kind: ViewGrid, Text: "2x1", Cells: [][]string{{"", ""}}}},
		{"rectangles #./..", View{Kind: ViewGrid, Text: "#./..", Cells: [][]string{{"#", ""}, {"", ""}}}},
		{"circles 0,0,5 1,0,1", View{Kind: ViewCircles, Text: "0,0,5 1,0,1", Circles: [][3]int64{{0, 0, 5}, {1, 0, 1}}}},
		{"nim 4", View{Kind: ViewHeap, Text: "4", Heap: &n}},
	}
	for _, tt := range tests {
		c := component(t, tt.position)
		if got := ViewOf(c.Instance()).View(c); !reflect.DeepEqual(got, tt.want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(tt.want)
			t.Errorf("View(%s) = %s, want %s", tt.position, g, w)
		}
	}
}

// textComp is a component known only by its text, as a rule script's is.
type textComp string

func (textComp) Instance() Instance { return nil }
func (c textComp) Key() any         { return string(c) }
func (c textComp) String() string   { return string(c) }

// TestTextViewer checks the generic view of texts no viewer knows.
func TestTextViewer(t *testing.T) {
	v := TextViewer{}
	if got := v.View(textComp("x.o/.../...")); got.Kind != ViewGrid || !reflect.DeepEqual(got.Cells, [][]string{{"x", "", "o"}, {"", "", ""}, {"", "", ""}}) {
		t.Errorf("grid text: %+v", got)
	}
	for _, text := range []string{"(3, 4)", "x.o/..", "ab/cd e f", ""} {
		if got := v.View(textComp(text)); got.Kind != ViewText || got.Text != text {
			t.Errorf("View(%q) = %+v, want text", text, got)
		}
	}
	mv := v.ViewMove(textComp("x.o/.../..."), []Component{textComp("x.o/.o./...")})
	if mv.Label != "b2" || !reflect.DeepEqual(mv.Clicks, [][2]int{{1, 1}}) {
		t.Errorf("grid move: %+v", mv)
	}
	if mv := v.ViewMove(textComp("(3, 4)"), []Component{textComp("(1, 4)"), textComp("(2, 0)")}); mv.Label != "→ (1, 4) + (2, 0)" {
		t.Errorf("text move: %+v", mv)
	}
	if mv := v.ViewMove(textComp("7"), nil); mv.Label != "7 → 0" || mv.Token == nil || *mv.Token != 0 {
		t.Errorf("move leaving nothing: %+v", mv)
	}
}

// movesOf lists the options of component c: through its game's moves
// (Valued) or its solver's (Solvable; one solver per game, kept in
// solvers, since a solver answers every position once it has solved one).
func movesOf(t *testing.T, c Component, solvers map[Instance]Solver) [][]Component {
	t.Helper()
	var out [][]Component
	switch g := c.Instance().(type) {
	case Valued:
		g.Moves(c, func(option []Component) bool { out = append(out, option); return true })
	case Solvable:
		if solvers[g] == nil {
			solvers[g] = g.Solver(nil)
		}
		sol, err := solvers[g].Solve(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range sol.Moves {
			out = append(out, []Component{m.To})
		}
	default:
		t.Fatalf("%s has no moves", c.Instance().Name())
	}
	return out
}

// TestViewClicks is a conformance check of the board viewers against the
// games' own move generators, over every position reached in a few moves:
// every move has a way to make it on the board (a click path, an end, a
// card, a circle or a token), and each way leads to one position only, so
// a click is never ambiguous. The Quixo viewer rebuilds moves from the
// boards' text under the rules, independently of the engine's bitboards.
func TestViewClicks(t *testing.T) {
	starts := []struct {
		position string
		depth    int
	}{
		{"tictactoe", 4},
		{"quixo:3x3", 3},
		{"rook ..../.#../..../o...", 3},
		{"rectangles 3x2", 2},
		{"rectangles .#./.../#..", 2},
		{"ends 3 9 1 2 2", 5},
		{"ends 4 4 4", 3},
		{"cards 1,2 3,4", 5},
		{"cards 3,3 5,7", 3},
		{"circles 0,0,9 1,0,3 1,0,1 5,5,1 -5,0,2", 3},
		{"nim 6", 2},
		{"kayles 7", 2},
	}
	for _, s := range starts {
		c := component(t, s.position)
		solvers := map[Instance]Solver{}
		seen := map[string]bool{}
		frontier := []Component{c}
		for d := 0; d <= s.depth && len(frontier) > 0; d++ {
			var next []Component
			for _, c := range frontier {
				if seen[c.String()] {
					continue
				}
				seen[c.String()] = true
				v := ViewOf(c.Instance())
				ways := map[string]string{} // way to make a move -> the position it leaves
				for _, option := range movesOf(t, c, solvers) {
					texts := make([]string, len(option))
					for i, o := range option {
						texts[i] = o.String()
					}
					left := strings.Join(texts, " + ")
					mv := v.ViewMove(c, option)
					var keys []string
					switch {
					case mv.Clicks != nil:
						for _, p := range append([][][2]int{mv.Clicks}, mv.More...) {
							keys = append(keys, fmt.Sprint("cells", p))
						}
					case mv.End != "":
						keys = append(keys, "end "+mv.End)
					case mv.Card != nil:
						keys = append(keys, fmt.Sprint("card ", *mv.Card))
					case mv.Circle != nil:
						keys = append(keys, fmt.Sprint("circle ", *mv.Circle))
					case mv.Token != nil:
						keys = append(keys, fmt.Sprint("token ", *mv.Token, " split ", mv.Split))
					}
					if len(keys) == 0 && !strings.HasPrefix(s.position, "kayles") {
						t.Errorf("%s %s: the move to %s cannot be made on the board (%+v)", c.Instance().Name(), c, left, mv)
					}
					for _, k := range keys {
						if prev, ok := ways[k]; ok && prev != left {
							t.Errorf("%s %s: %s makes both %s and %s", c.Instance().Name(), c, k, prev, left)
						}
						ways[k] = left
					}
					if mv.Label == "" {
						t.Errorf("%s %s: the move to %s has no label", c.Instance().Name(), c, left)
					}
					if len(option) == 1 {
						next = append(next, option[0])
					}
				}
			}
			frontier = next
		}
		if len(seen) < 2 {
			t.Errorf("%s: only %d positions visited", s.position, len(seen))
		}
	}
}
