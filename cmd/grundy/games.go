package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// gameEntry is one catalog entry in `grundy games --json`.
type gameEntry struct {
	Name string `json:"name"`
	// Form is the name as the text listing shows it and a position
	// writes it, with its parameters' suffix: "octal:CODE", "graph:FILE".
	Form    string `json:"form"`
	Params  string `json:"params,omitempty"`
	Syntax  string `json:"syntax"`
	Kind    string `json:"kind"`
	Rules   string `json:"rules"`
	Example string `json:"example"`
}

func newGameEntry(s query.GameInfo) gameEntry {
	return gameEntry{s.Name, s.Form(), s.Params, s.Syntax, s.Kind, s.Rules, s.Example}
}

// lineWidth is the width the text of `grundy games` wraps at.
const lineWidth = 100

func init() { verbs = append(verbs, gamesCmd) }

func gamesCmd(opts *options) *cobra.Command {
	return &cobra.Command{
		Use:   "games [NAME]",
		Short: "List the catalog of games, or show the rules, position syntax and examples of one",
		Long: `games lists the games of the catalog: name (with :PARAMS when the game
takes parameters), kind and an example position. 'grundy games NAME' shows
one game: its rules, its parameters, what its ARGs denote, and commands to
try. --json prints the same as JSON (one object for one game).`,
		Example: `  grundy games
  grundy games kayles
  grundy games subtract
  grundy games --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError{fmt.Errorf("games takes at most one NAME, got %d words (e.g. 'grundy games kayles')", len(args))}
			}
			return nil
		},
		ValidArgsFunction: completeGameNames,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 1 {
				spec, err := lookupGame(positionArgs(args)[0])
				if err != nil {
					return err
				}
				if opts.json {
					return printJSON(out, newGameEntry(spec))
				}
				printGame(out, spec)
				return nil
			}
			var entries []gameEntry
			for _, s := range query.Catalog() {
				entries = append(entries, newGameEntry(s))
			}
			if opts.json {
				return printJSON(out, entries)
			}
			printCatalog(out, query.Catalog())
			return nil
		},
	}
}

// lookupGame finds the catalog entry of NAME (or of NAME:PARAMS).
func lookupGame(word string) (query.GameInfo, error) {
	name, _, _ := strings.Cut(word, ":")
	if spec, ok := query.LookupGame(name); ok {
		return spec, nil
	}
	if strings.HasSuffix(word, ".star") {
		return query.GameInfo{}, game.Inputf("%s is a rule script, not a game of the catalog: its rules are the script (docs/scripts.md)", printable(word))
	}
	return query.GameInfo{}, &game.NotFoundError{What: "game", Name: printable(name), Suggestions: query.SimilarGames(name)}
}

// didYouMean is the hint of a name not found: "did you mean nim? ", or
// "did you mean a, b or c? ", or "" when nothing is close.
func didYouMean(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "did you mean " + names[0] + "? "
	}
	return "did you mean " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1] + "? "
}

// printCatalog writes one line per game: the name, the kind and an example.
func printCatalog(w io.Writer, specs []query.GameInfo) {
	names := make([]string, len(specs))
	nameWidth, kindWidth := len("GAME"), len("KIND")
	for i, s := range specs {
		names[i] = s.Form()
		nameWidth = max(nameWidth, len(names[i]))
		kindWidth = max(kindWidth, len(s.Kind))
	}
	fmt.Fprintf(w, "%-*s  %-*s  %s\n", nameWidth, "GAME", kindWidth, "KIND", "EXAMPLE")
	indent := nameWidth + kindWidth + 4
	for i, s := range specs {
		head := fmt.Sprintf("%-*s  %-*s  ", nameWidth, names[i], kindWidth, s.Kind)
		fmt.Fprint(w, head+strings.TrimLeft(wrap(s.Example, indent, lineWidth), " "))
	}
	fmt.Fprintln(w, "\nThe rules, position syntax and examples of one game: 'grundy games NAME'.")
}

// printGame writes the page of one game.
func printGame(w io.Writer, s query.GameInfo) {
	title := s.Form()
	fmt.Fprintf(w, "%s (%s)\n\n", title, s.Kind)
	section := func(label, text string) {
		body := wrap(text, 4, lineWidth)
		fmt.Fprintf(w, "%s:\n%s", label, body)
	}
	section("rules", s.Rules)
	if s.Params != "" {
		section("parameters ("+s.Name+":"+s.ParamsName()+")", strings.TrimSpace(strings.TrimPrefix(s.Params, s.ParamsName()+":")))
	}
	section("position (the ARGs after the game)", s.Syntax)
	section("example", s.Example)
	fmt.Fprintln(w, "\ntry:")
	for _, c := range tryCommands(s) {
		fmt.Fprintf(w, "    %s\n", c)
	}
	if s.ReadsFile {
		file := strings.TrimPrefix(strings.Fields(s.Example)[0], s.Name+":")
		fmt.Fprintln(w)
		fmt.Fprint(w, wrap(fmt.Sprintf("The example reads %s, a file of the repository, by a path relative to "+
			"its root: run it from the root of a clone, or write a file of your own:", file), 0, lineWidth))
		fmt.Fprintf(w, "    printf 'a b\\nb c\\n' > g.txt\n    grundy value %s:g.txt a\n", s.Name)
	}
}

// tryCommands are the commands that show what grundy does with the game's
// example: value or solve, the table for games whose positions are
// integers, and play.
func tryCommands(s query.GameInfo) []string {
	var cmds []string
	if s.Kind == query.KindImpartial {
		cmds = append(cmds, "grundy value "+s.Example)
	} else {
		cmds = append(cmds, "grundy solve "+s.Example)
	}
	if s.Tabulates {
		cmds = append(cmds, "grundy table "+strings.Fields(s.Example)[0]+" --to 30")
	}
	return append(cmds, "grundy play "+s.Example)
}

// wrap breaks text into lines of at most width characters (a word longer
// than a line gets a line of its own), each indented by indent spaces, each
// ending in a newline.
func wrap(text string, indent, width int) string {
	var b strings.Builder
	pad := strings.Repeat(" ", indent)
	line := 0
	for _, word := range strings.Fields(text) {
		n := len([]rune(word))
		switch {
		case line == 0:
			b.WriteString(pad + word)
			line = indent + n
		case line+1+n > width:
			b.WriteString("\n" + pad + word)
			line = indent + n
		default:
			b.WriteString(" " + word)
			line += 1 + n
		}
	}
	if line > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// completeGameNames completes a GAME word with the names of the catalog
// (shell completion).
func completeGameNames(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return gameNames(toComplete, nil)
}

// completeGamesWhere completes the GAME of a verb that takes only the
// catalog games keep accepts (table: the games it tabulates; quotient: the
// heap games), or a rule script's path when none fits.
func completeGamesWhere(keep func(query.GameInfo) bool) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		if names, dir := gameNames(toComplete, keep); len(names) > 0 {
			return names, dir
		}
		return nil, cobra.ShellCompDirectiveDefault
	}
}

// completePosition completes the words of a POSITION: the game's name as
// the first word and after each '+' (or a rule script's path when no name
// fits), nothing for the ARGs.
func completePosition(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 && args[len(args)-1] != "+" {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if names, dir := gameNames(toComplete, nil); len(names) > 0 {
		return names, dir
	}
	return nil, cobra.ShellCompDirectiveDefault
}

// gameNames lists the games whose names start with prefix (and that keep
// accepts, when not nil), each with the start of its rules as the
// completion's description. A game written only with its parameters is
// offered with its colon, "octal:", and no space after it when it is the
// only choice left; once the colon is typed nothing more is offered.
func gameNames(prefix string, keep func(query.GameInfo) bool) ([]string, cobra.ShellCompDirective) {
	if strings.Contains(prefix, ":") {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var names []string
	colons := 0
	for _, s := range query.Catalog() {
		if !strings.HasPrefix(s.Name, prefix) || keep != nil && !keep(s) {
			continue
		}
		name := s.Name
		if s.NeedsParams() {
			name += ":"
			colons++
		}
		names = append(names, name+"\t"+firstSentence(s.Rules))
	}
	dir := cobra.ShellCompDirectiveNoFileComp
	if colons > 0 && colons == len(names) {
		dir |= cobra.ShellCompDirectiveNoSpace
	}
	return names, dir
}

// firstSentence is the start of s up to its first ". ", "; " or ": ", for
// the descriptions of completions.
func firstSentence(s string) string {
	for _, end := range []string{". ", "; ", ": "} {
		if i := strings.Index(s, end); i > 0 {
			s = s[:i]
		}
	}
	return strings.TrimSuffix(s, ".")
}
