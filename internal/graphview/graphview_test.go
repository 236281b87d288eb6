package graphview

import (
	"encoding/xml"
	"io"
	"math"
	"sort"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestLayoutInvariants checks, on random graphs with cycles, self-loops and
// parallel edges: every edge joins nodes of different layers and its path
// runs from the border of its source to the border of its target with one
// point per layer crossed; nodes of one layer do not overlap; the drawing
// holds every node.
func TestLayoutInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 25).Draw(t, "n")
		sizes := make([]Point, n)
		for i := range sizes {
			sizes[i] = Point{float64(rapid.IntRange(10, 80).Draw(t, "w")), float64(rapid.IntRange(10, 40).Draw(t, "h"))}
		}
		var edges []Edge
		for range rapid.IntRange(0, 3*n).Draw(t, "m") {
			edges = append(edges, Edge{rapid.IntRange(0, n-1).Draw(t, "from"), rapid.IntRange(0, n-1).Draw(t, "to")})
		}
		lay := Lay(sizes, edges)
		for i, e := range edges {
			path := lay.Paths[i]
			if e.From == e.To {
				if path != nil {
					t.Fatalf("self-loop %d has a path", i)
				}
				continue
			}
			la, lb := lay.Layers[e.From], lay.Layers[e.To]
			if la == lb {
				t.Fatalf("edge %v within layer %d", e, la)
			}
			span := lb - la
			if span < 0 {
				span = -span
			}
			if len(path) != span+1 {
				t.Fatalf("edge %v spans %d layers but has %d points", e, span, len(path))
			}
			a, b := lay.Centers[e.From], lay.Centers[e.To]
			sign := 1.0
			if lb < la {
				sign = -1
			}
			dx := 0.0
			if lb < la {
				dx = reversedOffset
			}
			if !near(path[0], Point{a.X + dx, a.Y + sign*sizes[e.From].Y/2}) || !near(path[len(path)-1], Point{b.X + dx, b.Y - sign*sizes[e.To].Y/2}) {
				t.Fatalf("edge %v path %v does not join %v and %v", e, path, a, b)
			}
		}
		byLayer := map[int][]int{}
		for v := range n {
			byLayer[lay.Layers[v]] = append(byLayer[lay.Layers[v]], v)
			c, s := lay.Centers[v], sizes[v]
			if c.X-s.X/2 < -1e-6 || c.X+s.X/2 > lay.Width+1e-6 || c.Y-s.Y/2 < 0 || c.Y+s.Y/2 > lay.Height+1e-6 {
				t.Fatalf("node %d at %v size %v outside %vx%v", v, c, s, lay.Width, lay.Height)
			}
		}
		for l, row := range byLayer {
			sort.Slice(row, func(i, j int) bool { return lay.Centers[row[i]].X < lay.Centers[row[j]].X })
			for k := 1; k < len(row); k++ {
				a, b := row[k-1], row[k]
				if gap := (lay.Centers[b].X - sizes[b].X/2) - (lay.Centers[a].X + sizes[a].X/2); gap < nodeGap-1e-6 {
					t.Fatalf("layer %d: nodes %d and %d %.1f apart", l, a, b, gap)
				}
			}
		}
	})
}

func near(p, q Point) bool { return math.Abs(p.X-q.X) < 1e-6 && math.Abs(p.Y-q.Y) < 1e-6 }

// TestLongestPathLayers: a chain with shortcuts (subtract 1-3 on heaps 6..0)
// puts heap k on layer 6-k, its longest path from 6.
func TestLongestPathLayers(t *testing.T) {
	var edges []Edge
	for n := 6; n > 0; n-- {
		for s := 1; s <= 3 && s <= n; s++ {
			edges = append(edges, Edge{6 - n, 6 - n + s})
		}
	}
	lay := Lay(make([]Point, 7), edges)
	for v := range 7 {
		if lay.Layers[v] != v {
			t.Fatalf("node %d on layer %d", v, lay.Layers[v])
		}
	}
}

// TestWriteSVGWellFormed parses the SVG and finds every node and edge, with
// text that needs escaping intact.
func TestWriteSVGWellFormed(t *testing.T) {
	g := Graph{Title: `a <b> & "c"`, Nodes: []Node{
		{Lines: []string{"x<y", "G=1"}, Class: "N", Attrs: [][2]string{{"data-position", `p & "q"`}}},
		{Lines: []string{"z"}, Class: "P"},
	}, Edges: []Edge{{0, 1}, {1, 0}, {1, 1}}}
	var b strings.Builder
	if err := WriteSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(strings.NewReader(b.String()))
	nodes, edges := 0, 0
	var texts []string
	var attr string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, b.String())
		}
		switch el := tok.(type) {
		case xml.StartElement:
			for _, a := range el.Attr {
				if a.Name.Local == "class" && strings.Fields(a.Value)[0] == "node" {
					nodes++
				}
				if a.Name.Local == "class" && a.Value == "edge" {
					edges++
				}
				if a.Name.Local == "data-position" {
					attr = a.Value
				}
			}
		case xml.CharData:
			texts = append(texts, string(el))
		}
	}
	if nodes != 2 || edges != 3 || attr != `p & "q"` || !strings.Contains(strings.Join(texts, "|"), "x<y") {
		t.Fatalf("nodes %d edges %d attr %q texts %q", nodes, edges, attr, texts)
	}
}
