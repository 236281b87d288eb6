package main

import (
	"errors"
	"fmt"
	"github.com/grundy-go/grundy/internal/edit"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The limit flags parse their values themselves so that a negative or
// malformed value is refused with a message that says what is expected
// (pflag's own messages quote the raw argument, control bytes included).

// countFlag is a non-negative count (--max-states).
type countFlag int64

func (c *countFlag) String() string { return strconv.FormatInt(int64(*c), 10) }
func (c *countFlag) Type() string   { return "count" }

func (c *countFlag) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	switch {
	case err != nil && strings.Contains(err.Error(), "range"):
		return fmt.Errorf("%s is too large (at most %d)", quoted(s), int64(1<<63-1))
	case err != nil:
		return fmt.Errorf("%s is not a whole number (e.g. 1000000; 0: no limit)", quoted(s))
	case n < 0:
		return fmt.Errorf("%s is negative: give a count of states, or 0 for no limit", quoted(s))
	}
	*c = countFlag(n)
	return nil
}

// durationFlag is a non-negative duration (--timeout).
type durationFlag time.Duration

// String writes the duration; zero as "0", which help reads as "no
// default" rather than printing "(default 0s)".
func (d *durationFlag) String() string {
	if *d == 0 {
		return "0"
	}
	return time.Duration(*d).String()
}
func (d *durationFlag) Type() string { return "duration" }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(strings.TrimSpace(s))
	switch {
	case err != nil:
		return fmt.Errorf("%s is not a duration (e.g. 10s, 1m30s; 0: no limit)", quoted(s))
	case v < 0:
		return fmt.Errorf("%s is negative: give a duration such as 10s, or 0 for no limit", quoted(s))
	}
	*d = durationFlag(v)
	return nil
}

// byteFlag is a non-negative byte size with an optional binary or decimal
// unit (--max-memory): 512MiB, 4GiB, 1GB, 1000000.
type byteFlag int64

func (b *byteFlag) String() string { return formatBytes(int64(*b)) }
func (b *byteFlag) Type() string   { return "size" }

var byteUnits = []struct {
	suffix string
	scale  int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40},
	{"b", 1},
}

func (b *byteFlag) Set(s string) error {
	text := strings.ToLower(strings.TrimSpace(s))
	scale := int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(text, u.suffix) {
			text, scale = strings.TrimSpace(strings.TrimSuffix(text, u.suffix)), u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil || math.IsNaN(f) || math.IsInf(f, 0):
		return fmt.Errorf("%s is not a size (e.g. 512MiB, 4GiB; 0: no limit)", quoted(s))
	case f < 0:
		return fmt.Errorf("%s is negative: give a size such as 4GiB, or 0 for no limit", quoted(s))
	case f*float64(scale) >= 1<<63:
		return fmt.Errorf("%s is too large", quoted(s))
	}
	*b = byteFlag(f * float64(scale))
	return nil
}

// formatBytes writes a size the way --max-memory reads it.
func formatBytes(n int64) string {
	for _, u := range []struct {
		suffix string
		scale  int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.scale && n%u.scale == 0 {
			return strconv.FormatInt(n/u.scale, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// quoted writes a flag value for a message: printable, control bytes
// (such as the marker escapeNegatives adds) removed.
func quoted(s string) string { return strconv.Quote(printable(s)) }

// printable is s without its control characters.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// flagError words an error of the flag parser as one line that names the
// flag, says what is wrong with the value and where the flags are listed:
// pflag's own words quote Go's parse errors ("strconv.ParseInt: parsing
// ...") and repeat the value.
func flagError(cmd *cobra.Command, err error) error {
	help := fmt.Sprintf("see '%s --help'", cmd.CommandPath())
	var invalid *pflag.InvalidValueError
	var missing *pflag.ValueRequiredError
	var unknown *pflag.NotExistError
	switch {
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		msg := invalid.Unwrap().Error()
		var num *strconv.NumError
		if errors.As(invalid.Unwrap(), &num) {
			msg = quoted(invalid.GetValue()) + " is not " + typeWords(f)
		}
		return fmt.Errorf("--%s: %s (%s)", f.Name, msg, help)
	case errors.As(err, &missing):
		f := missing.GetFlag()
		return fmt.Errorf("--%s needs a value: %s (%s)", f.Name, strings.TrimSuffix(f.Usage, "."), help)
	case errors.As(err, &unknown):
		word := "--" + unknown.GetSpecifiedName()
		if short := unknown.GetSpecifiedShortnames(); short != "" {
			word = "-" + short
		}
		if !looksLikeFlag(word) {
			// "-++", "--+": a position, not a flag. run adds how to
			// write it.
			return &dashArgError{word: word}
		}
		hint := ""
		if near := nearestFlag(cmd, strings.TrimLeft(word, "-")); near != "" {
			hint = "did you mean " + near + "? "
		}
		return fmt.Errorf("unknown flag %s (%s%s)", printable(word), hint, help)
	}
	return fmt.Errorf("%w (%s)", err, help)
}

// typeWords says what a flag of f's type expects.
func typeWords(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "bool":
		return fmt.Sprintf("true or false (--%s alone means true)", f.Name)
	case "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number >= 0"
	case "int", "int8", "int16", "int32", "int64":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	}
	return "a valid " + f.Value.Type()
}

// looksLikeFlag reports whether word could be a mistyped flag: dashes, then
// a letter, then letters (any script), digits and dashes (an '=' ends the
// name).
func looksLikeFlag(word string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(word, "-"), "=")
	if name == "" || !unicode.IsLetter(rune(name[0])) {
		return false
	}
	for _, r := range name {
		// Letters outside ASCII count: --misère, spelled as the docs
		// spell the word, is a mistyped --misere, not a position.
		if !(r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// nearestFlag returns "--name" for the flag of cmd closest to name (at most
// two edits), or "".
func nearestFlag(cmd *cobra.Command, name string) string {
	best, bestDist := "", 3
	visit := func(f *pflag.Flag) {
		if d := edit.Distance(name, f.Name); d < bestDist {
			best, bestDist = "--"+f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// dashArgError is a word such as "-++" that the flag parser took for a flag
// but is a position; run rewrites the command line with '--' for the hint.
type dashArgError struct{ word string }

func (e *dashArgError) Error() string {
	return fmt.Sprintf("%s is not a flag: a position that starts with '-' goes after '--'", quoted(e.word))
}
