package query

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
)

// naiveGraph explores the sums reachable from sum breadth-first, straight
// from the rules: the distinct positions (up to the order of components)
// and the distinct moves between them.
func naiveGraph(sum []pile) (nodes map[string][]pile, edges map[[2]string]bool) {
	nodes = map[string][]pile{pilesKey(sum): sum}
	edges = map[[2]string]bool{}
	queue := [][]pile{sum}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for i, p := range cur {
			for _, n := range p.next() {
				next := slices.Clone(cur)
				next[i].n = n
				k := pilesKey(next)
				edges[[2]string{pilesKey(cur), k}] = true
				if _, ok := nodes[k]; !ok {
					nodes[k] = next
					queue = append(queue, next)
				}
			}
		}
	}
	return nodes, edges
}

// TestGraphAgreesWithOracle: the nodes and edges of Graph are the naive
// exploration's, and each node is a P-position (value 0) exactly when the
// naive search says the mover loses.
func TestGraphAgreesWithOracle(t *testing.T) {
	o := &oracle{memo: map[string][2]int{}}
	rapid.Check(t, func(t *rapid.T) {
		sum := drawPiles(t, 4)
		text := pilesString(sum)
		pos, err := ParseString(text)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Graph(context.Background(), pos, nil, 10000)
		if err != nil {
			t.Fatal(err)
		}
		nodes, edges := naiveGraph(sum)
		if len(g.Nodes) != len(nodes) || len(g.Edges) != len(edges) {
			t.Fatalf("%s: %d nodes %d edges, naive %d nodes %d edges", text, len(g.Nodes), len(g.Edges), len(nodes), len(edges))
		}
		keys := make([]string, len(g.Nodes))
		for i, n := range g.Nodes {
			if n.ID != i {
				t.Fatalf("%s: node %d has id %d", text, i, n.ID)
			}
			piles := pilesOf(t, sum, n.Position)
			keys[i] = pilesKey(piles)
			if _, ok := nodes[keys[i]]; !ok {
				t.Fatalf("%s: node %s is not reachable", text, n.Position)
			}
			win, _ := o.solve(piles)
			if (*n.Grundy != 0) != win || (n.Class == game.Win.Class()) != win || (n.Outcome == game.Win) != win {
				t.Fatalf("%s: node %s value %d class %s, oracle win=%v", text, n.Position, *n.Grundy, n.Class, win)
			}
		}
		if g.Nodes[0].Position != text || g.Nodes[0].Depth != 0 {
			t.Fatalf("%s: first node %+v", text, g.Nodes[0])
		}
		for _, e := range g.Edges {
			if !edges[[2]string{keys[e.From], keys[e.To]}] {
				t.Fatalf("%s: edge %s -> %s is not a move", text, g.Nodes[e.From].Position, g.Nodes[e.To].Position)
			}
			if g.Nodes[e.To].Depth > g.Nodes[e.From].Depth+1 {
				t.Fatalf("%s: edge %d -> %d skips breadth-first depth", text, e.From, e.To)
			}
		}
	})
}

func TestGraphTooLarge(t *testing.T) {
	// nim 5 5 reaches the 21 unordered pairs {a, b}, 0 <= a <= b <= 5.
	pos, _ := ParseString("nim 5 5")
	if _, err := Graph(context.Background(), pos, nil, 20); !errors.Is(err, ErrGraphTooLarge) {
		t.Fatalf("err = %v, want ErrGraphTooLarge", err)
	}
	g, err := Graph(context.Background(), pos, nil, 21)
	if err != nil || len(g.Nodes) != 21 {
		t.Fatalf("graph of 21 nodes: %v", err)
	}
}

// TestGraphTicTacToe: the graph of a tic-tac-toe position has the boards
// reachable by legal play (none past a line), each labelled with its
// minimax outcome and remoteness.
func TestGraphTicTacToe(t *testing.T) {
	if _, ok := LookupGame("tictactoe"); !ok {
		t.Skip("no tictactoe in the catalog")
	}
	o := ttt{}
	outcome := map[int]string{1: "win", 0: "draw", -1: "lose"}
	for _, start := range []string{"xo./xo./...", "x../.o./...", "xox/oxo/..."} {
		pos, err := ParseString("tictactoe " + start)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Graph(context.Background(), pos, nil, 5000)
		if err != nil {
			t.Fatal(err)
		}
		reach := map[string]bool{}
		var walk func(b string)
		walk = func(b string) {
			if reach[b] {
				return
			}
			reach[b] = true
			if v := o.value(b); v[0] == -1 && v[1] == 0 {
				return
			}
			for _, c := range tttChildren(b) {
				walk(c)
			}
		}
		walk(strings.ReplaceAll(start, "/", ""))
		if len(g.Nodes) != len(reach) {
			t.Fatalf("%s: %d nodes, %d boards reachable", start, len(g.Nodes), len(reach))
		}
		for _, n := range g.Nodes {
			b := tttBoard(t, n.Position)
			v := o.value(b)
			if !reach[b] || n.Outcome.String() != outcome[v[0]] || (n.Remoteness == nil) != (v[0] == 0) || n.Remoteness != nil && *n.Remoteness != v[1] || n.Grundy != nil {
				t.Fatalf("%s: node %s %s/%v, minimax %v", start, n.Position, n.Outcome, n.Remoteness, v)
			}
		}
	}
}
