package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// ComponentID is a component interned by a Sum. IDs are dense from 0 in
// order of first sight; two components have the same ID exactly when they
// are the same position by the Sum's identity (see Sum).
type ComponentID uint32

// SumKey identifies a whole position of a Sum up to the order of its
// components: the sorted multiset of their IDs, packed 4 bytes an ID in a
// string, so that keys are comparable and cheap to hash. A sum is
// commutative, so positions that differ only in the order of their
// components (or groups) are one position of the sum's game.
type SumKey string

// Sum is the one adapter between the components of catalog games (the
// Components of Valued instances) and the engines that see them as
// positions of a single game, for the length of one request:
//
//   - at the level of components, it is a game.Game[ComponentID]: Options
//     lists a component's options as sums of IDs. That is what the
//     engines of generalized values (solve.Loopy) and of misère play
//     (solve.Misere, with KnownGenus for Nim heaps) take;
//   - at the level of whole positions, SumKey identifies a position up to
//     the order of its components, Moves lists its moves (with the keys
//     they reach), and General makes the whole sums one game.General for
//     the retrograde solver (solve.Retro) under either play convention.
//
// Components are the same position by one of two identities, chosen when
// the Sum is made:
//
//   - NewSum: the same instance and equal Keys. This is the identity of the
//     Component contract (components of one instance with equal keys are
//     the same position), so it holds for every game; keys are not
//     compared across instances, even of one GAME token, since the keys of
//     a rule script are the IDs of that one loaded script and the same
//     token opened twice (a script in two groups) numbers its positions
//     apart. A whole position then keeps apart what its groups keep apart.
//   - NewWrittenSum: the same GAME token and the same ARG (String), as the
//     position is written. Positions of groups of one game, or parsed
//     apart, are then shared; this needs ARGs that write positions one to
//     one, as the catalog's do and a script's show should.
//
// The game of a component, whose Moves the Sum calls, is the instance of
// the group it was met in (an option inherits the game of the component it
// is an option of). Every such game must be Valued: the Sum has no moves
// for others and panics if asked for them, so callers check first.
//
// A Sum holds every component it has met, as the engines that use it hold
// their positions; it is not safe for concurrent use.
type Sum struct {
	bytes int64 // held for interned components (Footprint)

	index map[sumSlot]ComponentID
	text  map[textSlot]ComponentID // the written identity; nil for NewSum
	comps []Component
	games []Instance
	err   error // the first failure a game's Moves reported (MovesFailer)
}

// MovesFailer is implemented by instances whose Moves can fail partway (a
// rule script whose call fails or reaches a limit): Moves then lists the
// options cut short, and MovesErr returns the failure.
type MovesFailer interface {
	MovesErr() error
}

// sumSlot is the identity of a component by instance and key.
type sumSlot struct {
	inst Instance
	key  any
}

// textSlot is the identity of a component as written.
type textSlot struct {
	token, arg string
}

// NewSum returns an empty Sum whose components are the same position when
// they are of one instance with equal keys.
func NewSum() *Sum {
	return &Sum{index: map[sumSlot]ComponentID{}}
}

// NewWrittenSum returns an empty Sum whose components are the same
// position when they are written alike: the same GAME token and ARG.
func NewWrittenSum() *Sum {
	return &Sum{index: map[sumSlot]ComponentID{}, text: map[textSlot]ComponentID{}}
}

// ID interns c, a component of a group of game g, and returns its ID.
func (s *Sum) ID(g Instance, c Component) ComponentID {
	slot := sumSlot{c.Instance(), c.Key()}
	if id, ok := s.index[slot]; ok {
		return id
	}
	id := ComponentID(len(s.comps))
	if s.text != nil {
		// Written alike, another instance's component is this one: the
		// first met stands for both, with its game.
		text := textSlot{g.Name(), c.String()}
		if known, ok := s.text[text]; ok {
			s.index[slot] = known
			return known
		}
		s.text[text] = id
	}
	s.index[slot] = id
	s.comps = append(s.comps, c)
	s.games = append(s.games, g)
	if key, isText := slot.key.(string); isText {
		s.bytes += 2 * int64(len(key)) // the key, and the value it writes
	}
	s.bytes += 96 // the component, its slot and index entry
	return id
}

// Footprint returns the bytes the Sum holds for the components it has
// interned (game.Footprint): their keys' text and bookkeeping. Engines
// exploring a Sum count it against their budget.
func (s *Sum) Footprint() int64 { return s.bytes }

// IDs interns the components of pos and returns their IDs in the order
// Position.Components lists them.
func (s *Sum) IDs(pos Position) []ComponentID {
	var ids []ComponentID
	for _, g := range pos {
		for _, c := range g.Components {
			ids = append(ids, s.ID(g.Game, c))
		}
	}
	return ids
}

// Key interns the components of pos and returns the key of pos.
func (s *Sum) Key(pos Position) SumKey { return KeyOf(s.IDs(pos)) }

// Component returns the component with the given ID.
func (s *Sum) Component(id ComponentID) Component { return s.comps[id] }

// Game returns the instance of the group in which the component with the
// given ID was first met: the game whose engine values it.
func (s *Sum) Game(id ComponentID) Instance { return s.games[id] }

// Options calls yield with each option of the component id, as its game
// lists them: the IDs of the sum of components the move leaves (empty when
// it leaves nothing). The slice is valid only during the call. With it a
// Sum is a game.Game[ComponentID].
func (s *Sum) Options(id ComponentID, yield func(option []ComponentID) bool) {
	g := s.games[id]
	var buf []ComponentID
	s.moves(id, func(option []Component) bool {
		buf = buf[:0]
		for _, c := range option {
			buf = append(buf, s.ID(g, c))
		}
		return yield(buf)
	})
}

// moves calls yield with each option of the component id as its game lists
// it, interning nothing.
func (s *Sum) moves(id ComponentID, yield func(option []Component) bool) {
	g := s.games[id]
	v, ok := g.(Valued)
	if !ok {
		panic(fmt.Sprintf("games: Sum: %s is not Valued: its components have no options", g.Name()))
	}
	v.Moves(s.comps[id], yield)
	if f, ok := g.(MovesFailer); ok && s.err == nil {
		s.err = f.MovesErr()
	}
}

// Err returns the first failure a game reported while the Sum listed its
// options (MovesFailer): the options were cut short, so what an engine
// computed from them is not the game's. With it a Sum is a game.Failer,
// and the engines that explore it (solve.Loopy, solve.Retro) stop with it.
func (s *Sum) Err() error { return s.err }

// NimHeap reports the size of the component id when its game says it is a
// single Nim heap (NimHeaper).
func (s *Sum) NimHeap(id ComponentID) (size int, ok bool) {
	if h, isHeaper := s.games[id].(NimHeaper); isHeaper {
		return h.NimHeap(s.comps[id])
	}
	return 0, false
}

// KnownGenus knows Nim heaps: the heap *n is hereditarily tame, of genus
// n^(n XOR 1 when n <= 1) (solve.TameGenus), so the misère engine answers
// sums of them by misère Nim's rule instead of searching. With it a Sum is
// a solve.KnownGenus[ComponentID].
func (s *Sum) KnownGenus(id ComponentID) (solve.Genus, bool) {
	if n, ok := s.NimHeap(id); ok {
		return solve.TameGenus(game.Nimber(n), n <= 1), true
	}
	return solve.Genus{}, false
}

// KeyOf returns the key of the sum of the components ids (in any order).
func KeyOf(ids []ComponentID) SumKey {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	var b strings.Builder
	b.Grow(4 * len(sorted))
	for _, id := range sorted {
		writeID(&b, id)
	}
	return SumKey(b.String())
}

// writeID appends id to a key, little-endian.
func writeID(b *strings.Builder, id ComponentID) {
	b.WriteByte(byte(id))
	b.WriteByte(byte(id >> 8))
	b.WriteByte(byte(id >> 16))
	b.WriteByte(byte(id >> 24))
}

// IDs returns the components of the key, in increasing order of ID.
func (k SumKey) IDs() []ComponentID {
	ids := make([]ComponentID, len(k)/4)
	for i := range ids {
		j := 4 * i
		ids[i] = ComponentID(k[j]) | ComponentID(k[j+1])<<8 | ComponentID(k[j+2])<<16 | ComponentID(k[j+3])<<24
	}
	return ids
}

// Len returns the number of components of the key.
func (k SumKey) Len() int { return len(k) / 4 }

// Replace returns the key of the position k after a move of one of its
// components, id, to the sum option: id once fewer, option's IDs added.
// It returns k unchanged, with false, when id is not a component of k.
func (k SumKey) Replace(id ComponentID, option []ComponentID) (SumKey, bool) {
	ids := k.IDs()
	j, found := slices.BinarySearch(ids, id)
	if !found {
		return k, false
	}
	return replaced(ids, j, option), true
}

// replaced returns the key of the sorted ids with ids[j] replaced by the
// components option (in any order): a merge, linear in the size of the sum.
func replaced(ids []ComponentID, j int, option []ComponentID) SumKey {
	add := option
	if !slices.IsSorted(add) {
		add = slices.Clone(option)
		slices.Sort(add)
	}
	var b strings.Builder
	b.Grow(4 * (len(ids) - 1 + len(add)))
	a := 0
	for i, id := range ids {
		if i == j {
			continue
		}
		for ; a < len(add) && add[a] < id; a++ {
			writeID(&b, add[a])
		}
		writeID(&b, id)
	}
	for ; a < len(add); a++ {
		writeID(&b, add[a])
	}
	return SumKey(b.String())
}

// Find returns the ID of c, a component of a group of game g, when the Sum
// has met it, interning nothing.
func (s *Sum) Find(g Instance, c Component) (ComponentID, bool) {
	if id, ok := s.index[sumSlot{c.Instance(), c.Key()}]; ok {
		return id, true
	}
	if s.text != nil {
		id, ok := s.text[textSlot{g.Name(), c.String()}]
		return id, ok
	}
	return 0, false
}

// Move returns the key of the position k after a move of its component c,
// of a group of game g, to the sum option: c once fewer, option's
// components added. It interns nothing: it reports false when c is not a
// component of k or a component of option is new to the Sum, and then no
// key the Sum has made holds the position after.
func (s *Sum) Move(k SumKey, g Instance, c Component, option []Component) (SumKey, bool) {
	from, ok := s.Find(g, c)
	if !ok {
		return k, false
	}
	ids := make([]ComponentID, len(option))
	for i, o := range option {
		if ids[i], ok = s.Find(g, o); !ok {
			return k, false
		}
	}
	return k.Replace(from, ids)
}

// A SumMove is a move of a whole position: its component ID replaced by
// the sum Option of components of the same game. It and its Option are
// valid only during the call that yields them. The option is interned, and
// the key of the position after built, only when Key asks: a search that
// rates moves by their components (a nim-sum) keeps neither for the moves
// it discards.
type SumMove struct {
	ID     ComponentID
	Option []Component

	sum *Sum
	ids []ComponentID // the components of the position before, sorted
	at  int           // ids[at] is ID
}

// Game returns the game of the move's component and option.
func (m SumMove) Game() Instance { return m.sum.games[m.ID] }

// Key returns the key of the position after the move.
func (m SumMove) Key() SumKey {
	g := m.Game()
	option := make([]ComponentID, len(m.Option))
	for i, c := range m.Option {
		option[i] = m.sum.ID(g, c)
	}
	return replaced(m.ids, m.at, option)
}

// Moves calls yield with each move of the whole position k: component by
// component in the order of their IDs (each occurrence of a repeated
// component, as a position lists its moves), each component's options in
// its game's order.
func (s *Sum) Moves(k SumKey, yield func(SumMove) bool) {
	ids := k.IDs()
	for j, id := range ids {
		stop := false
		s.moves(id, func(option []Component) bool {
			stop = !yield(SumMove{ID: id, Option: option, sum: s, ids: ids, at: j})
			return !stop
		})
		if stop {
			return
		}
	}
}

// HasMoves reports whether the whole position k has a move.
func (s *Sum) HasMoves(k SumKey) bool {
	has := false
	for _, id := range k.IDs() {
		s.moves(id, func([]Component) bool { has = true; return false })
		if has {
			return true
		}
	}
	return false
}

// Position returns a position whose key is k: its components grouped by
// game, the groups in order of the first component of each to be interned.
func (s *Sum) Position(k SumKey) Position {
	var pos Position
	group := map[Instance]int{}
	for _, id := range k.IDs() {
		g := s.games[id]
		i, ok := group[g]
		if !ok {
			i = len(pos)
			group[g] = i
			pos = append(pos, Group{Game: g})
		}
		pos[i].Components = append(pos[i].Components, s.comps[id])
	}
	return pos
}

// General returns the whole sums as one game.General on keys, the form
// the retrograde solver takes: a move replaces one component by one of its
// options. Under normal play (misere false) a position without moves is
// lost for the player to move, as game.General has it; under misère play
// it is won (the opponent made the last move), which Result reports.
func (s *Sum) General(misere bool) game.General[SumKey] {
	return sumGeneral{sum: s, misere: misere}
}

// sumGeneral is a Sum as a game.General under one play convention.
type sumGeneral struct {
	sum    *Sum
	misere bool
}

// Footprint is the Sum's (game.Footprint).
func (g sumGeneral) Footprint() int64 { return g.sum.Footprint() }

// Err is the Sum's (game.Failer).
func (g sumGeneral) Err() error { return g.sum.Err() }

func (g sumGeneral) Moves(k SumKey, yield func(SumKey) bool) {
	g.sum.Moves(k, func(m SumMove) bool { return yield(m.Key()) })
}

// Result reports the terminal positions of misère play: those without
// moves, won by the player to move. Under normal play nothing is terminal
// by the rules (a position without moves is lost by game.General's rule).
func (g sumGeneral) Result(k SumKey) (game.Outcome, bool) {
	if !g.misere || g.sum.HasMoves(k) {
		return game.Unknown, false
	}
	return game.Win, true
}

// PositionMoves calls yield with each move of pos in the games' own order:
// component by component as Position.Components lists them, each
// component's options as its group's game lists them. A move is the index
// i of the component it changes and the option that replaces it (the
// position after is pos.Replace(i, option)). Every group's game must be
// Valued.
func PositionMoves(pos Position, yield func(i int, option []Component) bool) {
	i := 0
	for _, g := range pos {
		v, ok := g.Game.(Valued)
		if !ok {
			panic(fmt.Sprintf("games: PositionMoves: %s is not Valued: its components have no options", g.Game.Name()))
		}
		for _, c := range g.Components {
			stop := false
			v.Moves(c, func(option []Component) bool {
				stop = !yield(i, option)
				return !stop
			})
			if stop {
				return
			}
			i++
		}
	}
}
