package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/store"
)

// SolveResult is the answer of `grundy solve` (docs/reference.md, "JSON keys").
type SolveResult struct {
	Position string `json:"position"`
	// Outcome for the player to move (JSON "win", "lose" or "draw").
	Outcome game.Outcome `json:"outcome"`
	// Remoteness is the number of moves to the end under best play (the
	// winner hurries, the loser delays); nil for a draw that need not end.
	Remoteness *int `json:"remoteness"`
	// Score is, for scoring games, the final margin of the player to move
	// (their total minus the opponent's); nil otherwise.
	Score *int64 `json:"score"`
	// BestMoves are the positions the best moves leave, in CLI syntax.
	BestMoves []string `json:"best_moves"`
	// Moves are all the moves, each with its value for the player making
	// it, one per resulting position.
	Moves     []SolveMove `json:"moves"`
	Truncated bool        `json:"truncated,omitempty"` // more moves exist than listed
	Misere    bool        `json:"misere,omitempty"`
	States    int64       `json:"states"` // positions solved
	// Counts are the solved positions by outcome (retrograde analysis).
	Counts *SolveCounts `json:"counts,omitempty"`
	// Tiers counts every board of each tier solved, by numbers of x and o
	// and side to move (SolveOptions.TierBlanks only).
	Tiers []games.TierCount `json:"tiers,omitempty"`

	seen map[string]bool // positions of the moves listed
}

// SolveCounts are the numbers of solved positions by outcome for the
// player to move.
type SolveCounts struct {
	Win  int64 `json:"win"`
	Lose int64 `json:"lose"`
	Draw int64 `json:"draw"`
}

// SolveMove is one move and its value for the player who makes it.
type SolveMove struct {
	Position string `json:"position"` // the whole position after the move
	// Outcome for the player making the move: game.Win when it leaves the
	// opponent a lost position, game.Lose when a won one, else game.Draw
	// (JSON "win", "lose", "draw").
	Outcome game.Outcome `json:"outcome"`
	// Remoteness of the position after the move (nil: a draw).
	Remoteness *int `json:"remoteness"`
	// Score is the mover's final margin after this move (scoring games).
	Score *int64 `json:"score"`
	Best  bool   `json:"best"`

	After games.Position `json:"-"` // the position after the move
}

// SolveOptions configure Solve.
type SolveOptions struct {
	// Budget bounds the request's engines (nil: no limit).
	Budget *limits.Budget
	// Misere solves impartial positions under the misère convention: the
	// player who cannot move wins.
	Misere bool
	// Tiers solves a general game tier by tier (solve/tier), for games
	// with tiers (games.TierSolvable), on Workers goroutines (0: one per
	// core; at most MaxWorkers, of which the tier solver uses a few per
	// core), into a temporary database removed after.
	Tiers   bool
	Workers int
	// DB is the directory of a database of the game (implies Tiers): a
	// position whose tiers it holds complete is answered from it without
	// solving; otherwise the tiers missing (or damaged) are solved into
	// it, the database created when the directory holds none.
	DB string
	// PlainRecords keeps the tiers solved into DB in their plain form
	// (16-bit records), which is written faster; by default they are
	// rewritten compressed (zstd blocks of 8-bit records for most games),
	// about a tenth of the size and answered as fast.
	PlainRecords bool
	// TierBlanks, when not nil, solves only the tiers with at most
	// *TierBlanks blank cells (implies Tiers) and counts their boards in
	// SolveResult.Tiers; the position itself is solved only if it lies in
	// them (its outcome is game.Unknown otherwise).
	TierBlanks *int
}

// MaxWorkers is the most workers SolveOptions may ask for.
const MaxWorkers = 1024

// Solve solves pos under normal play; see SolveWith.
func Solve(ctx context.Context, pos games.Position, budget *limits.Budget) (*SolveResult, error) {
	return SolveWith(ctx, pos, SolveOptions{Budget: budget})
}

// SolveWith solves pos: a general game (partizan, scoring, loopy: one group
// of a games.Solvable game) by that game's engine, or a sum of impartial
// games by retrograde analysis of the whole sum's game graph (cycles
// allowed: positions neither side can force are draws). It reports the
// outcome, the remoteness, the score of a scoring game, and every move
// with its value (at most MaxMoves of them).
func SolveWith(ctx context.Context, pos games.Position, opts SolveOptions) (*SolveResult, error) {
	if len(pos) == 0 {
		return nil, game.Inputf("empty position")
	}
	if opts.Workers < 0 || opts.Workers > MaxWorkers {
		return nil, game.Inputf("%d workers: give 0 (one per core) to %d", opts.Workers, MaxWorkers)
	}
	for _, g := range pos {
		s, ok := g.Game.(games.Solvable)
		if !ok {
			continue
		}
		if len(pos) != 1 || len(g.Components) != 1 {
			return nil, game.Inputf("%s is a %s game: solve takes it alone, not in a sum", g.Game.Name(), g.Game.Kind())
		}
		if opts.Misere {
			return nil, game.Inputf("misère play applies to impartial games, and %s is a %s game", g.Game.Name(), g.Game.Kind())
		}
		if gs, ok := g.Game.(games.GraphStorable); ok && opts.DB != "" && !opts.Tiers && opts.TierBlanks == nil && !hasTiers(g.Game) {
			return solveGraph(ctx, pos, gs, opts)
		}
		if opts.Tiers || opts.TierBlanks != nil || opts.DB != "" {
			return solveTiers(ctx, pos, opts)
		}
		if byTiers(g) {
			res, err := solveTiers(ctx, pos, opts)
			if errors.Is(err, limits.ErrMemoryLimit) {
				return nil, &NeedTiersError{Game: g.Game.Name(), ByTiers: true, Err: err}
			}
			return res, err
		}
		res, err := solveGeneral(ctx, pos, s.Solver(opts.Budget))
		if errors.Is(err, limits.ErrMemoryLimit) && hasTiers(g.Game) {
			return nil, &NeedTiersError{Game: g.Game.Name(), Err: err}
		}
		return res, err
	}
	if opts.DB != "" {
		return nil, game.Inputf("%s cannot be kept in a database: it is an impartial game", pos[0].Game.Name())
	}
	if opts.Tiers || opts.TierBlanks != nil {
		return nil, game.Inputf("%s cannot be solved by tiers: it is an impartial game", pos[0].Game.Name())
	}
	return solveSum(ctx, pos, opts)
}

// NeedTiersError reports that a general game is too large for the
// in-memory solver under the request's memory limit, while it can be
// solved tier by tier from files on disk (SolveOptions.Tiers), or in part,
// the tiers with at most K blank cells (SolveOptions.TierBlanks); also
// when the plain request, solved by tiers unasked (byTiers), passes the
// memory limit as a whole. More
// memory is seldom the answer: such a game's positions number in the
// billions. It wraps the memory limit's error.
type NeedTiersError struct {
	Game string // the game's name
	// ByTiers is set when the limit was reached by the tier solver
	// itself: its largest tier does not fit, so only a part of the
	// tiers (or more memory) can be solved.
	ByTiers bool
	Err     error
}

func (e *NeedTiersError) Error() string { return e.Err.Error() }
func (e *NeedTiersError) Unwrap() error { return e.Err }

// hasTiers reports whether inst can be solved by tiers.
func hasTiers(inst games.Instance) bool {
	tg, ok := inst.(games.TierSolvable)
	return ok && tg.Tiered()
}

// tierThreshold is the number of positions from which a game with tiers
// is solved by tiers even when not asked: from disk on every core, with
// the memory of a tier and its children instead of the game's (Quixo 4x4's
// 43 million boards: docs/PERFORMANCE.md).
const tierThreshold = 1 << 22

// byTiers reports whether the group g is solved by tiers unasked: a game
// with tiers whose position reaches tierThreshold positions or more.
func byTiers(g games.Group) bool {
	tg, ok := g.Game.(games.TierSolvable)
	return ok && tg.Tiered() && tg.TierPositions(g.Components[0]) >= tierThreshold
}

// solveTiers solves pos, one group of a games.TierSolvable game, tier by
// tier: from the database opts.DB when it holds every tier pos reaches
// (read, not locked), else by solving the tiers missing into it.
func solveTiers(ctx context.Context, pos games.Position, opts SolveOptions) (res *SolveResult, err error) {
	g := pos[0]
	tg, ok := g.Game.(games.TierSolvable)
	if !ok {
		if opts.DB != "" {
			return nil, game.Inputf("%s cannot be kept in a database: it has no tiers", g.Game.Name())
		}
		return nil, game.Inputf("%s cannot be solved by tiers", g.Game.Name())
	}
	if opts.DB != "" && opts.TierBlanks == nil {
		res, err := answerFromDB(ctx, pos, tg, opts)
		if res != nil || err != nil {
			return res, err
		}
	}
	ts, err := tg.TierSolver(opts.Budget, games.TierOptions{DB: opts.DB, Workers: opts.Workers, Compress: opts.DB != "" && !opts.PlainRecords})
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := ts.Close(); cerr != nil && err == nil {
			res, err = nil, fmt.Errorf("solve %s: %w", pos, cerr)
		}
	}()
	var tiers []games.TierCount
	if opts.TierBlanks != nil {
		k := *opts.TierBlanks
		if tiers, err = ts.Tiers(ctx, k); err != nil {
			return nil, fmt.Errorf("solve the tiers of %s with at most %d blanks: %w", g.Game.Name(), k, err)
		}
		if ts.Blanks(g.Components[0]) > k {
			var states int64
			for _, st := range ts.Stats() {
				states += int64(st.Positions)
			}
			return &SolveResult{Position: pos.String(), Outcome: game.Unknown, BestMoves: []string{}, Moves: []SolveMove{},
				States: states, Tiers: tiers}, nil
		}
	}
	res, err = solveGeneral(ctx, pos, ts)
	if err != nil {
		return nil, err
	}
	res.Tiers = tiers
	return res, nil
}

// solveGraph solves pos, one group of a general game without tiers, from
// its graph database opts.DB: read (not locked) when the database holds
// pos and its moves, else solved into it (solve/graphdb).
func solveGraph(ctx context.Context, pos games.Position, gs games.GraphStorable, opts SolveOptions) (res *SolveResult, err error) {
	r, err := gs.GraphSolver(opts.Budget, games.GraphOptions{DB: opts.DB, ReadOnly: true})
	switch {
	case err == nil:
		res, err := solveGeneral(ctx, pos, r)
		r.Close()
		var notHeld *games.NotHeldError
		if err == nil || (!errors.As(err, &notHeld) && !errors.Is(err, store.ErrDamaged)) {
			return res, err
		}
	case !errors.Is(err, store.ErrNoDatabase) && !errors.Is(err, store.ErrDamaged):
		return nil, err
	}
	w, err := gs.GraphSolver(opts.Budget, games.GraphOptions{DB: opts.DB})
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := w.Close(); cerr != nil && err == nil {
			res, err = nil, fmt.Errorf("solve %s: %w", pos, cerr)
		}
	}()
	return solveGeneral(ctx, pos, w)
}

// answerFromDB answers pos from the database opts.DB opened for reading,
// or returns nil and no error when the database does not exist yet, lacks
// a tier of pos or has a damaged file: the caller then solves into it.
func answerFromDB(ctx context.Context, pos games.Position, tg games.TierSolvable, opts SolveOptions) (*SolveResult, error) {
	ts, err := tg.TierSolver(opts.Budget, games.TierOptions{DB: opts.DB, ReadOnly: true})
	if errors.Is(err, store.ErrNoDatabase) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer ts.Close()
	if !ts.Complete(pos[0].Components[0]) {
		return nil, nil
	}
	res, err := solveGeneral(ctx, pos, ts)
	if errors.Is(err, store.ErrDamaged) {
		return nil, nil
	}
	return res, err
}

func remotenessPtr(v solve.Value) *int {
	if v.Outcome == game.Draw && v.Remoteness < 0 {
		return nil
	}
	r := v.Remoteness
	return &r
}

func solveGeneral(ctx context.Context, pos games.Position, s games.Solver) (*SolveResult, error) {
	g := pos[0]
	sol, err := s.Solve(ctx, g.Components[0])
	if err != nil {
		return nil, fmt.Errorf("solve %s: %w", pos, err)
	}
	res := &SolveResult{
		Position: pos.String(), Outcome: sol.Value.Outcome, Remoteness: remotenessPtr(sol.Value),
		Score: sol.Score, BestMoves: []string{}, Moves: []SolveMove{}, States: sol.States,
	}
	if c := sol.Counts; c.Win+c.Lose+c.Draw > 0 {
		res.Counts = &SolveCounts{c.Win, c.Lose, c.Draw}
	}
	for _, mv := range sol.Moves {
		after := games.Position{{Game: g.Game, Components: []games.Component{mv.To}}}
		m := SolveMove{Position: after.String(), Outcome: mv.Value.Outcome.Opposite(),
			Remoteness: remotenessPtr(mv.Value), Best: mv.Best, After: after}
		if mv.Score != nil {
			own := -*mv.Score
			m.Score = &own
		}
		res.add(m)
	}
	return res, nil
}

// add lists a move, once per resulting position (moves that lead to the
// same position are one choice for the player).
func (res *SolveResult) add(m SolveMove) {
	if res.seen == nil {
		res.seen = map[string]bool{}
	}
	if res.seen[m.Position] {
		return
	}
	res.seen[m.Position] = true
	if m.Best {
		res.BestMoves = append(res.BestMoves, m.Position)
	}
	if len(res.Moves) == MaxMoves {
		res.Truncated = true
		return
	}
	res.Moves = append(res.Moves, m)
}

// solveSum solves a sum of impartial games as one general game whose
// positions are the whole sums (games.Sum.General): retrograde analysis
// over every sum reachable from pos, under the play convention of opts.
func solveSum(ctx context.Context, pos games.Position, opts SolveOptions) (*SolveResult, error) {
	for _, grp := range pos {
		if _, ok := grp.Game.(games.Valued); !ok {
			return nil, game.Inputf("%s is a %s game that solve cannot handle", grp.Game.Name(), grp.Game.Kind())
		}
	}
	sum := games.NewSum()
	root := sum.Key(pos)
	g := sum.General(opts.Misere)
	s := solve.NewRetro(g, opts.Budget)
	// The solver's tables go with this call: a session that asks again
	// (play's loopy sums, a question per move) does not accumulate them.
	defer s.Free()
	if err := s.Solve(ctx, root); err != nil {
		return nil, fmt.Errorf("solve %s: %w", pos, err)
	}
	v, _ := s.Value(root)
	c := s.Counts()
	res := &SolveResult{
		Position: pos.String(), Outcome: v.Outcome, Remoteness: remotenessPtr(v),
		BestMoves: []string{}, Moves: []SolveMove{}, Misere: opts.Misere, States: s.Positions(),
		Counts: &SolveCounts{c.Win, c.Lose, c.Draw},
	}
	if _, terminal := g.Result(root); terminal {
		return res, nil
	}
	comps := pos.Components()
	games.PositionMoves(pos, func(i int, option []games.Component) bool {
		gi, _ := pos.Locate(i)
		after := pos.Replace(i, option)
		// Retro keyed every position a move of the root reaches.
		k, _ := sum.Move(root, pos[gi].Game, comps[i], option)
		cv, _ := s.Value(k)
		res.add(SolveMove{Position: after.String(), Outcome: cv.Outcome.Opposite(),
			Remoteness: remotenessPtr(cv), Best: games.IsBest(v, cv), After: after})
		return len(res.BestMoves) < MaxMoves || len(res.Moves) < MaxMoves
	})
	return res, nil
}

// Loopy impartial values (docs/reference.md, "JSON keys"): when a
// component's game graph has a cycle, Value reports generalized
// Sprague–Grundy values instead.

// MarshalJSON writes "grundy": "inf" for an infinite value (with its
// "escapes"), a number otherwise.
func (r ValueResult) MarshalJSON() ([]byte, error) {
	type plain ValueResult
	if !r.Infinite {
		return json.Marshal(plain(r))
	}
	return json.Marshal(struct {
		plain
		Grundy  string        `json:"grundy"`
		Escapes []game.Nimber `json:"escapes"`
	}{plain(r), "inf", nonNil(r.Escapes)})
}

// MarshalJSON writes "grundy": "inf" for an infinite value (with its
// "escapes"), a number otherwise.
func (c ComponentValue) MarshalJSON() ([]byte, error) {
	type plain ComponentValue
	if !c.Infinite {
		return json.Marshal(plain(c))
	}
	return json.Marshal(struct {
		plain
		Grundy  string        `json:"grundy"`
		Escapes []game.Nimber `json:"escapes"`
	}{plain(c), "inf", nonNil(c.Escapes)})
}

// nonNil makes an empty slice (an escape set, a quotient's relations)
// marshal as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// valueLoopy answers Value for a position with a loopy component: each
// component's generalized Sprague–Grundy value γ, the sum's γ by Smith's
// rules (solve.SumLoopy), its outcome class (P, N, or D for a draw), and
// the winning moves: those that leave a sum of γ exactly 0.
func valueLoopy(ctx context.Context, pos games.Position, budget *limits.Budget) (*ValueResult, error) {
	res := &ValueResult{Position: pos.String(), WinningMoves: []Move{}}
	valued := make([]games.Valued, len(pos))
	for i, g := range pos {
		valued[i] = g.Game.(games.Valued) // Value checked every group
	}
	// One engine for every component, whatever its game: the Sum keeps
	// the components of different instances apart.
	sum := games.NewSum()
	engine := solve.NewLoopy(sum, budget)
	gamma := func(gi int, comps []games.Component) (solve.LoopyValue, error) {
		total := solve.FiniteValue(0)
		for _, c := range comps {
			x, err := engine.Value(ctx, sum.ID(pos[gi].Game, c))
			if err == nil {
				err = sum.Err() // a script's options cut short
			}
			if err != nil {
				return total, fmt.Errorf("loopy value of %s %s: %w", pos[gi].Game.Name(), c, err)
			}
			total = solve.SumLoopy(total, x)
		}
		return total, nil
	}
	defer func() { res.States = engine.States }()
	comps := pos.Components()
	values := make([]solve.LoopyValue, len(comps))
	total := solve.FiniteValue(0)
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		x, err := gamma(gi, []games.Component{c})
		if err != nil {
			return nil, err
		}
		values[i] = x
		total = solve.SumLoopy(total, x)
		res.Components = append(res.Components, ComponentValue{
			Position: games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(),
			Grundy:   x.Value, Infinite: !x.Finite, Escapes: x.Escapes,
		})
	}
	res.Grundy, res.Infinite, res.Escapes = total.Value, !total.Finite, total.Escapes
	res.Outcome = total.Outcome().Class()
	if total.Outcome() != game.Win {
		return res, nil
	}
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		rest := solve.FiniteValue(0)
		for j, x := range values {
			if j != i {
				rest = solve.SumLoopy(rest, x)
			}
		}
		var options [][]games.Component
		valued[gi].Moves(c, func(option []games.Component) bool {
			options = append(options, append([]games.Component(nil), option...))
			return true
		})
		for _, option := range options {
			x, err := gamma(gi, option)
			if err != nil {
				return nil, err
			}
			if after := solve.SumLoopy(rest, x); !after.Finite || after.Value != 0 {
				continue
			}
			if len(res.WinningMoves) == MaxMoves {
				res.Truncated = true
				return res, nil
			}
			res.WinningMoves = append(res.WinningMoves, Move{
				Component:     i,
				From:          games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(),
				To:            games.Group{Game: pos[gi].Game, Components: option}.String(),
				PositionAfter: pos.Replace(i, option).String(),
			})
		}
	}
	return res, nil
}
