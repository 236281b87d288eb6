package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Quixo is Quixo on an n x n board (the real game is 5x5). The player to
// move takes a cube from the border of the board that is blank or shows
// their symbol, turns it to their symbol, and pushes it back in at one end
// of its row or column other than the place it came from, shifting the
// cubes between one step toward the gap. A line (row, column or main
// diagonal) of your symbol wins; a move that completes a line of the
// opponent's symbol loses, even if it completes one of yours too.
//
// A position is a board and the side to move. The game is symmetric in the
// colours, so its dense index (game.Indexer) maps a board with o to move to
// the colour-swapped board with x to move: Size() is 3^(n*n), one index per
// board seen from the player to move (2*3^(n*n) positions counting the side).
// It can undo moves (game.Parenter), so retrograde analysis stores no
// edges: 2 bytes per index in all.
type Quixo struct {
	n     int
	cells int
	lines []uint32    // the 2n+2 lines as cell masks
	moves []quixoMove // every (border cell, insertion end) pair
	enc   [256]uint64 // enc[m] = sum of 3^i over the bits i of the byte m
	dec   []uint16    // dec[d] for d < 3^8: the 8 cells of a base-3 chunk, x low byte, o high byte
}

// QuixoPos is a Quixo position: bit r*n+c of X (O) is set when cell (r, c)
// shows x (o); OToMove says o is the player to move.
type QuixoPos struct {
	X, O    uint32
	OToMove bool
}

// quixoMove takes the cube at cell from and inserts it at cell to, at the
// other end of the segment seg (cells from..to of one row or column); the
// cubes strictly after from move one step toward it, by shifting seg by
// shift bits, down (toward lower cells) when down is set.
type quixoMove struct {
	from, to uint32 // single-cell masks
	seg      uint32
	shift    uint8
	down     bool
}

// MaxQuixo is the largest board side Quixo accepts (5x5 is the real game).
const MaxQuixo = 5

// NewQuixo returns Quixo on an n x n board, 2 <= n <= MaxQuixo.
func NewQuixo(n int) *Quixo {
	g := &Quixo{n: n, cells: n * n}
	var diag, anti uint32
	for i := range n {
		var row, col uint32
		for j := range n {
			row |= 1 << (i*n + j)
			col |= 1 << (j*n + i)
		}
		g.lines = append(g.lines, row, col)
		diag |= 1 << (i*n + i)
		anti |= 1 << (i*n + n - 1 - i)
	}
	g.lines = append(g.lines, diag, anti)
	cell := func(r, c int) int { return r*n + c }
	for r := range n {
		for c := range n {
			if r != 0 && r != n-1 && c != 0 && c != n-1 {
				continue // not a border cell
			}
			from := cell(r, c)
			// Ends of its row: (r, 0) and (r, n-1); of its column: (0, c), (n-1, c).
			for _, end := range [][2]int{{r, 0}, {r, n - 1}, {0, c}, {n - 1, c}} {
				to := cell(end[0], end[1])
				if to == from {
					continue
				}
				step := n // along the column
				if end[0] == r {
					step = 1 // along the row
				}
				lo, hi := min(from, to), max(from, to)
				var seg uint32
				for k := lo; k <= hi; k += step {
					seg |= 1 << k
				}
				g.moves = append(g.moves, quixoMove{from: 1 << from, to: 1 << to, seg: seg, shift: uint8(step), down: to > from})
			}
		}
	}
	for m := range 256 {
		var v, p uint64 = 0, 1
		for i := range 8 {
			if m&(1<<i) != 0 {
				v += p
			}
			p *= 3
		}
		g.enc[m] = v
	}
	g.dec = make([]uint16, 6561)
	for d := range 6561 {
		var x, o uint16
		v := d
		for i := range 8 {
			switch v % 3 {
			case 1:
				x |= 1 << i
			case 2:
				o |= 1 << i
			}
			v /= 3
		}
		g.dec[d] = x | o<<8
	}
	return g
}

// N returns the board side.
func (g *Quixo) N() int { return g.n }

// apply makes move m on a board where me is the mover's cells and them the
// opponent's; from must not show them.
func (m *quixoMove) apply(me, them uint32) (uint32, uint32) {
	return m.shiftSeg(me) | m.to, m.shiftSeg(them)
}

func (m *quixoMove) shiftSeg(b uint32) uint32 {
	in := b & m.seg &^ m.from
	if m.down {
		in >>= m.shift
	} else {
		in <<= m.shift
	}
	return b&^m.seg | in
}

// undo is the inverse shift: the cubes of seg other than to move one step
// back toward to, leaving from empty.
func (m *quixoMove) undo(b uint32) uint32 {
	in := b & m.seg &^ m.to
	if m.down {
		in <<= m.shift
	} else {
		in >>= m.shift
	}
	return b&^m.seg | in
}

func (p QuixoPos) sides() (me, them uint32) {
	if p.OToMove {
		return p.O, p.X
	}
	return p.X, p.O
}

func (p QuixoPos) with(me, them uint32, oToMove bool) QuixoPos {
	if oToMove {
		return QuixoPos{X: them, O: me, OToMove: true}
	}
	return QuixoPos{X: me, O: them}
}

// Moves yields each move's position, the opponent to move.
func (g *Quixo) Moves(p QuixoPos, yield func(QuixoPos) bool) {
	me, them := p.sides()
	for i := range g.moves {
		m := &g.moves[i]
		if them&m.from != 0 {
			continue
		}
		nme, nthem := m.apply(me, them)
		// The opponent moves next: they are "me" of the new position.
		if !yield(p.with(nthem, nme, !p.OToMove)) {
			return
		}
	}
}

// NumMoves counts the moves of p without making them.
func (g *Quixo) NumMoves(p QuixoPos) int {
	_, them := p.sides()
	n := 0
	for i := range g.moves {
		if them&g.moves[i].from == 0 {
			n++
		}
	}
	return n
}

// Parents yields the position before each move that leads to p: the player
// who just moved in p inserted their cube at some end to; undoing the push
// frees the cell from, which was blank or theirs.
func (g *Quixo) Parents(p QuixoPos, yield func(QuixoPos) bool) {
	cur, prev := p.sides() // prev moved last
	for i := range g.moves {
		m := &g.moves[i]
		if prev&m.to == 0 {
			continue
		}
		pme, pthem := m.undo(prev&^m.to), m.undo(cur)
		// The mover of the parent is prev, the other side is cur.
		if !yield(p.with(pme, pthem, !p.OToMove)) || !yield(p.with(pme|m.from, pthem, !p.OToMove)) {
			return
		}
	}
}

// Result: a line of the player to move (made by the opponent's last move)
// wins for them; otherwise a line of the opponent's wins for the opponent.
func (g *Quixo) Result(p QuixoPos) (game.Outcome, bool) {
	me, them := p.sides()
	lose := false
	for _, l := range g.lines {
		if me&l == l {
			return game.Win, true
		}
		lose = lose || them&l == l
	}
	if lose {
		return game.Lose, true
	}
	return game.Unknown, false
}

// Size returns 3^(n*n): one index per board with x to move.
func (g *Quixo) Size() uint64 {
	s := uint64(1)
	for range g.cells {
		if s > 1<<62/3 {
			return 1 << 63 // far beyond any index
		}
		s *= 3
	}
	return s
}

// Index is the board in base 3, seen from the player to move (digit 1: the
// mover's cube, 2: the opponent's).
func (g *Quixo) Index(p QuixoPos) uint64 {
	me, them := p.sides()
	var idx, scale uint64 = 0, 1
	for shift := 0; shift < g.cells; shift += 8 {
		idx += scale * (g.enc[me>>shift&255] + 2*g.enc[them>>shift&255])
		scale *= 6561
	}
	return idx
}

// Position returns the board of index i with x to move.
func (g *Quixo) Position(i uint64) QuixoPos {
	var p QuixoPos
	for shift := 0; i > 0; shift += 8 {
		d := g.dec[i%6561]
		p.X |= uint32(d&255) << shift
		p.O |= uint32(d>>8) << shift
		i /= 6561
	}
	return p
}

// ParseQuixo reads a position: the board as n rows of x, o, . joined by '/',
// then the side to move, x or o. No ARG is the empty board with x to move.
func (g *Quixo) ParseQuixo(args []string) (QuixoPos, error) {
	var p QuixoPos
	switch len(args) {
	case 0:
		return p, nil
	case 2:
		switch strings.ToLower(args[1]) {
		case "x":
		case "o":
			p.OToMove = true
		default:
			return p, fmt.Errorf("side to move %q: want x or o", args[1])
		}
	case 1:
		return p, fmt.Errorf("quixo position %q lacks the side to move: write the board, then x or o", args[0])
	default:
		return p, fmt.Errorf("quixo takes the board and the side to move, got %d ARGs", len(args))
	}
	rows := strings.Split(strings.ToLower(args[0]), "/")
	if len(rows) != g.n {
		return p, fmt.Errorf("board %q has %d rows, want %d joined by /", args[0], len(rows), g.n)
	}
	for r, row := range rows {
		if len(row) != g.n {
			return p, fmt.Errorf("board %q: row %d has %d cells, want %d", args[0], r+1, len(row), g.n)
		}
		for c, ch := range row {
			bit := uint32(1) << (r*g.n + c)
			switch ch {
			case 'x':
				p.X |= bit
			case 'o':
				p.O |= bit
			case '.':
			default:
				//lint:ignore ST1005 the final '.' is the empty cell's character, not punctuation
				return p, fmt.Errorf("board %q: row %d has %q, want x, o or .", args[0], r+1, ch)
			}
		}
	}
	return p, nil
}

// FormatQuixo writes the board rows joined by '/' and the side to move.
func (g *Quixo) FormatQuixo(p QuixoPos) []string {
	var b strings.Builder
	for k := range g.cells {
		if k > 0 && k%g.n == 0 {
			b.WriteByte('/')
		}
		switch {
		case p.X&(1<<k) != 0:
			b.WriteByte('x')
		case p.O&(1<<k) != 0:
			b.WriteByte('o')
		default:
			b.WriteByte('.')
		}
	}
	side := "x"
	if p.OToMove {
		side = "o"
	}
	return []string{b.String(), side}
}

// parseQuixoSize reads the parameter "NxN".
func parseQuixoSize(params string) (int, error) {
	a, b, ok := strings.Cut(params, "x")
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n != m {
		return 0, fmt.Errorf("quixo needs a square board size like 4x4, got %q", params)
	}
	if n < 2 || n > MaxQuixo {
		return 0, fmt.Errorf("quixo board side %d is outside 2..%d", n, MaxQuixo)
	}
	return n, nil
}

// OpenQuixo returns quixo with its board size NxN, 2x2 to 5x5.
func OpenQuixo(params string) (Instance, error) {
	if params == "" {
		return nil, fmt.Errorf("quixo needs a board size, e.g. quixo:3x3")
	}
	n, err := parseQuixoSize(params)
	if err != nil {
		return nil, err
	}
	g := NewQuixo(n)
	return NewGeneral(Loopy, "quixo:"+params, game.General[QuixoPos](g), g.ParseQuixo, g.FormatQuixo).WithViewer(quixoViewer{}), nil
}
