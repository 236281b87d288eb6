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

// DefaultSearchBudget is how much work (whole positions expanded plus
// moves listed) a Player may spend in its search for remoteness (and, for
// misère play, outcomes) before it falls back to a simpler choice. Grundy
// values of components do not count against it.
const DefaultSearchBudget = 1 << 20

// ErrSearchBudget is matched by the error a Player returns when a question
// that needs a search over whole positions exceeds its budget.
var ErrSearchBudget = errors.New("search budget exceeded")

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
	// SearchBudget bounds the whole-position search of each call of
	// Analyze, Choose or Find (0: DefaultSearchBudget).
	SearchBudget int64
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
	memo    map[games.SumKey]solved           // whole positions searched
	spent   int64                             // work of the whole-position search so far
	mis     *Misere                           // the misère oracle, in misère play
}

// solved is the search result of a whole position: the outcome for the
// player to move and the remoteness (Smith): the number of moves to the end
// when the winner hurries and the loser delays.
type solved struct {
	outcome    game.Outcome
	remoteness int
}

// inSearch marks a memo entry whose options are being searched.
var inSearch = solved{outcome: game.Unknown, remoteness: -2}

// NewPlayer returns a Player with the given options.
func NewPlayer(opts PlayOptions) *Player {
	if opts.SearchBudget <= 0 {
		opts.SearchBudget = DefaultSearchBudget
	}
	pl := &Player{opts: opts, req: newRequest(opts.Budget), solvers: map[games.Instance]games.Solver{},
		sum: games.NewWrittenSum(), values: map[games.ComponentID]game.Nimber{}, memo: map[games.SumKey]solved{}}
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

	After games.Position `json:"-"` // the position after the move
	made  madeMove       // the move in the Player's Sum (impartial moves)
}

// madeMove is an impartial move as the Player's Sum sees it: component
// from, of a group of game, replaced by option in the position keyed root.
type madeMove struct {
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
	pl.spent = 0 // the search budget is per question
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
	// The search gives every move the remoteness of the position it leaves
	// while the question's search budget lasts (a won position's own
	// search looks only at its lost options, so each move's position is
	// searched); past the budget the moves have none (nil).
	searching := true
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		if len(a.Moves) == MaxMoves {
			a.Truncated = true
			return false
		}
		if searching {
			if _, err = pl.solve(ctx, m.After); errors.Is(err, ErrSearchBudget) {
				searching, err = false, nil
			} else if err != nil {
				return false
			}
		}
		if err = pl.rate(ctx, &m); err != nil {
			return false
		}
		m.Number = len(a.Moves) + 1
		a.Moves = append(a.Moves, *written(&m))
		return true
	})
	if err = cmp.Or(err, movesErr); err != nil {
		return nil, err
	}
	return a, nil
}

// Choose returns the perfect opponent's move from pos: a winning move when
// one exists (the fastest win when the search budget allows finding it),
// otherwise the move that delays defeat longest (largest remoteness; when
// the budget does not allow the search, the game's first move, which for the
// heap games takes the fewest tokens). It returns nil when pos has no move.
func (pl *Player) Choose(ctx context.Context, pos games.Position) (*PlayMove, error) {
	pl.spent = 0 // the search budget is per question
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
	outcome, _, err := pl.outcome(ctx, pos)
	if err != nil {
		return nil, err
	}
	want := game.Lose // the outcome to leave the opponent
	if outcome != game.Win {
		want = game.Win
	}
	_, searchErr := pl.solve(ctx, pos)
	if searchErr != nil && !errors.Is(searchErr, ErrSearchBudget) {
		return nil, searchErr
	}
	var best *PlayMove
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		o, _, e := pl.outcome(ctx, m.After)
		if e != nil {
			err = e
			return false
		}
		if o != want {
			return true
		}
		if err = pl.rate(ctx, &m); err != nil {
			return false
		}
		switch {
		case best == nil:
			best = &m
		case m.Remoteness != nil && (best.Remoteness == nil ||
			want == game.Lose && *m.Remoteness < *best.Remoteness ||
			want == game.Win && *m.Remoteness > *best.Remoteness):
			best = &m
		}
		// Without a search result the first candidate is the choice.
		return searchErr == nil
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
	pl.spent = 0 // the search budget is per question
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
		if _, known := games.Lookup(name); !known {
			// Not a position at all ("foo"): a move error, not the
			// catalog's unknown game.
			return nil, game.Inputf("%q is neither a move's number nor a position (type 1 to %d, or the position a move leads to, as in %q)",
				text, len(listed), moveExample(pos, listed))
		}
	}
	target, err := games.ParseFS(words, pl.opts.Files)
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
			if writtenKey(m.After) == key {
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
	movesErr := pl.moves(ctx, pos, func(m PlayMove) bool {
		if writtenKey(m.After) != key {
			return true
		}
		if err = pl.rate(ctx, &m); err != nil {
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
			return nil, game.Inputf("%s is a %s game that play and graph cannot handle", g.Game.Name(), g.Game.Spec().Kind)
		}
		if len(pos) != 1 || len(g.Components) != 1 {
			return nil, game.Inputf("%s is a %s game: play and graph take it alone, not in a sum", g.Game.Name(), g.Game.Spec().Kind)
		}
		if pl.opts.Misere {
			return nil, game.Inputf("--misere applies to impartial games, and %s is a %s game", g.Game.Name(), g.Game.Spec().Kind)
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
			Outcome: mv.Outcome, Remoteness: mv.Remoteness, Best: mv.Best, Score: mv.Score, After: mv.After,
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
			if tg, ok := s.(games.TierSolvable); ok {
				ts, err := tg.TierSolver(pl.opts.Budget, games.TierOptions{DB: dir, ReadOnly: true})
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

// Close releases the databases the Player read.
func (pl *Player) Close() error {
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

// outcomeOf is outcome for the whole position of the search whose key is
// k, whose components the Player's Sum knows with their games.
func (pl *Player) outcomeOf(ctx context.Context, k games.SumKey) (game.Outcome, game.Nimber, error) {
	ids := k.IDs()
	if pl.opts.Misere {
		o, _, err := pl.mis.outcome(ctx, ids)
		if err != nil {
			return game.Unknown, 0, pl.mis.wrap(pl.sum.Position(k), err)
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

// moveOutcome is the outcome for the player to move of the position after
// m, a move of a position of value total. Under normal play the value
// after is total with the value of m's component replaced by its option's
// (Sprague–Grundy): no need to go over the whole sum again, nor to keep
// the option (the engine of its game values it).
func (pl *Player) moveOutcome(ctx context.Context, total game.Nimber, m games.SumMove) (game.Outcome, error) {
	if pl.opts.Misere {
		o, _, err := pl.outcomeOf(ctx, m.Key())
		return o, err
	}
	after, err := pl.value(ctx, m.ID)
	if err != nil {
		return game.Unknown, err
	}
	after ^= total
	g := m.Game()
	e, err := pl.req.evaluator(g)
	if err != nil {
		return game.Unknown, err
	}
	for _, c := range m.Option {
		v, err := e.Grundy(ctx, c)
		if err != nil {
			return game.Unknown, fmt.Errorf("value of %s %s: %w", g.Name(), c, err)
		}
		after ^= v
	}
	return game.OutcomeOf(after), nil
}

// rate fills in a move's outcome for its maker, its value and, when the
// search has found it, its remoteness.
func (pl *Player) rate(ctx context.Context, m *PlayMove) error {
	o, v, err := pl.outcome(ctx, m.After)
	if err != nil {
		return err
	}
	m.Outcome = o.Opposite()
	if !pl.opts.Misere {
		m.Grundy = &v
	}
	m.Remoteness = nil
	// A position with a component the Sum has not met was never searched.
	if key, ok := pl.sum.Move(m.made.root, m.made.game, m.made.from, m.made.option); ok {
		if s, ok := pl.memo[key]; ok && s != inSearch && s.remoteness >= 0 {
			r := s.remoteness
			m.Remoteness = &r
		}
	}
	return nil
}

// moves calls yield with each move of pos, in the games' own order
// (games.PositionMoves): component by component, each component's options
// as its game lists them.
//
// Position, the text of the whole position after the move, is left for
// written to fill in on the moves kept (a position of 10^5 heaps is long,
// and a choice may pass over millions of moves). The context is polled
// every 64 moves; its error is returned.
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
			After:     pos.Replace(i, option),
			made:      madeMove{root: root, game: g, from: comps[i], option: option},
		})
	})
	return err
}

// written fills in the text of the position after m.
func written(m *PlayMove) *PlayMove {
	if m != nil && m.Position == "" {
		m.Position = m.After.String()
	}
	return m
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

// frame is one whole position on the explicit stack of solve.
type frame struct {
	key      games.SumKey
	children []games.SumKey // the options that decide the result
	next     int            // children[:next] are folded in
	known    game.Outcome   // the outcome, from the values or the misère oracle
	terminal bool           // the position has no moves
	hasLose  bool           // some folded child is lost for its mover
	minLose  int            // least remoteness of a lost child
	maxAll   int            // largest remoteness of any child
}

// solve returns the outcome and remoteness of pos by memoized depth-first
// search over whole positions (the keys and moves of the Player's Sum),
// with an explicit stack. Remoteness (Smith, 1966): 0 at the end; a won
// position is 1 + the least remoteness of its lost options; a lost one is
// 1 + the largest of all its options. The values (in misère play, the
// misère oracle) already decide each outcome, so a won position only
// searches its lost options. It fails with ErrSearchBudget after spending
// the budget.
func (pl *Player) solve(ctx context.Context, root games.Position) (solved, error) {
	rootKey := pl.sum.Key(root)
	if s, ok := pl.memo[rootKey]; ok && s != inSearch {
		return s, nil
	}
	overBudget := func() error {
		return fmt.Errorf("%w: more than %d positions and moves", ErrSearchBudget, pl.opts.SearchBudget)
	}
	var stack []*frame
	push := func(key games.SumKey) error {
		if pl.spent >= pl.opts.SearchBudget {
			return overBudget()
		}
		pl.spent++
		if err := pl.opts.Budget.Step(ctx); err != nil {
			return err
		}
		known, total, err := pl.outcomeOf(ctx, key)
		if err != nil {
			return err
		}
		f := &frame{key: key, known: known, minLose: -1, maxAll: -1, terminal: true}
		pl.sum.Moves(key, func(m games.SumMove) bool {
			f.terminal = false
			// Every option costs work, so huge fans stop at the budget too.
			if pl.spent++; pl.spent > pl.opts.SearchBudget {
				err = overBudget()
				return false
			}
			if pl.spent%256 == 0 {
				if err = limits.Poll(ctx); err != nil {
					return false
				}
			}
			if f.known == game.Win {
				// Only the lost options (value 0 in normal play) matter
				// to a won position.
				var o game.Outcome
				if o, err = pl.moveOutcome(ctx, total, m); err != nil {
					return false
				}
				if o != game.Lose {
					return true
				}
			}
			f.children = append(f.children, m.Key())
			return true
		})
		if err != nil {
			return err
		}
		pl.memo[key] = inSearch
		stack = append(stack, f)
		return nil
	}
	fail := func(err error) (solved, error) {
		for _, f := range stack {
			delete(pl.memo, f.key)
		}
		return solved{}, err
	}
	if err := push(rootKey); err != nil {
		return fail(err)
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		descended := false
		for f.next < len(f.children) {
			child := f.children[f.next]
			s, ok := pl.memo[child]
			if !ok {
				if err := push(child); err != nil {
					return fail(err)
				}
				descended = true
				break
			}
			if s == inSearch {
				return fail(fmt.Errorf("%s is reachable from itself: %w", pl.sum.Position(child), solve.ErrCycle))
			}
			if s.outcome == game.Lose {
				if !f.hasLose || s.remoteness < f.minLose {
					f.minLose = s.remoteness
				}
				f.hasLose = true
			}
			f.maxAll = max(f.maxAll, s.remoteness)
			f.next++
		}
		if descended {
			continue
		}
		var s solved
		switch {
		case f.terminal:
			// No moves: the end. Normal play: the mover loses; misère: wins.
			s = solved{outcome: game.Lose}
			if pl.opts.Misere {
				s.outcome = game.Win
			}
		case f.hasLose:
			s = solved{outcome: game.Win, remoteness: 1 + f.minLose}
		default:
			s = solved{outcome: game.Lose, remoteness: 1 + f.maxAll}
		}
		pl.memo[f.key] = s
		stack = stack[:len(stack)-1]
	}
	return pl.memo[rootKey], nil
}
