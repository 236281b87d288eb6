package games

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Circle is a circle of the circles game (TopCoder SRM 561 CirclesGame,
// seed 000): centre (X, Y), radius R, all integers.
type Circle struct {
	X, Y, R int64
}

// maxCoord bounds coordinates and radii so that every squared distance fits
// an int64: (2*10^9)^2 * 2 < 2^63.
const maxCoord = 1_000_000_000

// ParseCircle reads a circle written "x,y,r": integers with |x|, |y| and r
// at most 10^9, r >= 1.
func ParseCircle(arg string) (Circle, error) {
	f := strings.Split(arg, ",")
	if len(f) != 3 {
		return Circle{}, game.Inputf("circle %q is not x,y,r", clip(arg))
	}
	var v [3]int64
	for i, s := range f {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return Circle{}, game.Inputf("circle %q: %q is not an integer", clip(arg), clip(s))
		}
		if n < -maxCoord || n > maxCoord {
			return Circle{}, game.Inputf("circle %q: %d is beyond ±%d", clip(arg), n, maxCoord)
		}
		v[i] = n
	}
	if v[2] < 1 {
		return Circle{}, game.Inputf("circle %q: the radius must be at least 1", clip(arg))
	}
	return Circle{v[0], v[1], v[2]}, nil
}

// String writes the circle as x,y,r.
func (c Circle) String() string { return fmt.Sprintf("%d,%d,%d", c.X, c.Y, c.R) }

func (c Circle) dist2(d Circle) int64 {
	dx, dy := c.X-d.X, c.Y-d.Y
	return dx*dx + dy*dy
}

// Cross reports whether the circles c and d cross: their boundaries meet in
// two points, |r1-r2| < dist < r1+r2, or they are the same circle. Circles
// that only touch, inside or outside, do not cross.
func (c Circle) Cross(d Circle) bool {
	d2 := c.dist2(d)
	if d2 == 0 && c.R == d.R {
		return true
	}
	diff, sum := c.R-d.R, c.R+d.R
	return diff*diff < d2 && d2 < sum*sum
}

// Contains reports whether circle c holds circle d inside it (touching
// allowed): r_c > r_d and dist + r_d <= r_c.
func (c Circle) Contains(d Circle) bool {
	diff := c.R - d.R
	return diff > 0 && c.dist2(d) <= diff*diff
}

// CrossingError names two circles that cross.
type CrossingError struct {
	A, B Circle
}

// Error names the two circles in CLI syntax.
func (e *CrossingError) Error() string {
	return fmt.Sprintf("circles %s and %s cross (circles may nest or touch, never cross)", e.A, e.B)
}

// Is makes the error match game.ErrInput.
func (e *CrossingError) Is(target error) bool { return target == game.ErrInput }

// ContainmentForest returns the forest of circles: the parent of a circle is
// the smallest circle containing it. It fails with a *CrossingError if two
// circles cross.
//
// It sweeps a vertical line from left to right in O(n log n), keeping the
// arcs it cuts (upper and lower half of each circle) in a treap ordered
// bottom to top. Circles never cross, so the order of arcs never changes
// while they are cut, and only point-versus-arc comparisons are needed, which
// are exact in integers. At a circle's leftmost point P the first arc above P
// decides its parent: the upper arc of D means P is inside D, so D is the
// parent; the lower arc of D means P is outside D and beside it, so they
// share D's parent. Ties (arcs through P) come from circles internally
// tangent at P, which contain P: P goes above their lower and below their
// upper arcs. Crossings are found as in the Shamos–Hoey segment test:
// whenever two circles become neighbours in the order they are tested, and
// the leftmost crossing of any two circles is between neighbours just
// before it.
func ContainmentForest(circles []Circle) (Forest, error) {
	n := len(circles)
	if n > maxForestNodes {
		return Forest{}, game.Inputf("%d circles, more than %d", n, maxForestNodes)
	}
	// Identical circles cross; find them by sorting.
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		return cmp.Or(cmp.Compare(circles[a].X, circles[b].X), cmp.Compare(circles[a].Y, circles[b].Y), cmp.Compare(circles[a].R, circles[b].R))
	})
	for i := 1; i < n; i++ {
		if circles[idx[i]] == circles[idx[i-1]] {
			return Forest{}, &CrossingError{circles[idx[i-1]], circles[idx[i]]}
		}
	}
	// Events: removal at x+r before insertion at x-r at the same x (circles
	// touching there are outside each other); removals smallest first and
	// insertions largest first (tangent nested circles).
	type event struct {
		x      int64
		insert bool
		c      int32
	}
	events := make([]event, 0, 2*n)
	for i, c := range circles {
		events = append(events, event{c.X - c.R, true, int32(i)}, event{c.X + c.R, false, int32(i)})
	}
	slices.SortFunc(events, func(a, b event) int {
		if c := cmp.Compare(a.x, b.x); c != 0 {
			return c
		}
		if a.insert != b.insert {
			if a.insert {
				return 1
			}
			return -1
		}
		ra, rb := circles[a.c].R, circles[b.c].R
		if a.insert {
			ra, rb = rb, ra
		}
		return cmp.Or(cmp.Compare(ra, rb), cmp.Compare(a.c, b.c))
	})
	s := &sweep{circles: circles}
	s.nodes = make([]arcNode, 1, 2*n+1)
	parent := make([]int32, n)
	var root int32
	for _, e := range events {
		c := circles[e.c]
		if e.insert {
			px, py := c.X-c.R, c.Y
			below, above := s.split(root, func(a int32) bool { return s.arcBelow(a, px, py) })
			parent[e.c] = -1
			if first := s.first(above); first != 0 {
				a := s.nodes[first]
				if a.upper {
					parent[e.c] = a.circle
				} else {
					parent[e.c] = parent[a.circle]
				}
			}
			if err := s.check(s.last(below), e.c); err != nil {
				return Forest{}, err
			}
			if err := s.check(s.first(above), e.c); err != nil {
				return Forest{}, err
			}
			lo, up := s.newArc(e.c, false), s.newArc(e.c, true)
			root = s.merge(s.merge(below, s.merge(lo, up)), above)
			continue
		}
		qx, qy := c.X+c.R, c.Y
		before, rest := s.split(root, func(a int32) bool { return s.arcBefore(a, qx, qy, e.c, false) })
		mid, after := s.split(rest, func(a int32) bool {
			return s.arcBefore(a, qx, qy, e.c, true) || s.nodes[a].circle == e.c && s.nodes[a].upper
		})
		if s.nodes[mid].size != 2 {
			return Forest{}, fmt.Errorf("circles: sweep lost the arcs of circle %s", c)
		}
		if l, f := s.last(before), s.first(after); l != 0 && f != 0 {
			if err := s.check(l, s.nodes[f].circle); err != nil {
				return Forest{}, err
			}
		}
		root = s.merge(before, after)
	}
	return Forest{parent}, nil
}

// arcNode is a treap node: one half of a circle.
type arcNode struct {
	circle      int32
	upper       bool
	left, right int32
	prio        uint32
	size        int32
}

// sweep is the sweep line's ordered set of arcs, a treap in a slice; node 0
// is the empty tree.
type sweep struct {
	circles []Circle
	nodes   []arcNode
	seed    uint32
}

func (s *sweep) newArc(c int32, upper bool) int32 {
	s.seed = s.seed*1664525 + 1013904223
	s.nodes = append(s.nodes, arcNode{circle: c, upper: upper, prio: s.seed, size: 1})
	return int32(len(s.nodes) - 1)
}

func (s *sweep) update(t int32) {
	s.nodes[t].size = 1 + s.nodes[s.nodes[t].left].size + s.nodes[s.nodes[t].right].size
}

// split cuts t into the arcs for which below holds (a prefix of the order)
// and the rest.
func (s *sweep) split(t int32, below func(int32) bool) (int32, int32) {
	if t == 0 {
		return 0, 0
	}
	if below(t) {
		l, r := s.split(s.nodes[t].right, below)
		s.nodes[t].right = l
		s.update(t)
		return t, r
	}
	l, r := s.split(s.nodes[t].left, below)
	s.nodes[t].left = r
	s.update(t)
	return l, t
}

func (s *sweep) merge(a, b int32) int32 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	if s.nodes[a].prio > s.nodes[b].prio {
		s.nodes[a].right = s.merge(s.nodes[a].right, b)
		s.update(a)
		return a
	}
	s.nodes[b].left = s.merge(a, s.nodes[b].left)
	s.update(b)
	return b
}

func (s *sweep) first(t int32) int32 {
	for t != 0 && s.nodes[t].left != 0 {
		t = s.nodes[t].left
	}
	return t
}

func (s *sweep) last(t int32) int32 {
	for t != 0 && s.nodes[t].right != 0 {
		t = s.nodes[t].right
	}
	return t
}

// check tests the circle of arc node a (if any) against circle c.
func (s *sweep) check(a int32, c int32) error {
	if a == 0 {
		return nil
	}
	d := s.nodes[a].circle
	if d != c && s.circles[d].Cross(s.circles[c]) {
		return &CrossingError{s.circles[d], s.circles[c]}
	}
	return nil
}

// side returns the sign of (y of arc a at x = px) - py, exactly. The arc's
// circle must be cut by the line x = px.
func (s *sweep) side(a int32, px, py int64) int {
	c := s.circles[s.nodes[a].circle]
	dx := px - c.X
	s2 := c.R*c.R - dx*dx // the arc is at c.Y ± sqrt(s2)
	t := py - c.Y
	if s.nodes[a].upper { // sign(sqrt(s2) - t)
		if t < 0 {
			return 1
		}
		return cmp.Compare(s2, t*t)
	}
	if t > 0 { // sign(-sqrt(s2) - t)
		return -1
	}
	return cmp.Compare(t*t, s2)
}

// arcBelow reports whether arc a is below point (px, py); an arc through
// the point is below it when it is a lower arc (the point is inside).
func (s *sweep) arcBelow(a int32, px, py int64) bool {
	if d := s.side(a, px, py); d != 0 {
		return d < 0
	}
	return !s.nodes[a].upper
}

// arcBefore reports whether arc a comes before the arc (c, upper) in the
// order at point (qx, qy), which is on arc (c, upper). Arcs through the
// point are ordered lower arcs first, larger circles first, then upper arcs,
// smaller circles first: nested circles tangent at the point.
func (s *sweep) arcBefore(a int32, qx, qy int64, c int32, upper bool) bool {
	if d := s.side(a, qx, qy); d != 0 {
		return d < 0
	}
	na := s.nodes[a]
	if na.upper != upper {
		return !na.upper
	}
	ra, rc := s.circles[na.circle].R, s.circles[c].R
	if ra == rc {
		return false
	}
	return (ra > rc) != upper
}

// circleSet is the position of the circles game: the circles, in the order
// given, and their containment forest.
type circleSet struct {
	circles []Circle
	forest  Forest
}

func (cs *circleSet) String() string {
	parts := make([]string, len(cs.circles))
	for i, c := range cs.circles {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// hit returns the circles left after hitting circle v: a point inside v and
// outside its children removes v and every circle around it.
func (cs *circleSet) hit(v int) *circleSet {
	rest := cs.forest.RemoveUp(v)
	gone := make([]bool, len(cs.circles))
	for u := int32(v); u >= 0; u = cs.forest.Parent[u] {
		gone[u] = true
	}
	out := &circleSet{forest: rest, circles: make([]Circle, 0, len(rest.Parent))}
	for i, c := range cs.circles {
		if !gone[i] {
			out.circles = append(out.circles, c)
		}
	}
	return out
}

// circlesInstance is the circles game: all the ARGs of a group form one
// position, one circle per ARG.
type circlesInstance struct{}

// Evaluator returns an engine for one request: circles are valued through
// their containment forest (Forest.Solve), counting against budget.
func (ci *circlesInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &circlesEval{circlesInstance: ci, ctr: limits.Counter{Budget: budget}}
}

// circlesEval is the Evaluator of the circles game.
type circlesEval struct {
	*circlesInstance
	ctr    limits.Counter
	last   *ForestValues
	lastID string
}

func (ci *circlesEval) States() int64 { return ci.ctr.States }

func (*circlesInstance) Name() string { return "circles" }

// Kind says the game is impartial.
func (*circlesInstance) Kind() Kind { return Impartial }

// Viewer returns the viewer of the game's board.
func (*circlesInstance) Viewer() Viewer { return circlesViewer{} }

// Parse reads the circles of one position and builds their forest; no ARGs
// is the position with no circles.
func (ci *circlesInstance) Parse(args []string) ([]Component, error) {
	cs := &circleSet{circles: make([]Circle, len(args))}
	for i, a := range args {
		c, err := ParseCircle(a)
		if err != nil {
			return nil, err
		}
		cs.circles[i] = c
	}
	f, err := ContainmentForest(cs.circles)
	if err != nil {
		return nil, err
	}
	cs.forest = f
	return []Component{ci.comp(cs)}, nil
}

func (ci *circlesInstance) comp(cs *circleSet) Component {
	return shapeComp[*circleSet]{ci, cs.String(), cs}
}

// Format writes the circles of the position, one ARG each.
func (*circlesInstance) Format(group []Component) []string {
	var args []string
	for _, c := range group {
		args = append(args, strings.Fields(c.String())...)
	}
	return args
}

func (ci *circlesEval) solve(ctx context.Context, c Component) (*ForestValues, *circleSet, error) {
	cs := c.(shapeComp[*circleSet]).val
	if ci.last != nil && ci.lastID == c.String() {
		return ci.last, cs, nil
	}
	fv, err := cs.forest.Solve(ctx, &ci.ctr)
	if err != nil {
		return nil, nil, err
	}
	ci.last, ci.lastID = fv, c.String()
	return fv, cs, nil
}

func (ci *circlesEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	fv, _, err := ci.solve(ctx, c)
	if err != nil {
		return 0, err
	}
	return fv.Total(), nil
}

func (ci *circlesInstance) option(cs *circleSet) []Component {
	if len(cs.circles) == 0 {
		return []Component{}
	}
	return []Component{ci.comp(cs)}
}

// Moves yields the circles left after hitting each circle, in input order.
func (ci *circlesInstance) Moves(c Component, yield func([]Component) bool) {
	cs := c.(shapeComp[*circleSet]).val
	for v := range cs.circles {
		if !yield(ci.option(cs.hit(v))) {
			return
		}
	}
}

// MovesToValue yields the hits that leave value v, found in O(n) from the
// solved forest (see ForestValues.After).
func (ci *circlesEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	fv, cs, err := ci.solve(ctx, c)
	if err != nil {
		return err
	}
	total := fv.Total()
	for w := range cs.circles {
		if fv.After(total, w) == v && !yield(ci.option(cs.hit(w))) {
			return nil
		}
	}
	return nil
}

// HitCircle names the circle a move hit, given the circles before and the
// circles left: the smallest circle that is gone.
func HitCircle(before, after []Circle) (Circle, bool) {
	left := map[Circle]bool{}
	for _, c := range after {
		left[c] = true
	}
	var hit Circle
	found := false
	for _, c := range before {
		if !left[c] && (!found || c.R < hit.R) {
			hit, found = c, true
		}
	}
	return hit, found
}

// NameMove names the circle the move from c to after hit, as "x,y,r".
func (*circlesInstance) NameMove(c Component, after []Component) string {
	before, ok := c.(shapeComp[*circleSet])
	if !ok {
		return ""
	}
	var left []Circle
	for _, a := range after {
		if cs, ok := a.(shapeComp[*circleSet]); ok {
			left = append(left, cs.val.circles...)
		}
	}
	hit, ok := HitCircle(before.val.circles, left)
	if !ok {
		return ""
	}
	return hit.String()
}

// OpenCircles returns circles, which takes no parameters.
func OpenCircles(string) (Instance, error) { return &circlesInstance{}, nil }
