package games

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/grundy-go/grundy/solve/tier"
)

// Quixo's tiers (tier.Game): a move takes a blank cube (one more piece on
// the board) or one of the mover's own (as many), so the numbers of pieces
// never decrease. Seen from the player to move (the colour fold of Index),
// a board has a cubes of the mover and b of the opponent; a move leads to
// (b, a) or (b, a+1). The tier {hi, lo} holds the boards with hi cubes of
// one player and lo of the other, either to move: part 0 the mover has hi,
// part 1 (when hi != lo) the mover has lo. Moves stay in the tier or go to
// {hi+1, lo} or {hi, lo+1}; the tiers with n*n pieces (no blank) are
// final. Ranks within a part are rankPieces of the board seen from the
// mover.
var _ PieceTiers[QuixoPos] = (*Quixo)(nil)

func quixoTier(a, b int) tier.ID { return tier.ID(max(a, b)<<8 | min(a, b)) }

func splitTier(t tier.ID) (hi, lo int) { return int(t >> 8), int(t & 255) }

func (g *Quixo) partSize(a, b int) uint64 { return binom[g.cells][a+b] * binom[a+b][a] }

// Tier returns the tier of p.
func (g *Quixo) Tier(p QuixoPos) tier.ID {
	me, them := p.sides()
	return quixoTier(bits.OnesCount32(me), bits.OnesCount32(them))
}

// TierSize returns the number of boards of tier t seen from the mover.
func (g *Quixo) TierSize(t tier.ID) uint64 {
	hi, lo := splitTier(t)
	if hi+lo > g.cells {
		return 0
	}
	if hi == lo {
		return g.partSize(hi, lo)
	}
	return 2 * g.partSize(hi, lo)
}

// Rank numbers p within its tier t.
func (g *Quixo) Rank(t tier.ID, p QuixoPos) uint64 {
	me, them := p.sides()
	hi, lo := splitTier(t)
	r := ranks().rankPieces(me|them, me)
	if hi != lo && bits.OnesCount32(me) == lo {
		r += g.partSize(hi, lo)
	}
	return r
}

// Unrank returns the board of rank r of tier t, x to move.
func (g *Quixo) Unrank(t tier.ID, r uint64) QuixoPos {
	a, b := splitTier(t)
	if size := g.partSize(a, b); r >= size {
		r -= size
		a, b = b, a
	}
	occ, me := ranks().unrankPieces(r, g.cells, a, b)
	return QuixoPos{X: me, O: occ &^ me}
}

// Enumerate yields the boards of ranks lo..hi-1 of tier t, x to move, as
// Unrank gives them (tier.Enumerator).
func (g *Quixo) Enumerate(t tier.ID, lo, hi uint64, yield func(r uint64, p QuixoPos) bool) {
	a, b := splitTier(t)
	n := g.partSize(a, b)
	rt := ranks()
	stop := false
	each := func(r uint64, occ, me uint32) bool {
		stop = !yield(r, QuixoPos{X: me, O: occ &^ me})
		return !stop
	}
	if lo < n {
		rt.enumeratePieces(lo, min(hi, n), g.cells, a, b, each)
	}
	if hi > n && a != b && !stop {
		rt.enumeratePieces(max(lo, n)-n, hi-n, g.cells, b, a, func(r uint64, occ, me uint32) bool { return each(r+n, occ, me) })
	}
}

// ChildTiers returns the tiers one more piece leads to.
func (g *Quixo) ChildTiers(t tier.ID) []tier.ID {
	hi, lo := splitTier(t)
	if hi+lo >= g.cells {
		return nil
	}
	if hi == lo {
		return []tier.ID{quixoTier(hi+1, lo)}
	}
	return []tier.ID{quixoTier(hi+1, lo), quixoTier(hi, lo+1)}
}

// Loops reports whether a move can stay in t: the mover pushes a cube of
// their own, which needs one on the board.
func (g *Quixo) Loops(t tier.ID) bool {
	hi, _ := splitTier(t)
	return hi > 0
}

// TierParents yields the parents of p in tier t (see Parents): the
// un-moves that leave the pushed cube's cell holding the previous mover's
// cube stay in p's tier; those that leave it blank go to the tier with one
// cube fewer of the previous mover.
func (g *Quixo) TierParents(p QuixoPos, t tier.ID, yield func(QuixoPos) bool) {
	cur, prev := p.sides()
	a, b := bits.OnesCount32(cur), bits.OnesCount32(prev)
	own := t == quixoTier(a, b)
	if !own && (b == 0 || t != quixoTier(a, b-1)) {
		return
	}
	for i := range g.moves {
		m := &g.moves[i]
		if prev&m.to == 0 {
			continue
		}
		pme, pthem := m.undo(prev&^m.to), m.undo(cur)
		if own {
			pme |= m.from
		}
		if !yield(p.with(pme, pthem, !p.OToMove)) {
			return
		}
	}
}

// TierName names tier t: "t12-11" for the boards with 12 cubes of one
// player and 11 of the other.
func (g *Quixo) TierName(t tier.ID) string {
	hi, lo := splitTier(t)
	return fmt.Sprintf("t%d-%d", hi, lo)
}

// Blanks returns the number of blank cells of p.
func (g *Quixo) Blanks(p QuixoPos) int { return g.cells - bits.OnesCount32(p.X|p.O) }

// TiersWithBlanks returns the tiers with at most k blank cells.
func (g *Quixo) TiersWithBlanks(k int) []tier.ID {
	var out []tier.ID
	for pieces := g.cells; pieces >= 0 && pieces >= g.cells-k; pieces-- {
		for lo := 0; 2*lo <= pieces; lo++ {
			out = append(out, quixoTier(pieces-lo, lo))
		}
	}
	return out
}

// TierParts lists the boards of t by numbers of x and o and side to move:
// part (a, b) holds the boards with x to move, a x's and b o's, and by the
// colour fold as many with o to move, b x's and a o's, of the same values.
func (g *Quixo) TierParts(t tier.ID) []TierPart {
	hi, lo := splitTier(t)
	n := g.partSize(hi, lo)
	parts := []TierPart{{X: hi, O: lo, Lo: 0, Hi: n}, {X: lo, O: hi, OToMove: true, Lo: 0, Hi: n}}
	if hi != lo {
		parts = append(parts, TierPart{X: lo, O: hi, Lo: n, Hi: 2 * n}, TierPart{X: hi, O: lo, OToMove: true, Lo: n, Hi: 2 * n})
	}
	return parts
}

// ParentRanks: the boards of child with the mover holding a cubes and the
// opponent b have parents in the tier {a, b-1} only (besides child
// itself), so each part of child seeds one parent tier.
func (g *Quixo) ParentRanks(child, t tier.ID) (lo, hi uint64) {
	h, l := splitTier(child)
	n := g.partSize(h, l)
	switch {
	case l > 0 && t == quixoTier(h, l-1):
		return 0, n // part 0: mover h, opponent l
	case h != l && t == quixoTier(l, h-1):
		return n, 2 * n // part 1: mover l, opponent h
	}
	return 0, 0
}

// AppendParentRanks appends the ranks in tier t of the parents of the board
// of rank r of tier src, as TierParents yields them (tier.ParentRankAppender):
// one call per decided board, the un-moves made and ranked on bitboards.
func (g *Quixo) AppendParentRanks(dst []uint32, src tier.ID, r uint64, t tier.ID) []uint32 {
	p := g.Unrank(src, r) // x to move: X is the mover's, O the last mover's
	cur, prev := p.X, p.O
	a, b := bits.OnesCount32(cur), bits.OnesCount32(prev)
	own := t == quixoTier(a, b)
	pa := b // the parent's mover (prev) holds pa cubes, its opponent a
	if !own {
		if b == 0 || t != quixoTier(a, b-1) {
			return dst
		}
		pa = b - 1
	}
	hi, lo := splitTier(t)
	var off uint64
	if hi != lo && pa == lo {
		off = g.partSize(hi, lo)
	}
	per := binom[a+pa][pa]
	rt := ranks()
	un := quixoUnmovesOf(g.n)
	// keep: all ones when the parent held prev's cube at from (the parent is
	// in src's tier), 0 when from was blank (one cube fewer of prev's).
	var keep uint32
	if own {
		keep = ^uint32(0)
	}
	// Each cube of prev at a border cell may have been pushed in there.
	for ends := prev & un.border; ends != 0; ends &= ends - 1 {
		to := bits.TrailingZeros32(ends)
		for i := un.start[to]; i < un.start[to+1]; i++ {
			m := &un.byTo[i]
			shl, shr := m.shl&31, m.shr&31 // below 32: plain shifts
			pme := prev&^m.seg | (prev&m.seg&^m.to)<<shl>>shr | m.from&keep
			pthem := cur&^m.seg | (cur&m.seg)<<shl>>shr
			occ := pme | pthem
			if g.cells <= 16 {
				dst = append(dst, uint32(uint64(rt.rankLow16[occ])*per+uint64(rt.rankLow16[rt.pext16(occ, pme)])+off))
			} else {
				dst = append(dst, uint32(rt.rankSet(occ)*per+rt.rankSet(rt.pext(occ, pme))+off))
			}
		}
	}
	return dst
}

// pext16 is pext for occ < 2^16.
func (t *rankTables) pext16(occ, mine uint32) uint32 {
	lo := occ & 255
	return uint32(t.pextByte[lo][mine&255]) | uint32(t.pextByte[occ>>8&255][mine>>8&255])<<bits.OnesCount32(lo)
}

// quixoUnmoves are Quixo's moves grouped by the cell a cube is pushed in
// at, with the inverse shift as two shifts (one of them 0): undoing move m
// on b gives b&^seg | (b&seg&^to)<<shl>>shr, leaving from empty.
type quixoUnmoves struct {
	border uint32
	start  [33]int
	byTo   []quixoUnmove
}

type quixoUnmove struct {
	from, to, seg uint32
	shl, shr      uint8
}

var quixoUnmoveTables [MaxQuixo + 1]struct {
	once sync.Once
	un   quixoUnmoves
}

// quixoUnmovesOf returns the un-move tables of Quixo n x n, built once.
func quixoUnmovesOf(n int) *quixoUnmoves {
	e := &quixoUnmoveTables[n]
	e.once.Do(func() {
		g := NewQuixo(n)
		un := &e.un
		for c := range 32 {
			un.start[c] = len(un.byTo)
			for _, m := range g.moves {
				if m.to != 1<<c {
					continue
				}
				um := quixoUnmove{from: m.from, to: m.to, seg: m.seg}
				if m.down {
					um.shl = m.shift
				} else {
					um.shr = m.shift
				}
				un.byTo = append(un.byTo, um)
				un.border |= m.to
			}
		}
		un.start[32] = len(un.byTo)
	})
	return &e.un
}
