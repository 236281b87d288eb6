package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/solve/quotient"
)

// QuotientResult is the answer of `grundy quotient`: the misère quotient of
// a heap game restricted to heaps 0..To (docs/quotients.md). Its JSON is the
// quotient's (order, p_portion, tame, heaps, generators, relations,
// stable_from, pattern) with the game's name and To.
type QuotientResult struct {
	Game     string
	To       int
	States   int64
	Quotient *quotient.Quotient
}

// MarshalJSON writes the quotient's keys with "game", "to" and "states".
func (r *QuotientResult) MarshalJSON() ([]byte, error) {
	q, err := json.Marshal(r.Quotient)
	if err != nil {
		return nil, err
	}
	head, err := json.Marshal(struct {
		Game   string `json:"game"`
		To     int    `json:"to"`
		States int64  `json:"states"`
	}{r.Game, r.To, r.States})
	if err != nil {
		return nil, err
	}
	// Both are JSON objects: join {head...} and {q...}.
	if len(q) <= 2 {
		return head, nil
	}
	return append(append(head[:len(head)-1:len(head)-1], ','), q[1:]...), nil
}

// Quotient computes the misère quotient of inst restricted to heaps 0..to
// by the Plambeck–Siegel algorithm (package solve/quotient). inst must be a
// heap game (games.HeapGamer). A quotient can grow without bound: on a
// limit the error says the heap where it stopped and the order of the
// quotient of the heaps before it.
func Quotient(ctx context.Context, inst games.Instance, to int, budget *Budget) (*QuotientResult, error) {
	hg, ok := inst.(games.HeapGamer)
	if !ok {
		return nil, game.Inputf("%s positions are not heaps, so it has no misère quotient (quotients cover heap games)", inst.Name())
	}
	g, ok := hg.HeapGame()
	if !ok {
		return nil, game.Inputf("%s positions are not heaps whose moves leave smaller heaps, so it has no misère quotient", inst.Name())
	}
	if to < 0 {
		return nil, game.Inputf("quotient up to heap %d: heap sizes are never negative", to)
	}
	start := budget.States()
	q, err := quotient.Compute(ctx, g, to, budget)
	if err != nil {
		var stop *quotient.StopError
		if errors.As(err, &stop) {
			return nil, fmt.Errorf("%s: %w", inst.Name(), err)
		}
		return nil, err
	}
	return &QuotientResult{Game: inst.Name(), To: to, States: budget.States() - start, Quotient: q}, nil
}
