package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/grundy-go/grundy/query"
)

// options are the flags every verb accepts (docs/reference.md, "Verbs").
type options struct {
	json      bool
	timeout   durationFlag
	maxStates countFlag
	maxMemory byteFlag
	maxDisk   byteFlag
	started   time.Time            // when the command started: --timeout counts from here
	stops     []context.CancelFunc // the file contexts' (see files)
}

// defaultMaxMemory is the CLI's memory budget for one command's engines.
const defaultMaxMemory = 4 << 30

func newRoot() *cobra.Command {
	opts := &options{}
	root := &cobra.Command{
		Use:   "grundy",
		Short: "Grundy values, patterns and perfect play for combinatorial games",
		Long: `grundy computes Sprague-Grundy values of impartial games and their sums,
finds the patterns in tables of values, solves general two-player games
(win/lose/draw, scores, cycles) and plays them perfectly.

A POSITION is a sum of groups, GROUP + GROUP + ..., each a game and its
arguments: 'nim 3 4 5', 'kayles 10 + grundy-game 9'. 'grundy games' lists
the games, 'grundy games NAME' shows the rules and position syntax of one.
A GAME may also be a rule script, FILE.star (docs/scripts.md).

An ARG @FILE stands for the ARGs written in FILE: its words (grundy value
nim @heaps.txt), or for boards one row per line with a blank line between
boards. A position that starts with '-' but not with a digit goes after
'--': grundy value -- flip -++.

Exit status: 0 done, 1 the computation failed or hit a limit (--timeout,
--max-states, --max-memory), 2 bad usage or bad input. Shell completion:
'grundy completion bash|zsh|fish --help'.`,
		Example: `  grundy value nim 3 4 5
  grundy games kayles
  grundy table kayles --to 100
  grundy solve tictactoe
  grundy play nim 3 4 5 --hint`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate(versionTemplate)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return usageError{flagError(cmd, err)} })
	pf := root.PersistentFlags()
	pf.BoolVar(&opts.json, "json", false, "print one JSON document on stdout")
	opts.maxMemory = defaultMaxMemory
	pf.Var(&opts.timeout, "timeout", "stop after this long, e.g. 10s or 2m (0: no limit)")
	pf.Var(&opts.maxStates, "max-states", "stop after expanding this many positions (0: no limit)")
	pf.Var(&opts.maxMemory, "max-memory", "stop before the engines hold more than this, e.g. 512MiB or 8GiB (0: no limit)")
	pf.Var(&opts.maxDisk, "max-disk", "refuse, before writing, files (tier databases, run files) larger than this in all, e.g. 10GiB (0: no limit)")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		// --timeout counts from here, before the position is read:
		// reading the user's files is part of the request.
		opts.started = time.Now()
		return nil
	}
	for _, verb := range verbs {
		root.AddCommand(verb(opts))
	}
	for _, hook := range rootHooks {
		hook(root)
	}
	return root
}

// buildVersion is what --version tells (JSON with --json): the module's
// version from the build information, a release tag when built by 'go
// install module@version', else "(devel)", with the commit when the build
// recorded one, and the Go release that built it.
type buildVersion struct {
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"` // built from a tree with changes
	Go       string `json:"go,omitempty"`
}

func readVersion() buildVersion {
	v := buildVersion{Version: "(devel)"}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version
	}
	v.Go = info.GoVersion
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// version is the text of --version: "(devel) commit 0123456789ab,
// modified, built with go1.26.0".
func version() string {
	b := readVersion()
	v := b.Version
	if b.Commit != "" && v == "(devel)" {
		v += fmt.Sprintf(" commit %.12s", b.Commit)
		if b.Modified {
			v += ", modified"
		}
	}
	if b.Go == "" {
		return v
	}
	return v + ", built with " + b.Go
}

// versionTemplate is cobra's template for --version: the text line, or
// with --json the JSON document of buildVersion (versionJSON, encoded only
// when asked for: the encoder's code and tables are not in the memory of
// every other command).
const versionTemplate = `{{if eq (.Flags.Lookup "json").Value.String "true"}}{{versionJSON}}` + "\n{{else}}grundy {{.Version}}\n{{end}}"

func init() { cobra.AddTemplateFunc("versionJSON", versionJSON) }

// versionJSON is the JSON document of buildVersion.
func versionJSON() string {
	doc, err := json.MarshalIndent(readVersion(), "", "  ")
	if err != nil {
		return `{"version": "(devel)"}`
	}
	return string(doc)
}

// rootHooks adjust the root command after the verbs are added (flags of a
// package such as script/), so such files need not touch this one.
var rootHooks []func(root *cobra.Command)

// verbs makes the subcommands. Each verb's file adds its constructor in an
// init function, so verbs are added without touching this file.
var verbs []func(*options) *cobra.Command

// context returns the command's context with the --timeout applied.
func (o *options) context(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithDeadline(cmd.Context(), o.started.Add(time.Duration(o.timeout)))
	}
	return context.WithCancel(cmd.Context())
}

// files returns the command line's file access for this command: reads
// of the user's files end with the command's context and --timeout, and
// what is not a regular file or the standard input is refused.
func (o *options) files(cmd *cobra.Command) fs.FS {
	ctx, cancel := o.context(cmd)
	o.stops = append(o.stops, cancel) // the deadline's timer lives as long as the command
	return query.OSFiles(ctx)
}

// budget returns the budget of one request (all the engines a command
// starts) from the flags, with its progress line on stderr when it is a
// terminal (showProgress). done stops and clears the line.
func (o *options) budget(cmd *cobra.Command) (budget *query.Budget, done func()) {
	budget = o.plainBudget()
	return budget, o.showProgress(cmd, budget)
}

// plainBudget is the budget of one request from the flags, with no
// progress shown.
func (o *options) plainBudget() *query.Budget {
	if o.maxMemory > 0 {
		// The budget counts what the engines hold; the collector is asked
		// to keep the whole heap (garbage and runtime included) within it
		// and its slack too, instead of letting it grow to twice the live
		// data.
		debug.SetMemoryLimit(query.RuntimeMemoryLimit(int64(o.maxMemory)))
	}
	return &query.Budget{MaxStates: int64(o.maxStates), MaxMemory: int64(o.maxMemory), MaxDisk: int64(o.maxDisk)}
}

// isTerminal reports whether w writes to a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := unwrapOutput(w).(*os.File)
	return ok && isTerminalFile(f)
}

// isTerminalFile reports whether f is a terminal. Being a character device
// is not enough: /dev/null is one, and `play < /dev/null > /dev/null` would
// start the full-screen interface. The descriptor is asked through
// SyscallConn, which, unlike Fd, leaves its mode alone.
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	tty := false
	if err := rc.Control(func(fd uintptr) { tty = term.IsTerminal(int(fd)) }); err != nil {
		return false
	}
	return tty
}

// unwrapOutput returns the stream under the command's output writer, for
// what needs the file itself (a terminal's size and modes).
func unwrapOutput(w io.Writer) io.Writer {
	if o, ok := w.(*outputWriter); ok {
		return o.w
	}
	return w
}

// printJSON writes v as one indented JSON document; the answers whose size
// grows with the request (tables, quotients, graphs) are written entry by
// entry (query.WriteAnswer).
func printJSON(w io.Writer, v any) error {
	// Positions such as "<" stay readable: no HTML escaping.
	if err := query.WriteAnswer(w, v, query.JSONFormat{Indent: "  "}, nil); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// needPosition is the Args check of verbs that take a POSITION.
func needPosition(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usageError{fmt.Errorf("%s needs a position, e.g. 'grundy %s nim 3 4 5'", cmd.Name(), cmd.Name())}
	}
	return nil
}
