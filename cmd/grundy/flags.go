package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
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

func (d *durationFlag) String() string { return time.Duration(*d).String() }
func (d *durationFlag) Type() string   { return "duration" }

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
	case err != nil:
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
func quoted(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return strconv.Quote(s)
}
