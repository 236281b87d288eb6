package games

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/solve/tier"
)

// Tic-tac-toe's tiers (tier.Game): tier k holds the boards with k marks,
// (k+1)/2 x's and k/2 o's (x moves first, so the side to move is read off
// k), every such board whether or not it arises in play. A move adds a
// mark: tier k leads to tier k+1 only, and no tier loops. Ranks are
// rankPieces of the board with x's as the first player's pieces.
var _ PieceTiers[TicTacToePos] = TicTacToe{}

func tttCounts(t tier.ID) (x, o int) { return int(t+1) / 2, int(t) / 2 }

// Tier returns the number of marks of p.
func (TicTacToe) Tier(p TicTacToePos) tier.ID { return tier.ID(bits.OnesCount16(p.X | p.O)) }

// TierSize returns the number of boards of tier t.
func (TicTacToe) TierSize(t tier.ID) uint64 {
	if t > 9 {
		return 0
	}
	x, _ := tttCounts(t)
	return binom[9][t] * binom[t][x]
}

// Rank numbers p within its tier.
func (TicTacToe) Rank(_ tier.ID, p TicTacToePos) uint64 {
	return ranks().rankPieces(uint32(p.X|p.O), uint32(p.X))
}

// Unrank returns the board of rank r of tier t.
func (TicTacToe) Unrank(t tier.ID, r uint64) TicTacToePos {
	x, o := tttCounts(t)
	occ, mine := ranks().unrankPieces(r, 9, x, o)
	return TicTacToePos{X: uint16(mine), O: uint16(occ &^ mine)}
}

// ChildTiers returns the tier of one more mark.
func (TicTacToe) ChildTiers(t tier.ID) []tier.ID {
	if t >= 9 {
		return nil
	}
	return []tier.ID{t + 1}
}

// Loops is false: every move adds a mark.
func (TicTacToe) Loops(tier.ID) bool { return false }

// TierParents yields the boards of tier t (one mark fewer than p) that move
// to p: p without one of the marks of the player who moved last.
func (g TicTacToe) TierParents(p TicTacToePos, t tier.ID, yield func(TicTacToePos) bool) {
	if g.Tier(p) != t+1 {
		return
	}
	_, _, xToMove := p.toMove()
	last := p.X
	if xToMove {
		last = p.O
	}
	for m := last; m != 0; m &= m - 1 {
		q := p
		if xToMove {
			q.O &^= m & -m
		} else {
			q.X &^= m & -m
		}
		if !yield(q) {
			return
		}
	}
}

// TierName names tier t "m5" (5 marks).
func (TicTacToe) TierName(t tier.ID) string { return fmt.Sprintf("m%d", t) }

// Blanks returns the number of empty cells of p.
func (TicTacToe) Blanks(p TicTacToePos) int { return 9 - bits.OnesCount16(p.X|p.O) }

// TiersWithBlanks returns the tiers with at most k empty cells.
func (TicTacToe) TiersWithBlanks(k int) []tier.ID {
	var out []tier.ID
	for t := 9; t >= 0 && t >= 9-k; t-- {
		out = append(out, tier.ID(t))
	}
	return out
}

// TierParts: one part, the whole tier.
func (g TicTacToe) TierParts(t tier.ID) []TierPart {
	x, o := tttCounts(t)
	return []TierPart{{X: x, O: o, OToMove: t%2 == 1, Lo: 0, Hi: g.TierSize(t)}}
}
