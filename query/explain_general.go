package query

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// MaxLine is the most positions of a principal variation an explanation
// follows (a loopy line stops earlier, at its first repeated position).
const MaxLine = 100

// maxDrawLines is the most drawing first moves whose own line is followed
// to tell the cycle they return to.
const maxDrawLines = 8

// GeneralExplanation explains a general game (partizan, scoring, loopy; or
// an impartial sum with cycles): the principal variation with the
// remoteness at every step, each first move and why it is worse than the
// best, and for a draw the positions play keeps returning to.
type GeneralExplanation struct {
	Outcome    game.Outcome `json:"outcome"` // for the player to move
	Remoteness *int         `json:"remoteness"`
	Score      *int64       `json:"score"` // the mover's margin under best play (scoring games)
	// Line is the principal variation: from the position, a best move at
	// each step.
	Line     []LineStep `json:"line"`
	LineMore bool       `json:"line_more,omitempty"` // the line goes on past MaxLine
	// Cycle is, for a drawn line that repeats, the positions it keeps
	// returning to (from the first repeated one).
	Cycle []string `json:"cycle,omitempty"`
	// Choices are the first moves, each with its value for the player
	// making it and why it is as good as, or worse than, the best.
	Choices     []Choice `json:"choices"`
	ChoicesMore bool     `json:"choices_more,omitempty"`
	Text        string   `json:"text"`
}

// LineStep is one position of the principal variation, with its value for
// the player to move there.
type LineStep struct {
	Position   string       `json:"position"`
	Outcome    game.Outcome `json:"outcome"`
	Remoteness *int         `json:"remoteness"`
	Score      *int64       `json:"score"`
}

// Choice is one first move: the position it leaves, its outcome for the
// player making it, the remoteness of the position it leaves, the mover's
// final margin in a scoring game, and the reason in words.
type Choice struct {
	Position   string       `json:"position"`
	Outcome    game.Outcome `json:"outcome"`
	Remoteness *int         `json:"remoteness"`
	Score      *int64       `json:"score"`
	Best       bool         `json:"best"`
	// Cycle is, for a drawing move, the positions its line returns to.
	Cycle []string `json:"cycle,omitempty"`
	Text  string   `json:"text"`

	drawEnd int // for a drawing move whose line ends: the moves to the end
}

// explainGeneral explains pos by solving it and following best moves.
func explainGeneral(ctx context.Context, pos games.Position, budget *limits.Budget) (*Explanation, error) {
	root, err := SolveWith(ctx, pos, SolveOptions{Budget: budget})
	if err != nil {
		return nil, err
	}
	states := root.States
	x := &GeneralExplanation{Outcome: root.Outcome, Remoteness: root.Remoteness, Score: root.Score, Choices: []Choice{}}
	line, cycle, more, n, err := bestLine(ctx, pos, root, budget)
	if err != nil {
		return nil, err
	}
	states += n
	x.Line, x.Cycle, x.LineMore = line, cycle, more
	x.ChoicesMore = root.Truncated
	draws := 0
	for _, m := range root.Moves {
		c := Choice{Position: m.Position, Outcome: m.Outcome, Remoteness: m.Remoteness, Score: m.Score, Best: m.Best}
		if m.Outcome == game.Draw && draws < maxDrawLines {
			draws++
			after, err := SolveWith(ctx, m.After, SolveOptions{Budget: budget})
			if err != nil {
				return nil, err
			}
			line, cyc, more, n, err := bestLine(ctx, m.After, after, budget)
			if err != nil {
				return nil, err
			}
			states += after.States + n
			c.Cycle = cyc
			if cyc == nil && !more {
				c.drawEnd = len(line) - 1
			}
		}
		c.Text = choiceText(c, root)
		x.Choices = append(x.Choices, c)
	}
	x.Text = generalText(x)
	return &Explanation{Position: pos.String(), Kind: "general", General: x, States: states}, nil
}

// bestLine follows a best move from pos (solved as res) until the game ends,
// a position repeats (its cycle is returned) or MaxLine positions.
func bestLine(ctx context.Context, pos games.Position, res *SolveResult, budget *limits.Budget) (line []LineStep, cycle []string, more bool, states int64, err error) {
	seen := map[string]int{}
	for {
		text := pos.String()
		if at, ok := seen[text]; ok {
			for _, s := range line[at:] {
				cycle = append(cycle, s.Position)
			}
			return line, cycle, false, states, nil
		}
		if len(line) == MaxLine {
			return line, nil, true, states, nil
		}
		seen[text] = len(line)
		line = append(line, LineStep{Position: text, Outcome: res.Outcome, Remoteness: res.Remoteness, Score: res.Score})
		var next *SolveMove
		for i := range res.Moves {
			if res.Moves[i].Best {
				next = &res.Moves[i]
				break
			}
		}
		if next == nil {
			return line, nil, false, states, nil
		}
		pos = next.After
		if res, err = SolveWith(ctx, pos, SolveOptions{Budget: budget}); err != nil {
			return nil, nil, false, states, err
		}
		states += res.States
	}
}

// choiceText says what a first move gives its player, and why it is worse
// than the best when it is.
func choiceText(c Choice, root *SolveResult) string {
	var s string
	r := -1
	if c.Remoteness != nil {
		r = *c.Remoteness
	}
	switch c.Outcome {
	case game.Win:
		s = fmt.Sprintf("wins: it leaves the opponent a lost position, the end %d moves after it", r)
	case game.Lose:
		s = fmt.Sprintf("loses: it leaves the opponent a won position, the end %d moves after it", r)
	default:
		s = "draws"
		switch {
		case len(c.Cycle) > 0:
			s += fmt.Sprintf(": play keeps returning to %d positions", len(c.Cycle))
		case c.drawEnd > 0:
			s += fmt.Sprintf(": best play from there ends drawn %d moves after it", c.drawEnd)
		}
	}
	if c.Score != nil {
		s += fmt.Sprintf("; the mover's margin %+d", *c.Score)
	}
	if c.Best {
		return s + " (best)"
	}
	switch {
	case root.Score != nil && c.Score != nil && *c.Score < *root.Score:
		s += fmt.Sprintf(", less than the best %+d", *root.Score)
	case c.Outcome < root.Outcome:
		s += fmt.Sprintf(", worse than the best, which %s", map[game.Outcome]string{game.Win: "wins", game.Draw: "draws"}[root.Outcome])
	case c.Outcome == game.Win:
		s += ", slower than the best"
	case c.Outcome == game.Lose:
		s += ", sooner than the best"
	}
	return s
}

// generalText says the outcome and how the line reaches it.
func generalText(x *GeneralExplanation) string {
	switch {
	case x.Outcome == game.Win && x.Remoteness != nil:
		return fmt.Sprintf("the player to move wins, the game ending %d moves from now under best play (the winner hurries, the loser delays)", *x.Remoteness)
	case x.Outcome == game.Lose && x.Remoteness != nil:
		return fmt.Sprintf("the player to move loses, the game ending %d moves from now under best play (the winner hurries, the loser delays)", *x.Remoteness)
	case len(x.Cycle) > 0:
		return fmt.Sprintf("a draw: neither player can force a win, and best play keeps returning to the %d positions of the cycle", len(x.Cycle))
	default:
		return "a draw: neither player can force a win"
	}
}
