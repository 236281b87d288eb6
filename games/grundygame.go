package games

import "github.com/grundy-go/grundy/heap"

func init() {
	Register(Spec{
		Name:    "grundy-game",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    Impartial,
		Rules:   "Split one heap into two non-empty heaps of different sizes; whoever cannot move loses. (Code 4.0 with distinct parts: no periodicity theorem applies.)",
		Example: "grundy-game 9",
		New: func(string) (Instance, error) {
			return newHeapInstance("grundy-game", "grundy-game", newHeapGame(heap.GrundyGame(), nil)), nil
		},
	})
}
