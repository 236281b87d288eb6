package games

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Forest is a rooted forest: Parent[i] is the parent of node i, or -1 when i
// is a root. A parsed Forest has no cycles.
//
// The forest game (and circles, whose containment forest it is) is played
// on it: a move picks a node and deletes it with all its ancestors. The
// children of deleted nodes become roots, so after any move the position is
// again a forest: a sum of trees, each a subtree of the original.
type Forest struct {
	Parent []int32
}

// maxForestNodes bounds the forests and circle lists accepted.
const maxForestNodes = 1 << 24

// emptyForest is the ARG of a forest with no nodes.
const emptyForest = "empty"

// ParseForest reads a parent list such as "-1,0,0,1" (node i's parent, -1
// for a root; nodes are numbered from 0 in list order), or "empty". It
// rejects parents out of range and cycles. Errors wrap game.ErrInput.
func ParseForest(text string) (Forest, error) {
	text = strings.TrimSpace(text)
	if text == emptyForest {
		return Forest{}, nil
	}
	if text == "" {
		return Forest{}, game.Inputf("empty parent list: write parents like -1,0,0,1 (%q for no nodes)", emptyForest)
	}
	items := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r' })
	if len(items) > maxForestNodes {
		return Forest{}, game.Inputf("forest has %d nodes, more than %d", len(items), maxForestNodes)
	}
	parent := make([]int32, len(items))
	for i, item := range items {
		p, err := strconv.Atoi(item)
		if err != nil {
			return Forest{}, game.Inputf("parent of node %d: %q is not an integer", i, clip(item))
		}
		if p < -1 || p >= len(items) {
			return Forest{}, game.Inputf("parent of node %d is %d, not -1 or a node 0..%d", i, p, len(items)-1)
		}
		parent[i] = int32(p)
	}
	f := Forest{parent}
	if order := f.bfs(); len(order) < len(parent) {
		return Forest{}, game.Inputf("parent list has a cycle through node %d", f.onCycle(order))
	}
	return f, nil
}

// String writes the parent list ("empty" for no nodes).
func (f Forest) String() string {
	if len(f.Parent) == 0 {
		return emptyForest
	}
	var b strings.Builder
	for i, p := range f.Parent {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(p)))
	}
	return b.String()
}

// children returns the children of every node in CSR form: the children of
// v are kids[start[v]:start[v+1]], in increasing order.
func (f Forest) children() (start, kids []int32) {
	n := len(f.Parent)
	start = make([]int32, n+2)
	for _, p := range f.Parent {
		if p >= 0 {
			start[p+2]++
		}
	}
	for v := 2; v < len(start); v++ {
		start[v] += start[v-1]
	}
	kids = make([]int32, start[n+1])
	for v, p := range f.Parent {
		if p >= 0 {
			kids[start[p+1]] = int32(v)
			start[p+1]++
		}
	}
	return start[:n+1], kids
}

// bfs returns the nodes reachable from the roots in breadth-first order:
// every parent comes before its children. Nodes on or below a cycle of
// parent pointers are missing.
func (f Forest) bfs() []int32 {
	start, kids := f.children()
	order := make([]int32, 0, len(f.Parent))
	for v, p := range f.Parent {
		if p < 0 {
			order = append(order, int32(v))
		}
	}
	for i := 0; i < len(order); i++ {
		v := order[i]
		order = append(order, kids[start[v]:start[v+1]]...)
	}
	return order
}

// onCycle returns a node on a cycle of parent pointers, given the bfs order
// that misses some node.
func (f Forest) onCycle(order []int32) int {
	seen := make([]bool, len(f.Parent))
	for _, v := range order {
		seen[v] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	// Every node not reached from a root has a parent not reached from a
	// root, so walking up n times from v ends on a cycle.
	for range f.Parent {
		v = int(f.Parent[v])
	}
	return v
}

// ForestValues holds the solution of a forest: for each node v, SG[v] is
// the Grundy value of the tree rooted at v (v's subtree alone), and Rest[v]
// is the value of the tree of v's root after the move that picks v.
type ForestValues struct {
	SG   []uint32
	Rest []uint32
	Root []int32 // the root of each node's tree
}

// Total is the value of the whole forest: the nim-sum of its trees' values.
func (fv *ForestValues) Total() game.Nimber {
	var x game.Nimber
	for v, r := range fv.Root {
		if int(r) == v {
			x ^= game.Nimber(fv.SG[v])
		}
	}
	return x
}

// After returns the value of the whole forest (of total value total) after
// the move that picks v.
func (fv *ForestValues) After(total game.Nimber, v int) game.Nimber {
	return total ^ game.Nimber(fv.SG[fv.Root[v]]) ^ game.Nimber(fv.Rest[v])
}

// Solve computes the values of every subtree in O(n log n) time, counting
// one state per node against ctr.
//
// Let X(v) be the nim-sum of the values of v's children and R(v) the set of
// values of v's subtree after a move inside it (picking w in T(v) deletes the
// path v..w). Picking v leaves v's children: X(v). Picking w below child c
// leaves the other children, of value X(v) ^ SG(c), plus what the move leaves
// of T(c), an element of R(c). So
//
//	R(v) = {X(v)} ∪ ⋃_c ( R(c) ⊕ (X(v) ^ SG(c)) ),   SG(v) = mex R(v).
//
// Each R(v) is a binary trie with a lazy XOR tag (applying ⊕t swaps the
// children of every node at a level where t has a 1 bit, lazily), and the
// union merges the children's tries: merging destroys one node per
// overlapping node, so all merges together cost O(n log n); the mex descends
// the trie towards the leftmost subtree that is not full. The seed's DP
// (summing X and SG along every path from v to a descendant) is O(n^2).
func (f Forest) Solve(ctx context.Context, ctr *limits.Counter) (*ForestValues, error) {
	n := len(f.Parent)
	// Three result arrays, X and roots, the children lists and the BFS
	// order (4 bytes a node each), and the trie: about 64 bytes a node.
	if err := ctr.Hold(64 * int64(n)); err != nil {
		return nil, fmt.Errorf("a forest of %d nodes: %w", n, err)
	}
	fv := &ForestValues{SG: make([]uint32, n), Rest: make([]uint32, n), Root: make([]int32, n)}
	if n == 0 {
		return fv, nil
	}
	start, kids := f.children()
	order := f.bfs()
	// Values are at most n, so their nim-sums stay below 2^levels.
	t := newTrie(bits.Len(uint(n)), n)
	xs := make([]uint32, n) // X(v)
	roots := make([]int32, n)
	for i := n - 1; i >= 0; i-- {
		if err := ctr.Step(ctx); err != nil {
			return nil, err
		}
		v := order[i]
		var x uint32
		for _, c := range kids[start[v]:start[v+1]] {
			x ^= fv.SG[c]
		}
		var acc int32
		for _, c := range kids[start[v]:start[v+1]] {
			t.xor(roots[c], x^fv.SG[c])
			acc = t.merge(acc, roots[c], t.levels)
		}
		acc = t.insert(acc, x, t.levels)
		roots[v] = acc
		xs[v] = x
		fv.SG[v] = t.mex(acc)
	}
	for _, v := range order {
		if p := f.Parent[v]; p < 0 {
			fv.Root[v] = v
			fv.Rest[v] = xs[v]
		} else {
			fv.Root[v] = fv.Root[p]
			fv.Rest[v] = fv.Rest[p] ^ fv.SG[v] ^ xs[v]
		}
	}
	return fv, nil
}

// RemoveUp returns the forest left by the move that picks v: v and all its
// ancestors are deleted, the other nodes keep their order and are
// renumbered, and children of deleted nodes become roots.
func (f Forest) RemoveUp(v int) Forest {
	gone := make([]bool, len(f.Parent))
	for u := int32(v); u >= 0; u = f.Parent[u] {
		gone[u] = true
	}
	newID := make([]int32, len(f.Parent))
	k := int32(0)
	for u := range f.Parent {
		if gone[u] {
			newID[u] = -1
			continue
		}
		newID[u] = k
		k++
	}
	parent := make([]int32, 0, k)
	for u, p := range f.Parent {
		if gone[u] {
			continue
		}
		if p >= 0 {
			p = newID[p] // -1 when the parent is deleted
		}
		parent = append(parent, p)
	}
	return Forest{parent}
}

// trie is a pool of binary tries over values of levels bits, with counts and
// lazy XOR tags. Node 0 is the empty trie.
type trie struct {
	levels int
	left   []int32
	right  []int32
	count  []int32  // distinct values stored below the node
	tag    []uint32 // to be XORed into every value below the node
}

func newTrie(levels, n int) *trie {
	size := 1 + n*(levels+1)
	t := &trie{levels: levels,
		left: make([]int32, 1, size), right: make([]int32, 1, size),
		count: make([]int32, 1, size), tag: make([]uint32, 1, size)}
	return t
}

func (t *trie) node() int32 {
	t.left = append(t.left, 0)
	t.right = append(t.right, 0)
	t.count = append(t.count, 0)
	t.tag = append(t.tag, 0)
	return int32(len(t.left) - 1)
}

// xor applies ⊕x to every value of trie a, lazily.
func (t *trie) xor(a int32, x uint32) {
	if a != 0 {
		t.tag[a] ^= x
	}
}

// push moves a's tag to its children; a is at height h >= 1, so bit h-1 of
// the tag decides whether its children swap.
func (t *trie) push(a int32, h int) {
	x := t.tag[a]
	if x == 0 {
		return
	}
	if x>>(h-1)&1 != 0 {
		t.left[a], t.right[a] = t.right[a], t.left[a]
	}
	if l := t.left[a]; l != 0 {
		t.tag[l] ^= x
	}
	if r := t.right[a]; r != 0 {
		t.tag[r] ^= x
	}
	t.tag[a] = 0
}

// insert adds x to trie a of height h and returns the trie.
func (t *trie) insert(a int32, x uint32, h int) int32 {
	if a == 0 {
		a = t.node()
	}
	if h == 0 {
		t.count[a] = 1
		return a
	}
	t.push(a, h)
	if x>>(h-1)&1 == 0 {
		l := t.insert(t.left[a], x, h-1)
		t.left[a] = l
	} else {
		r := t.insert(t.right[a], x, h-1)
		t.right[a] = r
	}
	t.count[a] = t.count[t.left[a]] + t.count[t.right[a]]
	return a
}

// merge returns the union of tries a and b of height h, reusing a's nodes.
func (t *trie) merge(a, b int32, h int) int32 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	if h == 0 {
		return a
	}
	t.push(a, h)
	t.push(b, h)
	l := t.merge(t.left[a], t.left[b], h-1)
	r := t.merge(t.right[a], t.right[b], h-1)
	t.left[a], t.right[a] = l, r
	t.count[a] = t.count[l] + t.count[r]
	return a
}

// mex returns the least value not in trie a: descend into the 0 side unless
// it is full (holds all 2^(h-1) values below it).
func (t *trie) mex(a int32) uint32 {
	var m uint32
	for h := t.levels; h > 0 && a != 0; h-- {
		t.push(a, h)
		if l := t.left[a]; t.count[l] == 1<<(h-1) {
			m |= 1 << (h - 1)
			a = t.right[a]
		} else {
			a = l
		}
	}
	return m
}

// forestInstance is the forest game: each ARG is one forest.
type forestInstance struct{}

// Evaluator returns an engine for one request: forests are valued by the
// trie-merging DP (Forest.Solve), counting against budget.
func (fi *forestInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &forestEval{forestInstance: fi, ctr: limits.Counter{Budget: budget}}
}

// forestEval is the Evaluator of the forest game.
type forestEval struct {
	*forestInstance
	ctr    limits.Counter
	last   *ForestValues // values of lastID, kept for the winning-move search
	lastID string
}

func (fi *forestEval) States() int64 { return fi.ctr.States }

func (*forestInstance) Name() string { return "forest" }

// Kind says the game is impartial.
func (*forestInstance) Kind() Kind { return Impartial }

func (fi *forestInstance) Parse(args []string) ([]Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no forest given (e.g. 'forest -1,0,0,1')")
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		f, err := ParseForest(a)
		if err != nil {
			return nil, err
		}
		comps[i] = fi.comp(f)
	}
	return comps, nil
}

func (fi *forestInstance) comp(f Forest) Component {
	return shapeComp[Forest]{fi, f.String(), f}
}

func (*forestInstance) Format(group []Component) []string {
	if len(group) == 0 {
		return []string{emptyForest}
	}
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

// FileArgs reads a file of forests: each whitespace-separated word is one
// parent list, unless the file has no commas, in which case the whole file
// is one forest with one parent per word.
func (*forestInstance) FileArgs(text string) []string {
	if strings.Contains(text, ",") {
		return strings.Fields(text)
	}
	return []string{strings.Join(strings.Fields(text), ",")}
}

func (fi *forestInstance) forest(c Component) Forest {
	return c.(shapeComp[Forest]).val
}

func (fi *forestEval) solve(ctx context.Context, c Component) (*ForestValues, error) {
	if fi.last != nil && fi.lastID == c.String() {
		return fi.last, nil
	}
	fv, err := fi.forest(c).Solve(ctx, &fi.ctr)
	if err != nil {
		return nil, err
	}
	fi.last, fi.lastID = fv, c.String()
	return fv, nil
}

func (fi *forestEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	fv, err := fi.solve(ctx, c)
	if err != nil {
		return 0, err
	}
	return fv.Total(), nil
}

// Moves yields the forest left by picking each node, in node order.
func (fi *forestInstance) Moves(c Component, yield func([]Component) bool) {
	f := fi.forest(c)
	for v := range f.Parent {
		if !yield([]Component{fi.comp(f.RemoveUp(v))}) {
			return
		}
	}
}

// MovesToValue finds the nodes whose pick leaves value v in O(n) once the
// forest is solved: the value after picking w is the total with w's tree
// replaced by Rest[w].
func (fi *forestEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	fv, err := fi.solve(ctx, c)
	if err != nil {
		return err
	}
	f := fi.forest(c)
	total := fv.Total()
	for w := range f.Parent {
		if fv.After(total, w) == v && !yield([]Component{fi.comp(f.RemoveUp(w))}) {
			return nil
		}
	}
	return nil
}

// OpenForest returns forest, which takes no parameters.
func OpenForest(string) (Instance, error) { return &forestInstance{}, nil }
