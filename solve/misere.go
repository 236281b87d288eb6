package solve

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Method says how a misère answer was obtained.
type Method int8

// The methods of Misere, from the cheapest to the most expensive.
const (
	// MethodTame: every component is tame, so the sum plays like misère Nim
	// (Winning Ways ch. 13): the normal-play value decides, with the
	// misère switch when every component behaves like a heap of 0 or 1.
	MethodTame Method = iota
	// MethodGenus: one wild component plus heaps *1 and *2, answered by
	// the component's genus.
	MethodGenus
	// MethodSearch: memoized win/lose search over multisets of components.
	MethodSearch
)

// String returns "tame", "genus" or "search".
func (m Method) String() string {
	switch m {
	case MethodTame:
		return "tame"
	case MethodGenus:
		return "genus"
	}
	return "search"
}

// MisereDepth bounds the length of play the misère engine follows (its
// search recurses once per move).
const MisereDepth = 100_000

// Genus is Conway's genus g^(γ0 γ1 γ2 ...) of an impartial game G (On
// Numbers and Games ch. 12; Winning Ways ch. 13): g is the normal-play
// Grundy value and γn the misère Grundy value of G + n copies of *2, where
// the misère value is 1 for a game with no options and otherwise the mex of
// the options' misère values. G is a misère P-position exactly when γ0 = 0.
//
// Invariant: len(Sup) >= 2 and γi = γ(i-2) for every i >= len(Sup) (the
// sequence is eventually periodic with period 2); Sup is the shortest such
// prefix, so equal genera have equal Sup.
type Genus struct {
	Normal game.Nimber   // g, the normal-play value
	Sup    []game.Nimber // γ0 γ1 ... γ(L-1)
}

// Misere returns γn, the misère Grundy value of G + n copies of *2.
func (g Genus) Misere(n int) game.Nimber {
	if n < len(g.Sup) {
		return g.Sup[n]
	}
	l := len(g.Sup)
	return g.Sup[l-2+(n-l)%2]
}

// TameGenus returns the genus of a tame game of normal value v: 0^120 or
// 1^031 when heapLike (the game behaves like a Nim heap of size v <= 1),
// otherwise v^(v, v XOR 2). Its γ list is shared for v < 64: callers do
// not change it.
func TameGenus(v game.Nimber, heapLike bool) Genus {
	heapLike = heapLike && v <= 1
	if v < game.Nimber(len(tameSups)) {
		if heapLike {
			return Genus{Normal: v, Sup: tameSups[v][1]}
		}
		return Genus{Normal: v, Sup: tameSups[v][0]}
	}
	return Genus{Normal: v, Sup: tameSup(v, heapLike)}
}

func tameSup(v game.Nimber, heapLike bool) []game.Nimber {
	if heapLike {
		return []game.Nimber{v ^ 1, v ^ 2, v}
	}
	return []game.Nimber{v, v ^ 2}
}

// tameSups[v][1] and tameSups[v][0] are the γ lists of TameGenus(v, true)
// and TameGenus(v, false), made once: the engine asks for tame genera at
// every tame sum it meets.
var tameSups = func() (t [64][2][]game.Nimber) {
	for v := range t {
		t[v][0] = tameSup(game.Nimber(v), false)
		t[v][1] = tameSup(game.Nimber(v), v <= 1)
	}
	return t
}()

// Tame reports whether g is a tame genus: 0^120, 1^031 or v^(v, v XOR 2).
func (g Genus) Tame() bool {
	return g.Equal(TameGenus(g.Normal, true)) || g.Equal(TameGenus(g.Normal, false))
}

// heapLike reports whether a tame genus is 0^120 or 1^031.
func (g Genus) heapLike() bool {
	return len(g.Sup) == 3
}

// Equal reports whether g and h are the same genus.
func (g Genus) Equal(h Genus) bool {
	return g.Normal == h.Normal && slices.Equal(g.Sup, h.Sup)
}

// String writes the genus in Conway's notation, the superscript after '^':
// "0^120", "3^31", and with commas when a digit exceeds 9: "12^(12,14)".
func (g Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(g.Normal), 10))
	b.WriteByte('^')
	wide := slices.ContainsFunc(g.Sup, func(v game.Nimber) bool { return v > 9 })
	if wide {
		b.WriteByte('(')
	}
	for i, v := range g.Sup {
		if wide && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	if wide {
		b.WriteByte(')')
	}
	return b.String()
}

// addTame is the genus of the sum of two hereditarily tame games (Winning
// Ways ch. 13): normal values add by XOR, and the sum behaves like a heap of
// 0 or 1 only when both parts do.
func addTame(a, b Genus) Genus {
	return TameGenus(a.Normal^b.Normal, a.heapLike() && b.heapLike())
}

// genusOf computes the genus of a game from the genera of its options
// (CGSuite's Genus recursion, after Conway):
//
//	g  = mex{ g(G') }
//	γ0 = mex{ γ0(G') }                       (1 when G has no option)
//	γn = mex({ γn(G') } ∪ { γ(n-1), γ(n-1) XOR 1 })   n >= 1
//
// since the options of G + n·*2 are G' + n·*2, G + (n-1)·*2 and
// G + (n-1)·*2 + *1, and for every X the misère value of X + *1 is that of X
// XOR 1. Periodicity: if every option's γ satisfies γi = γ(i-2) for i >= p,
// then γn is a fixed function of γ(n-1) and the parity of n for n >= p, so
// once γj = γ(j-2) for some j >= max(p, 2) the sequence has period 2 from j on.
func genusOf(options []Genus) (Genus, error) {
	return genusInto(options, nil)
}

// genusInto is genusOf writing the γ list into sup's array when it is
// large enough.
func genusInto(options []Genus, sup []game.Nimber) (Genus, error) {
	if len(options) == 0 {
		return Genus{Normal: 0, Sup: append(sup[:0], TameGenus(0, true).Sup...)}, nil
	}
	var set game.MexSet
	p := 2
	for _, o := range options {
		set.Add(o.Normal)
		p = max(p, len(o.Sup))
	}
	g := Genus{Normal: set.Mex()}
	set.Reset()
	for _, o := range options {
		set.Add(o.Sup[0])
	}
	sup = append(sup[:0], set.Mex())
	for n := 1; ; n++ {
		set.Reset()
		set.Add(sup[n-1])
		set.Add(sup[n-1] ^ 1)
		for _, o := range options {
			set.Add(o.Misere(n))
		}
		x := set.Mex()
		if n >= p && x == sup[n-2] {
			break
		}
		sup = append(sup, x)
		if n > p+16 {
			// The proof in the doc comment bounds this by p+4.
			return Genus{}, errors.New("genus sequence did not become periodic")
		}
	}
	for len(sup) > 2 && sup[len(sup)-1] == sup[len(sup)-3] {
		sup = sup[:len(sup)-1]
	}
	g.Sup = sup
	return g, nil
}

// KnownGenus is implemented by games that know the genus of some positions
// without search (Nim: the heap n is tame with genus TameGenus(n, n <= 1)).
// The genus returned must be tame and the position hereditarily tame.
type KnownGenus[P comparable] interface {
	KnownGenus(p P) (Genus, bool)
}

// misereNode is one component up to identity of game trees: two positions
// whose options are the same sums of nodes are the same game and share a
// node. Nodes 0, 1 and 2 are the Nim heaps *0, *1 and *2.
type misereNode struct {
	options [][]int32 // normalized sums, sorted, distinct
	normal  game.Nimber
	tame    bool   // hereditarily tame: it and every follower has a tame genus
	nim     int16  // m when the node is the Nim heap *m, else -1
	elem    uint32 // 1 + its element under the GenusReader, 0 when none
	genus   *Genus // nil until known
}

// A GenusReader reads the genus of some sums without a search: it gives
// components elements of a commutative monoid in which the element of a
// sum is the product of its components' (the misère quotient of a heap
// game's heaps, package solve/quotient, is one), and reads the misère part
// of the genus off a sum's elements. Misere asks it before it searches a
// sum's options, so a reader that answers sums of heaps spares the search
// of their followers.
type GenusReader[P comparable] interface {
	// Element returns the element of the component p, or false when p has
	// none (a position outside the monoid's sums).
	Element(p P) (uint32, bool)
	// Digits returns γ0 γ1 ... of the genus of the sum whose components
	// have the elements es, shortened as Genus.Sup is, given the element
	// nims[m] of a component equal to the Nim heap *m as a misère game (for
	// the m known), or false when the elements do not determine them.
	Digits(es []uint32, nims map[int]uint32) ([]game.Nimber, bool)
}

// Misere computes misère-play outcomes and genera of sums of positions of
// one game, memoizing by the multiset of components. It is not safe for
// concurrent use.
//
// Every component is interned as a node: its game tree up to identity
// (positions with the same option sums are one node). A sum is the sorted
// multiset of its nodes, reduced by two exact misère identities: a
// component with no options is dropped (G + 0 = G), and two copies of *1
// cancel (the misère value of X + *1 is that of X XOR 1, so X + *1 + *1 and
// X have the same outcome in every context). Hereditarily tame sums are
// answered by the misère Nim rule without search.
type Misere[P comparable] struct {
	limits.Counter

	game  game.Game[P]
	known KnownGenus[P]

	reader GenusReader[P] // nil: every genus is searched
	nims   map[int]uint32 // m -> element of a node equal to *m, for reader
	elems  []uint32       // scratch: the elements of a sum, for reader

	raw    map[P]int32 // position -> node; -1 while its options are interned
	nodes  []misereNode
	byHash map[uint64][]int32
	seed   maphash.Seed
	// The memo of sums of two or more components, or of one without a
	// node's genus: a sum's outcome, or the index of its genus in
	// genusList. Sums share few distinct genera, so each is kept once.
	outcomes  *sumMemo
	genera    *sumMemo
	genusList []Genus
	genusIDs  map[string]uint32 // genusKey -> index in genusList
	buf       []byte            // key scratch, valid until the next recursive call
	sums      [][]int32         // sums[d]: scratch for the options of a sum at depth d
	options   [][]Genus         // options[d]: scratch for the genera of those options
	sup       []game.Nimber     // scratch for a genus being computed
	// held is the bytes the engine's tables hold besides their entries
	// (counted in step): each node's option sums and its place in byHash,
	// the distinct genera, and the option lists of the positions being
	// interned.
	held int64
}

// Bytes of a map entry besides its key's and value's own: a swiss table
// slot's control byte, the free slots of a table at most 7/8 full that
// doubles when full (half empty just after), rounded up.
const mapSlack = 16

// allocBytes is the memory the Go allocator gives a request of n bytes: its
// size class, multiples of 8 up to 32 and of 16 beyond (the classes above
// 64 are coarser still, but memo keys and γ lists are short).
func allocBytes(n int) int64 {
	if n <= 32 {
		return int64((n + 7) &^ 7)
	}
	return int64((n + 15) &^ 15)
}

// step counts one state and accounts the engine's memory with the budget
// (every state: a game's positions can be large, a forest's text).
func (m *Misere[P]) step(ctx context.Context) error {
	if err := m.Step(ctx); err != nil {
		return err
	}
	return m.hold(0)
}

// hold accounts the engine's memory with the budget, and extra bytes
// besides: interned positions (raw), nodes, the memo's bytes and what held
// counts, so that the count follows the live heap the engine holds
// (TestMisereMemoryCounted in package query compares them).
func (m *Misere[P]) hold(extra int64) error {
	var p P
	need := int64(len(m.raw))*(int64(unsafe.Sizeof(p))+4+mapSlack) +
		int64(cap(m.nodes))*int64(unsafe.Sizeof(misereNode{})) +
		m.outcomes.Bytes() + m.genera.Bytes() + int64(cap(m.genusList))*int64(unsafe.Sizeof(Genus{})) +
		m.held + footprintOf(m.game) + extra
	if err := m.Hold(need); err != nil {
		return fmt.Errorf("%d positions and %d sums memoized: %w", len(m.raw), m.outcomes.Len()+m.genera.Len(), err)
	}
	return nil
}

// memoize stores val for the normalized sum ids in memo, once the budget
// allows what storing it may allocate.
func (m *Misere[P]) memoize(memo *sumMemo, ids []int32, val uint32) error {
	if err := m.hold(memo.Spare(len(ids))); err != nil {
		return err
	}
	memo.Put(ids, val)
	return nil
}

// genusID returns the index of g in genusList, adding a copy of g when it
// is new.
func (m *Misere[P]) genusID(g Genus) uint32 {
	m.buf = binary.LittleEndian.AppendUint64(m.buf[:0], uint64(g.Normal))
	for _, v := range g.Sup {
		m.buf = binary.LittleEndian.AppendUint64(m.buf, uint64(v))
	}
	if id, ok := m.genusIDs[string(m.buf)]; ok {
		return id
	}
	id := uint32(len(m.genusList))
	g.Sup = slices.Clone(g.Sup)
	m.genusList = append(m.genusList, g)
	m.genusIDs[string(m.buf)] = id
	// The key, the map's entry (a string header and the index) and the
	// γ list.
	m.held += allocBytes(len(m.buf)) + 16 + 4 + mapSlack + allocBytes(8*len(g.Sup))
	return id
}

// inProgressNode marks a position whose options are being interned.
const inProgressNode = -1

// NewMisere returns a misère engine for g with the given limits. States
// counts interned positions and their options plus expanded sums.
func NewMisere[P comparable](g game.Game[P], budget *limits.Budget) *Misere[P] {
	m := &Misere[P]{game: g, raw: map[P]int32{}, byHash: map[uint64][]int32{},
		seed: maphash.MakeSeed(), outcomes: newSumMemo(), genera: newSumMemo(), genusIDs: map[string]uint32{}}
	m.Budget = budget
	m.known, _ = g.(KnownGenus[P])
	// Nodes 0, 1, 2 are *0 = {}, *1 = {0}, *2 = {0, *1}.
	for _, opts := range [][][]int32{nil, {{}}, {{}, {1}}} {
		if _, err := m.node(opts); err != nil {
			panic("solve: nim heaps *0, *1, *2 have no genus: " + err.Error())
		}
	}
	return m
}

// Outcome returns the misère outcome of the sum (Win: the player to move
// wins when the last mover loses) and the method that decided it.
func (m *Misere[P]) Outcome(ctx context.Context, sum []P) (game.Outcome, Method, error) {
	if g, ok, err := m.tameGenus(ctx, sum); err != nil {
		return game.Unknown, MethodTame, err
	} else if ok {
		return outcomeOfGenus(g), MethodTame, nil
	}
	ids, err := m.ids(ctx, sum)
	if err != nil {
		return game.Unknown, MethodSearch, err
	}
	if x, twos, ones, ok := m.genusShape(ids); ok {
		g, err := m.sumGenus(ctx, []int32{x}, 0)
		if err != nil {
			return game.Unknown, MethodGenus, err
		}
		if g.Misere(twos)^game.Nimber(ones) == 0 {
			return game.Lose, MethodGenus, nil
		}
		return game.Win, MethodGenus, nil
	}
	o, err := m.outcome(ctx, ids, 0)
	return o, MethodSearch, err
}

// Genus returns the genus of the sum.
func (m *Misere[P]) Genus(ctx context.Context, sum []P) (Genus, error) {
	if g, ok, err := m.tameGenus(ctx, sum); err != nil || ok {
		return g, err
	}
	ids, err := m.ids(ctx, sum)
	if err != nil {
		return Genus{}, err
	}
	return m.sumGenus(ctx, ids, 0)
}

// Tame reports whether p is hereditarily tame (p and all its followers have
// tame genera), and its genus when that is known without a search of sums
// (always when p is tame).
func (m *Misere[P]) Tame(ctx context.Context, p P) (tame bool, genus *Genus, err error) {
	if m.known != nil {
		if g, ok := m.known.KnownGenus(p); ok {
			return true, &g, nil
		}
	}
	id, err := m.intern(ctx, p, 0)
	if err != nil {
		return false, nil, err
	}
	n := &m.nodes[id]
	return n.tame, n.genus, nil
}

// Memoized reports the numbers of distinct component nodes and of sums with
// a stored outcome or genus.
func (m *Misere[P]) Memoized() (nodes, sums int) {
	return len(m.nodes), m.outcomes.Len() + m.genera.Len()
}

func outcomeOfGenus(g Genus) game.Outcome {
	if g.Misere(0) == 0 {
		return game.Lose
	}
	return game.Win
}

// tameGenus returns the genus of the sum when every component is
// hereditarily tame, by the tame addition rule.
func (m *Misere[P]) tameGenus(ctx context.Context, sum []P) (Genus, bool, error) {
	total := TameGenus(0, true)
	for _, p := range sum {
		tame, g, err := m.Tame(ctx, p)
		if err != nil || !tame {
			return Genus{}, false, err
		}
		total = addTame(total, *g)
	}
	return total, true, nil
}

// ids interns the positions of a sum and returns its normalized multiset.
func (m *Misere[P]) ids(ctx context.Context, sum []P) ([]int32, error) {
	ids := make([]int32, 0, len(sum))
	for _, p := range sum {
		id, err := m.intern(ctx, p, 0)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return normalize(ids), nil
}

// genusShape reports whether the normalized sum is one wild node x plus
// twos copies of *2 and ones (0 or 1) copies of *1.
func (m *Misere[P]) genusShape(ids []int32) (x int32, twos, ones int, ok bool) {
	x = -1
	for _, id := range ids {
		switch {
		case id == 1:
			ones++
		case id == 2:
			twos++
		case x >= 0 || m.nodes[id].tame:
			return 0, 0, 0, false
		default:
			x = id
		}
	}
	return x, twos, ones, x >= 0
}

// normalize sorts a sum, drops the terminal node 0 and cancels pairs of *1.
func normalize(ids []int32) []int32 {
	slices.Sort(ids)
	out := ids[:0]
	for _, id := range ids {
		if id == 0 {
			continue
		}
		if id == 1 && len(out) > 0 && out[len(out)-1] == 1 {
			out = out[:len(out)-1]
			continue
		}
		out = append(out, id)
	}
	return out
}

// intern returns the node of position p, interning its followers first.
func (m *Misere[P]) intern(ctx context.Context, p P, depth int) (int32, error) {
	if id, ok := m.raw[p]; ok {
		if id == inProgressNode {
			return 0, fmt.Errorf("%w: a position is reachable from itself", ErrCycle)
		}
		return id, nil
	}
	if depth > MisereDepth {
		return 0, fmt.Errorf("play longer than %d moves", MisereDepth)
	}
	if err := m.step(ctx); err != nil {
		return 0, err
	}
	var options [][]P
	var stepErr error
	// The option lists count while they live: a position with many
	// options must meet the limit before its node exists.
	var listed int64
	defer func() { m.held -= listed }()
	m.game.Options(p, func(option []P) bool {
		// Each option counts as a state too: a position with a million
		// options must meet the limit, not exhaust memory. The context is
		// polled at every option, not every pollEvery states: one option of
		// a large position (a forest of 10^5 nodes) can take milliseconds
		// to build, and 256 of them most of a second.
		if stepErr = m.step(ctx); stepErr == nil {
			stepErr = limits.Poll(ctx)
		}
		if stepErr != nil {
			return false
		}
		size := allocBytes(len(option)*int(unsafe.Sizeof(p))) + 24
		listed += size
		m.held += size
		options = append(options, slices.Clone(option))
		return true
	})
	if stepErr != nil {
		return 0, stepErr
	}
	m.raw[p] = inProgressNode
	opts := make([][]int32, 0, len(options))
	for _, option := range options {
		ids := make([]int32, 0, len(option))
		for _, c := range option {
			id, err := m.intern(ctx, c, depth+1)
			if err != nil {
				delete(m.raw, p)
				return 0, err
			}
			ids = append(ids, id)
		}
		opts = append(opts, normalize(ids))
	}
	id, err := m.node(opts)
	if err != nil {
		delete(m.raw, p)
		return 0, err
	}
	m.raw[p] = id
	if m.reader != nil {
		m.setElement(p, id)
	}
	return id, nil
}

// ReadGenus makes the engine ask r for the genus of every sum whose
// components all have an element before it searches the sum's options.
// The positions interned so far get their elements now.
func (m *Misere[P]) ReadGenus(r GenusReader[P]) {
	m.reader, m.nims = r, map[int]uint32{}
	for p, id := range m.raw {
		if id != inProgressNode {
			m.setElement(p, id)
		}
	}
}

// setElement gives node id the reader's element of p, its position, unless
// it has one (every position of a node is the same game, so they share
// their element), and records it as the element of *m when the node is
// the Nim heap *m.
func (m *Misere[P]) setElement(p P, id int32) {
	n := &m.nodes[id]
	if n.elem != 0 {
		return
	}
	e, ok := m.reader.Element(p)
	if !ok {
		return
	}
	n.elem = e + 1
	if _, known := m.nims[int(n.nim)]; n.nim >= 0 && !known {
		m.nims[int(n.nim)] = e
	}
}

// readGenus returns the genus of the normalized sum ids from the reader,
// when every component has an element and the reader can read the digits:
// the normal value is the nim-sum of the components' (Sprague–Grundy).
func (m *Misere[P]) readGenus(ids []int32) (Genus, bool) {
	if m.reader == nil {
		return Genus{}, false
	}
	m.elems = m.elems[:0]
	var normal game.Nimber
	for _, id := range ids {
		n := &m.nodes[id]
		if n.elem == 0 {
			return Genus{}, false
		}
		m.elems = append(m.elems, n.elem-1)
		normal ^= n.normal
	}
	sup, ok := m.reader.Digits(m.elems, m.nims)
	if !ok {
		return Genus{}, false
	}
	g := Genus{Normal: normal, Sup: sup}
	if len(ids) == 1 {
		// A sum of several components is read again when met again, so
		// kept nowhere.
		kept := g
		m.nodes[ids[0]].genus = &kept
		m.held += genusBytes(g)
	}
	return g, true
}

// genusBytes is what a genus kept on the heap holds: the struct and its γ
// list.
func genusBytes(g Genus) int64 {
	return allocBytes(int(unsafe.Sizeof(g))) + allocBytes(cap(g.Sup)*int(unsafe.Sizeof(game.Nimber(0))))
}

// nimValue returns m when the normalized, sorted, distinct option sums
// opts are exactly the Nim heaps *0, *1, ..., *(m-1) (a game whose options
// are those of *m is *m), and -1 otherwise. The Nim heap *j is one node,
// so the options are distinct nodes of values 1 .. m-1 besides *0 = [].
func (m *Misere[P]) nimValue(opts [][]int32) int16 {
	if len(opts) == 0 {
		return 0
	}
	if len(opts[0]) != 0 || len(opts) > math.MaxInt16 {
		return -1
	}
	seen := make([]bool, len(opts))
	for _, o := range opts[1:] {
		if len(o) != 1 {
			return -1
		}
		j := m.nodes[o[0]].nim
		if j < 1 || int(j) >= len(opts) || seen[j] {
			return -1
		}
		seen[j] = true
	}
	return int16(len(opts))
}

// node returns the node whose options are the normalized sums opts,
// creating it (with its normal value, tameness and, when its options are
// tame, its genus) if it is new.
func (m *Misere[P]) node(opts [][]int32) (int32, error) {
	slices.SortFunc(opts, func(a, b []int32) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return slices.Compare(a, b)
	})
	opts = slices.CompactFunc(opts, slices.Equal)
	var h maphash.Hash
	h.SetSeed(m.seed)
	for _, o := range opts {
		m.buf = appendKey(m.buf[:0], o)
		m.buf = append(m.buf, 0xff, 0xff, 0xff, 0xff)
		h.Write(m.buf)
	}
	sum := h.Sum64()
	for _, id := range m.byHash[sum] {
		if slices.EqualFunc(m.nodes[id].options, opts, slices.Equal) {
			return id, nil
		}
	}
	n := misereNode{options: opts, tame: true, nim: m.nimValue(opts)}
	var set game.MexSet
	for _, o := range opts {
		var x game.Nimber
		for _, id := range o {
			x ^= m.nodes[id].normal
			n.tame = n.tame && m.nodes[id].tame
		}
		set.Add(x)
	}
	n.normal = set.Mex()
	if n.tame {
		genera := make([]Genus, len(opts))
		for i, o := range opts {
			genera[i] = m.tameSum(o)
		}
		g, err := genusOf(genera)
		if err != nil {
			return 0, err
		}
		n.genus = &g
		n.tame = g.Tame()
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, n)
	m.byHash[sum] = append(m.byHash[sum], id)
	// The node's option sums (a slice header each and its ids) and its
	// byHash entry (key, slice header, one id).
	m.held += int64(cap(opts))*24 + 8 + 24 + 8 + mapSlack
	for _, o := range opts {
		m.held += allocBytes(4 * cap(o))
	}
	return id, nil
}

// tameSum is the genus of a sum of tame nodes.
func (m *Misere[P]) tameSum(ids []int32) Genus {
	g := TameGenus(0, true)
	for _, id := range ids {
		g = addTame(g, *m.nodes[id].genus)
	}
	return g
}

func (m *Misere[P]) allTame(ids []int32) bool {
	for _, id := range ids {
		if !m.nodes[id].tame {
			return false
		}
	}
	return true
}

func appendKey(b []byte, ids []int32) []byte {
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, uint32(id))
	}
	return b
}

// children calls visit with each option of the normalized sum ids (one per
// distinct component and option), normalized. The child slice is scratch
// space of depth: valid only during the call of visit.
func (m *Misere[P]) children(ids []int32, depth int, visit func(child []int32) (stop bool, err error)) error {
	for len(m.sums) <= depth {
		m.sums = append(m.sums, nil)
	}
	for i, id := range ids {
		if i > 0 && ids[i-1] == id {
			continue
		}
		for _, o := range m.nodes[id].options {
			child := append(m.sums[depth][:0], ids[:i]...)
			child = append(child, ids[i+1:]...)
			child = append(child, o...)
			m.sums[depth] = child
			stop, err := visit(normalize(child))
			if stop || err != nil {
				return err
			}
		}
	}
	return nil
}

// outcome is the misère outcome of the normalized sum ids: a sum with no
// move is won by the player to move; otherwise the mover wins exactly when
// some option is lost for the opponent.
func (m *Misere[P]) outcome(ctx context.Context, ids []int32, depth int) (game.Outcome, error) {
	if m.allTame(ids) {
		return outcomeOfGenus(m.tameSum(ids)), nil
	}
	if len(ids) == 1 && m.nodes[ids[0]].genus != nil {
		return outcomeOfGenus(*m.nodes[ids[0]].genus), nil
	}
	if o, ok := m.outcomes.Get(ids); ok {
		return game.Outcome(o), nil
	}
	if id, ok := m.genera.Get(ids); ok {
		return outcomeOfGenus(m.genusList[id]), nil
	}
	if depth > MisereDepth {
		return game.Unknown, fmt.Errorf("play longer than %d moves", MisereDepth)
	}
	if err := m.step(ctx); err != nil {
		return game.Unknown, err
	}
	result := game.Lose
	err := m.children(ids, depth, func(child []int32) (bool, error) {
		o, err := m.outcome(ctx, child, depth+1)
		if o == game.Lose {
			result = game.Win
		}
		return o == game.Lose, err
	})
	if err != nil {
		return game.Unknown, err
	}
	if err := m.memoize(m.outcomes, ids, uint32(result)); err != nil {
		return game.Unknown, err
	}
	return result, nil
}

// sumGenus is the genus of the normalized sum ids, from its options'. Its
// γ list is shared: callers do not change it.
func (m *Misere[P]) sumGenus(ctx context.Context, ids []int32, depth int) (Genus, error) {
	if m.allTame(ids) {
		return m.tameSum(ids), nil
	}
	if len(ids) == 1 && m.nodes[ids[0]].genus != nil {
		return *m.nodes[ids[0]].genus, nil
	}
	if id, ok := m.genera.Get(ids); ok {
		return m.genusList[id], nil
	}
	if g, ok := m.readGenus(ids); ok {
		return g, nil
	}
	if depth > MisereDepth {
		return Genus{}, fmt.Errorf("play longer than %d moves", MisereDepth)
	}
	if err := m.step(ctx); err != nil {
		return Genus{}, err
	}
	for len(m.options) <= depth {
		m.options = append(m.options, nil)
	}
	err := m.children(ids, depth, func(child []int32) (bool, error) {
		g, err := m.sumGenus(ctx, child, depth+1)
		if err == nil {
			m.options[depth] = append(m.options[depth], g)
		}
		return false, err
	})
	options := m.options[depth]
	m.options[depth] = options[:0]
	if err != nil {
		return Genus{}, err
	}
	g, err := genusInto(options, m.sup[:0])
	if err != nil {
		return Genus{}, err
	}
	m.sup = g.Sup[:0]
	if len(ids) == 1 {
		kept := Genus{Normal: g.Normal, Sup: slices.Clone(g.Sup)}
		m.nodes[ids[0]].genus = &kept
		m.held += genusBytes(kept)
		return kept, nil
	}
	id := m.genusID(g)
	if err := m.memoize(m.genera, ids, id); err != nil {
		return Genus{}, err
	}
	return m.genusList[id], nil
}
