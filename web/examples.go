package web

import (
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"github.com/grundy-go/grundy/examples"
)

// Example is one entry of /api/examples: an example rule script
// (examples/*.star) for the rule editor's menu.
type Example struct {
	Name   string `json:"name"`   // the file name, e.g. "nim.star"
	Title  string `json:"title"`  // the first line of its leading comment
	Source string `json:"source"` // the whole script
	// Verb and Args are the command the script's comment shows, e.g.
	// "value" and "3 4 5" for `grundy value nim.star 3 4 5`, "table" and
	// "40" for `grundy table strip.star --to 40` (the editor's range).
	Verb string `json:"verb"`
	Args string `json:"args"`
	// Command is that command as the comment writes it.
	Command string `json:"command,omitempty"`
}

// usage matches the command line an example's comment shows.
var usage = regexp.MustCompile("`grundy (\\w+) \\S+\\.star([^`]*)`")

// exampleList reads the embedded examples, sorted by name.
func exampleList() ([]Example, error) {
	names, err := fs.Glob(examples.Scripts, "*.star")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := []Example{}
	for _, name := range names {
		data, err := fs.ReadFile(examples.Scripts, name)
		if err != nil {
			return nil, err
		}
		src := string(data)
		e := Example{Name: name, Source: src}
		first, _, _ := strings.Cut(src, "\n")
		e.Title = strings.TrimSpace(strings.TrimPrefix(first, "#"))
		if m := usage.FindStringSubmatch(src); m != nil {
			e.Verb, e.Args, e.Command = m[1], strings.TrimSpace(m[2]), strings.Trim(m[0], "`")
			if e.Verb == "table" {
				e.Args = tableRange(e.Args)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// tableRange writes a table command's flags as the rule editor's range:
// "--to 40" is "40", "--from 10 --to 40" is "10 40".
func tableRange(flags string) string {
	var from, to string
	words := strings.Fields(flags)
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "--from":
			from = words[i+1]
		case "--to":
			to = words[i+1]
		}
	}
	return strings.TrimSpace(from + " " + to)
}

func (s *Server) examples(*request) (any, error) { return exampleList() }
