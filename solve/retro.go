package solve

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Value is the solved value of a position of a general game for the player
// to move: the outcome under perfect play and, for a win or a loss, the
// remoteness: the number of moves to the end when the winner wins as fast
// as possible and the loser loses as slowly as possible (0 at a terminal
// position). Draws found by retrograde analysis have no remoteness
// (Remoteness is -1): play may never end, or ends level after a number of
// moves both players choose. A scoring game's level result (a draw) has the
// remoteness of its principal line.
type Value struct {
	Outcome    game.Outcome
	Remoteness int
}

// Counts are the numbers of solved positions by outcome.
type Counts struct {
	Win, Lose, Draw int64
}

// maxCell is the largest move count and remoteness a cell holds (14 bits).
const maxCell = 1<<14 - 1

// A cell is the 2-byte record of one position. The top two bits say what
// it holds; while a position is undecided the low 14 bits count its moves
// not yet known to lead to a win for the opponent, once decided they hold
// its remoteness.
const (
	cellUndecided uint16 = 0 << 14
	cellLose      uint16 = 1 << 14
	cellWin       uint16 = 2 << 14
	cellDraw      uint16 = 3 << 14 // a terminal draw
	cellKind      uint16 = 3 << 14
)

// ErrCapacity is matched (errors.Is) by the error of a retrograde solve
// that needs more than its records hold: a position with more than 16383
// moves, a remoteness above 16383, or more than 2^32 positions or moves.
// Unlike a limit of the request's budget it does not depend on the request:
// the same game fails the same way under any budget.
var ErrCapacity = errors.New("beyond the retrograde solver's capacity")

// Retro solves general games by counter-based retrograde analysis
// (backward induction from the terminal positions), in O(V+E) time:
//
//   - explore the positions reachable from the root and number them densely
//     (a game.Indexer numbers them itself: then every index is solved);
//   - a terminal position has its Result; a non-terminal one with no moves is
//     a loss; each other position counts its moves;
//   - terminal wins and losses are queued; when a loss of remoteness r is
//     taken from the queue, each undecided parent becomes a win of
//     remoteness r+1; when a win is taken, each undecided parent's count
//     drops by one, and a parent left with none is a loss of remoteness r+1.
//     The queue holds positions in non-decreasing remoteness, so wins get
//     1 + the least remoteness of a losing move and losses 1 + the largest;
//   - positions never decided are draws: neither side can force a win.
//
// Parents come from a game.Parenter or from reverse edges stored in CSR form
// with uint32 indices. Each position costs 2 bytes of result (a 14-bit
// counter, later its remoteness) plus its index. A Retro is not safe for
// concurrent use.
type Retro[P comparable] struct {
	limits.Counter

	game    game.General[P]
	parents game.Parenter[P]
	indexer game.Indexer[P]
	counter game.MoveCounter[P]

	index map[P]uint32 // explored mode: position -> dense index
	pos   []P          // explored mode: dense index -> position
	cells []uint16
	root  P
	ready bool
}

// NewRetro returns a retrograde solver for g with the given limits,
// discovering g's optional game.Parenter, game.Indexer and
// game.MoveCounter.
func NewRetro[P comparable](g game.General[P], budget *limits.Budget) *Retro[P] {
	s := &Retro[P]{game: g}
	s.Budget = budget
	s.parents, _ = g.(game.Parenter[P])
	s.indexer, _ = g.(game.Indexer[P])
	s.counter, _ = g.(game.MoveCounter[P])
	return s
}

// Solve solves every position reachable from root (for a game.Indexer,
// every position of the index). It returns a *StateLimitError past
// Limits.MaxStates, the context's error when it is done, and an error when
// the game needs more than the memory budget.
func (s *Retro[P]) Solve(ctx context.Context, root P) error {
	if s.ready && (s.indexer != nil || s.root == root) {
		return nil
	}
	s.ready = false
	s.index, s.pos, s.cells = nil, nil, nil
	var err error
	if s.indexer != nil {
		err = s.solveIndexed(ctx)
	} else {
		err = s.solveExplored(ctx, root)
	}
	if f, ok := any(s.game).(game.Failer); ok && err == nil {
		err = f.Err() // the game's moves were cut short
	}
	if err != nil {
		s.index, s.pos, s.cells = nil, nil, nil
		return err
	}
	s.root, s.ready = root, true
	return nil
}

// Positions returns the number of positions solved.
func (s *Retro[P]) Positions() int64 { return int64(len(s.cells)) }

// Counts returns the number of solved positions by outcome.
func (s *Retro[P]) Counts() Counts {
	var c Counts
	for _, cell := range s.cells {
		switch cell & cellKind {
		case cellWin:
			c.Win++
		case cellLose:
			c.Lose++
		default:
			c.Draw++
		}
	}
	return c
}

// Value returns the value of p, and false when p was not solved (not
// reachable from the root).
func (s *Retro[P]) Value(p P) (Value, bool) {
	i, ok := s.lookup(p)
	if !ok {
		return Value{Outcome: game.Unknown, Remoteness: -1}, false
	}
	return decode(s.cells[i]), true
}

// ForEachIndex calls f with the value of every solved position in index
// order, stopping early if f returns false. Positions is the count.
func (s *Retro[P]) ForEachIndex(f func(i int64, v Value) bool) {
	for i, c := range s.cells {
		if !f(int64(i), decode(c)) {
			return
		}
	}
}

// ForEach calls f with every solved position and its value, stopping
// early if f returns false (a database keeps them: solve/graphdb).
func (s *Retro[P]) ForEach(f func(p P, v Value) bool) {
	for i, c := range s.cells {
		var p P
		if s.indexer != nil {
			p = s.indexer.Position(uint64(i))
		} else {
			p = s.pos[i]
		}
		if !f(p, decode(c)) {
			return
		}
	}
}

// BestMoves calls yield with each best move of p and its value for the
// opponent: for a win, the losing moves of least remoteness; for a loss,
// the moves of largest remoteness; for a draw, the drawing moves.
func (s *Retro[P]) BestMoves(p P, yield func(child P, v Value) bool) {
	v, ok := s.Value(p)
	if !ok {
		return
	}
	if _, terminal := s.game.Result(p); terminal {
		return
	}
	s.game.Moves(p, func(child P) bool {
		cv, ok := s.Value(child)
		if !ok {
			return true
		}
		best := false
		switch v.Outcome {
		case game.Win:
			best = cv.Outcome == game.Lose && cv.Remoteness == v.Remoteness-1
		case game.Lose:
			best = cv.Remoteness == v.Remoteness-1
		case game.Draw:
			best = cv.Outcome == game.Draw
		}
		if best {
			return yield(child, cv)
		}
		return true
	})
}

func decode(c uint16) Value {
	switch c & cellKind {
	case cellWin:
		return Value{game.Win, int(c &^ cellKind)}
	case cellLose:
		return Value{game.Lose, int(c &^ cellKind)}
	}
	return Value{game.Draw, -1}
}

func (s *Retro[P]) lookup(p P) (uint32, bool) {
	if !s.ready {
		return 0, false
	}
	if s.indexer != nil {
		i := s.indexer.Index(p)
		return uint32(i), i < uint64(len(s.cells))
	}
	i, ok := s.index[p]
	return i, ok
}

// start sets the cell of position i from its Result and its number of
// moves, and reports whether it is a decided (queued) position.
func (s *Retro[P]) start(p P, moves int) (uint16, bool, error) {
	if o, terminal := s.game.Result(p); terminal {
		switch o {
		case game.Win:
			return cellWin, true, nil
		case game.Lose:
			return cellLose, true, nil
		}
		return cellDraw, false, nil
	}
	if moves == 0 {
		return cellLose, true, nil
	}
	if moves > maxCell {
		return 0, false, fmt.Errorf("a position has %d moves, more than the %d the retrograde solver counts: %w", moves, maxCell, ErrCapacity)
	}
	return cellUndecided | uint16(moves), false, nil
}

func (s *Retro[P]) countMoves(p P) int {
	if _, terminal := s.game.Result(p); terminal {
		return 0
	}
	if s.counter != nil {
		return s.counter.NumMoves(p)
	}
	n := 0
	s.game.Moves(p, func(P) bool { n++; return true })
	return n
}

// solveIndexed solves every index of a game.Indexer.
func (s *Retro[P]) solveIndexed(ctx context.Context) error {
	n := s.indexer.Size()
	if n > 1<<62 {
		return fmt.Errorf("the game has %d positions, too many to index: %w", n, ErrCapacity)
	}
	if err := s.Budget.Allow(int64(n)); err != nil {
		return fmt.Errorf("the game has %d positions: %w", n, err)
	}
	// 2 bytes of cell and at most 4 bytes of queue per position; reverse
	// edges when the game cannot generate parents (16 moves each assumed).
	perState := uint64(6)
	if s.parents == nil {
		perState += 16 * 4
	}
	if err := s.Hold(int64(n) * int64(perState)); err != nil {
		return fmt.Errorf("the game has %d positions: %w", n, err)
	}
	if n >= 1<<32-1 {
		return fmt.Errorf("the game has %d positions, more than the 2^32 a dense index holds: %w", n, ErrCapacity)
	}
	s.cells = make([]uint16, n)
	queue := make([]uint32, 0, n) // each position is queued at most once
	var degree []uint32
	if s.parents == nil {
		degree = make([]uint32, n+1)
	}
	for i := uint64(0); i < n; i++ {
		if err := s.Step(ctx); err != nil {
			return err
		}
		p := s.indexer.Position(i)
		moves := s.countMoves(p)
		cell, queued, err := s.start(p, moves)
		if err != nil {
			return err
		}
		s.cells[i] = cell
		if queued {
			queue = append(queue, uint32(i))
		}
		if degree != nil && moves > 0 {
			s.game.Moves(p, func(c P) bool { degree[s.indexer.Index(c)]++; return true })
		}
	}
	if s.parents != nil {
		// One yield function for all calls: no allocation per position.
		var visit func(uint32)
		yield := func(q P) bool {
			visit(uint32(s.indexer.Index(q)))
			return true
		}
		return s.propagate(ctx, queue, func(i uint32, f func(uint32)) {
			visit = f
			s.parents.Parents(s.indexer.Position(uint64(i)), yield)
		})
	}
	off, edges := csrFromDegrees(degree)
	for i := uint64(0); i < n; i++ {
		p := s.indexer.Position(i)
		if s.cells[i]&cellKind != cellUndecided {
			continue
		}
		s.game.Moves(p, func(c P) bool {
			j := s.indexer.Index(c)
			edges[off[j+1]] = uint32(i)
			off[j+1]++
			return true
		})
	}
	return s.propagate(ctx, queue, csrParents(off, edges))
}

// csrFromDegrees turns in-degrees (degree[j] for node j, one spare entry)
// into CSR offsets shifted by one, ready to be filled: edges of node j go to
// edges[off[j+1]] with off[j+1]++, after which off[j]..off[j+1] spans them.
func csrFromDegrees(degree []uint32) (off, edges []uint32) {
	var total uint32
	for j, d := range degree {
		degree[j] = total
		total += d
	}
	// off[j+1] = start of node j's edges.
	off = make([]uint32, len(degree)+1)
	copy(off[1:], degree)
	return off, make([]uint32, total)
}

func csrParents(off, edges []uint32) func(i uint32, f func(uint32)) {
	return func(i uint32, f func(uint32)) {
		for _, q := range edges[off[i]:off[i+1]] {
			f(q)
		}
	}
}

// solveExplored explores the positions reachable from root breadth first,
// numbering them densely, and solves them.
func (s *Retro[P]) solveExplored(ctx context.Context, root P) error {
	s.index = map[P]uint32{root: 0}
	s.pos = []P{root}
	var fwd []uint32 // children of each position, in index order
	var off []uint32 // fwd[off[i]:off[i+1]] are the children of i
	storeEdges := s.parents == nil
	if storeEdges {
		off = append(off, 0)
	}
	perState := int64(2*unsafe.Sizeof(root)) + 64 // map entry, slice, cell, offset
	var queue []uint32
	var err error
	keyBytes := textBytes(root) // bytes of string keys beyond their headers
	for i := 0; i < len(s.pos); i++ {
		if err := s.Step(ctx); err != nil {
			return fmt.Errorf("reached %d positions (%d expanded): %w", len(s.pos), i+1, err)
		}
		p := s.pos[i]
		moves := 0
		if _, terminal := s.game.Result(p); !terminal {
			s.game.Moves(p, func(c P) bool {
				moves++
				if moves > maxCell {
					err = fmt.Errorf("a position has more than %d moves, the most the retrograde solver counts: %w", maxCell, ErrCapacity)
					return false
				}
				// A position's moves may be many and each costly (a sum
				// of 10^5 heaps keyed by its text): poll and account
				// within them too.
				if moves%64 == 0 {
					if err = limits.Poll(ctx); err != nil {
						err = fmt.Errorf("reached %d positions: %w", len(s.pos), err)
						return false
					}
				}
				j, seen := s.index[c]
				if !seen {
					if uint64(len(s.pos)) >= 1<<32-2 {
						err = fmt.Errorf("more than 2^32 positions: %w", ErrCapacity)
						return false
					}
					j = uint32(len(s.pos))
					s.index[c] = j
					s.pos = append(s.pos, c)
					keyBytes += textBytes(c) // held by the index and pos
					{
						if err = s.Hold(int64(len(s.pos))*perState + int64(len(fwd))*8 + keyBytes + footprintOf(s.game)); err != nil {
							err = fmt.Errorf("reached %d positions and %d moves: %w", len(s.pos), len(fwd), err)
							return false
						}
					}
				}
				if storeEdges {
					fwd = append(fwd, j)
				}
				return true
			})
			if err != nil {
				return err
			}
		}
		if storeEdges {
			if uint64(len(fwd)) >= 1<<32-1 {
				return fmt.Errorf("reached %d positions: more than 2^32 moves to store: %w", len(s.pos), ErrCapacity)
			}
			off = append(off, uint32(len(fwd)))
		}
		cell, queued, err := s.start(p, moves)
		if err != nil {
			return err
		}
		s.cells = append(s.cells, cell)
		if queued {
			queue = append(queue, uint32(i))
		}
		if err := s.Hold(int64(len(s.pos))*perState + int64(len(fwd))*8 + keyBytes + footprintOf(s.game)); err != nil {
			return fmt.Errorf("reached %d positions and %d moves: %w", len(s.pos), len(fwd), err)
		}
	}
	if !storeEdges {
		var visit func(uint32)
		yield := func(q P) bool {
			if j, ok := s.index[q]; ok {
				visit(j)
			}
			return true
		}
		return s.propagate(ctx, queue, func(i uint32, f func(uint32)) {
			visit = f
			s.parents.Parents(s.pos[i], yield)
		})
	}
	degree := make([]uint32, len(s.pos)+1)
	for _, j := range fwd {
		degree[j]++
	}
	roff, redges := csrFromDegrees(degree)
	for i := range s.pos {
		for _, j := range fwd[off[i]:off[i+1]] {
			redges[roff[j+1]] = uint32(i)
			roff[j+1]++
		}
	}
	fwd, off = nil, nil
	return s.propagate(ctx, queue, csrParents(roff, redges))
}

// textBytes returns the bytes a position of a string type holds beyond its
// header (the text of a key, such as a whole sum's, four bytes a
// component), 0 for other types. A string type's key is of any type whose
// underlying type is string, which an assertion to string does not see.
func textBytes[P comparable](p P) int64 {
	if reflect.TypeFor[P]().Kind() != reflect.String {
		return 0
	}
	return int64(len(*(*string)(unsafe.Pointer(&p))))
}

// propagate runs the backward induction from the queued decided positions.
func (s *Retro[P]) propagate(ctx context.Context, queue []uint32, parents func(i uint32, f func(uint32))) error {
	cells := s.cells
	var r uint16
	var overflow bool
	winParent := func(q uint32) {
		if cells[q]&cellKind == cellUndecided {
			cells[q] = cellWin | r
			queue = append(queue, q)
		}
	}
	loseParent := func(q uint32) {
		c := cells[q]
		if c&cellKind != cellUndecided {
			return
		}
		c--
		if c == 0 {
			c = cellLose | r
			queue = append(queue, q)
		}
		cells[q] = c
	}
	for head := 0; head < len(queue); head++ {
		if head%(1<<16) == 0 {
			if err := limits.Poll(ctx); err != nil {
				return fmt.Errorf("deciding %d positions: %w", head, err)
			}
		}
		i := queue[head]
		c := cells[i]
		r = c&^cellKind + 1
		if r > maxCell {
			overflow = true
			break
		}
		if c&cellKind == cellLose {
			parents(i, winParent)
		} else {
			parents(i, loseParent)
		}
	}
	if overflow {
		return fmt.Errorf("remoteness exceeds %d, more than the retrograde solver records: %w", maxCell, ErrCapacity)
	}
	return nil
}
