package query

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/index"
	"github.com/grundy-go/grundy/periodic"
)

// MaxIdentifyValues is the most values Identify takes: a game is told by
// its first few dozen, and the index holds 64 of each.
const MaxIdentifyValues = 4096

// IdentifyFrom is the first heap past the last start Identify takes: the
// values must start at a heap the index holds (index.Prefix).
const IdentifyFrom = index.Prefix

// identifyNext is how many values an answer gives past those asked about.
const identifyNext = 8

// IdentifyOptions tune Identify.
type IdentifyOptions struct {
	// Matches is the most matches listed (0: all), and Games the most
	// games listed per match (0: all); the counts are always given.
	Matches, Games int
	// Digits, when more than the index's 3, adds every code with that
	// many digits after the point (4 at most: WideDigits), computed
	// within the request's budget: 122,880 codes for 4.
	Digits int
}

// IdentifyResult is the answer of `grundy identify`: the games whose
// sequence of Grundy values begins with the values given.
type IdentifyResult struct {
	From   int           `json:"from"`   // the heap of Values[0]
	Values []game.Nimber `json:"values"` // the values asked about
	// Pattern is what the values themselves show (periodic.Find, pre-period
	// counted from heap 0): observed, never proven; nil when none.
	Pattern *periodic.Pattern `json:"pattern"`
	// Searched is the number of games compared; Families says which.
	Searched int    `json:"searched"`
	Families string `json:"families"`
	// Total is the number of matches; Matches lists them, exact ones
	// first, each kind by simplicity.
	Total   int             `json:"total"`
	Matches []IdentityMatch `json:"matches"`
	// Game is the game whose table was identified (IdentifyGame), "" for
	// bare values.
	Game string `json:"game,omitempty"`
}

// IdentityMatch is one sequence that begins with the values: the games
// that have it, how they are known to be the same, and what follows.
type IdentityMatch struct {
	// Shift lines the values up with the games' sequence: the values are
	// G(n+Shift) of the games, with G(-1) = 0 (Shift 1: the game asked
	// about is the matched one with one heap size fewer at the bottom).
	Shift int `json:"shift"`
	// Games are the games with this sequence, simplest first, at most
	// IdentifyOptions.Games of Count.
	Games []IdentifiedGame `json:"games"`
	Count int              `json:"count"`
	// Identical says how the games are known to have one sequence:
	// "proven" (the take-all rule, or proven periods agreeing past the
	// pre-periods), "through G(N)" (computed that far, not proven), or ""
	// for a single game.
	Identical string `json:"identical"`
	// Pattern is the pattern of the first game's sequence: proven, or
	// observed over the values computed (Known); nil when none was seen.
	Pattern *periodic.Pattern `json:"pattern"`
	Known   int               `json:"known"`
	// Next are the values of the heaps after those given, under Shift.
	Next []game.Nimber `json:"next"`
}

// IdentifiedGame is one game of a match.
type IdentifiedGame struct {
	Name    string `json:"name"`              // the code or set: "0.07", "{1,2,5}"
	Kind    string `json:"kind"`              // "code", "subtraction" or "grundy"
	Catalog string `json:"catalog,omitempty"` // the catalog's name for it: "dawson-kayles"
	// TakeAll says the game equals a simpler code by the take-all rule
	// (census.Canonical); Equals is that code.
	TakeAll bool   `json:"take_all,omitempty"`
	Equals  string `json:"equals,omitempty"`
}

// ParseValues reads the values of `grundy identify`: non-negative integers,
// at most MaxIdentifyValues of them. Errors wrap game.ErrInput.
func ParseValues(words []string) ([]game.Nimber, error) {
	if len(words) == 0 {
		return nil, game.Inputf("no values to identify: give G(0), G(1), ... of the game")
	}
	if len(words) > MaxIdentifyValues {
		return nil, game.Inputf("%d values to identify: at most %d are taken", len(words), MaxIdentifyValues)
	}
	values := make([]game.Nimber, len(words))
	for i, w := range words {
		v, err := strconv.ParseInt(w, 10, 64)
		switch {
		case err != nil:
			return nil, game.Inputf("value %d, %q, is not an integer", i+1, w)
		case v < 0:
			return nil, game.Inputf("value %d, %d, is negative: Grundy values are 0, 1, 2, ...", i+1, v)
		}
		values[i] = game.Nimber(v)
	}
	return values, nil
}

// ParseValuesText reads values written in one text, separated by blanks
// or commas ("0 1 1 2", "0,1,1,2"), as ParseValues does.
func ParseValuesText(text string) ([]game.Nimber, error) {
	return ParseValues(strings.Fields(strings.ReplaceAll(text, ",", " ")))
}

// Identify finds the games of the index (package heap/index: every code of
// up to three digits, octal and hexadecimal, every subtraction set to 12,
// Grundy's game) whose values from heap from on are values, exactly or
// shifted by one heap. The index answers for the values of heaps below
// index.Prefix; the values past them are checked by computing the matched
// games, within budget.
func Identify(ctx context.Context, values []game.Nimber, from int, opt IdentifyOptions, budget *Budget) (*IdentifyResult, error) {
	if len(values) == 0 || len(values) > MaxIdentifyValues {
		return nil, game.Inputf("%d values to identify: give 1 to %d", len(values), MaxIdentifyValues)
	}
	if from < 0 || from >= IdentifyFrom {
		return nil, game.Inputf("values from heap %d: the index holds heaps 0 to %d, so the values must start there", from, IdentifyFrom-1)
	}
	if opt.Digits != 0 && (opt.Digits < index.CodeDigits || opt.Digits > WideDigits) {
		return nil, game.Inputf("codes of %d digits: identify searches %d (the index) or %d (computed on demand)", opt.Digits, index.CodeDigits, WideDigits)
	}
	x, err := index.Load()
	if err != nil {
		return nil, err
	}
	res := &IdentifyResult{From: from, Values: values, Searched: len(x.Candidates),
		Families: fmt.Sprintf("codes of up to %d digits (octal and hexadecimal), subtraction sets of elements up to %d, Grundy's game", index.CodeDigits, index.MaxSubtraction)}
	res.Pattern = valuesPattern(values, from)
	small := make([]uint16, len(values))
	for i, v := range values {
		if v > heapgame.MaxValue {
			return res, nil // no indexed game has such a value so early
		}
		small[i] = uint16(v)
	}
	names := catalogNames()
	var matches []rankedMatch
	for _, m := range x.Lookup(small, from) {
		im, ok, err := identityMatch(ctx, x, m, small, from, names, opt, budget)
		if err != nil {
			return nil, err
		}
		if ok {
			first := x.Members[m.Group][0]
			c := x.Candidates[first]
			matches = append(matches, rankedMatch{im: &im, group: m.Group, shift: m.Shift, digits: c.Digits(), kind: c.Kind, order: first})
		}
	}
	if opt.Digits > index.CodeDigits {
		wide, searched, err := wideMatches(ctx, x, small, from, matches, budget)
		if err != nil {
			return nil, err
		}
		matches = append(matches, wide...)
		res.Searched += searched
		res.Families = fmt.Sprintf("codes of up to %d digits (octal and hexadecimal; those of %d computed now), subtraction sets of elements up to %d, Grundy's game", opt.Digits, opt.Digits, index.MaxSubtraction)
	}
	slices.SortStableFunc(matches, func(a, b rankedMatch) int {
		if a.shift != b.shift {
			return shiftRank(a.shift) - shiftRank(b.shift)
		}
		if a.digits != b.digits {
			return a.digits - b.digits
		}
		if a.kind != b.kind {
			return int(a.kind) - int(b.kind)
		}
		return a.order - b.order
	})
	res.Total = len(matches)
	for i, m := range matches {
		if opt.Matches > 0 && i >= opt.Matches {
			break
		}
		if opt.Games > 0 && len(m.im.Games) > opt.Games {
			m.im.Games = m.im.Games[:opt.Games] // games joined from codes past the index
		}
		res.Matches = append(res.Matches, *m.im)
	}
	return res, nil
}

// rankedMatch is a match with the key of its simplest game: the shift,
// then the digits, the family and the order of the index (census order for
// the codes computed past it).
type rankedMatch struct {
	im     *IdentityMatch
	group  int // the index's group, -1 for codes past the index
	shift  index.Shift
	digits int
	kind   index.Kind
	order  int
	known  []uint16 // the values computed, for codes past the index
	// proven is, for codes past the index, the largest pre-period and the
	// common period of its games' proven patterns; not Proven when one
	// of them is not.
	proven periodic.Pattern
}

// shiftRank orders shifts as index.Shifts does: exact first.
func shiftRank(s index.Shift) int { return slices.Index(index.Shifts, s) }

// IdentifyGame tabulates G(0..to) of a game whose positions are integers
// (a heap game, an integer rule script; Table) within budget and
// identifies the values.
func IdentifyGame(ctx context.Context, inst games.Instance, to int, opt IdentifyOptions, budget *Budget) (*IdentifyResult, error) {
	if to < 0 || to >= MaxIdentifyValues {
		return nil, game.Inputf("identify tabulates G(0..%d): the last heap must be 0 to %d", to, MaxIdentifyValues-1)
	}
	t, err := Table(ctx, inst, 0, to, budget)
	if err != nil {
		return nil, err
	}
	res, err := Identify(ctx, t.Values, 0, opt, budget)
	if err != nil {
		return nil, err
	}
	res.Game = inst.Name()
	return res, nil
}

// valuesPattern is the pattern the values show, with the pre-period
// counted from heap 0.
func valuesPattern(values []game.Nimber, from int) *periodic.Pattern {
	p := periodic.Find(values)
	if p == nil {
		return nil
	}
	p.Preperiod += from
	p.Checked += from
	p.Reason = fmt.Sprintf("observed over the values given, heaps %d to %d, not proven", from, from+len(values)-1)
	return p
}

// identityMatch describes the match m: its games, the claim that they are
// one sequence, its pattern and the next values. Values past the index's
// prefix are checked against the sequence of the match's simplest game,
// computed within budget; ok is false when they disagree.
func identityMatch(ctx context.Context, x *index.Index, m index.Match, values []uint16, from int, names map[string]string, opt IdentifyOptions, budget *Budget) (IdentityMatch, bool, error) {
	members := x.Members[m.Group]
	first := x.Candidates[members[0]]
	class := x.Classes[x.ClassOf[members[0]]]
	grp := x.Groups[m.Group]
	im := IdentityMatch{Shift: int(m.Shift), Count: len(members), Known: class.Known, Pattern: classPattern(class)}
	switch {
	case len(members) == 1:
	case grp.Proven || sameClass(x, members):
		im.Identical = "proven"
	default:
		im.Identical = fmt.Sprintf("through G(%d)", grp.Through)
	}
	if opt.Games > 0 {
		members = members[:min(len(members), opt.Games)]
	}
	for _, i := range members {
		c := x.Candidates[i]
		g := IdentifiedGame{Name: c.Name, Kind: c.Kind.String(), Catalog: names[c.Rules.String()], TakeAll: x.TakeAll[i]}
		if g.TakeAll {
			code, err := x.Reduced(ctx, i)
			if err != nil {
				return im, false, err
			}
			g.Equals = code
		}
		im.Games = append(im.Games, g)
	}
	// seq(n) for n >= -1: G(n) of the first game.
	start := from + int(m.Shift)
	last := start + len(values) - 1 + identifyNext
	seq := grp.Values
	if last >= len(seq) {
		s, err := heapgame.Tabulate(ctx, first.Rules, last, budget, 0)
		if err != nil {
			return im, false, fmt.Errorf("identify: %s: %w", first.Name, err)
		}
		seq = make([]uint16, last+1)
		for n := range seq {
			v, _ := s.At(n)
			seq[n] = uint16(v)
		}
	}
	at := func(n int) uint16 {
		if n < 0 {
			return 0
		}
		return seq[n]
	}
	for i := m.Checked; i < len(values); i++ {
		if at(start+i) != values[i] {
			return im, false, nil
		}
	}
	for n := start + len(values); n <= last; n++ {
		im.Next = append(im.Next, game.Nimber(at(n)))
	}
	return im, true, nil
}

// sameClass reports whether the candidates are all of one class: equal by
// the take-all rule, a proof.
func sameClass(x *index.Index, members []int) bool {
	for _, i := range members {
		if x.ClassOf[i] != x.ClassOf[members[0]] {
			return false
		}
	}
	return true
}

// classPattern is a class's pattern with the reason said.
func classPattern(c index.Class) *periodic.Pattern { return observedOrProven(c.Pattern, c.Known) }

// heapRuler is the capability of catalog games that are take-and-break
// heap games: their rules.
type heapRuler interface{ Heap() *games.HeapGame }

// catalogNames maps the rules of the catalog's heap games that take no
// parameter to their names (Rules.String: "0.07" -> "dawson-kayles").
func catalogNames() map[string]string {
	names := map[string]string{}
	for _, s := range catalog {
		if s.Params != "" || s.Open == nil || s.Kind != games.Impartial {
			continue
		}
		inst, err := s.Open("")
		if err != nil {
			continue
		}
		if h, ok := inst.(heapRuler); ok {
			key := h.Heap().Rules.String()
			if old, dup := names[key]; !dup || s.Name < old {
				names[key] = s.Name
			}
		}
	}
	return names
}
