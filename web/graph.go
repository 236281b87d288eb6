package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/graphview"
	"github.com/grundy-go/grundy/query"
)

// GraphAnswer is the answer of /api/graph: the game graph (query.Graph,
// the CLI's `graph --json`) with the layered layout of the CLI's SVG
// (internal/graphview), computed here so the page draws what the CLI
// draws: every move points down, no two node boxes overlap.
type GraphAnswer struct {
	*query.GraphResult
	// Values is what the nodes' last line shows by default: "grundy" (every
	// node has a Grundy value: impartial games that end) or "outcome"
	// (general and loopy games: win, lose or draw with the remoteness or
	// the score).
	Values string      `json:"values"`
	Layout GraphLayout `json:"layout"`
}

// GraphLayout places the nodes and edges of a graph, in pixels of a
// drawing Width by Height with the start at the top.
type GraphLayout struct {
	Width  Pixels       `json:"width"`
	Height Pixels       `json:"height"`
	Nodes  []LayoutNode `json:"nodes"`
	// Edges are the points each edge passes through, from its source to
	// its target (empty for a self-loop), in the order of the graph's edges.
	Edges [][]LayoutPoint `json:"edges"`
}

// Pixels is a length in the drawing, written to a tenth of a pixel (the
// layout's sums of box widths would otherwise print as 63.599999999999994).
type Pixels float64

// MarshalJSON writes p rounded to one decimal.
func (p Pixels) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, math.Round(float64(p)*10)/10, 'f', -1, 64), nil
}

// LayoutPoint is one point of an edge's path.
type LayoutPoint struct {
	X Pixels `json:"x"`
	Y Pixels `json:"y"`
}

// LayoutNode is one node's box: its centre, size, and the label lines
// drawn in it (a board's rows on lines of their own), without the value
// line, which the page adds (Grundy value or outcome).
type LayoutNode struct {
	X     Pixels   `json:"x"`
	Y     Pixels   `json:"y"`
	W     Pixels   `json:"w"`
	H     Pixels   `json:"h"`
	Lines []string `json:"lines"`
	// Value is the node's value line in the answer's default labels;
	// Outcome the same as an outcome ("win in 3", "P").
	Value   string `json:"value"`
	Outcome string `json:"outcome"`
}

// Node box metrics: 12px monospace text, as the page draws it; a little
// wider than the glyphs' advance (7.2px in DejaVu Sans Mono) so no label
// touches its box's border.
const (
	glyphWidth = 7.6
	lineHeight = 15
	boxPadX    = 9
	boxPadY    = 6
)

// layoutGraph lays g out with the CLI's layered layout.
func layoutGraph(g *query.GraphResult) GraphAnswer {
	ans := GraphAnswer{GraphResult: g, Values: "outcome"}
	if len(g.Nodes) > 0 && g.Nodes[0].Grundy != nil {
		ans.Values = "grundy"
	}
	nodes := make([]LayoutNode, len(g.Nodes))
	sizes := make([]graphview.Point, len(g.Nodes))
	for i, n := range g.Nodes {
		ln := LayoutNode{Lines: labelLines(n), Outcome: outcomeLine(n)}
		ln.Value = ln.Outcome
		if n.Grundy != nil {
			ln.Value = fmt.Sprintf("G=%d", *n.Grundy)
		}
		width := max(len([]rune(ln.Value)), len([]rune(ln.Outcome)))
		for _, l := range ln.Lines {
			width = max(width, len([]rune(l)))
		}
		w := float64(width)*glyphWidth + 2*boxPadX
		h := float64(len(ln.Lines)+1)*lineHeight + 2*boxPadY
		ln.W, ln.H = Pixels(w), Pixels(h)
		sizes[i] = graphview.Point{X: w, Y: h}
		nodes[i] = ln
	}
	edges := make([]graphview.Edge, len(g.Edges))
	for i, e := range g.Edges {
		edges[i] = graphview.Edge{From: e.From, To: e.To}
	}
	lay := graphview.Lay(sizes, edges)
	for i := range nodes {
		nodes[i].X, nodes[i].Y = Pixels(lay.Centers[i].X), Pixels(lay.Centers[i].Y)
	}
	paths := make([][]LayoutPoint, len(lay.Paths))
	for i, p := range lay.Paths {
		paths[i] = make([]LayoutPoint, len(p))
		for k, q := range p {
			paths[i][k] = LayoutPoint{Pixels(q.X), Pixels(q.Y)}
		}
	}
	ans.Layout = GraphLayout{Width: Pixels(lay.Width), Height: Pixels(lay.Height), Nodes: nodes, Edges: paths}
	return ans
}

// labelLines is a node's label as the CLI draws it: a single board's rows
// one per line, else the short position on one line.
func labelLines(n query.GraphNode) []string {
	if strings.Contains(n.Label, "/") && !strings.Contains(n.Label, " ") {
		return strings.Split(n.Label, "/")
	}
	return []string{n.Label}
}

// outcomeLine is a node's outcome as a label: for an impartial game that
// ends its class (P: the player to move loses, N: wins), for a general
// game the result with the remoteness ("win in 3", "draw") or the final
// margin of a scoring game ("win +4"), as `grundy graph` labels them.
func outcomeLine(n query.GraphNode) string {
	switch {
	case n.Grundy != nil:
		return n.Class.String()
	case n.Score != nil:
		return fmt.Sprintf("%s %+d", n.Outcome, *n.Score)
	case n.Remoteness != nil && *n.Remoteness >= 0:
		return fmt.Sprintf("%s in %d", n.Outcome, *n.Remoteness)
	}
	return n.Outcome.String()
}

func (s *Server) graph(r *request) (any, error) {
	pos, misere, err := s.positionPlay(r)
	if err != nil {
		return nil, err
	}
	if misere {
		return nil, game.Inputf("game graphs are labelled with normal-play values: drop misere")
	}
	g, err := query.Graph(r.Context(), pos, r.budget, r.maxNodes)
	if errors.Is(err, query.ErrGraphTooLarge) {
		msg := fmt.Sprintf("%s (raise max-nodes, or draw a smaller position); %s draws at most %d nodes (max-nodes)", err.Error(), s.words().explorer, r.cfg.MaxNodes)
		if small, nodes := suggestSmaller(r.Context(), pos, r.maxNodes); small != "" {
			msg += fmt.Sprintf(". %s%s (%d positions)", SuggestionPrefix, small, nodes)
		}
		return nil, statusError{http.StatusUnprocessableEntity, wordedError{msg, err}}
	}
	if err != nil {
		return nil, err
	}
	return layoutGraph(g), nil
}

// SuggestionPrefix introduces, in the error of a graph over the node cap,
// a smaller position whose graph fits (the page makes it a link).
const SuggestionPrefix = "A smaller position that fits: "

// Bounds of the search for a smaller position: each candidate's graph gets
// suggestStates states and the search suggestTries candidates, so an error
// answer stays quick (about 0.1 s for the catalog's examples) and its
// answer does not depend on the machine's load; suggestTime is only a
// safety net.
const (
	suggestStates = 20_000
	suggestTime   = 3 * time.Second
	suggestTries  = 40
	suggestRounds = 4
)

// number matches a run of digits in a position's text.
var number = regexp.MustCompile(`\d+`)

// shrink lists positions a little smaller than text, knowing no game: a
// group of a sum dropped, a group's ARGs dropped (the game's own start,
// for games that have one), one ARG dropped, an item of a
// comma-separated ARG dropped, or one number (in an ARG or in the game's
// parameters, as in subtract:1-3) made smaller, or every copy of one
// number made smaller.
func shrink(text string) []string {
	var out []string
	seen := map[string]bool{text: true}
	add := func(s string) {
		s = strings.Join(strings.Fields(s), " ")
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	groups := strings.Split(text, " + ")
	if len(groups) > 1 {
		for i := range groups {
			add(strings.Join(append(append([]string{}, groups[:i]...), groups[i+1:]...), " + "))
		}
	}
	for gi, grp := range groups {
		words := strings.Fields(grp)
		with := func(ws []string) string {
			gs := append([]string{}, groups...)
			gs[gi] = strings.Join(ws, " ")
			return strings.Join(gs, " + ")
		}
		if len(words) > 1 {
			add(with(words[:1])) // the game's own start, if it has one
		}
		for i := 1; i < len(words) && len(words) > 2; i++ {
			add(with(append(append([]string{}, words[:i]...), words[i+1:]...)))
		}
		for i := 1; i < len(words); i++ {
			items := strings.Split(words[i], ",")
			for k := 0; k < len(items) && len(items) > 1; k++ {
				ws := append([]string{}, words...)
				ws[i] = strings.Join(append(append([]string{}, items[:k]...), items[k+1:]...), ",")
				add(with(ws))
			}
		}
	}
	for _, loc := range number.FindAllStringIndex(text, -1) {
		n, err := strconv.Atoi(text[loc[0]:loc[1]])
		if err != nil || n == 0 {
			continue
		}
		for _, m := range []int{n / 2, n - 1} {
			add(text[:loc[0]] + strconv.Itoa(m) + text[loc[1]:])
		}
	}
	// Every copy of a number at once: a square board's size (quixo:3x3).
	for _, d := range number.FindAllString(text, -1) {
		if n, err := strconv.Atoi(d); err == nil && n > 0 {
			add(number.ReplaceAllStringFunc(text, func(s string) string {
				if s == d {
					return strconv.Itoa(n - 1)
				}
				return s
			}))
		}
	}
	return out
}

// suggestSmaller looks for a position near pos whose graph has at most
// maxNodes nodes, by rounds of shrink; it returns the one with the most
// nodes found in the first round that finds any, or "" when none is found
// within the search's bounds.
func suggestSmaller(ctx context.Context, pos query.Position, maxNodes int) (string, int) {
	ctx, cancel := context.WithTimeout(ctx, suggestTime)
	defer cancel()
	frontier := []string{pos.String()}
	tries := 0
	tried := map[string]bool{}
	for range suggestRounds {
		var next []string
		best, bestNodes := "", 0
		for _, text := range frontier {
			for _, cand := range shrink(text) {
				if tried[cand] {
					continue
				}
				tried[cand] = true
				if tries == suggestTries || ctx.Err() != nil {
					return best, bestNodes
				}
				tries++
				p, err := query.Parse(strings.Fields(cand), nil)
				if err != nil {
					continue
				}
				g, err := query.Graph(ctx, p, &query.Budget{MaxStates: suggestStates, MaxMemory: 64 << 20}, maxNodes)
				switch {
				case err == nil && len(g.Nodes) > bestNodes && len(g.Nodes) > 1:
					best, bestNodes = p.String(), len(g.Nodes)
				case errors.Is(err, query.ErrGraphTooLarge) || errors.Is(err, query.ErrStateLimit):
					next = append(next, cand) // as written: p.String() may be the start written out
				}
			}
		}
		if best != "" {
			return best, bestNodes
		}
		frontier = next
	}
	return "", 0
}

// catalogGraphTime bounds the work of graphFit for one catalog entry (a
// safety net: the state budgets bound it first).
const catalogGraphTime = 3 * time.Second

// graphFit reports the size of the game graph of spec's example when it
// fits under the node cap, else 0 and a smaller position that fits (if
// one is found within catalogGraphTime), so the catalog links only graphs
// the explorer draws.
func (s *Server) graphFit(spec query.GameInfo) (int, string) {
	words := strings.Fields(spec.Example)
	if len(words) == 0 || checkGameToken(words[0]) != nil {
		return 0, ""
	}
	pos, err := query.Parse(words, nil)
	if err != nil {
		return 0, ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), catalogGraphTime)
	defer cancel()
	g, err := query.Graph(ctx, pos, &query.Budget{MaxStates: suggestStates, MaxMemory: 64 << 20}, s.cfg.MaxNodes)
	if err == nil {
		return len(g.Nodes), ""
	}
	small, _ := suggestSmaller(ctx, pos, s.cfg.MaxNodes)
	return 0, small
}
