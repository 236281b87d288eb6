package games

import "github.com/grundy-go/grundy/heap"

// OpenGrundyGame returns Grundy's game, which takes no parameters.
func OpenGrundyGame(string) (Instance, error) {
	return newHeapInstance("grundy-game", newHeapGame(heap.GrundyGame(), nil)), nil
}
