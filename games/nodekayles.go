package games

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Node-Kayles (Kayles played on a graph; Schaefer, 1978, showed deciding it
// PSPACE-complete): a move picks a vertex of a graph and removes it with its
// neighbours; whoever cannot move loses. The vertices a move removes are
// one closed neighbourhood, so the graph's connected components are
// independent and a position's value is the nim-sum of theirs. On a path
// of n vertices it is Dawson's chess (octal 0.137): an end vertex takes
// two vertices and leaves one path, an inner one takes three and leaves
// two.
//
// An ARG is a graph of at most 64 vertices numbered from 1: path:N,
// cycle:N, grid:WxH (vertex r*W+c+1 at row r, column c, joined to the
// cells beside and below it), or edges:N:U-V,U-V,... (N vertices and the
// edges listed); after a '/', the vertices already removed (path:10/3-5,9).
// A file read with @FILE holds one edge per line ("U V"; a line with one
// number names a vertex, '#' starts a comment).

// nkGraph is one graph of Node-Kayles: its text (the ARG without the
// removed vertices) and the closed neighbourhood of each vertex (bit i is
// vertex i+1).
type nkGraph struct {
	text   string
	n      int
	closed [64]uint64
	kind   string // path, cycle, grid or edges: how View places the vertices
	w      int    // a grid's width
}

// maxNodeKayles is the most vertices of a graph (one machine word).
const maxNodeKayles = 64

// parseNKGraph reads a graph (see the file comment).
func parseNKGraph(text string) (*nkGraph, error) {
	kind, rest, ok := strings.Cut(text, ":")
	if !ok {
		return nil, game.Inputf("graph %q: want path:N, cycle:N, grid:WxH or edges:N:U-V,...", clip(text))
	}
	size := func(s string, least int) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < least || n > maxNodeKayles {
			return 0, game.Inputf("graph %q: %q is not a number of vertices from %d to %d", clip(text), clip(s), least, maxNodeKayles)
		}
		return n, nil
	}
	g := &nkGraph{text: text, kind: kind}
	join := func(u, v int) {
		g.closed[u] |= 1 << v
		g.closed[v] |= 1 << u
	}
	switch kind {
	case "path", "cycle":
		least := 1
		if kind == "cycle" {
			least = 3
		}
		n, err := size(rest, least)
		if err != nil {
			return nil, err
		}
		g.n = n
		for i := 0; i+1 < n; i++ {
			join(i, i+1)
		}
		if kind == "cycle" {
			join(n-1, 0)
		}
	case "grid":
		ws, hs, _ := strings.Cut(rest, "x")
		w, errW := strconv.Atoi(ws)
		h, errH := strconv.Atoi(hs)
		if errW != nil || errH != nil || w < 1 || h < 1 || w > maxNodeKayles || h > maxNodeKayles || w*h > maxNodeKayles {
			return nil, game.Inputf("graph %q: want grid:WxH with W*H from 1 to %d", clip(text), maxNodeKayles)
		}
		g.n, g.w = w*h, w
		for r := range h {
			for c := range w {
				if c+1 < w {
					join(r*w+c, r*w+c+1)
				}
				if r+1 < h {
					join(r*w+c, (r+1)*w+c)
				}
			}
		}
	case "edges":
		ns, list, _ := strings.Cut(rest, ":")
		n, err := size(ns, 1)
		if err != nil {
			return nil, err
		}
		g.n = n
		if list != "" {
			for _, e := range strings.Split(list, ",") {
				us, vs, _ := strings.Cut(e, "-")
				u, errU := strconv.Atoi(us)
				v, errV := strconv.Atoi(vs)
				if errU != nil || errV != nil || u < 1 || v < 1 || u > n || v > n || u == v {
					return nil, game.Inputf("graph %q: edge %q is not U-V with two different vertices from 1 to %d", clip(text), clip(e), n)
				}
				join(u-1, v-1)
			}
		}
	default:
		return nil, game.Inputf("graph %q: unknown kind %q (want path, cycle, grid or edges)", clip(text), clip(kind))
	}
	for i := range g.n {
		g.closed[i] |= 1 << i
	}
	return g, nil
}

// all returns the mask of every vertex.
func (g *nkGraph) all() uint64 { return ^uint64(0) >> (64 - g.n) }

// component returns the connected component of the vertices rest that
// holds its lowest vertex.
func (g *nkGraph) component(rest uint64) uint64 {
	comp, frontier := rest&-rest, rest&-rest
	for frontier != 0 {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= g.closed[bits.TrailingZeros64(f)]
		}
		frontier = next & rest &^ comp
		comp |= frontier
	}
	return comp
}

// nkGame is Node-Kayles on one graph, positions being sets of vertices
// left (game.Game[uint64]); each option is yielded split into its
// connected components.
type nkGame struct {
	g   *nkGraph
	buf *[64]uint64
}

func (k nkGame) Options(p uint64, yield func([]uint64) bool) {
	for vs := p; vs != 0; vs &= vs - 1 {
		rest := p &^ k.g.closed[bits.TrailingZeros64(vs)]
		parts := k.buf[:0]
		for rest != 0 {
			comp := k.g.component(rest)
			rest &^= comp
			parts = append(parts, comp)
		}
		if !yield(parts) {
			return
		}
	}
}

// nkPos is a position: a graph and the vertices left.
type nkPos struct {
	g    *nkGraph
	left uint64
}

// nodeKaylesInstance is the Node-Kayles game: each ARG is a graph.
type nodeKaylesInstance struct{}

func (*nodeKaylesInstance) Name() string { return "node-kayles" }

// Kind says the game is impartial.
func (*nodeKaylesInstance) Kind() Kind { return Impartial }

func (ni *nodeKaylesInstance) Parse(args []string) ([]Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no graph given (e.g. 'node-kayles path:10' or 'node-kayles grid:3x3')")
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		text, removed, _ := strings.Cut(strings.TrimSpace(a), "/")
		g, err := parseNKGraph(text)
		if err != nil {
			return nil, err
		}
		left := g.all()
		if removed != "" {
			for _, item := range strings.Split(removed, ",") {
				from, to, isRange := strings.Cut(item, "-")
				lo, errLo := strconv.Atoi(from)
				hi := lo
				var errHi error
				if isRange {
					hi, errHi = strconv.Atoi(to)
				}
				if errLo != nil || errHi != nil || lo < 1 || hi < lo || hi > g.n {
					return nil, game.Inputf("%q: removed vertices %q are not V or V-W from 1 to %d", clip(a), clip(item), g.n)
				}
				for v := lo; v <= hi; v++ {
					left &^= 1 << (v - 1)
				}
			}
		}
		comps[i] = ni.comp(nkPos{g, left})
	}
	return comps, nil
}

// comp binds a position, written as its graph and, after '/', the
// vertices removed as ranges.
func (ni *nodeKaylesInstance) comp(p nkPos) Component {
	text := p.g.text
	removed := p.g.all() &^ p.left
	sep := "/"
	for removed != 0 {
		lo := bits.TrailingZeros64(removed)
		hi := lo + bits.TrailingZeros64(^(removed >> lo)) - 1
		removed &^= (^uint64(0) >> (63 - hi)) // vertices 0..hi
		text += sep + strconv.Itoa(lo+1)
		if hi > lo {
			text += "-" + strconv.Itoa(hi+1)
		}
		sep = ","
	}
	return shapeComp[nkPos]{ni, text, p}
}

func (*nodeKaylesInstance) Format(group []Component) []string { return componentArgs(group) }

// FileArgs reads a graph from a file: one edge "U V" per line, a lone
// number names a vertex, '#' starts a comment; vertices are numbered from
// 1 and the graph has as many as the largest number.
func (*nodeKaylesInstance) FileArgs(text string) []string {
	n := 0
	var edges []string
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		for _, w := range f {
			if v, err := strconv.Atoi(w); err == nil {
				n = max(n, v)
			} else {
				n = maxNodeKayles + 1 // not a vertex: Parse will refuse the graph's edge
			}
		}
		switch len(f) {
		case 0, 1:
		case 2:
			edges = append(edges, f[0]+"-"+f[1])
		default:
			edges = append(edges, strings.Join(f, "-"))
		}
	}
	return []string{fmt.Sprintf("edges:%d:%s", n, strings.Join(edges, ","))}
}

// Moves yields the position after each vertex is picked.
func (ni *nodeKaylesInstance) Moves(c Component, yield func([]Component) bool) {
	p := c.(shapeComp[nkPos]).val
	for vs := p.left; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		if !yield([]Component{ni.comp(nkPos{p.g, p.left &^ p.g.closed[v]})}) {
			return
		}
	}
}

// NameMove names the vertex picked by its number.
func (*nodeKaylesInstance) NameMove(c Component, after []Component) string {
	if len(after) != 1 {
		return ""
	}
	p, q := c.(shapeComp[nkPos]).val, after[0].(shapeComp[nkPos]).val
	taken := p.left &^ q.left
	for vs := taken; vs != 0; vs &= vs - 1 {
		if v := bits.TrailingZeros64(vs); p.left&^p.g.closed[v] == q.left {
			return "vertex " + strconv.Itoa(v+1)
		}
	}
	return ""
}

// Evaluator returns one memoizing solve.Grundy engine per graph met, all
// counting against budget: each engine its memo, and the evaluator the
// engine itself (nkEngineBytes) as it makes it.
func (ni *nodeKaylesInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &nkEval{nodeKaylesInstance: ni, budget: budget, engines: map[string]*solve.Grundy[uint64]{}}
}

type nkEval struct {
	*nodeKaylesInstance
	budget  *limits.Budget
	engines map[string]*solve.Grundy[uint64] // by graph text
}

func (e *nkEval) States() int64 {
	var n int64
	for _, s := range e.engines {
		n += s.States
	}
	return n
}

// nkEngineBytes is what an engine of nkEval holds besides the memory it
// counts itself (its memo's slots, its stack): its struct, its game's
// buffer, and 512 bytes for the rest (the memo's header, the engine's
// closures, the game boxed in an interface, the entry in the map of
// engines; some 300 bytes measured by TestNodeKaylesMemoryCounted).
const nkEngineBytes = int64(unsafe.Sizeof(solve.Grundy[uint64]{})) + 64*8 + 512

// value returns the value of the vertices left of a graph: the nim-sum of
// its components' values. A graph with no vertex left has value 0 and
// needs no engine; an engine is made only for a search, which counts its
// first memo table at once.
func (e *nkEval) value(ctx context.Context, p nkPos) (game.Nimber, error) {
	if p.left == 0 {
		return 0, nil
	}
	s, ok := e.engines[p.g.text]
	if !ok {
		if err := e.budget.Grow(nkEngineBytes); err != nil {
			return 0, fmt.Errorf("graph %s: %w", clip(p.g.text), err)
		}
		s = solve.NewGrundy[uint64](nkGame{p.g, new([64]uint64)}, e.budget)
		e.engines[p.g.text] = s
	}
	var x game.Nimber
	for rest := p.left; rest != 0; {
		comp := p.g.component(rest)
		rest &^= comp
		v, err := s.Value(ctx, comp)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

func (e *nkEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	return e.value(ctx, c.(shapeComp[nkPos]).val)
}

// MovesToValue values each option.
func (e *nkEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	var err error
	e.Moves(c, func(after []Component) bool {
		var w game.Nimber
		if w, err = e.Grundy(ctx, after[0]); err != nil {
			return false
		}
		return w != v || yield(after)
	})
	return err
}

// View draws the graph: a path on a line, a cycle and a listed graph on a
// circle, a grid as a grid; the removed vertices are marked.
func (*nodeKaylesInstance) View(c Component) View {
	p := c.(shapeComp[nkPos]).val
	g := p.g
	v := View{Kind: ViewGraph, Text: c.String()}
	for i := range g.n {
		var x, y float64
		switch g.kind {
		case "path":
			x, y = (float64(i)+0.5)/float64(g.n), 0.5
		case "grid":
			h := g.n / g.w
			side := float64(max(g.w, h))
			x, y = (float64(i%g.w)+0.5)/side, (float64(i/g.w)+0.5)/side
		default:
			a := 2*math.Pi*float64(i)/float64(g.n) - math.Pi/2
			x, y = 0.5+0.42*math.Cos(a), 0.5+0.42*math.Sin(a)
		}
		v.Vertices = append(v.Vertices, [2]float64{math.Round(x*1000) / 1000, math.Round(y*1000) / 1000})
		v.Removed = append(v.Removed, p.left>>i&1 == 0)
		for nb := g.closed[i] &^ (1<<(i+1) - 1); nb != 0; nb &= nb - 1 {
			v.Edges = append(v.Edges, [2]int{i, bits.TrailingZeros64(nb)})
		}
	}
	return v
}

// ViewMove names the vertex picked, which is the one to click.
func (ni *nodeKaylesInstance) ViewMove(c Component, after []Component) MoveView {
	label := ni.NameMove(c, after)
	vertex, err := strconv.Atoi(strings.TrimPrefix(label, "vertex "))
	if err != nil {
		return TextViewer{}.ViewMove(c, after)
	}
	vertex--
	return MoveView{Label: label, Vertex: &vertex}
}

// OpenNodeKayles returns node-kayles, which takes no parameters.
func OpenNodeKayles(string) (Instance, error) { return &nodeKaylesInstance{}, nil }
