package query

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/game"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/census"
	"github.com/grundy-go/grundy/heap/index"
	"github.com/grundy-go/grundy/periodic"
)

// WideDigits is the most digits IdentifyOptions.Digits may ask for: the
// codes past the index are computed on demand, 122,880 of them for 4
// digits, and 16 times more for each digit beyond.
const WideDigits = 4

// wideKnown is how many values wideMatches computes (or proves) of each
// code that passes the screen: enough for the classic periods' proofs.
const wideKnown = 256

// wideProof is the engine work heap.Tabulate may spend past wideKnown on
// each code that passes the screen to prove its period (a few
// milliseconds; few codes pass).
const wideProof = 4e6

// wideScreen is how many heaps wideMatches computes of every code first:
// most codes part from the values within them.
const wideScreen = 8

// wideMatches scans the codes of exactly WideDigits digits after the
// point: each is computed to a few heaps, and those that agree with the
// values under some shift are computed further (heap.Tabulate, which
// proves the period where it can) and checked. A code that the take-all
// rule reduces to an indexed candidate joins that candidate's match in
// found; the others are grouped by identical values. It returns the new
// matches and the number of codes searched.
func wideMatches(ctx context.Context, x *index.Index, values []uint16, from int, found []rankedMatch, budget *Budget) ([]rankedMatch, int, error) {
	codes, err := census.Codes(WideDigits, true)
	if err != nil {
		return nil, 0, err
	}
	last := from + len(values) // the last heap any shift reads
	screen := min(last, from+wideScreen)
	to := max(last+identifyNext, wideKnown-1)
	var out []rankedMatch
	searched := 0
	for order, name := range codes {
		code, err := heapgame.ParseCode(name)
		if err != nil {
			return nil, 0, err
		}
		if len(code.Digits)-1 != WideDigits {
			continue // a code of the index
		}
		searched++
		rules := heapgame.Octal(code)
		g, err := heapgame.Compute(ctx, rules, screen, budget)
		if err != nil {
			return nil, 0, fmt.Errorf("identify: %s: %w", name, err)
		}
		var shifts []index.Shift
		for _, s := range index.Shifts {
			if index.Agrees(g, values, from+int(s)) {
				shifts = append(shifts, s)
			}
		}
		if len(shifts) == 0 {
			continue
		}
		seq, err := heapgame.Tabulate(ctx, rules, to, budget, wideProof)
		if err != nil {
			return nil, 0, fmt.Errorf("identify: %s: %w", name, err)
		}
		known := make([]uint16, to+1)
		for n := range known {
			v, _ := seq.At(n)
			known[n] = uint16(v)
		}
		for _, s := range shifts {
			if !index.Agrees(known, values, from+int(s)) {
				continue
			}
			played := IdentifiedGame{Name: name, Kind: index.Code.String()}
			joined, err := joinIndexed(ctx, x, played, s, found)
			if err != nil {
				return nil, 0, err
			}
			if !joined {
				joined, err = joinProven(ctx, x, played, s, found, known, seq.Pattern, budget)
				if err != nil {
					return nil, 0, err
				}
			}
			if joined {
				continue
			}
			if i := slices.IndexFunc(out, func(m rankedMatch) bool { return m.shift == s && slices.Equal(m.known, known) }); i >= 0 {
				m := &out[i]
				m.im.Games = append(m.im.Games, played)
				m.im.Count++
				m.im.Identical = fmt.Sprintf("through G(%d)", to)
				// Both periods proven and the values agreeing past both
				// pre-periods by a common period: the same sequence forever.
				if m.proven.Proven && seq.Proven() {
					m.proven.Preperiod = max(m.proven.Preperiod, seq.Pattern.Preperiod)
					m.proven.Period = lcm(m.proven.Period, seq.Pattern.Period)
					if m.proven.Preperiod+m.proven.Period <= to {
						m.im.Identical = "proven"
						continue
					}
				}
				m.proven.Proven = false
				continue
			}
			im := &IdentityMatch{Shift: int(s), Games: []IdentifiedGame{played}, Count: 1, Known: len(known), Pattern: observedOrProven(seq.Pattern, len(known))}
			for n := last + int(s); n < last+int(s)+identifyNext; n++ {
				im.Next = append(im.Next, game.Nimber(known[n]))
			}
			m := rankedMatch{im: im, group: -1, shift: s, digits: WideDigits, kind: index.Code, order: len(x.Candidates) + order, known: known}
			if seq.Proven() {
				m.proven = *seq.Pattern
			}
			out = append(out, m)
		}
	}
	return out, searched, nil
}

// joinIndexed adds g to the match of found whose games it provably equals:
// the take-all rule reduces it to an indexed candidate (census.Canonical),
// whose group matched with the same shift. It reports whether it did.
func joinIndexed(ctx context.Context, x *index.Index, g IdentifiedGame, s index.Shift, found []rankedMatch) (bool, error) {
	canonical, _, err := census.Canonical(ctx, g.Name)
	if err != nil {
		return false, fmt.Errorf("identify: %s: %w", g.Name, err)
	}
	i, ok := x.Named(canonical)
	if canonical == g.Name || !ok {
		return false, nil
	}
	group := x.Classes[x.ClassOf[i]].Group
	for _, m := range found {
		if m.group == group && m.shift == s {
			g.TakeAll, g.Equals = true, canonical
			m.im.Games = append(m.im.Games, g)
			m.im.Count++
			if m.im.Identical == "" {
				m.im.Identical = "proven"
			}
			return true, nil
		}
	}
	return false, nil
}

// joinProven adds g, whose values are known and whose pattern is p, to
// the match of found (an indexed group with shift s, its games proven
// identical) whose sequence it provably shares: both periods proven and
// the values agreeing past both pre-periods by a common period. The
// group's values are computed (once) as far as known goes. It reports
// whether it did.
func joinProven(ctx context.Context, x *index.Index, g IdentifiedGame, s index.Shift, found []rankedMatch, known []uint16, p *periodic.Pattern, budget *Budget) (bool, error) {
	if p == nil || !p.Proven {
		return false, nil
	}
	to := len(known) - 1
	for i := range found {
		m := &found[i]
		if m.shift != s || m.group < 0 || (m.im.Identical != "" && m.im.Identical != "proven") {
			continue
		}
		first := x.Members[m.group][0]
		q := x.Classes[x.ClassOf[first]].Pattern
		if q == nil || !q.Proven || max(p.Preperiod, q.Preperiod)+lcm(p.Period, q.Period) > to {
			continue
		}
		if len(m.known) <= to {
			seq, err := heapgame.Tabulate(ctx, x.Candidates[first].Rules, to, budget, wideProof)
			if err != nil {
				return false, fmt.Errorf("identify: %s: %w", x.Candidates[first].Name, err)
			}
			m.known = make([]uint16, to+1)
			for n := range m.known {
				v, _ := seq.At(n)
				m.known[n] = uint16(v)
			}
		}
		if slices.Equal(m.known[:to+1], known) {
			m.im.Games = append(m.im.Games, g)
			m.im.Count++
			m.im.Identical = "proven"
			return true, nil
		}
	}
	return false, nil
}

// observedOrProven is a pattern with its reason said for an answer: the
// theorem of a proven one, how far an observed one was seen.
func observedOrProven(p *periodic.Pattern, known int) *periodic.Pattern {
	if p == nil {
		return nil
	}
	q := *p
	if q.Proven {
		q.Reason = fmt.Sprintf("proven: periodicity theorem (Guy and Smith), checked over n <= %d", q.Checked-1)
	} else {
		q.Reason = fmt.Sprintf("observed over n <= %d, not proven", known-1)
	}
	return &q
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}
