package solve

import "github.com/grundy-go/grundy/game"

// footprintOf returns the bytes g holds of its own (game.Footprint), 0
// for games that hold none.
func footprintOf(g any) int64 {
	if f, ok := g.(game.Footprint); ok {
		return f.Footprint()
	}
	return 0
}
