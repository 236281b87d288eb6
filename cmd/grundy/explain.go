package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, explainCmd) }

func explainCmd(opts *options) *cobra.Command {
	var depth int
	var misere bool
	cmd := &cobra.Command{
		Use:   "explain POSITION",
		Short: "The value and outcome of a position with the reasons for them",
		Long: `explain answers what value answers and says why, the way a textbook does.

For a sum of impartial games: each component's value with its reason (its
options grouped by the kind of move, their values and their mex; or the
proven pattern of its game and the theorem behind it), the XOR of the values
in binary columns, and each winning move (component i from v to v XOR s), or
for a P-position why every move loses, with an example reply.

--depth K also explains every component the options reach within K moves,
each once: the table of smaller values (at most 64 components).

--misere explains misère play: misère Nim's rule for tame sums, the
misère quotient for sums of wild heaps of one game (each heap's element,
their product and the P-portion).

For a general game (partizan, scoring, loopy): the best line with the
remoteness at every step, each first move and why it is worse than the
best (and its margin in a scoring game), and for a draw the positions play
keeps returning to.`,
		Example: `  grundy explain nim 3 4 5
  grundy explain kayles 1000000000000000000
  grundy explain subtract:1-3 7 --depth 2
  grundy explain grundy-game 9 --json
  grundy explain --misere kayles 5 7 9
  grundy explain tictactoe x../.o./...`,
		Args:              needPosition,
		ValidArgsFunction: completePosition,
		RunE: func(cmd *cobra.Command, args []string) error {
			budget, done := opts.budget(cmd)
			pos, err := query.ParseWithin(positionArgs(args), opts.files(cmd), budget)
			if err != nil {
				done()
				return err
			}
			if depth < 0 {
				done()
				return usageError{fmt.Errorf("--depth %d is negative", depth)}
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			res, err := query.Explain(ctx, pos, query.ExplainOptions{Depth: depth, Misere: misere}, budget)
			done()
			if err != nil {
				return err
			}
			if opts.json {
				return printJSON(cmd.OutOrStdout(), res)
			}
			res.WriteText(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play (the last mover loses): the rule or quotient that decides")
	cmd.Flags().IntVar(&depth, "depth", 0, "also explain the components the options reach within `K` moves")
	return cmd
}
