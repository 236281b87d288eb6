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
	if e.Impartial != nil {
		e.Impartial.writeText(w)
	}
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
				fmt.Fprintf(w, "for example: component %d from %d to %d leaves %s, of value %d XOR %d = %d\n",
					ex.Component+1, ex.From, ex.To, ex.Move, ex.From^ex.SumAfter, ex.To, ex.SumAfter)
				if ex.Reply != "" {
					fmt.Fprintf(w, "  the reply %s leaves %s, of value 0\n", ex.ReplyText, ex.Reply)
				}
			}
		}
	} else {
		fmt.Fprintln(w, "outcome: N, the player to move wins")
		more := ""
		if x.MovesMore {
			more = "+, list truncated"
		}
		fmt.Fprintf(w, "winning moves (%d%s):\n", len(x.WinningMoves), more)
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
		rule := g.Rule
		if rule == "" {
			rule = "move"
		}
		for _, o := range g.Options {
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
