package query

import (
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// WriteText writes the explanation for a reader, as the CLI prints it and
// the explorer's panel shows it: every number of the JSON, in the order a
// proof reads them.
func (e *Explanation) WriteText(w io.Writer) {
	fmt.Fprintf(w, "position: %s\n", e.Position)
	switch {
	case e.Impartial != nil:
		e.Impartial.writeText(w)
	case e.Misere != nil:
		e.Misere.writeText(w)
	case e.General != nil:
		e.General.writeText(w)
	}
}

func (x *MisereExplanation) writeText(w io.Writer) {
	fmt.Fprintln(w, "play: misère (whoever makes the last move loses)")
	fmt.Fprintln(w, "components:")
	for i, c := range x.Components {
		tame := "wild"
		if c.Tame {
			tame = "tame"
		}
		if c.TameUnknown {
			tame = "tameness not computed"
		}
		genus := ""
		if c.Genus != "" {
			genus = ", genus " + c.Genus
		}
		fmt.Fprintf(w, "  %d. %s: normal value %d, %s%s\n", i+1, c.Position, c.Grundy, tame, genus)
	}
	if q := x.Quotient; q != nil {
		fmt.Fprintf(w, "misère quotient: order %d, relations %s, P-portion {%s}\n", q.Order, strings.Join(q.Relations, ", "), strings.Join(q.PPortion, ", "))
		for _, e := range q.Elements {
			fmt.Fprintf(w, "  heap %d -> %s\n", e.Heap, e.Element)
		}
		fmt.Fprintf(w, "  product: %s, in the P-portion: %v\n", q.Product, q.InP)
	}
	fmt.Fprintf(w, "method: %s\nwhy: %s\n", x.Method, x.Text)
	if x.Outcome.Outcome() == game.Lose {
		fmt.Fprintln(w, "outcome: P, the player to move loses")
		return
	}
	writeMovesHeader(w, len(x.WinningMoves), x.MovesMore)
	for _, m := range x.WinningMoves {
		fmt.Fprintf(w, "  %s -> %s\n", m.From, m.To)
	}
}

func (x *GeneralExplanation) writeText(w io.Writer) {
	fmt.Fprintf(w, "outcome: %s\n", x.Text)
	fmt.Fprintln(w, "best line (remoteness: moves to the end under best play):")
	for i, s := range x.Line {
		fmt.Fprintf(w, "  %2d. %s   %s%s\n", i, s.Position, stepValue(s.Outcome, s.Remoteness), scoreText(s.Score))
	}
	if x.LineMore {
		fmt.Fprintf(w, "  ... (the line goes on past %d positions)\n", MaxLine)
	}
	if len(x.Cycle) > 0 {
		fmt.Fprintf(w, "play keeps returning to: %s\n", strings.Join(x.Cycle, ", "))
	}
	fmt.Fprintf(w, "first moves (%d):\n", len(x.Choices))
	for _, c := range x.Choices {
		fmt.Fprintf(w, "  %s: %s\n", c.Position, c.Text)
		if len(c.Cycle) > 0 {
			fmt.Fprintf(w, "      returning to: %s\n", strings.Join(c.Cycle, ", "))
		}
	}
	if x.ChoicesMore {
		fmt.Fprintln(w, "  + more moves, not listed")
	}
}

// stepValue writes a position's value for the player to move.
func stepValue(o game.Outcome, r *int) string {
	if r == nil {
		return o.String()
	}
	return fmt.Sprintf("%s in %d", o, *r)
}

func scoreText(s *int64) string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf(", margin %+d", *s)
}

func (x *ImpartialExplanation) writeText(w io.Writer) {
	for _, r := range x.Rules {
		fmt.Fprintf(w, "rules of %s\n", r)
	}
	fmt.Fprintln(w, "components:")
	for i, r := range x.Components {
		writeReason(w, fmt.Sprintf("%d. ", i+1), r)
	}
	if x.ComponentsMore > 0 {
		fmt.Fprintf(w, "  + %d more components, valued but not explained\n", x.ComponentsMore)
	}
	writeColumns(w, x.XOR, x.ComponentsMore > 0)
	if x.Grundy == 0 {
		fmt.Fprintln(w, "outcome: P, the player to move loses")
		if x.Losing != nil {
			fmt.Fprintf(w, "why: %s\n", x.Losing.Text)
			if ex := x.Losing.Example; ex != nil {
				fmt.Fprintf(w, "for example: component %d from %d to %d leaves %s, of value %d XOR %d = %d (the rest XORs to %d, the old value)\n",
					ex.Component+1, ex.From, ex.To, ex.Move, ex.From, ex.To, ex.SumAfter, ex.From)
				if ex.Reply != "" {
					fmt.Fprintf(w, "  the reply %s leaves %s, of value 0\n", ex.ReplyText, ex.Reply)
				}
			}
		}
	} else {
		writeMovesHeader(w, len(x.WinningMoves), x.MovesMore)
		for _, m := range x.WinningMoves {
			fmt.Fprintf(w, "  %s\n", m.Text)
		}
	}
	if len(x.Table) > 0 {
		fmt.Fprintln(w, "the components the options reach:")
		for _, r := range x.Table {
			writeReason(w, "", r)
		}
		if x.TableTruncated {
			fmt.Fprintf(w, "  + more components, past the %d explained\n", MaxExplained)
		}
	}
}

// writeReason writes one component's value, its reason and its options.
func writeReason(w io.Writer, label string, r ComponentReason) {
	fmt.Fprintf(w, "  %s%s = %d: %s\n", label, r.Position, r.Value, r.Text)
	more := 0
	for _, g := range r.Groups {
		for _, o := range g.Options {
			rule := g.Rule
			switch {
			case o.Move != "":
				rule = "move " + o.Move
			case rule == "":
				rule = "move"
			}
			fmt.Fprintf(w, "      %s: %s = %s\n", rule, o.Position, partsText(o.Parts, o.Value))
		}
		more += g.More
	}
	if more > 0 {
		fmt.Fprintf(w, "      + %d more options\n", more)
	}
}

// partsText writes an option's value as the XOR of its parts' values.
func partsText(parts []game.Nimber, v game.Nimber) string {
	if len(parts) < 2 {
		return fmt.Sprint(v)
	}
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, " XOR ") + fmt.Sprintf(" = %d", v)
}

// writeColumns writes the XOR in binary columns and what Bouton's proof
// reads in them.
func writeColumns(w io.Writer, c XORColumns, partial bool) {
	name := len("sum")
	for _, r := range c.Rows {
		name = max(name, len(r.Position))
	}
	fmt.Fprintln(w, "XOR of the values, in binary:")
	for _, r := range c.Rows {
		fmt.Fprintf(w, "  %-*s  %s  %d\n", name, r.Position, r.Bits, r.Value)
	}
	if partial {
		fmt.Fprintf(w, "  %-*s\n", name, "...")
	}
	fmt.Fprintf(w, "  %-*s  %s  %d\n", name, "sum", c.SumBits, c.Sum)
	if c.HighestBit < 0 {
		return
	}
	with := make([]string, len(c.WithBit))
	for i, k := range c.WithBit {
		with[i] = fmt.Sprint(k + 1)
	}
	fmt.Fprintf(w, "highest bit of the sum: %d (value %d); components with it: %s\n", c.HighestBit, uint64(1)<<c.HighestBit, strings.Join(with, ", "))
}

// writeMovesHeader writes the outcome of an N-position and the heading of
// its n winning moves (more: the list was cut).
func writeMovesHeader(w io.Writer, n int, more bool) {
	fmt.Fprintln(w, "outcome: N, the player to move wins")
	cut := ""
	if more {
		cut = "+, list truncated"
	}
	fmt.Fprintf(w, "winning moves (%d%s):\n", n, cut)
}
