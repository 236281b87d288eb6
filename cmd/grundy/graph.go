package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, graphCmd) }

func graphCmd(opts *options) *cobra.Command {
	var format string
	var maxNodes int
	cmd := &cobra.Command{
		Use:   "graph POSITION",
		Short: "The game graph from a position, with Grundy values, as DOT or SVG",
		Long: `graph draws every position reachable from POSITION: one node per position
(positions that differ only in the order of their components are one node),
labelled with its Grundy value, and an edge per move. P-positions (value 0:
the player to move loses) are shaded.

DOT goes to Graphviz ('dot -Tpng'); SVG is drawn by grundy itself with a
layered layout: the start at the top, every move pointing down. --json
prints the nodes and edges.`,
		Example: `  grundy graph subtract:1-3 6
  grundy graph nim 2 2 --format svg > nim22.svg
  grundy graph kayles 8 --max-nodes 500 --format svg > kayles8.svg`,
		Args:              needPosition,
		ValidArgsFunction: completePosition,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "dot" && format != "svg" {
				return usageError{fmt.Errorf("unknown --format %q: use dot or svg", format)}
			}
			if maxNodes < 1 {
				return usageError{fmt.Errorf("--max-nodes must be at least 1, got %d", maxNodes)}
			}
			budget, done := opts.budget(cmd)
			pos, err := query.ParseWithin(positionArgs(args), opts.files(cmd), budget)
			if err != nil {
				done()
				return err
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			res, err := query.Graph(ctx, pos, budget, maxNodes)
			done()
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			switch {
			case opts.json:
				return printJSON(out, res)
			case format == "svg":
				return res.WriteSVG(out)
			}
			return res.WriteDOT(out)
		},
	}
	cmd.Flags().StringVar(&format, "format", "dot", "output format: dot or svg")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]cobra.Completion{"dot", "svg"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().IntVar(&maxNodes, "max-nodes", query.DefaultMaxNodes, "refuse graphs with more positions than this")
	return cmd
}
