package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, quotientCmd) }

// maxTableOrder is the largest quotient printed with its multiplication
// table; larger ones are printed as their presentation only.
const maxTableOrder = 16

func quotientCmd(opts *options) *cobra.Command {
	var to int
	cmd := &cobra.Command{
		Use:   "quotient GAME",
		Short: "The misère quotient of a heap game (Plambeck–Siegel): outcome of any sum by one product",
		Long: `quotient computes the misère quotient of a heap game restricted to heaps 0..N:
the commutative monoid of its sums modulo misère indistinguishability, with
its P-portion. The misère outcome of any sum of those heaps, however many, is
then the product of the heaps' elements: a P-position exactly when the
product lies in the P-portion. GAME is a heap game of the catalog or a rule
script whose positions are integers and whose moves leave smaller heaps.
The --json output is a cache file for 'grundy value --misere --quotient
FILE'. See docs/quotients.md.`,
		Example: `  grundy quotient kayles --to 20
  grundy quotient octal:0.75 --to 30
  grundy quotient examples/grundy.star --to 20
  grundy quotient --json dawson-kayles --to 26 > dawson-kayles.json`,
		Args:              oneGame,
		ValidArgsFunction: completeGamesWhere(query.GameInfo.HeapGame),
		RunE: func(cmd *cobra.Command, args []string) error {
			inst, err := query.Open(positionArgs(args)[0], opts.files(cmd))
			if err != nil {
				return err
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			budget, done := opts.budget(cmd)
			res, err := query.Quotient(ctx, inst, to, budget)
			done()
			if err != nil {
				return err
			}
			if opts.json {
				return printJSON(cmd.OutOrStdout(), res)
			}
			printQuotient(cmd.OutOrStdout(), res)
			return nil
		},
	}
	cmd.Flags().IntVar(&to, "to", 20, "the largest heap the quotient covers")
	return cmd
}

// printQuotient writes the quotient as the published tables do: order,
// P-portion, the presentation, the element of each heap and, for small
// quotients, the multiplication table.
func printQuotient(w io.Writer, res *query.QuotientResult) {
	q := res
	kind := "wild"
	if q.Tame() {
		kind = "tame (the quotient of misère Nim of that order)"
	}
	fmt.Fprintf(w, "%s: misère quotient of heaps 0..%d\n", res.Game, res.To)
	fmt.Fprintf(w, "order: %d, %s\n", q.Order(), kind)
	var gens []string
	for _, g := range q.Generators() {
		gens = append(gens, fmt.Sprintf("%s (heap %d)", g.Name, g.Heap))
	}
	fmt.Fprintf(w, "generators: %s\n", orNone(strings.Join(gens, ", ")))
	fmt.Fprintf(w, "relations: %s\n", orNone(strings.Join(q.Relations(), ", ")))
	p := q.PPortion()
	fmt.Fprintf(w, "P-portion (%d): %s\n", len(p), strings.Join(p, ", "))
	fmt.Fprintln(w, "heaps:")
	heaps := q.Heaps()
	for n := 0; n < len(heaps); n += 10 {
		var row []string
		for m := n; m < min(n+10, len(heaps)); m++ {
			row = append(row, fmt.Sprintf("%-6s", heaps[m]))
		}
		fmt.Fprintf(w, "%4d: %s\n", n, strings.TrimRight(strings.Join(row, " "), " "))
	}
	if sf := q.StableFrom(); sf >= 0 {
		fmt.Fprintf(w, "no new generator from heap %d up to %d\n", sf, res.To)
	}
	if pt := q.Pattern(); pt != nil {
		how := "observed"
		if pt.Proven {
			how = "proven: " + pt.Reason
		}
		fmt.Fprintf(w, "pattern of the heaps' elements: pre-period %d, period %d; %s\n", pt.Preperiod, pt.Period, how)
	} else {
		fmt.Fprintln(w, "pattern of the heaps' elements: none seen")
	}
	if q.Order() <= maxTableOrder {
		printMulTable(w, q)
	}
}

// printMulTable writes the multiplication table, P-portion elements marked
// with a star.
func printMulTable(w io.Writer, q *query.QuotientResult) {
	n := q.Order()
	names := make([]string, n)
	width := 1
	for e := range n {
		names[e] = q.Element(e)
		if q.InP(e) {
			names[e] += "*"
		}
		width = max(width, len(names[e]))
	}
	fmt.Fprintln(w, "multiplication (* marks the P-portion):")
	fmt.Fprintf(w, "%*s |", width, "")
	for _, name := range names {
		fmt.Fprintf(w, " %*s", width, name)
	}
	fmt.Fprintln(w)
	for a := range n {
		fmt.Fprintf(w, "%*s |", width, names[a])
		for b := range n {
			fmt.Fprintf(w, " %*s", width, names[q.Mul(a, b)])
		}
		fmt.Fprintln(w)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
