package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// runMisereValue answers `grundy value --misere`, by the quotient of a
// cache file when qf is not nil (--quotient FILE).
func runMisereValue(ctx context.Context, cmd *cobra.Command, opts *options, pos query.Position, qf *query.QuotientFile, budget *query.Budget) error {
	res, err := query.MisereValueFrom(ctx, pos, qf, budget)
	if err != nil {
		return err
	}
	if opts.json {
		return printJSON(cmd.OutOrStdout(), res)
	}
	printMisere(cmd, res)
	return nil
}

var methodNotes = map[string]string{
	"tame":     "every component is tame: misère Nim's rule on the normal-play values",
	"genus":    "one wild component plus heaps *1, *2: read off its genus",
	"search":   "exhaustive search over sums of components",
	"quotient": "the misère quotient of the heaps (Plambeck–Siegel): one product tested against its P-portion",
}

func printMisere(cmd *cobra.Command, res *query.MisereResult) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "position: %s\n", res.Position)
	fmt.Fprintln(out, "play: misère (whoever makes the last move loses)")
	parts := make([]string, len(res.Components))
	for i, c := range res.Components {
		kind := "wild"
		switch {
		case c.TameUnknown:
			kind = "tameness not computed"
		case c.Tame:
			kind = "tame"
		}
		if c.Genus != "" {
			kind += ", genus " + c.Genus
		}
		parts[i] = fmt.Sprintf("%s = %d (%s)", c.Position, c.Grundy, kind)
	}
	fmt.Fprintf(out, "components: %s\n", strings.Join(parts, ", "))
	if res.Genus != "" {
		fmt.Fprintf(out, "genus: %s\n", res.Genus)
	}
	fmt.Fprintf(out, "method: %s (%s)\n", res.Method, methodNotes[res.Method])
	if res.Outcome == game.Lose.Class() {
		fmt.Fprintln(out, "outcome: P, the player to move loses")
		return
	}
	fmt.Fprintln(out, "outcome: N, the player to move wins")
	writeWinningMoves(out, res.WinningMoves, res.Truncated, res.Elided, len(res.Components) > 1)
}

// misereTable answers `grundy table --misere`: the genus of each heap of
// the game token, marking where the game stops being tame.
func misereTable(cmd *cobra.Command, opts *options, token string, from, to int, out string) error {
	if out != "" {
		return usageError{fmt.Errorf("--out writes normal-play values: drop it with --misere")}
	}
	inst, err := query.Open(token, opts.files(cmd))
	if err != nil {
		return err
	}
	ctx, cancel := opts.context(cmd)
	defer cancel()
	budget, done := opts.budget(cmd)
	res, err := query.MisereTable(ctx, inst, from, to, budget)
	done()
	if res == nil {
		return err
	}
	// A limit that stopped the table leaves the heaps done: they are
	// printed, then the error (exit 1).
	w := cmd.OutOrStdout()
	if opts.json {
		if jerr := printJSON(w, res); jerr != nil {
			return jerr
		}
		return err
	}
	fmt.Fprintf(w, "%s, misère play: genus g^(γ0 γ1 ...) of each heap (g: normal value; γk: misère value with k extra heaps *2)\n", res.Game)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "HEAP\tG\tGENUS\tTAME")
	for _, h := range res.Genera {
		mark := "tame"
		if !h.Tame {
			mark = "wild"
		}
		if res.FirstWild != nil && h.Heap == *res.FirstWild {
			mark += "   <- stops being tame here"
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", h.Heap, h.Grundy, h.Genus, mark)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	switch {
	case res.FirstWild != nil:
		fmt.Fprintf(w, "first wild heap: %d (it or one of its followers has a genus unlike a Nim heap's)\n", *res.FirstWild)
	case res.Stopped == nil:
		fmt.Fprintf(w, "every heap %d..%d is tame: misère play follows misère Nim on the normal values\n", res.From, res.To)
	}
	if res.Stopped != nil {
		fmt.Fprintf(w, "stopped at heap %d: the heaps %d..%d are above\n", res.Stopped.Heap, res.From, res.Stopped.Heap-1)
	}
	return err
}
