package games

import (
	"slices"
	"strings"
)

// Similar returns the names of the catalog a mistyped name most likely
// meant, closest first (at most three): names within a small edit distance
// of it (two edits, or a third of its length for long names), and names it
// is a prefix of ("dawson" -> dawson-chess, dawson-kayles). It returns
// nil when nothing is close.
func Similar(name string) []string {
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
	for _, s := range Catalog() {
		d := editDistance(name, s.Name)
		if len(name) >= 3 && strings.HasPrefix(s.Name, name) {
			d = min(d, 1)
		}
		if d <= limit && d < len(s.Name) {
			found = append(found, match{s.Name, d})
		}
	}
	slices.SortStableFunc(found, func(a, b match) int { return a.dist - b.dist })
	var names []string
	for _, m := range found[:min(len(found), 3)] {
		names = append(names, m.name)
	}
	return names
}

// didYouMean is the hint an unknown name gets: " (did you mean nim?)", or
// "" when no name of the catalog is close.
func didYouMean(name string) string {
	names := Similar(name)
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "did you mean " + names[0] + "? "
	}
	return "did you mean " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1] + "? "
}

// editDistance is the Levenshtein distance of a and b (insertions,
// deletions and substitutions of bytes), by the two-row dynamic programme.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
