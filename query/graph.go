package query

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/internal/graphview"
	"github.com/grundy-go/grundy/limits"
)

// DefaultMaxNodes is the node cap of Graph when none is given: larger
// drawings are unreadable.
const DefaultMaxNodes = 200

// ErrGraphTooLarge is matched by the error Graph returns when the graph has
// more nodes than allowed.
var ErrGraphTooLarge = errors.New("game graph too large")

// GraphResult is the game graph reachable from a position: nodes are whole
// positions (positions that differ only in the order of their components
// are one node), edges are moves. Node 0 is the start; nodes are in
// breadth-first order.
type GraphResult struct {
	Position string      `json:"position"`
	Nodes    []GraphNode `json:"nodes"`
	Edges    []GraphEdge `json:"edges"`
}

// GraphNode is one position of the graph.
type GraphNode struct {
	ID       int    `json:"id"`
	Position string `json:"position"`
	// Label is the position written short: its ARGs alone when the start
	// is one group (every node is then of the same game).
	Label  string       `json:"label"`
	Grundy *game.Nimber `json:"grundy,omitempty"` // normal-play value
	// Outcome is the result for the player to move (JSON "win", "lose" or
	// "draw"); Class is the same as N, P or D.
	Outcome game.Outcome `json:"outcome"`
	Class   game.Class   `json:"class"`
	// Remoteness (general games) is the number of moves to the end under
	// perfect play (nil for a draw); Score (scoring games) is the final
	// margin of the player to move under perfect play.
	Remoteness *int   `json:"remoteness,omitempty"`
	Score      *int64 `json:"score,omitempty"`
	// Depth is the node's distance in moves from the start.
	Depth int `json:"depth"`
}

// GraphEdge is a move from node From to node To (one edge however many
// moves join the two positions).
type GraphEdge struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Graph builds the game graph of every position reachable from pos,
// breadth-first, each node labelled with its Grundy value and outcome
// (general games and loopy impartial ones: outcome, remoteness and score,
// from the general solver).
// It fails with an error matching ErrGraphTooLarge as soon as more than
// maxNodes positions are reachable (maxNodes <= 0: DefaultMaxNodes).
func Graph(ctx context.Context, pos games.Position, budget *limits.Budget, maxNodes int) (*GraphResult, error) {
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	pl := NewPlayer(PlayOptions{Budget: budget})
	general, err := pl.viaSolver(ctx, pos)
	if err != nil {
		return nil, err
	}
	if !general {
		if _, err = pl.valued(pos); err != nil {
			return nil, err
		}
	}
	res := &GraphResult{Position: pos.String(), Nodes: []GraphNode{}, Edges: []GraphEdge{}}
	ids := map[string]int{}
	var queue []games.Position
	add := func(p games.Position, depth int) (int, error) {
		key := writtenKey(p)
		if id, ok := ids[key]; ok {
			return id, nil
		}
		if len(res.Nodes) == maxNodes {
			return 0, &game.LimitError{Resource: "nodes", Limit: int64(maxNodes),
				Err: fmt.Errorf("%w: %s reaches more than %d positions", ErrGraphTooLarge, pos, maxNodes)}
		}
		if err := budget.Step(ctx); err != nil {
			return 0, err
		}
		id := len(res.Nodes)
		node := GraphNode{ID: id, Position: p.String(), Label: shortLabel(p), Depth: depth}
		if err := budget.Grow(graphNodeBytes(node, key)); err != nil {
			return 0, fmt.Errorf("game graph of %d positions: %w", id, err)
		}
		if !general {
			v, err := pl.grundy(ctx, p)
			if err != nil {
				return 0, err
			}
			o := game.OutcomeOf(v)
			node.Grundy, node.Outcome, node.Class = &v, o, o.Class()
		}
		ids[key] = id
		res.Nodes = append(res.Nodes, node)
		queue = append(queue, p)
		return id, nil
	}
	if _, err := add(pos, 0); err != nil {
		return nil, err
	}
	for from := 0; from < len(queue); from++ {
		seen := map[int]bool{}
		if general {
			a, err := pl.analyzeGeneral(ctx, queue[from])
			if err != nil {
				return nil, err
			}
			n := &res.Nodes[from]
			n.Outcome, n.Class, n.Remoteness, n.Score = a.Outcome, a.Outcome.Class(), a.Remoteness, a.Score
			for _, m := range a.Moves {
				to, err := add(m.After(), n.Depth+1)
				if err != nil {
					return nil, err
				}
				if !seen[to] {
					seen[to] = true
					if err := budget.Grow(graphEdgeBytes); err != nil {
						return nil, err
					}
					res.Edges = append(res.Edges, GraphEdge{From: from, To: to})
				}
			}
			continue
		}
		movesErr := pl.moves(ctx, queue[from], func(m PlayMove) bool {
			var to int
			if to, err = add(m.After(), res.Nodes[from].Depth+1); err != nil {
				return false
			}
			if !seen[to] {
				seen[to] = true
				if err = budget.Grow(graphEdgeBytes); err != nil {
					return false
				}
				res.Edges = append(res.Edges, GraphEdge{From: from, To: to})
			}
			return true
		})
		if err == nil {
			err = movesErr
		}
		if err != nil {
			return nil, err
		}
	}
	return res, nil
}

// What a graph holds, counted against the request's memory as it grows (its
// JSON is written node by node, PrepareAnswer): per node, the node (80
// bytes on 64-bit: three ints, three pointers, two strings' headers and the
// outcome) with its texts, twice for the list's spare capacity; the
// position in the queue (a slice header and about its text) and its key in
// the index (its text and the map's entry); per edge, the edge (two ints)
// twice and the entry that marks it seen.
const (
	graphNodeOverhead = 2*80 + 24 + 64
	graphEdgeBytes    = 2*16 + 16
)

// graphNodeBytes is what the graph holds for node, indexed by key.
func graphNodeBytes(node GraphNode, key string) int64 {
	return graphNodeOverhead + int64(2*len(node.Position)+len(node.Label)+len(key))
}

// shortLabel writes p without its game's name when p is one group.
func shortLabel(p games.Position) string {
	if len(p) != 1 {
		return p.String()
	}
	label := strings.Join(p[0].Game.Format(p[0].Components), " ")
	if label == "" {
		return "(empty)"
	}
	return label
}

// labelLines is the node's label as drawn: a single board's rows one per
// line, then the value line.
func (n GraphNode) labelLines() []string {
	if strings.Contains(n.Label, "/") && !strings.Contains(n.Label, " ") {
		return append(strings.Split(n.Label, "/"), n.valueLine())
	}
	return []string{n.Label, n.valueLine()}
}

// valueLine is the last line of a node's label: its value "G=v", or for a
// general game its outcome with the remoteness ("win in 3", "draw") or the
// final margin of a scoring game ("win +4").
func (n GraphNode) valueLine() string {
	switch {
	case n.Grundy != nil:
		return fmt.Sprintf("G=%d", *n.Grundy)
	case n.Score != nil:
		return fmt.Sprintf("%s %+d", n.Outcome, *n.Score)
	case n.Remoteness != nil && *n.Remoteness >= 0:
		return fmt.Sprintf("%s in %d", n.Outcome, *n.Remoteness)
	}
	return n.Outcome.String()
}

// WriteDOT writes the graph in Graphviz DOT: one node per position, named by
// the whole position in CLI syntax and labelled with its short form (a
// board's rows on lines of their own) and, on the last line, its value "G=v"
// (or outcome); P-positions (the mover loses) are filled, draws yellow.
func (g *GraphResult) WriteDOT(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote("game graph of "+g.Position))
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\"];\n")
	for _, n := range g.Nodes {
		fill := ""
		if n.Class == game.Lose.Class() {
			fill = ", fillcolor=\"#f4c7c3\", penwidth=2"
		} else if n.Class == game.Draw.Class() {
			fill = ", fillcolor=\"#fff2cc\""
		}
		fmt.Fprintf(&b, "  %s [label=%s%s];\n", dotQuote(n.Position), dotQuote(strings.Join(n.labelLines(), "\n")), fill)
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  %s -> %s;\n", dotQuote(g.Nodes[e.From].Position), dotQuote(g.Nodes[e.To].Position))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// dotQuote writes s as a DOT double-quoted string; a newline becomes the
// \n escape (a centred line break).
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// WriteSVG draws the graph as a standalone SVG with a layered layout: the
// start at the top, every move pointing down (a move that closes a cycle
// points up). P-positions are shaded. Each node is a <g class="node"> with
// its whole position in data-position and its value in data-grundy.
func (g *GraphResult) WriteSVG(w io.Writer) error {
	view := graphview.Graph{Title: "Game graph of " + g.Position}
	view.Caption = view.Title + " (red: the player to move loses"
	for _, n := range g.Nodes {
		if n.Class == game.Draw.Class() {
			view.Caption += "; yellow: draws"
			break
		}
	}
	view.Caption += ")"
	for _, n := range g.Nodes {
		attrs := [][2]string{{"data-position", n.Position}, {"data-outcome", n.Outcome.String()}}
		if n.Grundy != nil {
			attrs = append(attrs, [2]string{"data-grundy", fmt.Sprint(*n.Grundy)})
		}
		view.Nodes = append(view.Nodes, graphview.Node{
			Lines: n.labelLines(),
			Title: fmt.Sprintf("%s: %s (%s)", n.Position, n.valueLine(), n.Class),
			Class: n.Class.String(),
			Attrs: attrs,
		})
	}
	for _, e := range g.Edges {
		view.Edges = append(view.Edges, graphview.Edge{From: e.From, To: e.To})
	}
	return graphview.WriteSVG(w, view)
}
