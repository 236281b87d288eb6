package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// PlayRequest is the JSON body of POST /api/play: a game in progress, told
// by its start and the positions each move left. The server keeps no game:
// every request replays the record under the end-of-game rules of `grundy
// play` (query.Match), so undo and redo are the page dropping or restoring
// the last positions.
type PlayRequest struct {
	Position string   `json:"position"` // the start, in CLI syntax
	Played   []string `json:"played"`   // the positions left by the moves so far
	Misere   bool     `json:"misere"`
	// Script, when not empty, is a rule script's source (docs/scripts.md):
	// the positions are then its game's, written as its ARGs (a leading
	// GAME token ending in .star is dropped).
	Script string `json:"script"`
	// Computer asks for the perfect opponent's move at the end of the
	// record, made and recorded in the answer.
	Computer bool `json:"computer"`
}

// PlayState is the answer of POST /api/play: the game so far, the current
// position drawn (each component's query.View) and its moves, each with
// what it changes (query.MoveView) and its value for the player making it.
type PlayState struct {
	Start  string   `json:"start"`
	Played []string `json:"played"` // the record, with the computer's move when asked
	// History has one point per position of the game, the start first and
	// the current position last: the value history of the page.
	History  []HistoryPoint `json:"history"`
	Position string         `json:"position"`
	Mover    int            `json:"mover"` // 0: the player who moved first, 1: the other
	Groups   []GroupView    `json:"groups"`
	// Outcome, Grundy, Remoteness and Score value the current position for
	// its mover (query.Analysis counted by the match: in a scoring game the
	// outcome and final margin, the moves' too, count the points taken).
	Outcome    game.Outcome `json:"outcome"`
	Grundy     *game.Nimber `json:"grundy,omitempty"`
	Remoteness *int         `json:"remoteness,omitempty"`
	Score      *int64       `json:"score,omitempty"`
	Moves      []PlayOption `json:"moves"`
	Truncated  bool         `json:"truncated,omitempty"`
	// Totals are the points of players 0 and 1 in a scoring game.
	Totals  [2]int64      `json:"totals"`
	Scoring bool          `json:"scoring,omitempty"`
	Ending  *query.Ending `json:"ending"` // nil while the game goes on
	Choice  *PlayOption   `json:"choice,omitempty"`
}

// HistoryPoint is one position of a game: its value for the player to move
// there (Grundy value in impartial normal play, remoteness in general
// games; a draw has none) and the move made from it.
type HistoryPoint struct {
	Position string `json:"position"`
	Mover    int    `json:"mover"`
	// Outcome is the result for the mover under perfect play from here:
	// the position's outcome, and in a scoring game the sign of Margin.
	Outcome    game.Outcome `json:"outcome"`
	Grundy     *game.Nimber `json:"grundy,omitempty"`
	Remoteness *int         `json:"remoteness,omitempty"`
	// Score (scoring games) is the mover's final margin from here on;
	// Margin adds the points both players made before.
	Score  *int64 `json:"score,omitempty"`
	Margin *int64 `json:"margin,omitempty"`
	Move   string `json:"move,omitempty"` // the label of the move made from here
}

// GroupView is one group of the current position: its GAME token and the
// views of its components, numbered across groups as moves number them.
type GroupView struct {
	Game       string       `json:"game"`
	Components []query.View `json:"components"`
}

// PlayOption is a move of the current position: query.PlayMove (its
// outcome for its maker, value, remoteness, the position it leaves) and
// what it changes.
type PlayOption struct {
	query.PlayMove
	View query.MoveView `json:"view"`
}

// maxPlayed bounds the record a play request replays.
const maxPlayed = 5000

func (s *Server) play(r *request) (any, error) {
	var req PlayRequest
	if err := decodeBody(r, &req, `a game {"position": ..., "played": [...]}`); err != nil {
		return nil, err
	}
	if len(req.Played) > maxPlayed {
		return nil, s.overLimit("a record of %d moves is longer than %s limit of %d", len(req.Played), s.words().limits, maxPlayed)
	}
	ctx := r.Context()
	parse := func(text string) (query.Position, error) {
		words, err := s.positionWords(text)
		if err != nil {
			return nil, err
		}
		return query.Parse(words, nil)
	}
	if strings.TrimSpace(req.Script) != "" {
		inst, err := query.LoadScript(scriptName, []byte(req.Script), io.Discard)
		if err != nil {
			return nil, err
		}
		ctx = query.WithScriptLimits(ctx, scriptSteps)
		parse = func(text string) (query.Position, error) {
			if len(text) > s.cfg.MaxPosition {
				return nil, s.overLimit("position is %d bytes long, above %s limit of %d", len(text), s.words().limits, s.cfg.MaxPosition)
			}
			words := strings.Fields(text)
			if len(words) > 0 && strings.HasSuffix(words[0], ".star") {
				words = words[1:]
			}
			comps, err := inst.Parse(words)
			if err != nil {
				return nil, game.Inputf("%s: %w", scriptName, err)
			}
			return query.Position{{Game: inst, Components: comps}}, nil
		}
	}
	pos, err := parse(req.Position)
	if err != nil {
		return nil, err
	}
	pl := query.NewPlayer(query.PlayOptions{Budget: r.budget, Misere: req.Misere, Databases: s.cfg.Databases})
	defer pl.Close()
	match := query.NewMatch(pos)
	st := &PlayState{Start: pos.String(), Played: []string{}, History: []HistoryPoint{}}
	// play records move mv, made from pos analysed as a.
	play := func(a *query.Analysis, mv *query.PlayMove) {
		label := moveView(pos, mv).Label
		st.History = append(st.History, historyPoint(a, match, label))
		match.Play(mv)
		st.Played = append(st.Played, mv.Position)
		pos = mv.After()
	}
	for i, text := range req.Played {
		if match.Ending() != nil {
			return nil, game.Inputf("move %d (%s): the game ended by repetition before it", i+1, text)
		}
		a, err := pl.Analyze(ctx, pos)
		if err != nil {
			return nil, s.needDatabase(pos, err)
		}
		if match.Finish(a) != nil {
			return nil, game.Inputf("move %d (%s): the game was over at %s", i+1, text, pos)
		}
		mv, err := findPlayed(a, text, parse)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		play(a, mv)
	}
	a, err := pl.Analyze(ctx, pos)
	if err != nil {
		return nil, s.needDatabase(pos, err)
	}
	if req.Computer && match.Ending() == nil && match.Finish(a) == nil {
		best, err := pl.Choose(ctx, pos)
		if err != nil {
			return nil, err
		}
		from := pos
		play(a, best)
		st.Choice = &PlayOption{PlayMove: *best, View: moveView(from, best)}
		if a, err = pl.Analyze(ctx, pos); err != nil {
			return nil, err
		}
	}
	match.Finish(a)
	st.History = append(st.History, historyPoint(a, match, ""))
	a = match.Count(a) // a scoring game's outcome and margins count the points taken
	st.Position, st.Mover, st.Ending = a.Position, match.Mover(), match.Ending()
	st.Outcome, st.Grundy, st.Remoteness, st.Score = a.Outcome, a.Grundy, a.Remoteness, a.Score
	st.Totals, st.Scoring, st.Truncated = match.Totals(), a.Score != nil, a.Truncated
	for _, g := range pos {
		gv := GroupView{Game: g.Game.Name(), Components: []query.View{}}
		viewer := query.ViewOf(g.Game)
		for _, c := range g.Components {
			gv.Components = append(gv.Components, viewer.View(c))
		}
		st.Groups = append(st.Groups, gv)
	}
	st.Moves = make([]PlayOption, 0, len(a.Moves))
	for i := range a.Moves {
		st.Moves = append(st.Moves, PlayOption{PlayMove: a.Moves[i], View: moveView(pos, &a.Moves[i])})
	}
	return st, nil
}

// findPlayed finds the move of a to the position text: the same text as
// the move's, or a text that parses to it (written another way).
func findPlayed(a *query.Analysis, text string, parse func(string) (query.Position, error)) (*query.PlayMove, error) {
	for i := range a.Moves {
		if a.Moves[i].Position == text {
			return &a.Moves[i], nil
		}
	}
	p, err := parse(text)
	if err != nil {
		return nil, err
	}
	want := p.String()
	for i := range a.Moves {
		if a.Moves[i].Position == want {
			return &a.Moves[i], nil
		}
	}
	return nil, game.Inputf("%s is not one move from %s", text, a.Position)
}

// moveView describes move mv of pos with the viewer of its game: the
// component it changes and the components that replace it.
func moveView(pos query.Position, mv *query.PlayMove) query.MoveView {
	comps, after := pos.Components(), mv.After().Components()
	i := mv.Component
	k := len(after) - len(comps) + 1 // the components replacing component i
	gi, _ := pos.Locate(i)
	if gi < 0 || k < 0 || i+k > len(after) {
		return query.MoveView{Label: "→ " + mv.Position}
	}
	return query.ViewOf(pos[gi].Game).ViewMove(comps[i], after[i:i+k])
}

// historyPoint is the point of the value history of a position analysed as
// a, reached in match. In a scoring game the outcome counts the points made
// so far (Match.Count): a position's own outcome says only who makes more
// from here.
func historyPoint(a *query.Analysis, match *query.Match, move string) HistoryPoint {
	c := match.Count(a)
	p := HistoryPoint{Position: a.Position, Mover: match.Mover(), Outcome: c.Outcome, Grundy: a.Grundy,
		Remoteness: a.Remoteness, Score: a.Score, Move: move}
	if a.Score != nil {
		p.Margin = c.Score
	}
	return p
}

// needDatabase adds to a limit error of a game a database can hold, when
// this server has no database of it, the commands that make one and serve
// it: such a game is solved once, not at every move.
func (s *Server) needDatabase(pos query.Position, err error) error {
	name := query.DatabaseGame(pos)
	limit := errors.Is(err, query.ErrStateLimit) || errors.Is(err, query.ErrMemoryLimit) || errors.Is(err, context.DeadlineExceeded)
	if name == "" || !limit || s.cfg.Databases.Holds(name) {
		return err
	}
	return fmt.Errorf("%w; %s is too large to solve at each move: solve it once with `grundy solve %s --db DIR` and play it from `grundy serve --db DIR`", err, name, name)
}
