package games

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/solve/graphdb"
	"github.com/grundy-go/grundy/store"
)

// GraphStorable is implemented by Solvable instances whose solved
// positions a graph database (solve/graphdb) keeps: general games valued by
// retrograde analysis (no scores), each position named by its text.
type GraphStorable interface {
	Solvable
	// GraphSolver returns an engine for one request that answers from the
	// graph database of opts.DB, and (opts.ReadOnly false) solves into it
	// the positions it lacks.
	GraphSolver(budget *limits.Budget, opts GraphOptions) (GraphSolver, error)
}

// GraphOptions configure a GraphSolver.
type GraphOptions struct {
	// DB is the directory of the game's graph database.
	DB string
	// ReadOnly opens DB for reading: a position it does not hold with
	// every move is a *NotHeldError, and a damaged table is refused. A
	// writer (ReadOnly false) holds DB's lock until Close, creates the
	// database when there is none, solves a position it lacks (all the
	// positions it reaches) and adds them to the table, and writes a
	// damaged table again from what it solves.
	ReadOnly bool
}

// GraphSolver solves positions of one instance from and into a graph
// database. Close releases its file and lock.
type GraphSolver interface {
	Solver
	Close() error
}

// NotHeldError is the answer of a graph database open for reading to a
// position it does not hold (with all its moves).
type NotHeldError struct{ Dir, Position string }

func (e *NotHeldError) Error() string {
	return fmt.Sprintf("database %s does not hold the position %s: solve it into the database first", e.Dir, e.Position)
}

// GraphSolver opens the graph database of b's game in opts.DB.
func (b *GeneralBound[P]) GraphSolver(budget *limits.Budget, opts GraphOptions) (GraphSolver, error) {
	id := graphdb.Identity(b.name)
	var db *store.DB
	var err error
	if opts.ReadOnly {
		db, err = store.Open(opts.DB, id)
	} else {
		db, err = store.OpenWriter(opts.DB, id)
	}
	if err != nil {
		return nil, err
	}
	gs := &graphSolver[P]{GeneralBound: b, budget: budget, db: db}
	gs.table, err = graphdb.Open(db)
	if errors.Is(err, store.ErrDamaged) && db.Writable() {
		err = nil // written again from what is solved
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return gs, nil
}

// graphSolver is the GraphSolver of a GeneralBound game.
type graphSolver[P comparable] struct {
	*GeneralBound[P]
	budget *limits.Budget
	db     *store.DB
	table  *graphdb.Table // nil: none yet
}

// key is the fingerprint of p's text.
func (gs *graphSolver[P]) key(p P) graphdb.Fingerprint {
	return graphdb.Key(GeneralPos[P]{gs.GeneralBound, p}.String())
}

// Solve answers c from the table when it holds c and every move of c;
// otherwise a writer solves c by retrograde analysis, adds every position
// solved to the table and answers from the analysis, and a reader returns
// a *NotHeldError.
func (gs *graphSolver[P]) Solve(ctx context.Context, c Component) (*Solution, error) {
	p := gs.pos(c)
	sol, err := gs.fromTable(p)
	if sol != nil || (err != nil && (!errors.Is(err, store.ErrDamaged) || !gs.db.Writable())) {
		return sol, err
	}
	if !gs.db.Writable() {
		return nil, &NotHeldError{Dir: gs.db.Dir(), Position: c.String()}
	}
	old := gs.table
	if err != nil { // the table is damaged: written again from this solve alone
		old = nil
	}
	retro := solve.NewRetro(gs.Game, gs.budget)
	if err := retro.Solve(ctx, p); err != nil {
		return nil, err
	}
	err = graphdb.Write(ctx, gs.db, old, retro.Positions(), gs.budget, func(yield func(graphdb.Entry) bool) error {
		retro.ForEach(func(q P, v solve.Value) bool { return yield(graphdb.Entry{Key: gs.key(q), Value: v}) })
		return nil
	})
	if err != nil {
		return nil, err
	}
	if gs.table != nil {
		gs.table.Close()
	}
	if gs.table, err = graphdb.Open(gs.db); err != nil {
		return nil, err
	}
	return (&generalSolver[P]{GeneralBound: gs.GeneralBound, retro: retro}).Solve(ctx, c)
}

// fromTable answers p from the table, or returns nil and no error when the
// table does not hold p or one of its moves.
func (gs *graphSolver[P]) fromTable(p P) (*Solution, error) {
	if gs.table == nil {
		return nil, nil
	}
	v, ok, err := gs.table.Value(gs.key(p))
	if !ok || err != nil {
		return nil, err
	}
	sol := &Solution{Value: v, States: gs.table.Positions(), Counts: gs.table.Counts()}
	if _, terminal := gs.Game.Result(p); terminal {
		return sol, nil
	}
	held := true
	gs.Game.Moves(p, func(child P) bool {
		var cv solve.Value
		if cv, held, err = gs.table.Value(gs.key(child)); !held || err != nil {
			return false
		}
		sol.Moves = append(sol.Moves, MoveValue{To: GeneralPos[P]{gs.GeneralBound, child}, Value: cv, Best: IsBest(v, cv)})
		return true
	})
	if !held || err != nil {
		return nil, err
	}
	return sol, nil
}

// Close closes the table and releases the database.
func (gs *graphSolver[P]) Close() error {
	var err error
	if gs.table != nil {
		err = gs.table.Close()
	}
	if cerr := gs.db.Close(); err == nil {
		err = cerr
	}
	return err
}
