package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/games"
)

// gameEntry is one catalog entry in `grundy games --json`.
type gameEntry struct {
	Name    string `json:"name"`
	Params  string `json:"params,omitempty"`
	Syntax  string `json:"syntax"`
	Kind    string `json:"kind"`
	Rules   string `json:"rules"`
	Example string `json:"example"`
}

func init() { verbs = append(verbs, gamesCmd) }

func gamesCmd(opts *options) *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the catalog: name, parameters, position syntax, kind, example",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var entries []gameEntry
			for _, s := range games.Catalog() {
				entries = append(entries, gameEntry{s.Name, s.Params, s.Syntax, string(s.Kind), s.Rules, s.Example})
			}
			out := cmd.OutOrStdout()
			if opts.json {
				return printJSON(out, entries)
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "GAME\tKIND\tEXAMPLE\tPOSITION")
			for _, e := range entries {
				name := e.Name
				if e.Params != "" {
					name += ":PARAMS"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", name, e.Kind, e.Example, e.Syntax)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			fmt.Fprintln(out, "\nRules and parameters: 'grundy games --json'.")
			return nil
		},
	}
}
