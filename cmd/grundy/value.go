package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, valueCmd) }

func valueCmd(opts *options) *cobra.Command {
	var misere, cells bool
	var workers int
	var quotientFile string
	cmd := &cobra.Command{
		Use:   "value POSITION",
		Short: "Grundy value of a sum, its outcome, and every winning move",
		Long: `value prints the Grundy value of POSITION (the XOR of the values of its
components), its outcome for the player to move (P: loses, N: wins, D: a
draw, in loopy games) and every winning move, a move to a position of value
0. A loopy game's value may be ∞(K), K the finite values among the options.

--misere plays misère instead (whoever moves last loses); a sum of two or
more wild heaps of one heap game (of the catalog, or a rule script whose
positions are integers and whose moves leave smaller heaps) is answered by
the game's misère quotient, computed within the limits (docs/quotients.md).
With --quotient FILE it answers by the quotient saved in FILE by 'grundy
quotient GAME --to N --json' (checked against the game's rules first; a
script's file names the script by its path and records its moves, so an
edited script is refused). --cells adds the value of every cell of a rook
board. Partizan, scoring and loopy games of the catalog have no Grundy
value: 'grundy solve' answers for them.`,
		Example: `  grundy value nim 3 4 5
  grundy value kayles 10 + grundy-game 9
  grundy value subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 9 --json
  grundy value --misere examples/grundy.star 20 17 13`,
		Args:              needPosition,
		ValidArgsFunction: completePosition,
		RunE: func(cmd *cobra.Command, args []string) error {
			if workers < 0 {
				return usageError{fmt.Errorf("--workers: %d is negative: give a number of workers, or 0 for one per core", workers)}
			}
			if cmd.Flags().Changed("workers") && (misere || cells) {
				return usageError{fmt.Errorf("--workers sets the normal-play search: drop --workers, or --misere and --cells")}
			}
			budget, done := opts.budget(cmd)
			pos, err := query.ParseWithin(positionArgs(args), opts.files(cmd), budget)
			if err != nil {
				done()
				return err
			}
			if cells {
				if err := checkCells(pos, misere); err != nil {
					done()
					return err
				}
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			var qf *query.QuotientFile
			if quotientFile != "" {
				if !misere {
					done()
					return usageError{fmt.Errorf("--quotient answers misère play: add --misere")}
				}
				data, err := query.ReadFile(opts.files(cmd), quotientFile)
				if err != nil {
					done()
					return fmt.Errorf("--quotient: %w", err)
				}
				// Rebuilding the monoid is part of the request.
				if qf, err = query.ReadQuotientFileWithin(ctx, quotientFile, data, budget); err != nil {
					done()
					return err
				}
			}
			if misere {
				defer done()
				return runMisereValue(ctx, cmd, opts, pos, qf, budget)
			}
			var res *query.ValueResult
			if cells {
				res, err = query.ValueCells(ctx, pos, budget)
			} else {
				res, err = query.ValueWith(ctx, pos, budget, query.ValueOptions{Workers: workers})
			}
			done()
			if err != nil {
				return err
			}
			if opts.json {
				return printJSON(cmd.OutOrStdout(), res)
			}
			printValue(cmd, res)
			return nil
		},
	}
	cmd.Flags().BoolVar(&cells, "cells", false, "for boards valued cell by cell (rook): the value of every cell")
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play (the last mover loses): outcome, method and winning moves")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines that search each value, in the games that search on several cores (cram; 0: one per core, 1: one)")
	cmd.Flags().StringVar(&quotientFile, "quotient", "", "with --misere: answer by the misère quotient in `FILE` (from grundy quotient GAME --to N --json)")
	return cmd
}

// checkCells refuses --cells when no game of pos values its boards cell by
// cell (query.HasCellValues, such as rook), rather than ignoring it.
func checkCells(pos query.Position, misere bool) error {
	if misere {
		return usageError{fmt.Errorf("--cells gives normal-play values: drop --cells or --misere")}
	}
	if query.HasCellValues(pos) {
		return nil
	}
	return usageError{fmt.Errorf("--cells: %s has no cell values (only boards valued cell by cell have them, such as rook): drop --cells", pos[0].Game.Name())}
}

func printValue(cmd *cobra.Command, res *query.ValueResult) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "position: %s\n", res.Position)
	if len(res.Components) > 1 {
		parts := make([]string, len(res.Components))
		for i, c := range res.Components {
			parts[i] = fmt.Sprintf("%s = %s", c.Position, loopyValue(c.Grundy, c.Infinite, c.Escapes))
		}
		fmt.Fprintf(out, "components: %s\n", strings.Join(parts, ", "))
	}
	for _, c := range res.Components {
		printCells(out, c)
	}
	fmt.Fprintf(out, "value: %s\n", loopyValue(res.Grundy, res.Infinite, res.Escapes))
	switch res.Outcome.Outcome() {
	case game.Lose:
		fmt.Fprintln(out, "outcome: P, the player to move loses (every move leads to a winning position for the opponent)")
		return
	case game.Draw:
		fmt.Fprintln(out, "outcome: D, a draw: neither player can force a win, play goes on forever")
		return
	}
	fmt.Fprintln(out, "outcome: N, the player to move wins")
	writeWinningMoves(out, res.WinningMoves, res.Truncated, res.Elided, len(res.Components) > 1)
}

// writeWinningMoves writes the winning moves of a position of several
// components (multi) or one: each move's component before and after it,
// the move's name when it has one and, in a sum, the whole position it
// leaves.
func writeWinningMoves(out io.Writer, moves []query.Move, truncated, elided, multi bool) {
	fmt.Fprintf(out, "winning moves (%d%s):\n", len(moves), map[bool]string{true: "+, list truncated"}[truncated])
	if elided {
		fmt.Fprintf(out, "  (positions longer than %d characters are not repeated for each move)\n", query.MaxMoveText)
	}
	for _, m := range moves {
		if m.From == "" {
			m.From = fmt.Sprintf("component %d", m.Component+1)
		}
		if m.To == "" {
			m.To = "(too long to print)"
		}
		if m.Move != "" {
			m.To += "   (" + m.Move + ")"
		}
		if multi && m.PositionAfter != "" {
			fmt.Fprintf(out, "  %s -> %s   leaves %s\n", m.From, m.To, m.PositionAfter)
		} else {
			fmt.Fprintf(out, "  %s -> %s\n", m.From, m.To)
		}
	}
}

// loopyValue writes a value of the generalized Sprague–Grundy function as
// the literature does: a nimber, or ∞(K) with K the finite values among
// the options (the escapes), ∞ alone when there are none (docs/solve.md).
func loopyValue(g game.Nimber, infinite bool, escapes []game.Nimber) string {
	if !infinite {
		return fmt.Sprint(g)
	}
	if len(escapes) == 0 {
		return "∞"
	}
	parts := make([]string, len(escapes))
	for i, e := range escapes {
		parts[i] = fmt.Sprint(e)
	}
	return "∞(" + strings.Join(parts, ",") + ")"
}

// printCells draws a component's table of cell values (--cells) as a grid,
// '#' for a blocked cell.
func printCells(out io.Writer, c query.ComponentValue) {
	if len(c.Cells) == 0 {
		return
	}
	width := 1
	for _, row := range c.Cells {
		for _, v := range row {
			if v != nil {
				width = max(width, len(fmt.Sprint(*v)))
			}
		}
	}
	fmt.Fprintf(out, "cell values of %s:\n", c.Position)
	for _, row := range c.Cells {
		cells := make([]string, len(row))
		for i, v := range row {
			cells[i] = fmt.Sprintf("%*s", width, "#")
			if v != nil {
				cells[i] = fmt.Sprintf("%*d", width, *v)
			}
		}
		fmt.Fprintf(out, "  %s\n", strings.Join(cells, " "))
	}
}
