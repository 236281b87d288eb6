package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy-go/grundy/query"
)

// explainUsage rewrites the usage errors cobra and pflag word for a
// program (multi-line suggestions, "unknown shorthand flag") as one line
// that says what to do next. cmd is the command that failed and args the
// command line as typed.
func explainUsage(root, cmd *cobra.Command, args []string, err error) error {
	var dash *dashArgError
	if errors.As(err, &dash) {
		return usageError{fmt.Errorf("%w, as in '%s'", dash, dashCommand(root, cmd, args))}
	}
	var missing *fs.PathError
	if errors.As(err, &missing) && errors.Is(err, fs.ErrNotExist) && !filepath.IsAbs(missing.Path) {
		if wd, werr := os.Getwd(); werr == nil {
			return fmt.Errorf("%w (a relative path is read from the current directory, %s)", err, wd)
		}
	}
	return err
}

// unknownVerb returns the usage error of a command line whose first word
// is not a verb, or nil. It asks cobra which command the words name (its
// error for an unknown verb is not typed, so the verb is checked before
// the command runs) and cobra's suggestions for the word.
func unknownVerb(root *cobra.Command, args []string) error {
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		return nil // shell completion: cobra adds its command when it runs
	}
	// The verbs cobra adds when it runs (help, completion) are verbs too,
	// and --help is a flag without a value: unknown to Find, it would take
	// the verb after it as its value ("--help value nim 3").
	root.InitDefaultHelpFlag()
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd(args...)
	if c, _, err := root.Find(args); err == nil || c != root {
		return nil
	}
	flags := pflag.NewFlagSet(root.Name(), pflag.ContinueOnError)
	flags.AddFlagSet(root.PersistentFlags())
	flags.AddFlagSet(root.Flags())
	flags.ParseErrorsAllowlist.UnknownFlags = true
	flags.SetOutput(io.Discard)
	if flags.Parse(args) != nil || flags.NArg() == 0 {
		return nil // a flag error: the command reports it
	}
	word := flags.Arg(0)
	if _, ok := query.LookupGame(strings.Split(word, ":")[0]); ok || strings.HasSuffix(word, ".star") {
		// "grundy nim 3 4 5": a position where the verb goes.
		return usageError{fmt.Errorf("%q is a game, not a verb: say what to compute, as in 'grundy value %s' (see 'grundy --help')", word, strings.Join(args, " "))}
	}
	hint := ""
	if sug := root.SuggestionsFor(word); len(sug) > 0 {
		hint = "did you mean " + strings.Join(sug, " or ") + "? "
	}
	return usageError{fmt.Errorf("unknown verb %q (%ssee 'grundy --help' for the verbs)", word, hint)}
}

// noArgs refuses every positional word, as a usage error.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("%s takes no argument %q (see '%s --help')", cmd.CommandPath(), args[0], cmd.CommandPath())}
	}
	return nil
}

// oneGame wants exactly one positional word, the GAME, as a usage error.
func oneGame(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageError{fmt.Errorf("%s takes one GAME, got %d words (see '%s --help')", cmd.CommandPath(), len(args), cmd.CommandPath())}
	}
	return nil
}

// dashCommand writes the command line args again with the verb and its
// flags first and '--' before the position, so that words starting with
// '-' are read as the position.
func dashCommand(root, cmd *cobra.Command, args []string) string {
	words := []string{cmd.CommandPath()}
	_, rest, err := root.Find(args)
	if err != nil {
		rest = args
	}
	var position []string
	flags := cmd.Flags()
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w == "--" {
			position = append(position, rest[i+1:]...)
			break
		}
		var f *pflag.Flag
		if name, hasValue, ok := strings.Cut(strings.TrimPrefix(w, "--"), "="); strings.HasPrefix(w, "--") {
			if f = flags.Lookup(name); f != nil && !ok && f.Value.Type() != "bool" && i+1 < len(rest) {
				words = append(words, w, rest[i+1])
				i++
				continue
			}
			_ = hasValue
		} else if len(w) == 2 && w[0] == '-' {
			f = flags.ShorthandLookup(w[1:])
		}
		if f != nil {
			words = append(words, w)
			continue
		}
		position = append(position, w)
	}
	words = append(words, "--")
	for _, w := range position {
		words = append(words, shellQuote(w))
	}
	return strings.Join(words, " ")
}

// shellQuote quotes w for a POSIX shell when it has characters the shell
// would read.
func shellQuote(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-_.,:/=@%#") == "" && w[0] != '#' {
		return w
	}
	return "'" + strings.ReplaceAll(printable(w), "'", `'\''`) + "'"
}
