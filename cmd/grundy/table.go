package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// maxShown is the most values the text output lists before it summarizes.
const maxShown = 2000

func init() { verbs = append(verbs, tableCmd) }

func tableCmd(opts *options) *cobra.Command {
	var from, to int
	var out, format string
	var run runFlags // --format run, --resume: table_run.go
	var misere bool  // --misere: misere.go
	var stats bool   // --stats: table_stats.go
	var certificate string
	cmd := &cobra.Command{
		Use:   "table GAME [--from M] --to N",
		Short: "G(M..N) of a heap game and its pattern: pre-period, period, saltus, proven or observed",
		Long: `table prints G(M..N) of GAME, a game whose positions are integers (heap
games, rule scripts with integer positions), a period to a row, and the
pattern the values show: pre-period, period and saltus, marked proven (with
the theorem that proves it) or only observed. A proven pattern gives the
values past those computed, so N may be as large as 2^63-1.

--out FILE writes every value (--format text or bin); a long table goes to a
resumable run file (--format run, --resume; docs/sequences.md). Without a
run file the values are held in memory, 2 bytes each, up to what
--max-memory allows. --stats ends with the values computed per second, the
rare count and the memory. --misere prints the genus of each heap instead.
--certificate FILE writes a certificate of the proven pattern, which
grundy-verify checks without grundy's engines (docs/certificates.md).`,
		Example: `  grundy table kayles --to 100
  grundy table subtract:2,3,7 --to 30
  grundy table dawson-kayles --to 1000000000000
  grundy table grundy-game --to 100000 --out values.bin --format bin
  grundy table kayles --to 200 --certificate kayles.cert`,
		ValidArgsFunction: completeGamesWhere(func(g query.GameInfo) bool { return g.Tabulates }),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError{fmt.Errorf("table needs one GAME (a game whose positions are integers), e.g. 'grundy table kayles --to 100'")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkCertificatePath(certificate); err != nil {
				return err
			}
			if certificate != "" && (misere || run.wanted(cmd, out, format, to)) {
				return usageError{fmt.Errorf("--certificate certifies a table computed in memory: not with --misere, --resume or a run file")}
			}
			if misere {
				return misereTable(cmd, opts, positionArgs(args)[0], from, to, out)
			}
			if run.wanted(cmd, out, format, to) {
				return run.table(cmd, opts, positionArgs(args)[0], from, to, out, stats)
			}
			if format != "text" && format != "bin" {
				return usageError{fmt.Errorf("--format %q: use text or bin", format)}
			}
			if cmd.Flags().Changed("format") && out == "" {
				return usageError{fmt.Errorf("--format applies to --out FILE, which is missing")}
			}
			inst, err := query.Open(positionArgs(args)[0], opts.files(cmd))
			if err != nil {
				return err
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			budget, done := opts.budget(cmd)
			start, cpuStart := time.Now(), processCPU()
			res, err := query.Table(ctx, inst, from, to, budget)
			elapsed, cpu := time.Since(start), processCPU()-cpuStart
			var cert *query.Certificate
			var certErr error
			if err == nil && certificate != "" {
				cert, certErr = query.Certify(ctx, inst, res, budget)
			}
			done()
			if query.TableTooLarge(err) && query.WritesRunFiles(inst) {
				return fmt.Errorf("%w: write the table to a run file on disk with --out FILE --format run", err)
			}
			if err != nil {
				return err
			}
			speed := tableSpeed{computed: int64(res.Computed), elapsed: elapsed, cpu: cpu, stats: res.Stats, held: budget.Memory()}
			if opts.json && res.Values == nil {
				return game.Inputf("--json lists every value, and G(%d..%d) has %d, more than %d: narrow --from/--to, or write them with --out FILE", from, to, res.Count(), query.MaxListed)
			}
			if out != "" {
				if err := writeValues(res, out, format == "bin"); err != nil {
					return err
				}
			}
			if cert != nil {
				if err := query.WriteCertificate(certificate, cert); err != nil {
					return err
				}
			}
			if opts.json {
				if stats {
					speed.print(cmd.ErrOrStderr()) // stdout holds one JSON document
				}
				if err := printJSON(cmd.OutOrStdout(), res); err != nil {
					return err
				}
				return certErr
			}
			printTable(cmd.OutOrStdout(), res)
			if certErr != nil {
				return certErr
			}
			if cert != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote certificate %s: G(0..%d), the bound of theorem %s (check it with grundy-verify %s)\n",
					certificate, len(cert.Values)-1, cert.Theorem, certificate)
			}
			if out != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %d values to %s (%s)\n", res.Count(), out, format)
			}
			if stats {
				speed.print(cmd.OutOrStdout())
			}
			return nil
		},
	}
	f := cmd.Flags()
	to = 100
	f.Var((*sizeFlag)(&from), "from", "first heap size M")
	f.Var((*sizeFlag)(&to), "to", "last heap size N")
	f.StringVar(&out, "out", "", "write every value G(M..N) to FILE")
	f.StringVar(&format, "format", "text", "format of --out: text (one value a line) or bin (little-endian uint16)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]cobra.Completion{"text", "bin", "run"}, cobra.ShellCompDirectiveNoFileComp))
	addRunFlags(cmd, &run)
	f.BoolVar(&stats, "stats", false, "end with the values computed per second, the rare count and the memory (on stderr with --json)")
	f.StringVar(&certificate, "certificate", "", "write a certificate of the proven pattern to FILE (docs/certificates.md)")
	f.BoolVar(&misere, "misere", false, "misère play: the genus of each heap, marking where the game stops being tame")
	return cmd
}

func writeValues(res *query.TableResult, path string, binary bool) error {
	if res.Count() > query.MaxWritten {
		return game.Inputf("--out: G(%d..%d) has %d values, more than the %d a file may take", res.From, res.To, res.Count(), query.MaxWritten)
	}
	f, err := os.Create(path)
	if err != nil {
		return game.Inputf("--out: %w", err)
	}
	werr := res.WriteValues(f, binary)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("write %s: %w", path, werr)
	}
	return nil
}

// printTable writes the values in rows, a period to a row when a period is
// known (rows start where n - n0 is a multiple of the period, so each column
// is one residue class and the pattern stands out), then the pattern line.
// Tables longer than maxShown show their start and a summary.
func printTable(w io.Writer, res *query.TableResult) {
	fmt.Fprintf(w, "%s: G(%d..%d)\n", res.Game, res.From, res.To)
	width, anchor := 10, 0
	if p := res.Pattern; p != nil && p.Period <= 64 {
		width, anchor = p.Period, p.Preperiod
		if width <= 2 { // a period of 1 or 2 goes 8/period times to a row
			width = 8
		}
	}
	last := res.To
	if res.Count() > maxShown {
		last = res.From + 199 // Count > maxShown: no overflow
		if p := res.Pattern; p != nil {
			last = max(last, p.Preperiod+2*p.Period-1)
		}
		last = min(last, res.From+maxShown-1)
	}
	var top game.Nimber
	for n := range query.Span(res.From, last) {
		top = max(top, res.At(n))
	}
	valueWidth := max(len(strconv.FormatUint(uint64(top), 10))+1, 3)
	labelWidth := len(strconv.Itoa(last))
	var row strings.Builder
	flush := func() {
		if row.Len() > 0 {
			fmt.Fprintln(w, row.String())
			row.Reset()
		}
	}
	for n := range query.Span(res.From, last) {
		if n == res.From || mod(n-anchor, width) == 0 {
			flush()
			fmt.Fprintf(&row, "%*d:", labelWidth, n)
			if n == res.From {
				// Indent a first partial row so columns stay residue classes.
				row.WriteString(strings.Repeat(" ", valueWidth*mod(n-anchor, width)))
			}
		}
		fmt.Fprintf(&row, "%*d", valueWidth, res.At(n))
	}
	flush()
	if last < res.To {
		fmt.Fprintf(w, "... %d more values (write them all with --out FILE)\n", int64(res.To-last))
	}
	if last < res.To || res.Count() > 100 {
		s := res.Summary
		fmt.Fprintf(w, "summary over n = %d..%d: %d values, %d of them 0 (P-positions), largest %d\n", res.From, res.To, s.Count, s.Zeros, s.Max)
	}
	printStats(w, res) // table_run.go
	switch {
	case res.Computed == 0:
		fmt.Fprintln(w, "no value searched: the closed form gives them all")
	case res.Computed <= res.To:
		fmt.Fprintf(w, "computed G(0..%d); the values past it follow from the proven pattern\n", res.Computed-1)
	}
	fmt.Fprintln(w, patternLine(res))
}

func patternLine(res *query.TableResult) string {
	p := res.Pattern
	if p == nil {
		return fmt.Sprintf("pattern: none (no period found up to n = %d)", max(res.Computed-1, 0))
	}
	kind := ""
	if p.Saltus != 0 {
		kind = " (arithmetic periodic)"
	}
	reason := p.Reason
	if p.Proven {
		reason = "proven: " + reason
	}
	return fmt.Sprintf("pattern: pre-period %d, period %d, saltus %d%s; %s", p.Preperiod, p.Period, p.Saltus, kind, reason)
}

// sizeFlag is a heap size flag (--from, --to): a whole number from 0 to
// 2^63-1. It also reads a value the root command escaped as a position
// ARG (escapeNegatives).
type sizeFlag int

func (s *sizeFlag) String() string { return strconv.Itoa(int(*s)) }

func (s *sizeFlag) Set(v string) error {
	v = strings.TrimSpace(strings.TrimPrefix(v, "\x00"))
	n, err := strconv.Atoi(v)
	switch {
	case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-"):
		return fmt.Errorf("%s is too large: heap sizes go up to %d", quoted(v), math.MaxInt)
	case err != nil:
		return fmt.Errorf("%s is not a whole number", quoted(v))
	case n < 0:
		return fmt.Errorf("%s is negative: heap sizes start at 0", quoted(v))
	}
	*s = sizeFlag(n)
	return nil
}

func (*sizeFlag) Type() string { return "int" }

func mod(a, b int) int { return (a%b + b) % b }

// checkCertificatePath refuses, before any value is computed, a
// --certificate that could not be written: a name with control
// characters, a directory, or a file in a directory that does not exist.
func checkCertificatePath(path string) error {
	if path == "" {
		return nil
	}
	if printable(path) != path {
		return usageError{fmt.Errorf("--certificate: %s: a file name without control characters, please", quoted(path))}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usageError{fmt.Errorf("--certificate: %s is a directory, not a file", quoted(path))}
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return usageError{fmt.Errorf("--certificate: %s cannot be created: %s", quoted(path), whyNotDir(filepath.Dir(path), err))}
	}
	return nil
}
