package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, identifyCmd) }

// identifyShown is how many matches, and games per match, the text output
// lists (--json lists every match).
const identifyShown = 10

func identifyCmd(opts *options) *cobra.Command {
	var from, to, digits int
	cmd := &cobra.Command{
		Use:   "identify V0 V1 V2 ... | identify GAME",
		Short: "which known heap game has these Grundy values: its code, name, period and next values",
		Long: `identify looks up the Grundy values G(0), G(1), ... of a game (from heap
--from M when they start later) among every take-and-break code of up to 3
digits (octal and hexadecimal), every subtraction set of elements up to 12
and Grundy's game, by a table of their first 64 values built ahead of time.
It lists the games whose values begin so, exact matches first, then those
shifted by one heap (Dawson's chess is Dawson's Kayles shifted), each kind
simplest first; games with one sequence are one answer, said proven (the
take-all rule, or proven periods) or identical through the heap computed.
Each answer gives the catalog name, the proven or observed pattern and the
next values; the values' own pattern is observed only. --digits 4 adds the
122,880 codes of 4 digits, computed on demand within the limits (seconds).

identify GAME tabulates G(0..N) of a game whose positions are integers (a
rule script, a heap game; --to N, default 63) within the limits, then
identifies it.`,
		Example: `  grundy identify 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2
  grundy identify --from 1 1 1 2 0 3
  grundy identify --digits 4 0 1 1 0 2 2 3 1 1
  grundy identify examples/strip.star`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError{fmt.Errorf("identify needs values G(0) G(1) ... or one GAME, e.g. 'grundy identify 0 1 1 2 0 3'")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			args = positionArgs(args)
			ctx, cancel := opts.context(cmd)
			defer cancel()
			budget, done := opts.budget(cmd)
			defer done()
			opt := query.IdentifyOptions{Digits: digits}
			if !opts.json {
				opt.Matches, opt.Games = identifyShown, identifyShown
			}
			var res *query.IdentifyResult
			if _, err := strconv.ParseInt(args[0], 10, 64); err != nil && len(args) == 1 && !strings.HasPrefix(args[0], "-") {
				if cmd.Flags().Changed("from") {
					return usageError{fmt.Errorf("--from applies to values; a GAME is tabulated from heap 0 (--to N)")}
				}
				inst, err := query.Open(args[0], opts.files(cmd))
				if err != nil {
					return err
				}
				if res, err = query.IdentifyGame(ctx, inst, to, opt, budget); err != nil {
					return err
				}
			} else {
				if cmd.Flags().Changed("to") {
					return usageError{fmt.Errorf("--to applies to a GAME; values are identified as given")}
				}
				values, err := query.ParseValues(args)
				if err != nil {
					return err
				}
				if from >= query.IdentifyFrom {
					return game.Inputf("--from %d: the values must start at a heap from 0 to %d", from, query.IdentifyFrom-1)
				}
				if res, err = query.Identify(ctx, values, from, opt, budget); err != nil {
					return err
				}
			}
			if opts.json {
				return printJSON(cmd.OutOrStdout(), res)
			}
			printIdentify(cmd.OutOrStdout(), res)
			return nil
		},
	}
	f := cmd.Flags()
	to = query.IdentifyFrom - 1
	f.Var((*sizeFlag)(&from), "from", "the heap of the first value M")
	f.Var((*sizeFlag)(&to), "to", "the last heap N a GAME is tabulated to")
	digits = 3
	f.Var((*sizeFlag)(&digits), "digits", "search codes of up to D digits: 3 (the index) or 4 (the 122,880 codes of 4 digits computed now)")
	return cmd
}

// printIdentify writes the answer of identify: the values and their own
// pattern, the games searched, and each match.
func printIdentify(w io.Writer, res *query.IdentifyResult) {
	last := res.From + len(res.Values) - 1
	if res.Game != "" {
		fmt.Fprintf(w, "game: %s\n", res.Game)
	}
	fmt.Fprintf(w, "values: G(%d..%d) = %s\n", res.From, last, joinValues(res.Values))
	if p := res.Pattern; p != nil {
		fmt.Fprintf(w, "their pattern: pre-period %d, period %d, saltus %d; %s\n", p.Preperiod, p.Period, p.Saltus, p.Reason)
	} else {
		fmt.Fprintln(w, "their pattern: none seen")
	}
	fmt.Fprintf(w, "searched: %d games (%s)\n", res.Searched, res.Families)
	if res.Total == 0 {
		fmt.Fprintln(w, "no match: no game searched has these values, exactly or shifted by one")
		return
	}
	fmt.Fprintf(w, "matches: %d\n", res.Total)
	for i, m := range res.Matches {
		g := m.Games[0]
		fmt.Fprintf(w, "%d. %s", i+1, gameLabel(g))
		switch m.Shift {
		case 0:
			fmt.Fprintln(w)
		case 1:
			fmt.Fprintf(w, ", shifted by one: G(n) here is its G(n+1)\n")
		default:
			fmt.Fprintf(w, ", shifted by one: G(n) here is its G(n%d), with G(-1) = 0\n", m.Shift)
		}
		if m.Count > 1 {
			names := make([]string, 0, len(m.Games)-1)
			for _, o := range m.Games[1:] {
				names = append(names, gameLabel(o))
			}
			more := ""
			if n := m.Count - len(m.Games); n > 0 {
				more = fmt.Sprintf(" and %d more", n)
			}
			claim := "identical, proven"
			if m.Identical != "proven" {
				claim = "identical " + m.Identical + ", computed, not proven"
			}
			fmt.Fprintf(w, "   the same sequence (%s): %s%s\n", claim, strings.Join(names, ", "), more)
		}
		if p := m.Pattern; p != nil {
			fmt.Fprintf(w, "   pattern: pre-period %d, period %d, saltus %d; %s\n", p.Preperiod, p.Period, p.Saltus, p.Reason)
		} else {
			fmt.Fprintf(w, "   pattern: no period known through G(%d)\n", m.Known-1)
		}
		fmt.Fprintf(w, "   next: G(%d..%d) = %s\n", last+1, last+len(m.Next), joinValues(m.Next))
	}
	if n := res.Total - len(res.Matches); n > 0 {
		fmt.Fprintf(w, "... %d more matches (all of them with --json; more values narrow the search)\n", n)
	}
}

// gameLabel names a game of a match: its code or set, its catalog name,
// and the code the take-all rule reduces it to.
func gameLabel(g query.IdentifiedGame) string {
	s := g.Name
	if g.Kind == "subtraction" {
		s = "subtraction " + s
	}
	if g.Catalog != "" {
		s += " (" + g.Catalog + ")"
	}
	if g.TakeAll && g.Kind == "code" {
		s += " (= " + g.Equals + " by take-all)"
	}
	return s
}

func joinValues(values []game.Nimber) string {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = strconv.FormatUint(uint64(v), 10)
	}
	return strings.Join(words, " ")
}
