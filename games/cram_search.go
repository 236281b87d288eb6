package games

import "math/bits"

// Weight is the number of dominoes of component p (solve.Weigher): among
// options of equal sizes, the pruned search tries first those that leave
// the fewest moves, such as a domino in the middle of a board, which
// takes more of the board's adjacencies than one at its edge.
func (cramBitsGame) Weight(p uint64) int {
	if p&cramWideTag != 0 {
		w := uint(p >> 59 & maxWideW)
		b := p & wideCells
		last := wideFirst[w] << (w - 1)
		return bits.OnesCount64(b&(b>>1)&^last) + bits.OnesCount64(b&(b>>w))
	}
	horizontal, vertical := cramDominoes(p)
	return bits.OnesCount64(horizontal) + bits.OnesCount64(vertical)
}
