package query

import (
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
)

// Repeats is how many times a position may occur in one game before play
// stops as a draw: in loopy games (cards, quixo) neither side may be able
// to force an end, so the third occurrence of a position (the side to move
// is part of it) ends the game, as threefold repetition does in chess.
const Repeats = 3

// Match is the record of one game played from a start position: who is to
// move, how often each position has occurred and, in scoring games, the
// points each player has made (a scoring game's positions know only the
// margin still to come). It holds the end-of-game rules of play, which
// `grundy play` and the explorer share: a game ends when the player to move
// has no move (the outcome, or in a scoring game the totals, decide) or
// when a position occurs for the Repeats-th time (a draw).
//
// Players are numbered 0, who moves first, and 1.
type Match struct {
	seen   map[string]int
	moves  int
	totals [2]int64
	ending *Ending
}

// Ending is how a game ended.
type Ending struct {
	// Draw is set for a draw; otherwise Winner (0 or 1) won.
	Draw   bool `json:"draw"`
	Winner int  `json:"winner"`
	// Repetition says the game ended because a position occurred Repeats
	// times.
	Repetition bool `json:"repetition,omitempty"`
}

// NewMatch starts the record of a game at start.
func NewMatch(start games.Position) *Match {
	m := &Match{seen: map[string]int{}}
	m.seen[start.String()]++
	return m
}

// Mover is the player to move: 0 when an even number of moves has been
// made.
func (m *Match) Mover() int { return m.moves % 2 }

// Moves is the number of moves made.
func (m *Match) Moves() int { return m.moves }

// Totals are the points of players 0 and 1 so far (scoring games).
func (m *Match) Totals() [2]int64 { return m.totals }

// Scored reports whether any points were made (games whose positions carry
// the score themselves, like a script that keeps the margin, make none).
func (m *Match) Scored() bool { return m.totals != [2]int64{} }

// Standing is the lead of the player to move: their points so far less
// the opponent's (0 outside scoring games).
func (m *Match) Standing() int64 {
	mover := m.Mover()
	return m.totals[mover] - m.totals[1-mover]
}

// Count returns a, an analysis of the match's current position, with the
// points already taken counted. A scoring game's position knows only the
// margin still to come, but the game is won by the larger total, so the
// player to move's final margin is their Standing plus the position's
// margin, and its sign is their outcome; likewise for each move, whose
// maker is the player to move. The perfect play is the same (adding a
// constant to every margin keeps their order), only the verdicts move.
// Remoteness is unchanged. Other games' analyses, and one already
// counted, are returned as they are; a itself is not changed.
func (m *Match) Count(a *Analysis) *Analysis {
	if a.Score == nil || a.counted {
		return a
	}
	c := *a
	c.counted = true
	c.Standing = m.Standing()
	score := *a.Score + c.Standing
	c.Score, c.Outcome = &score, marginOutcome(score)
	c.Moves = slices.Clone(a.Moves)
	for i := range c.Moves {
		mv := &c.Moves[i]
		if mv.Score != nil {
			s := *mv.Score + c.Standing
			mv.Score, mv.Outcome = &s, marginOutcome(s)
		}
	}
	return &c
}

// marginOutcome is the result of a final margin: more points win.
func marginOutcome(margin int64) game.Outcome {
	switch {
	case margin > 0:
		return game.Win
	case margin < 0:
		return game.Lose
	}
	return game.Draw
}

// Ending is how the game ended, nil while it goes on.
func (m *Match) Ending() *Ending { return m.ending }

// Play records move mv by the player to move: its points (PlayMove.Gain)
// and the position it leaves. It returns the game's Ending when that
// position has now occurred Repeats times (a draw), else nil.
func (m *Match) Play(mv *PlayMove) *Ending {
	if m.ending != nil {
		return m.ending
	}
	if mv.Gain != nil {
		m.totals[m.Mover()] += *mv.Gain
	}
	m.moves++
	k := mv.Position
	if after := mv.After(); after != nil {
		k = after.String()
	}
	m.seen[k]++
	if m.seen[k] >= Repeats {
		m.ending = &Ending{Draw: true, Winner: -1, Repetition: true}
	}
	return m.ending
}

// Finish ends the game at a position with no move, analysed as a (counted
// or not): under its outcome for the player to move (normal play: they
// lose; misère: they win; a general game's rules say), or, in a scoring
// game, by the totals plus whatever margin the final position still gives
// its mover (Count). It returns nil when a has moves (the game goes on).
func (m *Match) Finish(a *Analysis) *Ending {
	if m.ending != nil {
		return m.ending
	}
	if !a.Over() {
		return nil
	}
	mover := m.Mover()
	switch m.Count(a).Outcome {
	case game.Win:
		m.ending = &Ending{Winner: mover}
	case game.Lose:
		m.ending = &Ending{Winner: 1 - mover}
	default:
		m.ending = &Ending{Draw: true, Winner: -1}
	}
	return m.ending
}

// Line words an ending as the last line of the play protocol, the players
// named by names[0] (who moved first) and names[1]: "winner: NAME" or
// "result: draw".
func (e *Ending) Line(names [2]string) string {
	if e.Draw {
		return "result: draw"
	}
	return fmt.Sprintf("winner: %s", names[e.Winner])
}
