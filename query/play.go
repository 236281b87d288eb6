package query

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// PlayOptions configure a Player.
type PlayOptions struct {
	// Budget bounds the engines of the game (nil: no limit). The Player
	// renews it at each question (Analyze, Choose, Find): the state limit
	// holds for each question, memory for the whole game, whose engines
	// keep what they learnt between moves.
	Budget *limits.Budget
	// Misere plays under the misère convention: the player who cannot move
	// wins. Outcomes then come from the misère oracle (Misere: misère Nim's
	// rule, genus theory, or a search over sums of components).
	Misere bool
	// Files is the file access of typed moves (Find): a move typed as a
	// position naming a rule script or @FILE reads it through Files; nil
	// reads no file (the web).
	Files fs.FS
	// Databases answer the positions of the games they hold, read and
	// not solved (nil: none); Close releases them.
	Databases *Databases
}

// Player answers the questions of playing a game: the moves of a whole
// position (a sum) with each move's result, and the perfect opponent's
// choice. It memoizes across calls, so one Player should serve one game; it
// is not safe for concurrent use. It knows nothing of terminals or pages.
type Player struct {
	opts    PlayOptions
	req     *request                          // the component engines of the game
	solvers map[games.Instance]games.Solver   // the general games' engines
	sum     *games.Sum                        // the components met, as written: the search's and the misère oracle's positions
	values  map[games.ComponentID]game.Nimber // the normal-play values of the sum's components, as found
	mis     *Misere                           // the misère oracle, in misère play
	search  *remotenessSearch                 // the last remoteness search (play_remoteness.go)
	listing limits.Counter                    // the memory of the moves the last Analyze listed
}

// NewPlayer returns a Player with the given options.
func NewPlayer(opts PlayOptions) *Player {
	pl := &Player{opts: opts, req: newRequest(opts.Budget), solvers: map[games.Instance]games.Solver{},
		sum: games.NewWrittenSum(), values: map[games.ComponentID]game.Nimber{}, listing: limits.Counter{Budget: opts.Budget}}
	if opts.Misere {
		pl.mis = newMisere(pl.sum, pl.req)
	}
	return pl
}

// PlayMove is one move of a whole position: component Component (counted
// across groups, as games.Position.Components does) becomes To, leaving
// Position.
type PlayMove struct {
	Number    int    `json:"number"` // 1-based place in the listed moves
	Component int    `json:"component"`
	From      string `json:"from"`
	To        string `json:"to"`
	Position  string `json:"position"` // the whole position after the move
	// Outcome is the move's result for the player who makes it: game.Win
	// when it leaves the opponent a lost position, game.Lose when it leaves
	// a won one, game.Draw otherwise (JSON "win", "lose", "draw").
	Outcome game.Outcome `json:"outcome"`
	// Grundy is the normal-play value of Position (impartial games; absent
	// in misère play and for general games).
	Grundy *game.Nimber `json:"grundy,omitempty"`
	// Remoteness is the remoteness of Position when it has been computed;
	// nil (no JSON key) when not, or when Position is a draw.
	Remoteness *int `json:"remoteness,omitempty"`
	// Best marks, in general games, the solver's best moves: the fastest
	// win, the slowest loss, or a move that keeps a draw.
	Best bool `json:"best,omitempty"`
	// Score is, in scoring games, the final margin (own total minus the
	// opponent's, counted from the position before the move, or from the
	// game's start once a Match has counted it) of the player making the
	// move, under perfect play after it; Gain is what the move itself
	// scores for that player.
	Score *int64 `json:"score,omitempty"`
	Gain  *int64 `json:"gain,omitempty"`

	after games.Position // the position after the move, when kept (general games)
	made  madeMove       // the move in the Player's Sum (impartial moves)
}

// madeMove is an impartial move as the Player's Sum sees it: component
// from, of a group of game, replaced by option in the position pos, keyed
// root.
type madeMove struct {
	pos    games.Position
	root   games.SumKey
	game   games.Instance
	from   games.Component
	option []games.Component
}

// Analysis is a position in play: who wins it and its moves.
type Analysis struct {
	Position string `json:"position"`
	// Outcome is the result for the player to move (JSON "win", "lose",
	// "draw").
	Outcome game.Outcome `json:"outcome"`
	Grundy  *game.Nimber `json:"grundy,omitempty"` // normal-play value (impartial games)
	Misere  bool         `json:"misere,omitempty"`
	// Remoteness (general games) is the number of moves to the end under
	// perfect play (nil for a draw); Score (scoring games) the final margin
	// of the player to move: the points still to come, or, once a Match
	// has counted them (Match.Count), the points of the whole game, the
	// Standing (the mover's points so far less the opponent's) included,
	// with Outcome and each move's Outcome and Score counted the same way.
	Remoteness *int   `json:"remoteness,omitempty"`
	Score      *int64 `json:"score,omitempty"`
	Standing   int64  `json:"standing,omitempty"`
	counted    bool
	// Moves are the moves in the game's own order, at most MaxMoves of them;
	// Truncated says when there are more (they can still be typed).
	Moves     []PlayMove `json:"moves"`
	Truncated bool       `json:"truncated,omitempty"`
}

// Over reports whether the position has no moves: the game has ended.
func (a *Analysis) Over() bool { return len(a.Moves) == 0 }

// Winner returns, for a finished game, whether the player who would move
// next won. Under normal play the player who cannot move loses; under
// misère play that player wins; a general game's rules say (Drawn tells a
// draw).
func (a *Analysis) Winner() bool { return a.Outcome == game.Win }

// Drawn reports whether a finished game ended in a draw.
func (a *Analysis) Drawn() bool { return a.Outcome == game.Draw }

// Analyze values pos and lists its moves (at most MaxMoves) with their
// outcomes and, for impartial normal play, their Grundy values.
func (pl *Player) Analyze(ctx context.Context, pos games.Position) (*Analysis, error) {
	pl.opts.Budget.Renew()
	if solver, err := pl.viaSolver(ctx, pos); solver || err != nil {
		if err != nil {
			return nil, err
		}
		return pl.analyzeGeneral(ctx, pos)
	}
	if _, err := pl.valued(pos); err != nil {
		return nil, err
	}
	a := &Analysis{Position: pos.String(), Misere: pl.opts.Misere, Moves: []PlayMove{}}
	outcome, total, err := pl.outcome(ctx, pos)
	if err != nil {
		return nil, err
	}
	a.Outcome = outcome
	if !pl.opts.Misere {
		a.Grundy = &total
	}
	// Every move has the remoteness of the position it leaves when the
	// search of every move fits its size, none (nil) otherwise.
	search, err := pl.remoteness(ctx, pl.sum.Key(pos), true)
	if err != nil {
		return nil, err
	}
	// The listing holds a copy of the position per move: it counts with
	// the budget (as the largest listing of the game, since the caller
	// drops the last one when it asks for the next).
	var held int64
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		if len(a.Moves) == MaxMoves {
			a.Truncated = true
			return false
		}
		if err = pl.rate(ctx, &m, total, search); err != nil {
			return false
		}
		m.Number = len(a.Moves) + 1
		m.keep()
		written(&m)
		if held += m.footprint(); held > pl.listing.Held() {
			if err = pl.listing.Hold(held); err != nil {
				err = fmt.Errorf("listing the moves (%d so far): %w", len(a.Moves)+1, err)
				return false
			}
		}
		a.Moves = append(a.Moves, m)
		return true
	})
	if err = cmp.Or(err, movesErr); err != nil {
		return nil, err
	}
	return a, nil
}

// Choose returns the perfect opponent's move from pos: a winning move when
// one exists (the fastest win when the remoteness search fits its size),
// otherwise the move that delays defeat longest (largest remoteness; when
// the search does not fit, the game's first move, which for the heap games
// takes the fewest tokens). Among equally good moves it takes the first in
// the game's order. It returns nil when pos has no move.
func (pl *Player) Choose(ctx context.Context, pos games.Position) (*PlayMove, error) {
	pl.opts.Budget.Renew()
	if solver, err := pl.viaSolver(ctx, pos); solver || err != nil {
		if err != nil {
			return nil, err
		}
		return pl.chooseGeneral(ctx, pos)
	}
	if _, err := pl.valued(pos); err != nil {
		return nil, err
	}
	outcome, total, err := pl.outcome(ctx, pos)
	if err != nil {
		return nil, err
	}
	want := game.Win // the outcome of the move for its maker
	if outcome != game.Win {
		want = game.Lose
	}
	search, err := pl.remoteness(ctx, pl.sum.Key(pos), false)
	if err != nil {
		return nil, err
	}
	var best *PlayMove
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		if err = pl.rate(ctx, &m, total, search); err != nil {
			return false
		}
		if m.Outcome != want {
			return true
		}
		switch {
		case best == nil:
			m.keep()
			best = &m
		case m.Remoteness != nil && (best.Remoteness == nil ||
			want == game.Win && *m.Remoteness < *best.Remoteness ||
			want == game.Lose && *m.Remoteness > *best.Remoteness):
			m.keep()
			best = &m
		}
		// Without the remoteness the first candidate is the choice.
		return search != nil
	})
	if err = cmp.Or(err, movesErr); err != nil {
		return nil, err
	}
	return written(best), nil
}

// Find resolves a human's move typed as text: the number of a listed move,
// or the whole position the move leads to in CLI syntax. Positions that
// differ only in the order of components are the same move. Errors wrap
// game.ErrInput.
func (pl *Player) Find(ctx context.Context, pos games.Position, listed []PlayMove, text string) (*PlayMove, error) {
	pl.opts.Budget.Renew()
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, game.Inputf("empty move: type a move's number or the position it leads to")
	}
	if n, err := strconv.Atoi(text); err == nil {
		if n < 1 || n > len(listed) {
			return nil, game.Inputf("no move numbered %d (the moves are 1 to %d)", n, len(listed))
		}
		m := listed[n-1]
		return &m, nil
	}
	words := strings.Fields(text)
	if name, _, _ := strings.Cut(words[0], ":"); !strings.HasSuffix(words[0], ".star") {
		if _, known := lookup(name); !known {
			// Not a position at all ("foo"): a move error, not the
			// catalog's unknown game.
			return nil, game.Inputf("%q is neither a move's number nor a position (type 1 to %d, or the position a move leads to, as in %q)",
				text, len(listed), moveExample(pos, listed))
		}
	}
	target, err := ParseWithin(words, pl.opts.Files, pl.opts.Budget)
	if err != nil {
		return nil, err
	}
	key := writtenKey(target)
	var found *PlayMove
	if solver, err := pl.viaSolver(ctx, pos); solver || err != nil {
		if err != nil {
			return nil, err
		}
		a, err := pl.analyzeGeneral(ctx, pos)
		if err != nil {
			return nil, err
		}
		for _, m := range a.Moves {
			if writtenKey(m.after) == key {
				found = &m
				break
			}
		}
		if found == nil {
			return nil, game.Inputf("%s is not one move from %s", target, pos)
		}
		return found, nil
	}
	if _, err := pl.valued(pos); err != nil {
		return nil, err
	}
	_, total, err := pl.outcome(ctx, pos)
	if err != nil {
		return nil, err
	}
	// The remoteness of the move is the last search's, when it was of pos
	// (the listing the move was typed from); Find searches nothing.
	var search *remotenessSearch
	if s := pl.search; s != nil && s.retro != nil && s.root == pl.sum.Key(pos) {
		search = s
	}
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		if writtenKey(m.After()) != key {
			return true
		}
		if err = pl.rate(ctx, &m, total, search); err != nil {
			return false
		}
		found = written(&m)
		return false
	})
	if err = cmp.Or(err, movesErr); err != nil {
		return nil, err
	}
	if found == nil {
		return nil, game.Inputf("%s is not one move from %s", target, pos)
	}
	for _, l := range listed {
		if l.Position == found.Position {
			found.Number = l.Number
		}
	}
	return found, nil
}

// moveExample is a position to show as a typed move: the first listed
// move's, or pos itself when none is listed.
func moveExample(pos games.Position, listed []PlayMove) string {
	if len(listed) > 0 {
		return listed[0].Position
	}
	return pos.String()
}

// general returns the solver of pos when pos is a general game (partizan,
// scoring, loopy: one whole position of one game), nil for impartial sums,
// and an input error for a general game inside a sum or in misère play.
func (pl *Player) general(pos games.Position) (games.Solvable, error) {
	for _, g := range pos {
		if _, ok := g.Game.(games.Valued); ok {
			continue
		}
		s, ok := g.Game.(games.Solvable)
		if !ok {
			return nil, game.Inputf("%s is a %s game that play and graph cannot handle", g.Game.Name(), g.Game.Kind())
		}
		if len(pos) != 1 || len(g.Components) != 1 {
			return nil, game.Inputf("%s is a %s game: play and graph take it alone, not in a sum", g.Game.Name(), g.Game.Kind())
		}
		if pl.opts.Misere {
			return nil, game.Inputf("misère play applies to impartial games, and %s is a %s game", g.Game.Name(), g.Game.Kind())
		}
		return s, nil
	}
	return nil, nil
}

// viaSolver reports whether pos is answered by the general solver: a
// general game, or an impartial sum whose game graph has a cycle (a loopy
// game such as graph:FILE, which has no finite Grundy values).
func (pl *Player) viaSolver(ctx context.Context, pos games.Position) (bool, error) {
	if g, err := pl.general(pos); g != nil || err != nil {
		return g != nil, err
	}
	if _, err := pl.valued(pos); err != nil {
		return false, err
	}
	if _, err := pl.grundy(ctx, pos); err != nil {
		if errors.Is(err, solve.ErrCycle) {
			return true, nil
		}
		return false, err
	}
	return false, nil
}

// analyzeGeneral solves pos with SolveWith (the general solver behind
// 'grundy solve': retrograde analysis, cycles allowed) and lists every move
// with its value.
func (pl *Player) analyzeGeneral(ctx context.Context, pos games.Position) (*Analysis, error) {
	res, err := pl.solveWhole(ctx, pos)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Position: pos.String(), Outcome: res.Outcome, Remoteness: res.Remoteness, Score: res.Score,
		Misere: pl.opts.Misere, Moves: []PlayMove{}, Truncated: res.Truncated}
	for i, mv := range res.Moves {
		m := PlayMove{
			Number: i + 1, From: pos.String(), To: mv.Position, Position: mv.Position,
			Outcome: mv.Outcome, Remoteness: mv.Remoteness, Best: mv.Best, Score: mv.Score, after: mv.After,
		}
		if mv.Score != nil {
			// Margins count from the position they are reached at, so the
			// move's own points are the opponent's margin from the
			// position after it less their margin counted from before it:
			// S(after) + Score.
			after, err := pl.solveWhole(ctx, mv.After)
			if err != nil {
				return nil, err
			}
			if after.Score != nil {
				gain := *after.Score + *mv.Score
				m.Gain = &gain
			}
		}
		a.Moves = append(a.Moves, m)
	}
	return a, nil
}

// solveWhole solves pos with the general solver, keeping a general game's
// engine for the whole game (its solved positions answer later moves).
func (pl *Player) solveWhole(ctx context.Context, pos games.Position) (*SolveResult, error) {
	s, err := pl.general(pos)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return SolveWith(ctx, pos, SolveOptions{Budget: pl.opts.Budget, Misere: pl.opts.Misere})
	}
	solver, ok := pl.solvers[pos[0].Game]
	if !ok {
		solver = s.Solver(pl.opts.Budget)
		if dir := pl.opts.Databases.dir(pos[0].Game.Name()); dir != "" {
			tg, tiers := s.(games.TierSolvable)
			gs, graph := s.(games.GraphStorable)
			switch {
			case tiers && tg.Tiered():
				ts, err := tg.TierSolver(pl.opts.Budget, games.TierOptions{DB: dir, ReadOnly: true})
				if err != nil {
					return nil, err
				}
				solver = ts
			case graph:
				ts, err := gs.GraphSolver(pl.opts.Budget, games.GraphOptions{DB: dir, ReadOnly: true})
				if err != nil {
					return nil, err
				}
				solver = ts
			}
		}
		pl.solvers[pos[0].Game] = solver
	}
	return solveGeneral(ctx, pos, solver)
}

// Close releases the databases the Player read, and gives back to the
// budget the memory of its last remoteness search and listing.
func (pl *Player) Close() error {
	if s := pl.search; s != nil && s.retro != nil {
		s.retro.Free()
	}
	pl.search = nil
	pl.listing.Free()
	var errs []error
	for inst, s := range pl.solvers {
		if c, ok := s.(interface{ Close() error }); ok {
			errs = append(errs, c.Close())
		}
		delete(pl.solvers, inst)
	}
	return errors.Join(errs...)
}

// chooseGeneral picks the best move of a general game: in a scoring game
// the largest final margin, otherwise (and among equal margins) the
// solver's best move (fastest win, slowest loss, a kept draw), the first in
// the game's order.
func (pl *Player) chooseGeneral(ctx context.Context, pos games.Position) (*PlayMove, error) {
	a, err := pl.analyzeGeneral(ctx, pos)
	if err != nil {
		return nil, err
	}
	var best *PlayMove
	better := func(m, b *PlayMove) bool {
		if m.Score != nil && b.Score != nil && *m.Score != *b.Score {
			return *m.Score > *b.Score
		}
		if m.Best != b.Best {
			return m.Best
		}
		return m.Outcome > b.Outcome // Lose < Draw < Win
	}
	for i := range a.Moves {
		if best == nil || better(&a.Moves[i], best) {
			best = &a.Moves[i]
		}
	}
	return best, nil
}

// valued returns the game's engine of each group, or an input error naming
// a game that has no Grundy values.
func (pl *Player) valued(pos games.Position) ([]games.Evaluator, error) {
	return pl.req.evaluators(pos)
}

// grundy returns the normal-play value of the whole position: the nim-sum of
// its components' values (Sprague–Grundy theorem).
func (pl *Player) grundy(ctx context.Context, pos games.Position) (game.Nimber, error) {
	var total game.Nimber
	for _, g := range pos {
		v, err := pl.req.evaluator(g.Game)
		if err != nil {
			return 0, err
		}
		for _, c := range g.Components {
			x, err := v.Grundy(ctx, c)
			if err != nil {
				return 0, fmt.Errorf("value of %s %s: %w", g.Game.Name(), c, err)
			}
			total ^= x
		}
	}
	return total, nil
}

// outcome returns pos's outcome for the player to move and, under normal
// play, its value. Normal play needs only the value (the mover loses iff it
// is 0, Sprague–Grundy); misère play asks the misère oracle.
func (pl *Player) outcome(ctx context.Context, pos games.Position) (game.Outcome, game.Nimber, error) {
	if !pl.opts.Misere {
		v, err := pl.grundy(ctx, pos)
		return game.OutcomeOf(v), v, err
	}
	o, _, err := pl.mis.Outcome(ctx, pos)
	return o, 0, err
}

// outcomeOf is outcome for the whole position whose components are ids,
// which the Player's Sum knows with their games.
func (pl *Player) outcomeOf(ctx context.Context, ids []games.ComponentID) (game.Outcome, game.Nimber, error) {
	if pl.opts.Misere {
		o, _, err := pl.mis.outcome(ctx, ids)
		if err != nil {
			return game.Unknown, 0, pl.mis.wrap(pl.sum.Position(games.KeyOf(ids)), err)
		}
		return o, 0, nil
	}
	var total game.Nimber
	for _, id := range ids {
		v, err := pl.value(ctx, id)
		if err != nil {
			return game.Unknown, 0, err
		}
		total ^= v
	}
	return game.OutcomeOf(total), total, nil
}

// value returns the normal-play value of the component id of the Player's
// Sum, from its game's engine the first time.
func (pl *Player) value(ctx context.Context, id games.ComponentID) (game.Nimber, error) {
	if v, ok := pl.values[id]; ok {
		return v, nil
	}
	g, c := pl.sum.Game(id), pl.sum.Component(id)
	e, err := pl.req.evaluator(g)
	if err != nil {
		return 0, err
	}
	v, err := e.Grundy(ctx, c)
	if err != nil {
		return 0, fmt.Errorf("value of %s %s: %w", g.Name(), c, err)
	}
	pl.values[id] = v
	return v, nil
}

// rate fills in a move's outcome for its maker, its value and, when the
// remoteness search has found it, its remoteness. Under normal play the
// value after the move is total, the value of the position before, with
// the value of the moved component replaced by its option's
// (Sprague–Grundy): no need to go over the whole sum again.
func (pl *Player) rate(ctx context.Context, m *PlayMove, total game.Nimber, search *remotenessSearch) error {
	var after games.SumKey
	if pl.opts.Misere || search != nil {
		from := pl.sum.ID(m.made.game, m.made.from)
		after = pl.replaced(m.made.root, from, m.made.game, m.made.option)
	}
	if pl.opts.Misere {
		o, _, err := pl.mis.outcome(ctx, after.IDs())
		if err != nil {
			return pl.mis.wrap(m.After(), err)
		}
		m.Outcome = o.Opposite()
	} else {
		e, err := pl.req.evaluator(m.made.game)
		if err != nil {
			return err
		}
		v, err := e.Grundy(ctx, m.made.from)
		if err != nil {
			return fmt.Errorf("value of %s %s: %w", m.made.game.Name(), m.made.from, err)
		}
		if v, err = pl.optionValue(ctx, m.made.game, total^v, m.made.option); err != nil {
			return err
		}
		m.Outcome = game.OutcomeOf(v).Opposite()
		m.Grundy = &v
	}
	m.Remoteness = search.value(after)
	return nil
}

// moves calls yield with each move of pos, in the games' own order
// (games.PositionMoves): component by component, each component's options
// as its game lists them.
//
// Position, the text of the whole position after the move, is left for
// written to fill in on the moves kept (a position of 10^5 heaps is long,
// and a choice may pass over millions of moves), and the position itself
// is made only when After asks; the move's option is valid only during
// the call, until keep copies it. The context is polled at every move; its
// error is returned.
func (pl *Player) moves(ctx context.Context, pos games.Position, yield func(PlayMove) bool) error {
	comps := pos.Components()
	root := pl.sum.Key(pos)
	var from string
	last := -1
	var err error
	games.PositionMoves(pos, func(i int, option []games.Component) bool {
		// Each move counts as a state, so --max-states bounds a question
		// over a huge move list (Choose may scan 10^9 moves of one nim
		// heap), and the context is polled at every move: in a sum of 10^5
		// components a move is a position of 10^5 components, and what the
		// caller does with it (writing it, rating it) takes milliseconds.
		if err = pl.opts.Budget.Step(ctx); err == nil {
			err = limits.Poll(ctx)
		}
		if err != nil {
			return false
		}
		gi, _ := pos.Locate(i)
		g := pos[gi].Game
		if i != last {
			from, last = games.Group{Game: g, Components: []games.Component{comps[i]}}.String(), i
		}
		return yield(PlayMove{
			Component: i,
			From:      from,
			To:        games.Group{Game: g, Components: option}.String(),
			made:      madeMove{pos: pos, root: root, game: g, from: comps[i], option: option},
		})
	})
	return err
}

// written fills in the text of the position after m.
func written(m *PlayMove) *PlayMove {
	if m != nil && m.Position == "" {
		m.Position = m.After().String()
	}
	return m
}

// After returns the position after the move. A listing keeps, for an
// impartial move, only the component it changes and what replaces it (a
// copy of a sum of 10^5 heaps per listed move would take gigabytes), so
// After makes the position anew at each call: keep what it returns.
func (m *PlayMove) After() games.Position {
	if m.after != nil || m.made.pos == nil {
		return m.after
	}
	return m.made.pos.Replace(m.Component, m.made.option)
}

// keep copies the option of an impartial move yielded by moves, so that
// the move outlives the call.
func (m *PlayMove) keep() {
	m.made.option = slices.Clone(m.made.option)
}

// footprint estimates the bytes a listed impartial move holds: its texts,
// its option and the move itself (the position before is the listing's).
func (m *PlayMove) footprint() int64 {
	return int64(len(m.Position)+len(m.From)+len(m.To)) + 16*int64(len(m.made.option)) + 256
}

// writtenKey identifies a position as it is written, up to the order of
// its components and of its groups (a sum is commutative): graph nodes and
// typed moves are matched by it. Unlike the search's keys (games.SumKey)
// it compares positions parsed apart, whose instances differ.
func writtenKey(pos games.Position) string {
	groups := make([]string, len(pos))
	for i, g := range pos {
		args := slices.Clone(g.Game.Format(g.Components))
		slices.Sort(args)
		groups[i] = g.Game.Name() + " " + strings.Join(args, " ")
	}
	slices.Sort(groups)
	return strings.Join(groups, " + ")
}
