package script

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// maxTable caps the integers a script table computes (the script is called
// once per integer; 2^24 calls take minutes).
const maxTable = 1 << 24

// minTable is the fewest values the table of a script that declares
// SUBTRACTION computes, however small --to is, as for the built-in heap
// games whose periods a theorem proves: patterns need room. Other scripts,
// like the built-in games no theorem covers (grundy-game), compute
// G(0..to) only, so both report the pattern over the same values.
const minTable = 256

// subtractionSet reads the optional global SUBTRACTION: a list or tuple of
// positive integers declaring the script a subtraction game.
func (s *Script) subtractionSet() ([]int, error) {
	v, ok := s.globals["SUBTRACTION"]
	if !ok {
		return nil, nil
	}
	seq, ok := v.(starlark.Indexable)
	if !ok || v.Type() == "string" {
		return nil, game.Inputf("%s: SUBTRACTION must be a list of positive integers, got a %s", s.path, v.Type())
	}
	var set []int
	for i := 0; i < seq.Len(); i++ {
		n, err := starlark.AsInt32(seq.Index(i))
		if err != nil || n <= 0 || n > heap.MaxDigits {
			return nil, game.Inputf("%s: SUBTRACTION must hold integers 1..%d, got %s", s.path, heap.MaxDigits, seq.Index(i))
		}
		set = append(set, n)
	}
	if len(set) == 0 {
		return nil, game.Inputf("%s: SUBTRACTION is empty", s.path)
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

// Table returns G(from..to) of a script whose positions are integers, with
// the pattern periodic.Find sees: observed only, since no theorem covers an
// arbitrary script, unless the script declares SUBTRACTION. Then each
// computed moves(n) is checked to be exactly {n-s : s in S, s <= n} and the
// periodicity theorem for finite subtraction games proves the period
// (computing past to when the theorem's window needs it).
func (s *Script) Table(ctx context.Context, from, to int, budget *limits.Budget) (*games.Table, error) {
	if err := s.impartialOnly(); err != nil {
		return nil, err
	}
	if to >= maxTable {
		return nil, game.Inputf("a script table goes up to %d at most (one script call per integer), not %d", maxTable-1, to)
	}
	set, err := s.subtractionSet()
	if err != nil {
		return nil, err
	}
	e := s.Evaluator(budget).(*scriptEval)
	var values []game.Nimber
	extend := func(n int) error {
		return s.run(ctx, budget, func() error {
			for m := len(values); m <= n; m++ {
				id, err := s.intern(starlark.MakeInt(m))
				if err != nil {
					return err
				}
				v, err := e.solver.Value(ctx, id)
				if err != nil || s.failed != nil {
					return err
				}
				if set != nil {
					if err := s.checkSubtraction(id, m, set); err != nil {
						return err
					}
				}
				values = append(values, v)
			}
			return nil
		}, e.reset)
	}
	last := to
	if set != nil {
		last = max(to, minTable-1)
	}
	if err := extend(last); err != nil {
		return nil, err
	}
	t := games.ObservedTable(values, from, to)
	if set != nil {
		rules := heap.Subtraction(set)
		if t.Pattern != nil {
			if need, ok := rules.Need(t.Pattern.Preperiod, t.Pattern.Period); ok && need > len(values) && need <= 4*to+1024 && need < maxTable {
				if err := extend(need - 1); err != nil {
					return nil, err
				}
			}
		}
		if proven := proveSubtraction(rules, values); proven != nil {
			t = games.ObservedTable(values, from, to)
			t.Pattern = proven
		}
	}
	t.States = e.States()
	return t, nil
}

// proveSubtraction returns the proven pattern of values, or nil.
func proveSubtraction(rules heap.Rules, values []game.Nimber) *periodic.Pattern {
	small := make([]uint16, len(values))
	for i, v := range values {
		if v > 1<<16-1 {
			return nil
		}
		small[i] = uint16(v)
	}
	return rules.Prove(small, periodic.Find(small))
}

// checkSubtraction checks that the options of n (ID id) are exactly the
// heaps n-s for s in set, s <= n.
func (s *Script) checkSubtraction(id ID, n int, set []int) error {
	var got []int
	ok := true
	s.forOptions(id, func(option []ID) bool {
		if len(option) != 1 {
			ok = false
			return false
		}
		m, isInt := s.vals[option[0]].(starlark.Int)
		k, small := m.Int64()
		if !isInt || !small {
			ok = false
			return false
		}
		got = append(got, int(k))
		return true
	})
	var want []int
	for _, x := range set {
		if x <= n {
			want = append(want, n-x)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !ok || !slices.Equal(got, want) {
		heaps := make([]string, 0, len(set))
		for _, x := range set {
			if x <= n {
				heaps = append(heaps, strconv.Itoa(n-x))
			}
		}
		return game.Inputf("%s declares SUBTRACTION = %s, but moves(%d) returned %s, not the heaps %d - s for s in SUBTRACTION, s <= %d: [%s]",
			s.path, s.globals["SUBTRACTION"], n, s.describeOptions(id), n, n, strings.Join(heaps, ", "))
	}
	return nil
}

// describeOptions writes the options of p as moves returned them, a sum as
// a list ([2, [0, 1]]), for messages; long lists end in "...".
func (s *Script) describeOptions(p ID) string {
	var parts []string
	more := false
	s.forOptions(p, func(option []ID) bool {
		if len(parts) == 20 {
			more = true
			return false
		}
		if len(option) == 1 {
			parts = append(parts, brief(s.vals[option[0]]))
			return true
		}
		sum := make([]string, len(option))
		for i, id := range option {
			sum[i] = brief(s.vals[id])
		}
		parts = append(parts, "["+strings.Join(sum, ", ")+"]")
		return true
	})
	if more {
		parts = append(parts, "...")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

var _ games.Tabulator = (*Script)(nil)
var _ games.Valued = (*Script)(nil)

// String describes the script for debugging.
func (s *Script) String() string { return fmt.Sprintf("script %s", s.path) }
