package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/query"
)

// TestGraphLayout: /api/graph lays the graph out so that no two node boxes
// overlap, every box lies inside the drawing, every edge starts at its
// source's box and ends at its target's, and the labels are the ones the
// game's kind calls for.
func TestGraphLayout(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, c := range []struct {
		position, values string
		nodes            int
	}{
		// subtract:1-3 6: positions 6..0, one node each.
		{"subtract:1-3 6", "grundy", 7},
		// Rook and tic-tac-toe are general games: outcome labels.
		{"tictactoe xo./.x./o..", "outcome", 0},
		{"rectangles 2x2", "", 0},
	} {
		var g GraphAnswer
		status, body := get(t, ts, q("graph", "position", c.position), &g)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", c.position, status, body)
		}
		if c.nodes > 0 && len(g.Nodes) != c.nodes {
			t.Errorf("%s: %d nodes, want %d", c.position, len(g.Nodes), c.nodes)
		}
		if c.values != "" && g.Values != c.values {
			t.Errorf("%s: values %q, want %q", c.position, g.Values, c.values)
		}
		checkLayout(t, c.position, g)
	}
}

func checkLayout(t *testing.T, name string, g GraphAnswer) {
	t.Helper()
	lay := g.Layout
	if len(lay.Nodes) != len(g.Nodes) || len(lay.Edges) != len(g.Edges) {
		t.Fatalf("%s: layout of %d nodes and %d edges for %d and %d", name, len(lay.Nodes), len(lay.Edges), len(g.Nodes), len(g.Edges))
	}
	for i, a := range lay.Nodes {
		if a.X-a.W/2 < 0 || a.Y-a.H/2 < 0 || a.X+a.W/2 > lay.Width || a.Y+a.H/2 > lay.Height {
			t.Errorf("%s: node %d box (%v,%v %vx%v) outside the %vx%v drawing", name, i, a.X, a.Y, a.W, a.H, lay.Width, lay.Height)
		}
		for j := i + 1; j < len(lay.Nodes); j++ {
			b := lay.Nodes[j]
			if abs(a.X-b.X) < (a.W+b.W)/2 && abs(a.Y-b.Y) < (a.H+b.H)/2 {
				t.Errorf("%s: nodes %d and %d overlap", name, i, j)
			}
		}
		for _, l := range append(a.Lines, a.Value, a.Outcome) {
			if w := Pixels(len([]rune(l)))*glyphWidth + 2*boxPadX; w > a.W+0.01 {
				t.Errorf("%s: node %d line %q is wider than its box", name, i, l)
			}
		}
	}
	for i, e := range g.Edges {
		p := lay.Edges[i]
		if e.From == e.To {
			continue
		}
		if len(p) < 2 {
			t.Errorf("%s: edge %d has %d points", name, i, len(p))
			continue
		}
		from, to := lay.Nodes[e.From], lay.Nodes[e.To]
		if abs(p[0].X-from.X) > from.W/2+8 || abs(p[len(p)-1].X-to.X) > to.W/2+8 {
			t.Errorf("%s: edge %d does not join its nodes", name, i)
		}
	}
}

func abs(x Pixels) Pixels {
	if x < 0 {
		return -x
	}
	return x
}

// TestGraphSuggestion: a graph over the node cap is refused with a smaller
// position whose graph fits, which must itself be drawable.
func TestGraphSuggestion(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, position := range []string{"nim 10 10 10", "quixo:3x3", "kayles 20 + kayles 9", "rectangles 3x3 + rectangles ..#/.../#.."} {
		status, body := get(t, ts, q("graph", "position", position, "max-nodes", "60"), nil)
		if status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d, want 422: %s", position, status, body)
		}
		msg := errorOf(t, body)
		_, small, ok := strings.Cut(msg, SuggestionPrefix)
		if !ok {
			t.Errorf("%s: no suggestion in %q", position, msg)
			continue
		}
		small = small[:strings.LastIndex(small, " (")]
		t.Logf("%s -> %s", position, small)
		var g query.GraphResult
		if status, body := get(t, ts, q("graph", "position", small, "max-nodes", "60"), &g); status != http.StatusOK || len(g.Nodes) > 60 {
			t.Errorf("%s: suggestion %q is not drawable under 60 nodes: %d %s", position, small, status, body)
		}
	}
}
