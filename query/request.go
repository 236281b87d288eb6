package query

import (
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// request owns the engines of one request: one Evaluator per game instance
// of the position, all counting against the request's one budget, so a
// limit holds for every component and every phase (values, winning moves,
// summaries) together. The engines live as long as the request.
type request struct {
	budget *limits.Budget
	evals  map[games.Instance]games.Evaluator
	order  []games.Evaluator // in creation order, for States
	// workers is how many goroutines search each question of the engines
	// that can use several (games.MultiCore): 0 for one per core.
	workers int
}

func newRequest(budget *limits.Budget) *request {
	return &request{budget: budget, evals: map[games.Instance]games.Evaluator{}}
}

// evaluator returns the request's engine for inst, or an input error when
// inst has no Grundy values.
func (r *request) evaluator(inst games.Instance) (games.Evaluator, error) {
	if e, ok := r.evals[inst]; ok {
		return e, nil
	}
	v, ok := inst.(games.Valued)
	if !ok {
		return nil, &game.UnsupportedError{Instead: "solve", Err: fmt.Errorf("%s is a %s game with no Grundy values", inst.Name(), inst.Kind())}
	}
	e := v.Evaluator(r.budget)
	if mc, ok := e.(games.MultiCore); ok {
		mc.SetWorkers(r.workers)
	}
	r.evals[inst] = e
	r.order = append(r.order, e)
	return e, nil
}

// evaluators returns the engine of each group of pos.
func (r *request) evaluators(pos games.Position) ([]games.Evaluator, error) {
	evals := make([]games.Evaluator, len(pos))
	for i, g := range pos {
		e, err := r.evaluator(g.Game)
		if err != nil {
			return nil, err
		}
		evals[i] = e
	}
	return evals, nil
}

// holdPosition accounts with the request's budget for the memory the
// position and the result's per-component lines take: some 200 bytes a
// component (the parsed component, its value line and text) plus the
// position's text, written a few times. A sum of 10^6 heaps needs about
// 200 MB before any engine starts.
func holdPosition(budget *limits.Budget, pos games.Position, text string) error {
	n := 0
	for _, g := range pos {
		n += len(g.Components)
	}
	if err := budget.Grow(200*int64(n) + 3*int64(len(text))); err != nil {
		return fmt.Errorf("a position of %d components: %w", n, err)
	}
	return nil
}

// states is the number of states the request's engines expanded.
func (r *request) states() int64 {
	var n int64
	for _, e := range r.order {
		n += e.States()
	}
	return n
}

// Budget is the limits of one request (states, memory; the deadline comes
// with the context), shared by every engine the request starts. Faces make
// one per request and pass it to the verbs; see limits.Budget.
type Budget = limits.Budget

// RuntimeMemoryLimit is the soft memory limit a face gives the Go runtime
// when the requests it runs may hold limit bytes (limits.RuntimeLimit):
// limit plus its slack (the larger of 64 MiB and a tenth of limit) less
// what the runtime's limit does not cover.
func RuntimeMemoryLimit(limit int64) int64 { return limits.RuntimeLimit(limit) }

// The limit errors the verbs return: match them with errors.Is. Their
// messages name no flag or parameter: each face says how to raise a limit.
var (
	ErrStateLimit  = limits.ErrStateLimit
	ErrMemoryLimit = limits.ErrMemoryLimit
	ErrDiskLimit   = limits.ErrDiskLimit
)
