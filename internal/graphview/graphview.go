// Package graphview lays out small directed graphs in layers and draws them
// as standalone SVG, with no external tools (no Graphviz).
//
// The layout is the classic Sugiyama scheme, kept simple: cycles are broken
// by reversing the back edges of a depth-first search from node 0; every
// node gets the layer of its longest path from the sources, so every edge
// points down; edges spanning several layers pass through dummy points, one
// per layer crossed; each layer is ordered by repeated barycentre sweeps to
// reduce crossings; x coordinates follow the neighbours' mean under minimum
// separations.
package graphview

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Node is a node to draw: its label lines, a class for its style, a title
// (the tooltip) and extra attributes written on its <g> element.
type Node struct {
	Lines []string
	Class string // "P" (shaded, the mover loses), "N" or "D"
	Title string
	Attrs [][2]string
}

// Edge is a directed edge between node indices.
type Edge struct{ From, To int }

// Graph is what WriteSVG draws. Caption is the line above the drawing
// (empty: the title and what the shading means).
type Graph struct {
	Title   string
	Caption string
	Nodes   []Node
	Edges   []Edge
}

// Drawing sizes, in SVG user units (pixels).
const (
	fontSize   = 12
	charWidth  = 7.3 // advance of a 12px monospace glyph
	lineHeight = 15
	padX       = 8
	padY       = 5
	nodeGap    = 18 // horizontal space between neighbours in a layer
	dummyGap   = 12 // the same next to an edge's dummy point
	layerGap   = 46 // vertical space between layers
	margin     = 16
	header     = 22 // room for the caption above the drawing

	reversedOffset = 7 // x shift of the ends of an edge that points up
)

// Point is a position in the drawing.
type Point struct{ X, Y float64 }

// Layout is where a graph's nodes and edges go.
type Layout struct {
	Width, Height float64
	Centers       []Point   // per node
	Sizes         []Point   // per node: width and height
	Layers        []int     // per node
	Paths         [][]Point // per edge: from the edge's source to its target
}

// item is a node or a dummy point of the layered graph.
type item struct {
	node  int // the node, or -1 for a dummy
	layer int
	w     float64
	x     float64
	up    []int // item indices of neighbours one layer up
	down  []int // the same one layer down
}

// Lay computes a layered layout of n nodes with the given sizes (width,
// height) and edges. Self-loops get no dummy points (their path is empty;
// WriteSVG draws them as a small arc).
func Lay(sizes []Point, edges []Edge) *Layout {
	n := len(sizes)
	out := &Layout{Centers: make([]Point, n), Sizes: sizes, Layers: make([]int, n), Paths: make([][]Point, len(edges))}
	if n == 0 {
		return out
	}
	reversed := backEdges(n, edges)
	layer := longestPathLayers(n, edges, reversed)
	copy(out.Layers, layer)

	// The layered graph: the nodes, then a chain of dummies per long edge.
	items := make([]item, n)
	for v := range n {
		items[v] = item{node: v, layer: layer[v], w: sizes[v].X}
	}
	chains := make([][]int, len(edges)) // item indices, top to bottom
	for i, e := range edges {
		if e.From == e.To {
			continue
		}
		a, b := e.From, e.To
		if reversed[i] {
			a, b = b, a
		}
		chain := []int{a}
		for l := layer[a] + 1; l < layer[b]; l++ {
			items = append(items, item{node: -1, layer: l})
			chain = append(chain, len(items)-1)
		}
		chain = append(chain, b)
		for k := 0; k+1 < len(chain); k++ {
			items[chain[k]].down = append(items[chain[k]].down, chain[k+1])
			items[chain[k+1]].up = append(items[chain[k+1]].up, chain[k])
		}
		chains[i] = chain
	}
	depth := slices.Max(layer) + 1
	rows := make([][]int, depth)
	for i, it := range items {
		rows[it.layer] = append(rows[it.layer], i)
	}
	order(items, rows)
	place(items, rows)

	// Vertical positions: each layer as tall as its tallest node.
	rowHeight := make([]float64, depth)
	for v := range n {
		rowHeight[layer[v]] = max(rowHeight[layer[v]], sizes[v].Y)
	}
	rowY := make([]float64, depth)
	y := float64(margin + header)
	for l := range depth {
		rowY[l] = y + rowHeight[l]/2
		y += rowHeight[l] + layerGap
	}
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, it := range items {
		minX = min(minX, it.x-it.w/2)
		maxX = max(maxX, it.x+it.w/2)
	}
	shift := margin - minX
	for v := range n {
		out.Centers[v] = Point{items[v].x + shift, rowY[layer[v]]}
	}
	for i, chain := range chains {
		if chain == nil {
			continue
		}
		path := make([]Point, len(chain))
		for k, it := range chain {
			p := Point{items[it].x + shift, rowY[items[it].layer]}
			if v := items[it].node; v >= 0 {
				if k == 0 {
					p.Y += sizes[v].Y / 2
				} else if k == len(chain)-1 {
					p.Y -= sizes[v].Y / 2
				}
			}
			path[k] = p
		}
		if reversed[i] {
			// Keep an upward edge apart from a downward one between the
			// same two nodes.
			path[0].X += reversedOffset
			path[len(path)-1].X += reversedOffset
			slices.Reverse(path)
		}
		out.Paths[i] = path
	}
	out.Width = maxX - minX + 2*margin + 30 // room for self-loops on the right
	out.Height = y - layerGap + margin
	return out
}

// backEdges marks the edges that close a cycle in a depth-first search from
// node 0 (then from every node not yet reached); reversing them leaves an
// acyclic graph. Iterative, so deep graphs cannot overflow the stack.
func backEdges(n int, edges []Edge) []bool {
	out := make([][]int, n)
	for i, e := range edges {
		out[e.From] = append(out[e.From], i)
	}
	const (
		unseen = iota
		open
		done
	)
	state := make([]int, n)
	reversed := make([]bool, len(edges))
	type frame struct{ v, next int }
	for start := range n {
		if state[start] != unseen {
			continue
		}
		stack := []frame{{start, 0}}
		state[start] = open
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(out[f.v]) {
				state[f.v] = done
				stack = stack[:len(stack)-1]
				continue
			}
			i := out[f.v][f.next]
			f.next++
			w := edges[i].To
			switch state[w] {
			case open:
				reversed[i] = true
			case unseen:
				state[w] = open
				stack = append(stack, frame{w, 0})
			}
		}
	}
	return reversed
}

// longestPathLayers gives each node 1 + the largest layer of its
// predecessors (0 for sources) in the graph with the reversed edges turned
// round, by Kahn's topological order.
func longestPathLayers(n int, edges []Edge, reversed []bool) []int {
	succ := make([][]int, n)
	indeg := make([]int, n)
	for i, e := range edges {
		a, b := e.From, e.To
		if a == b {
			continue
		}
		if reversed[i] {
			a, b = b, a
		}
		succ[a] = append(succ[a], b)
		indeg[b]++
	}
	layer := make([]int, n)
	var queue []int
	for v := range n {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range succ[v] {
			layer[w] = max(layer[w], layer[v]+1)
			if indeg[w]--; indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	return layer
}

// sweeps is the number of down-and-up barycentre passes.
const sweeps = 6

// order sorts each row by the barycentre of its neighbours' places in the
// row above (going down) or below (going up), keeping the order with the
// fewest crossings seen.
func order(items []item, rows [][]int) {
	pos := make([]float64, len(items))
	index := func() {
		for _, row := range rows {
			for k, it := range row {
				pos[it] = float64(k)
			}
		}
	}
	best := cloneRows(rows)
	bestCross := crossings(items, rows)
	sortRow := func(row []int, adj func(int) []int) {
		key := make(map[int]float64, len(row))
		for _, it := range row {
			nb := adj(it)
			if len(nb) == 0 {
				key[it] = pos[it]
				continue
			}
			var s float64
			for _, o := range nb {
				s += pos[o]
			}
			key[it] = s / float64(len(nb))
		}
		slices.SortStableFunc(row, func(a, b int) int {
			switch ka, kb := key[a], key[b]; {
			case ka < kb:
				return -1
			case ka > kb:
				return 1
			}
			return 0
		})
		for k, it := range row {
			pos[it] = float64(k)
		}
	}
	index()
	for range sweeps {
		if bestCross == 0 {
			break
		}
		for l := 1; l < len(rows); l++ {
			sortRow(rows[l], func(it int) []int { return items[it].up })
		}
		for l := len(rows) - 2; l >= 0; l-- {
			sortRow(rows[l], func(it int) []int { return items[it].down })
		}
		if c := crossings(items, rows); c < bestCross {
			best, bestCross = cloneRows(rows), c
		}
	}
	for l := range rows {
		copy(rows[l], best[l])
	}
}

func cloneRows(rows [][]int) [][]int {
	out := make([][]int, len(rows))
	for l, row := range rows {
		out[l] = slices.Clone(row)
	}
	return out
}

// maxCrossingWork bounds the pairs of segments crossings compares; beyond
// it the sweeps' last order is kept without comparing.
const maxCrossingWork = 4_000_000

// crossings counts pairs of segments between adjacent rows that cross.
func crossings(items []item, rows [][]int) int {
	pos := make(map[int]int, len(items))
	for _, row := range rows {
		for k, it := range row {
			pos[it] = k
		}
	}
	total, work := 0, 0
	for l := 0; l+1 < len(rows); l++ {
		var segs [][2]int
		for _, it := range rows[l] {
			for _, d := range items[it].down {
				segs = append(segs, [2]int{pos[it], pos[d]})
			}
		}
		work += len(segs) * len(segs)
		if work > maxCrossingWork {
			return 0 // too big to count: stop sweeping
		}
		for i := range segs {
			for j := i + 1; j < len(segs); j++ {
				a, b := segs[i], segs[j]
				if (a[0]-b[0])*(a[1]-b[1]) < 0 {
					total++
				}
			}
		}
	}
	return total
}

// place gives x coordinates: rows packed and centred, then pulled towards
// the mean x of their neighbours, down and up, a few times. Each pull moves
// a row to the mean of two placements that keep the minimum separations
// (one packed from the left, one from the right); the mean of two such
// placements keeps them too.
func place(items []item, rows [][]int) {
	sep := func(a, b int) float64 {
		gap := float64(nodeGap)
		if items[a].node < 0 || items[b].node < 0 {
			gap = dummyGap
		}
		return (items[a].w+items[b].w)/2 + gap
	}
	for _, row := range rows {
		x := 0.0
		for k, it := range row {
			if k > 0 {
				x += sep(row[k-1], it)
			}
			items[it].x = x
		}
		for _, it := range row {
			items[it].x -= x / 2
		}
	}
	pull := func(row []int, adj func(int) []int) {
		want := make([]float64, len(row))
		for k, it := range row {
			want[k] = items[it].x
			if nb := adj(it); len(nb) > 0 {
				var s float64
				for _, o := range nb {
					s += items[o].x
				}
				want[k] = s / float64(len(nb))
			}
		}
		left := make([]float64, len(row))
		right := make([]float64, len(row))
		for k := range row {
			left[k] = want[k]
			if k > 0 {
				left[k] = max(left[k], left[k-1]+sep(row[k-1], row[k]))
			}
		}
		for k := len(row) - 1; k >= 0; k-- {
			right[k] = want[k]
			if k < len(row)-1 {
				right[k] = min(right[k], right[k+1]-sep(row[k], row[k+1]))
			}
		}
		for k, it := range row {
			items[it].x = (left[k] + right[k]) / 2
		}
	}
	for range 4 {
		for l := 1; l < len(rows); l++ {
			pull(rows[l], func(it int) []int { return items[it].up })
		}
		for l := len(rows) - 2; l >= 0; l-- {
			pull(rows[l], func(it int) []int { return items[it].down })
		}
	}
}

// nodeSize is the box a node's label needs.
func nodeSize(n Node) Point {
	width := 0
	for _, l := range n.Lines {
		width = max(width, len([]rune(l)))
	}
	return Point{float64(width)*charWidth + 2*padX, float64(len(n.Lines))*lineHeight + 2*padY}
}

const style = `
.node rect { fill: #ffffff; stroke: #444444; stroke-width: 1; }
.node.P rect { fill: #f4c7c3; stroke: #a61c00; stroke-width: 2; }
.node.D rect { fill: #fff2cc; stroke: #7f6000; }
.node text { font-family: monospace; font-size: 12px; fill: #111111; }
.edge { fill: none; stroke: #666666; stroke-width: 1.2; }
.caption { font-family: sans-serif; font-size: 12px; fill: #333333; }
`

// WriteSVG lays g out and writes it as a standalone SVG document. Each node
// is a <g class="node CLASS"> holding a <title>, a <rect> and one <text> per
// label line; each edge is a <path class="edge"> ending in an arrow.
func WriteSVG(w io.Writer, g Graph) error {
	sizes := make([]Point, len(g.Nodes))
	for i, n := range g.Nodes {
		sizes[i] = nodeSize(n)
	}
	lay := Lay(sizes, g.Edges)
	caption := g.Caption
	if caption == "" {
		caption = g.Title + " (shaded: P-positions, the player to move loses)"
	}
	width := max(lay.Width, float64(len([]rune(caption)))*6.6+2*margin)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`+"\n",
		width, lay.Height, width, lay.Height)
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(g.Title))
	b.WriteString("<style>" + style + "</style>\n")
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#666666"/></marker></defs>` + "\n")
	fmt.Fprintf(&b, `<text class="caption" x="%d" y="%d">%s</text>`+"\n", margin, margin+4, esc(caption))
	b.WriteString(`<g class="edges">` + "\n")
	for i, e := range g.Edges {
		fmt.Fprintf(&b, `<path class="edge" data-from="%d" data-to="%d" d="%s" marker-end="url(#arrow)"/>`+"\n",
			e.From, e.To, pathData(lay, i, e))
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="nodes">` + "\n")
	for i, n := range g.Nodes {
		c, s := lay.Centers[i], lay.Sizes[i]
		class := "node"
		if n.Class != "" {
			class += " " + n.Class
		}
		fmt.Fprintf(&b, `<g class="%s" id="n%d"`, esc(class), i)
		for _, a := range n.Attrs {
			fmt.Fprintf(&b, ` %s="%s"`, a[0], esc(a[1]))
		}
		b.WriteString(">")
		if n.Title != "" {
			fmt.Fprintf(&b, "<title>%s</title>", esc(n.Title))
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="6"/>`, c.X-s.X/2, c.Y-s.Y/2, s.X, s.Y)
		top := c.Y - s.Y/2 + padY
		for k, line := range n.Lines {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" dominant-baseline="middle">%s</text>`,
				c.X, top+float64(k)*lineHeight+lineHeight/2, esc(line))
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</g>\n</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// pathData is the SVG path of edge i: smooth vertical curves through its
// points, or a small arc on the right of the node for a self-loop.
func pathData(lay *Layout, i int, e Edge) string {
	if e.From == e.To {
		c, s := lay.Centers[e.From], lay.Sizes[e.From]
		x := c.X + s.X/2
		return fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", x, c.Y-4, x+26, c.Y-22, x+26, c.Y+22, x, c.Y+4)
	}
	pts := lay.Paths[i]
	var b strings.Builder
	fmt.Fprintf(&b, "M%.1f,%.1f", pts[0].X, pts[0].Y)
	for k := 1; k < len(pts); k++ {
		p, q := pts[k-1], pts[k]
		dy := (q.Y - p.Y) / 2
		fmt.Fprintf(&b, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f", p.X, p.Y+dy, q.X, q.Y-dy, q.X, q.Y)
	}
	return b.String()
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
