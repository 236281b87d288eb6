package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy-go/grundy/query"
)

// unknownCommand matches cobra's error for a word that is not a verb, with
// its optional suggestions ("Did you mean this?" and a list of verbs).
var unknownCommand = regexp.MustCompile(`^unknown command "(.*)" for "(.*)"(?s:\s*Did you mean this\?\s*(.*))?`)

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
	m := unknownCommand.FindStringSubmatch(oneLine(err.Error()))
	if m == nil {
		return err
	}
	word, path := m[1], m[2]
	if _, ok := query.LookupGame(strings.Split(word, ":")[0]); ok || strings.HasSuffix(word, ".star") {
		// "grundy nim 3 4 5": a position where the verb goes.
		return usageError{fmt.Errorf("%q is a game, not a verb: say what to compute, as in 'grundy value %s' (see 'grundy --help')", word, strings.Join(args, " "))}
	}
	hint := ""
	if sug := strings.Fields(m[3]); len(sug) > 0 {
		hint = "did you mean " + strings.Join(sug, " or ") + "? "
	}
	if path != root.Name() {
		return usageError{fmt.Errorf("%s takes no argument %q (%ssee '%s --help')", path, word, hint, path)}
	}
	return usageError{fmt.Errorf("unknown verb %q (%ssee 'grundy --help' for the verbs)", word, hint)}
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
