package query

import (
	"slices"
	"strings"

	"github.com/grundy-go/grundy/internal/edit"
)

// SimilarGames returns the names of the catalog a mistyped name most likely
// meant, closest first (at most three): names within a small edit distance
// of it (two edits, or a third of its length for long names), and names it
// is a prefix of ("dawson" -> dawson-chess, dawson-kayles). It returns
// nil when nothing is close.
func SimilarGames(name string) []string {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return nil
	}
	type match struct {
		name string
		dist int
	}
	var found []match
	limit := max(2, len(name)/3)
	for _, e := range catalog {
		d := edit.Distance(name, e.Name)
		if len(name) >= 3 && strings.HasPrefix(e.Name, name) {
			d = min(d, 1)
		}
		if d <= limit && d < len(e.Name) {
			found = append(found, match{e.Name, d})
		}
	}
	slices.SortStableFunc(found, func(a, b match) int { return a.dist - b.dist })
	var names []string
	for _, m := range found[:min(len(found), 3)] {
		names = append(names, m.name)
	}
	return names
}
