package games

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Graph is a directed graph read from an edge-list file, in a form meant to
// be shared by every engine that plays tokens on it: nodes are numbered
// 0..len(Names)-1 in order of first appearance, and the successors of u are
// Succ[Start[u]:Start[u+1]], sorted and without duplicates. Self-loops are
// kept (they are cycles).
type Graph struct {
	Names []string
	Start []int32
	Succ  []int32
	index map[string]int32
}

// maxGraphNodes bounds the graphs read from files.
const maxGraphNodes = 1 << 24

// ParseGraph reads an edge list: one "u v" edge per line, or a lone "u" to
// declare a node; '#' starts a comment, blank lines are skipped. Node ids
// are any words without whitespace or '#'. name is the file's name for
// error messages, which give the line number. Errors wrap game.ErrInput.
func ParseGraph(name, text string) (*Graph, error) {
	g := &Graph{index: map[string]int32{}}
	type edge struct{ u, v int32 }
	var edges []edge
	for n, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		switch len(f) {
		case 0:
			continue
		case 1:
			if _, err := g.add(f[0]); err != nil {
				return nil, err
			}
		case 2:
			u, err := g.add(f[0])
			if err != nil {
				return nil, err
			}
			v, err := g.add(f[1])
			if err != nil {
				return nil, err
			}
			edges = append(edges, edge{u, v})
		default:
			return nil, game.Inputf("%s line %d: %q is not an edge 'u v' or a node 'u'", name, n+1, clip(strings.TrimSpace(line)))
		}
	}
	if len(g.Names) == 0 {
		return nil, game.Inputf("%s has no nodes: write one edge 'u v' per line", name)
	}
	n := len(g.Names)
	g.Start = make([]int32, n+2)
	for _, e := range edges {
		g.Start[e.u+2]++
	}
	for u := 2; u < len(g.Start); u++ {
		g.Start[u] += g.Start[u-1]
	}
	g.Succ = make([]int32, len(edges))
	for _, e := range edges {
		g.Succ[g.Start[e.u+1]] = e.v
		g.Start[e.u+1]++
	}
	g.Start = g.Start[:n+1]
	// Sort and deduplicate each node's successors, compacting in place.
	out := int32(0)
	for u := 0; u < n; u++ {
		succ := g.Succ[g.Start[u]:g.Start[u+1]]
		slices.Sort(succ)
		succ = slices.Compact(succ)
		g.Start[u] = out
		out += int32(copy(g.Succ[out:], succ))
	}
	g.Start[n] = out
	g.Succ = g.Succ[:out]
	return g, nil
}

func (g *Graph) add(id string) (int32, error) {
	if u, ok := g.index[id]; ok {
		return u, nil
	}
	if len(g.Names) == maxGraphNodes {
		return 0, game.Inputf("graph has more than %d nodes", maxGraphNodes)
	}
	u := int32(len(g.Names))
	g.index[id] = u
	g.Names = append(g.Names, id)
	return u, nil
}

// Node returns the number of the node with id, if there is one.
func (g *Graph) Node(id string) (int, bool) {
	u, ok := g.index[id]
	return int(u), ok
}

// Successors returns the successors of node u (do not modify).
func (g *Graph) Successors(u int) []int32 { return g.Succ[g.Start[u]:g.Start[u+1]] }

// AcyclicValues returns the Grundy value of a token on every node from which
// no cycle can be reached (done[u]); other nodes have no finite-game value
// and are left undone. O(V+E): a node is valued once all its successors
// are, starting from the sinks (Kahn's algorithm on the reversed graph), and
// its value is the mex of theirs.
func (g *Graph) AcyclicValues(ctx context.Context, ctr *limits.Counter) (values []game.Nimber, done []bool, err error) {
	n := len(g.Names)
	// Predecessors in CSR form.
	pstart := make([]int32, n+2)
	for _, v := range g.Succ {
		pstart[v+2]++
	}
	for u := 2; u < len(pstart); u++ {
		pstart[u] += pstart[u-1]
	}
	pred := make([]int32, len(g.Succ))
	for u := 0; u < n; u++ {
		for _, v := range g.Successors(u) {
			pred[pstart[v+1]] = int32(u)
			pstart[v+1]++
		}
	}
	waiting := make([]int32, n) // successors not valued yet
	queue := make([]int32, 0, n)
	for u := 0; u < n; u++ {
		waiting[u] = g.Start[u+1] - g.Start[u]
		if waiting[u] == 0 {
			queue = append(queue, int32(u))
		}
	}
	values = make([]game.Nimber, n)
	done = make([]bool, n)
	var mex game.MexSet
	for i := 0; i < len(queue); i++ {
		if err := ctr.Step(ctx); err != nil {
			return nil, nil, err
		}
		u := queue[i]
		mex.Reset()
		for _, v := range g.Successors(int(u)) {
			mex.Add(values[v])
		}
		values[u], done[u] = mex.Mex(), true
		for _, p := range pred[pstart[u]:pstart[u+1]] {
			if waiting[p]--; waiting[p] == 0 {
				queue = append(queue, p)
			}
		}
	}
	return values, done, nil
}

// CycleFrom returns an edge a -> b on a cycle reachable from node u, which
// must not be done in AcyclicValues: every undone node has an undone
// successor, so following undone successors from u must repeat a node.
func (g *Graph) CycleFrom(u int, done []bool) (a, b int) {
	onPath := map[int]bool{}
	for !onPath[u] {
		onPath[u] = true
		next := -1
		for _, v := range g.Successors(u) {
			if !done[v] {
				next = int(v)
				break
			}
		}
		if next < 0 { // cannot happen for an undone node
			return u, u
		}
		a, b = u, next
		u = next
	}
	// u repeats: the cycle is u -> ... -> u; report its first edge.
	for _, v := range g.Successors(u) {
		if !done[v] {
			return u, int(v)
		}
	}
	return a, b
}

// CycleError reports a token on a node from which a cycle is reachable: its
// game is loopy and has no finite Grundy value. It matches solve.ErrCycle,
// which is how query.Value knows to switch to the generalized (loopy)
// values, played through Moves.
type CycleError struct {
	From, A, B string // the token's node and an edge A -> B on the cycle
}

// Error names an edge on the cycle and the token's node.
func (e *CycleError) Error() string {
	return fmt.Sprintf("graph has a cycle through %s -> %s (reachable from node %s)", e.A, e.B, e.From)
}

// Is makes errors.Is(err, solve.ErrCycle) true.
func (e *CycleError) Is(target error) bool { return target == solve.ErrCycle }

// graphInstance is graph:FILE: each ARG is the node of one token.
type graphInstance struct {
	name  string
	graph *Graph
}

// Evaluator returns an engine for one request: the graph's acyclic part is
// valued once in topological order, counting against budget.
func (gi *graphInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &graphEval{graphInstance: gi, ctr: limits.Counter{Budget: budget}}
}

// graphEval is the Evaluator of graph:FILE.
type graphEval struct {
	*graphInstance
	ctr    limits.Counter
	values []game.Nimber
	done   []bool
}

func (gi *graphEval) States() int64 { return gi.ctr.States }

func (gi *graphInstance) Name() string { return gi.name }

// Kind says the game is impartial.
func (*graphInstance) Kind() Kind { return Impartial }

func (gi *graphInstance) Parse(args []string) ([]Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no token given: name the nodes the tokens are on (e.g. '%s %s')", gi.name, gi.graph.Names[0])
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		u, ok := gi.graph.Node(a)
		if !ok {
			return nil, game.Inputf("token on %q: no such node in the graph", clip(a))
		}
		comps[i] = gi.comp(int32(u))
	}
	return comps, nil
}

func (gi *graphInstance) comp(u int32) Component {
	return shapeComp[int32]{gi, gi.graph.Names[u], u}
}

func (*graphInstance) Format(group []Component) []string {
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

func (gi *graphEval) solve(ctx context.Context) error {
	if gi.values != nil {
		return nil
	}
	values, done, err := gi.graph.AcyclicValues(ctx, &gi.ctr)
	if err != nil {
		return err
	}
	gi.values, gi.done = values, done
	return nil
}

func (gi *graphEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	if err := gi.solve(ctx); err != nil {
		return 0, err
	}
	u := int(c.(shapeComp[int32]).val)
	if !gi.done[u] {
		a, b := gi.graph.CycleFrom(u, gi.done)
		return 0, &CycleError{From: gi.graph.Names[u], A: gi.graph.Names[a], B: gi.graph.Names[b]}
	}
	return gi.values[u], nil
}

// Moves yields the token moved to each successor.
func (gi *graphInstance) Moves(c Component, yield func([]Component) bool) {
	for _, v := range gi.graph.Successors(int(c.(shapeComp[int32]).val)) {
		if !yield([]Component{gi.comp(v)}) {
			return
		}
	}
}

// MovesToValue yields the successors of value v.
func (gi *graphEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	if _, err := gi.Grundy(ctx, c); err != nil {
		return err
	}
	for _, s := range gi.graph.Successors(int(c.(shapeComp[int32]).val)) {
		if gi.done[s] && gi.values[s] == v && !yield([]Component{gi.comp(s)}) {
			return nil
		}
	}
	return nil
}

// OpenGraph returns graph for the edge list data read from the file named
// path (the parameter of graph:FILE).
func OpenGraph(path string, data []byte) (Instance, error) {
	g, err := ParseGraph(path, string(data))
	if err != nil {
		return nil, err
	}
	return &graphInstance{name: "graph:" + path, graph: g}, nil
}
