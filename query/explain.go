package query

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// The caps of an explanation: it stays readable and bounded whatever the
// position. What is left out is counted ("+ 40 more options").
const (
	// MaxMexOptions is the most options of one component an explanation
	// values to show their mex; a component with more is explained by its
	// proven pattern when it has one, else by its value alone.
	MaxMexOptions = 1024
	// MaxListedOptions is the most options of one component listed with
	// their values; the mex is taken over all of them.
	MaxListedOptions = 40
	// MaxExplained is the most components (of the sum, and of the table
	// --depth builds) explained one by one.
	MaxExplained = 64
	// MaxExplainMoves is the most winning moves listed.
	MaxExplainMoves = 40
)

// ExplainOptions configure Explain.
type ExplainOptions struct {
	// Depth explains, besides the position's components, every component
	// the options reach within Depth moves, each once: the table of smaller
	// values the notes build by hand.
	Depth int
	// Misere explains misère play (the last mover loses) of an impartial
	// position.
	Misere bool
}

// Explanation is the answer of `grundy explain`: the answer of value,
// value --misere or solve with the reasons for it. Kind says which part is
// set: "impartial", "misere" or "general".
type Explanation struct {
	Position  string                `json:"position"`
	Kind      string                `json:"kind"`
	Impartial *ImpartialExplanation `json:"impartial,omitempty"`
	Misere    *MisereExplanation    `json:"misere,omitempty"`
	General   *GeneralExplanation   `json:"general,omitempty"`
	States    int64                 `json:"states"`
}

// ImpartialExplanation explains a sum of impartial games under normal
// play: each component's value with its reason, the XOR of the values in
// binary columns, and either the winning moves Bouton's proof finds or why
// every move loses.
type ImpartialExplanation struct {
	Grundy  game.Nimber `json:"grundy"`
	Outcome game.Class  `json:"outcome"`
	// Rules are the rules of each game of the position, once each.
	Rules      []string          `json:"rules"`
	Components []ComponentReason `json:"components"`
	// ComponentsMore counts the components valued but not explained one by
	// one (past MaxExplained).
	ComponentsMore int        `json:"components_more,omitempty"`
	XOR            XORColumns `json:"xor"`
	// WinningMoves are the moves to a sum of value 0 (N-positions).
	WinningMoves []WinningMove `json:"winning_moves,omitempty"`
	MovesMore    bool          `json:"moves_more,omitempty"` // more winning moves exist than listed
	// Losing says why every move loses (P-positions).
	Losing *LosingReason `json:"losing,omitempty"`
	// Table explains the components the options reach within Depth moves.
	Table []ComponentReason `json:"table,omitempty"`
	// TableTruncated says that more components are reached than the
	// MaxExplained the table explains.
	TableTruncated bool `json:"table_truncated,omitempty"`
}

// The reasons a component's value is what it is.
const (
	// ReasonOptions: the value is the mex of the options' values.
	ReasonOptions = "options"
	// ReasonPattern: the value is read from a proven pattern (a
	// periodicity theorem, or the game's closed form).
	ReasonPattern = "pattern"
	// ReasonEngine: too many options to list and no proven pattern: the
	// value is the engine's, with the options' count.
	ReasonEngine = "engine"
)

// ComponentReason is one component's value and the reason for it.
type ComponentReason struct {
	Position string      `json:"position"`
	Value    game.Nimber `json:"value"`
	Reason   string      `json:"reason"` // ReasonOptions, ReasonPattern or ReasonEngine
	// Groups are the options grouped by the kind of move the rules make
	// (games.MoveRuler), at most MaxListedOptions listed in all.
	Groups []OptionGroup `json:"groups,omitempty"`
	// Options counts the options (at least MaxMexOptions+1 when there are
	// more than an explanation values).
	Options int `json:"options"`
	// OptionValues are the options' distinct values, increasing; Value is
	// their mex (ReasonOptions).
	OptionValues []game.Nimber   `json:"option_values,omitempty"`
	Pattern      *PatternReading `json:"pattern,omitempty"`
	// Text is the reason in one sentence.
	Text string `json:"text"`

	game string // the game's name and the heap, to order a table
	heap int
}

// OptionGroup is the options of one kind of move ("take 2, leave one
// heap"; "" when the game names no kinds).
type OptionGroup struct {
	Rule    string        `json:"rule"`
	Options []OptionValue `json:"options"`
	More    int           `json:"more,omitempty"` // options of this kind not listed
}

// OptionValue is one option: the components a move leaves and their
// values, whose XOR is Value.
type OptionValue struct {
	Position string        `json:"position"`
	Move     string        `json:"move,omitempty"` // the move's own name, where the game names it (games.MoveNamer)
	Parts    []game.Nimber `json:"parts"`
	Value    game.Nimber   `json:"value"`
}

// PatternReading is how a proven pattern gives G(N): for N past the
// pre-period, G(N) = G(Base) + Saltus * (N - Base) / Period, Base the
// heap of the first period with N's residue.
type PatternReading struct {
	N         int         `json:"n"`
	Preperiod int         `json:"preperiod"`
	Period    int         `json:"period"`
	Saltus    int         `json:"saltus"`
	Base      int         `json:"base"`
	BaseValue game.Nimber `json:"base_value"`
	Theorem   string      `json:"theorem"`
	Checked   int         `json:"checked"`
}

// XORColumns is the sum of the values written in binary, one row per
// component, as Bouton's proof reads it: the highest bit of the sum and
// the components that have it (each of them has a move that clears it).
type XORColumns struct {
	Width      int         `json:"width"`
	Rows       []XORRow    `json:"rows"`
	Sum        game.Nimber `json:"sum"`
	SumBits    string      `json:"sum_bits"`
	HighestBit int         `json:"highest_bit"` // -1 when the sum is 0
	WithBit    []int       `json:"with_bit"`    // components whose value has the highest bit
}

// XORRow is one component's value in binary.
type XORRow struct {
	Component int         `json:"component"`
	Position  string      `json:"position"`
	Value     game.Nimber `json:"value"`
	Bits      string      `json:"bits"`
}

// WinningMove is a move of component Component from value From to value
// To = From XOR sum, which leaves a sum of value 0.
type WinningMove struct {
	Component     int         `json:"component"`
	From          game.Nimber `json:"from"`
	To            game.Nimber `json:"to"`
	Move          string      `json:"move"` // the component after the move
	PositionAfter string      `json:"position_after,omitempty"`
	Text          string      `json:"text"`
}

// LosingReason says why a P-position is lost: each move changes one
// component's value (no option of a component has the component's own
// value, by the mex), so the XOR becomes nonzero, and the opponent then has
// a winning move. Example is one such move and the reply.
type LosingReason struct {
	Text    string        `json:"text"`
	Example *ExampleReply `json:"example,omitempty"`
}

// ExampleReply is a move from a P-position and the opponent's reply.
type ExampleReply struct {
	Move      string      `json:"move"` // the position after the move
	Component int         `json:"component"`
	From      game.Nimber `json:"from"`
	To        game.Nimber `json:"to"`
	SumAfter  game.Nimber `json:"sum_after"`
	Reply     string      `json:"reply"` // the position after the reply
	ReplyText string      `json:"reply_text"`
}

// Explain explains pos: an impartial sum under normal play (or misère with
// opts.Misere) by its values and Bouton's proof, a general game (partizan,
// scoring, loopy) by its best line. Every engine counts against budget
// (nil: no limit), and so does each option the explanation looks at.
func Explain(ctx context.Context, pos games.Position, opts ExplainOptions, budget *limits.Budget) (*Explanation, error) {
	if len(pos) == 0 {
		return nil, game.Inputf("empty position")
	}
	if opts.Depth < 0 {
		return nil, game.Inputf("depth %d is negative", opts.Depth)
	}
	if g, ok := general(pos); ok {
		if len(pos) != 1 || len(pos[0].Components) != 1 {
			return nil, game.Inputf("%s is a %s game: it is explained alone, not in a sum", g.Name(), g.Kind())
		}
		if opts.Misere {
			return nil, game.Inputf("misère play applies to impartial games, and %s is a %s game", pos[0].Game.Name(), pos[0].Game.Kind())
		}
		return explainGeneral(ctx, pos, budget)
	}
	if opts.Misere {
		return explainMisere(ctx, pos, budget)
	}
	req := newRequest(budget)
	x := &explainer{req: req}
	imp, err := x.impartial(ctx, pos, opts.Depth)
	if errors.Is(err, solve.ErrCycle) {
		// A loopy impartial sum has no Sprague-Grundy values: its best line
		// explains it, as for a general game.
		return explainGeneral(ctx, pos, budget)
	}
	if err != nil {
		return nil, err
	}
	return &Explanation{Position: pos.String(), Kind: "impartial", Impartial: imp, States: req.states() + x.looked}, nil
}

// general returns the game of pos that is a general game (one that solve
// answers by its own engine: partizan, scoring, loopy), if any.
func general(pos games.Position) (games.Instance, bool) {
	for _, g := range pos {
		if _, ok := g.Game.(games.Solvable); ok {
			return g.Game, true
		}
	}
	return nil, false
}

// explainer explains the components of one request.
type explainer struct {
	req    *request
	looked int64 // options looked at, counted as states
}

func (x *explainer) impartial(ctx context.Context, pos games.Position, depth int) (*ImpartialExplanation, error) {
	text := pos.String()
	if err := holdPosition(x.req.budget, pos, text); err != nil {
		return nil, err
	}
	evals, err := x.req.evaluators(pos)
	if err != nil {
		return nil, err
	}
	res := &ImpartialExplanation{Rules: []string{}, Components: []ComponentReason{}}
	seenGame := map[games.Instance]bool{}
	for _, g := range pos {
		if !seenGame[g.Game] && g.Rules != "" { // "": a group not parsed
			seenGame[g.Game] = true
			res.Rules = append(res.Rules, g.Game.Name()+": "+g.Rules)
		}
	}
	comps := pos.Components()
	values := make([]game.Nimber, len(comps))
	names := make([]string, len(comps))
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		v, err := evals[gi].Grundy(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("value of %s %s: %w", pos[gi].Game.Name(), c, err)
		}
		values[i] = v
		names[i] = single(pos[gi].Game, c)
		res.Grundy ^= v
	}
	for i, c := range comps {
		if i == MaxExplained {
			res.ComponentsMore = len(comps) - i
			break
		}
		gi, _ := pos.Locate(i)
		r, err := x.reason(ctx, pos[gi].Game, evals[gi], c, values[i])
		if err != nil {
			return nil, err
		}
		res.Components = append(res.Components, r)
	}
	res.Outcome = game.OutcomeOf(res.Grundy).Class()
	res.XOR = xorColumns(values, names)
	if res.Grundy != 0 {
		if err := x.winningMoves(ctx, pos, evals, values, res); err != nil {
			return nil, err
		}
	} else if res.Losing, err = x.losing(ctx, pos, evals, values); err != nil {
		return nil, err
	}
	if depth > 0 {
		if err := x.table(ctx, pos, evals, depth, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// single writes one component with its game, e.g. "kayles 10".
func single(inst games.Instance, c games.Component) string {
	return games.Group{Game: inst, Components: []games.Component{c}}.String()
}

// reason explains why component c of inst has value v: the mex of its
// options' values when it has at most MaxMexOptions options, otherwise the
// proven pattern of its game (a Tabulator whose positions are integers),
// otherwise the engine's value alone.
func (x *explainer) reason(ctx context.Context, inst games.Instance, e games.Evaluator, c games.Component, v game.Nimber) (ComponentReason, error) {
	r := ComponentReason{Position: single(inst, c), Value: v}
	var options [][]games.Component
	var err error
	e.Moves(c, func(option []games.Component) bool {
		if err = x.step(ctx); err != nil {
			return false
		}
		options = append(options, option)
		return len(options) <= MaxMexOptions
	})
	if err != nil {
		return r, err
	}
	r.Options = len(options)
	if len(options) <= MaxMexOptions {
		return r, x.byOptions(ctx, inst, e, c, options, &r)
	}
	if n, ok := games.HeapOf(inst, c); ok {
		if tab, ok := inst.(games.Tabulator); ok {
			read, err := readPattern(ctx, tab, e, n, x.req.budget)
			if err != nil {
				return r, err
			}
			if read != nil {
				if read.value != v {
					return r, fmt.Errorf("explain %s: the pattern gives %d, the engine %d", r.Position, read.value, v)
				}
				r.Reason, r.Pattern, r.Text = ReasonPattern, &read.PatternReading, read.text()
				return r, nil
			}
		}
	}
	r.Reason = ReasonEngine
	r.Text = fmt.Sprintf("more than %d options, too many to list; no proven pattern covers it: G = %d is the engine's value", MaxMexOptions, v)
	return r, nil
}

// step counts one option looked at against the request's budget.
func (x *explainer) step(ctx context.Context) error {
	x.looked++
	return x.req.budget.Step(ctx)
}

// byOptions explains c by the mex of its options' values, grouped by the
// kind of move the rules make.
func (x *explainer) byOptions(ctx context.Context, inst games.Instance, e games.Evaluator, c games.Component, options [][]games.Component, r *ComponentReason) error {
	var seen game.MexSet
	listed := 0
	group := map[string]int{}
	for _, option := range options {
		ov := OptionValue{Parts: make([]game.Nimber, len(option))}
		for j, part := range option {
			pv, err := e.Grundy(ctx, part)
			if err != nil {
				return fmt.Errorf("value of %s: %w", single(inst, part), err)
			}
			ov.Parts[j] = pv
			ov.Value ^= pv
		}
		if !seen.Has(ov.Value) {
			seen.Add(ov.Value)
			r.OptionValues = append(r.OptionValues, ov.Value)
		}
		rule := games.MoveRuleOf(inst, c, option)
		gi, ok := group[rule]
		if !ok {
			gi = len(r.Groups)
			group[rule] = gi
			r.Groups = append(r.Groups, OptionGroup{Rule: rule, Options: []OptionValue{}})
		}
		if listed == MaxListedOptions {
			r.Groups[gi].More++
			continue
		}
		listed++
		ov.Position = games.Group{Game: inst, Components: option}.String()
		ov.Move = nameMove(inst, c, option)
		r.Groups[gi].Options = append(r.Groups[gi].Options, ov)
	}
	slices.Sort(r.OptionValues)
	mex := seen.Mex()
	if mex != r.Value {
		return fmt.Errorf("explain %s: the options' mex is %d, the engine's value %d", r.Position, mex, r.Value)
	}
	r.Reason = ReasonOptions
	if len(options) == 0 {
		r.Text = "no move: G = mex {} = 0"
		return nil
	}
	r.Text = fmt.Sprintf("options' values %s: mex = %d", setText(r.OptionValues), mex)
	return nil
}

func setText(values []game.Nimber) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.FormatUint(uint64(v), 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// patternRead is a PatternReading with the value it gives.
type patternRead struct {
	PatternReading
	value game.Nimber
}

// readPattern reads G(n) from the proven pattern of tab's game: for n
// past the pre-period n0 with period p and saltus s, G(n) = G(b) + s*q
// where b = n0 + (n - n0) mod p and q = (n - n0) / p (the pattern's
// definition). It returns nil when no proven pattern covers n.
func readPattern(ctx context.Context, tab games.Tabulator, e games.Evaluator, n int, budget *limits.Budget) (*patternRead, error) {
	t, err := tab.Table(ctx, n, n, budget)
	if err != nil {
		return nil, fmt.Errorf("pattern of %s: %w", tab.Name(), err)
	}
	pat := t.Pattern
	if pat == nil || !pat.Proven || pat.Period <= 0 || n < pat.Preperiod {
		return nil, nil
	}
	q, m := (n-pat.Preperiod)/pat.Period, (n-pat.Preperiod)%pat.Period
	base := pat.Preperiod + m
	comps, err := tab.Parse([]string{strconv.Itoa(base)})
	if err != nil || len(comps) != 1 {
		return nil, nil // the base heap is no position of the game (divisor 0)
	}
	bv, err := e.Grundy(ctx, comps[0])
	if err != nil {
		return nil, fmt.Errorf("value of %s %d: %w", tab.Name(), base, err)
	}
	return &patternRead{
		PatternReading: PatternReading{N: n, Preperiod: pat.Preperiod, Period: pat.Period, Saltus: pat.Saltus,
			Base: base, BaseValue: bv, Theorem: pat.Reason, Checked: pat.Checked},
		value: game.Nimber(int64(bv) + int64(q)*int64(pat.Saltus)),
	}, nil
}

// text says how the pattern gives the value.
func (p *patternRead) text() string {
	var b strings.Builder
	if p.Preperiod > 0 {
		fmt.Fprintf(&b, "n = %d is past the pre-period %d; ", p.N, p.Preperiod)
	} else {
		fmt.Fprintf(&b, "n = %d; ", p.N)
	}
	fmt.Fprintf(&b, "n mod %d = %d, so G(n) = G(%d)", p.Period, p.N%p.Period, p.Base)
	if p.Saltus != 0 {
		fmt.Fprintf(&b, " + %d*%d", p.Saltus, (p.N-p.Base)/p.Period)
	}
	fmt.Fprintf(&b, " = %d: %s", p.value, p.Theorem)
	return b.String()
}

// xorColumns writes the values in binary columns of one width.
func xorColumns(values []game.Nimber, names []string) XORColumns {
	var sum game.Nimber
	width := 1
	for _, v := range values {
		sum ^= v
		width = max(width, bits.Len64(uint64(v)))
	}
	cols := XORColumns{Width: width, Rows: []XORRow{}, Sum: sum, SumBits: binaryDigits(sum, width),
		HighestBit: bits.Len64(uint64(sum)) - 1, WithBit: []int{}}
	for i, v := range values {
		if cols.HighestBit >= 0 && v>>cols.HighestBit&1 == 1 {
			cols.WithBit = append(cols.WithBit, i)
		}
		if i < MaxExplained {
			cols.Rows = append(cols.Rows, XORRow{Component: i, Position: names[i], Value: v, Bits: binaryDigits(v, width)})
		}
	}
	return cols
}

func binaryDigits(v game.Nimber, width int) string {
	s := strconv.FormatUint(uint64(v), 2)
	return strings.Repeat("0", max(width-len(s), 0)) + s
}

// winningMoves lists the moves to a sum of value 0: in component i of
// value v, the options of value v XOR s (s the sum). Each component whose
// value has the sum's highest bit has one, since v XOR s < v and every
// value below v is an option's (the mex); others may have one too, an
// option of a larger value.
func (x *explainer) winningMoves(ctx context.Context, pos games.Position, evals []games.Evaluator, values []game.Nimber, res *ImpartialExplanation) error {
	s := res.Grundy
	long := len(res.XOR.Rows) < len(values) || len(pos.String()) > MaxMoveText
	comps := pos.Components()
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		target := values[i] ^ s
		stop := false
		err := evals[gi].MovesToValue(ctx, c, target, func(option []games.Component) bool {
			if len(res.WinningMoves) == MaxExplainMoves {
				res.MovesMore, stop = true, true
				return false
			}
			m := WinningMove{Component: i, From: values[i], To: target,
				Move: games.Group{Game: pos[gi].Game, Components: option}.String()}
			if !long {
				m.PositionAfter = pos.Replace(i, option).String()
			}
			m.Text = fmt.Sprintf("component %d (%s): from %d to %d XOR %d = %d, by %s", i+1, single(pos[gi].Game, c), values[i], values[i], s, target, moveText(pos[gi].Game, c, option))
			res.WinningMoves = append(res.WinningMoves, m)
			return true
		})
		if err != nil {
			return fmt.Errorf("winning moves of %s: %w", single(pos[gi].Game, c), err)
		}
		if stop {
			break
		}
	}
	return nil
}

// moveText names a move: its kind when the rules name it, and what it
// leaves.
func moveText(inst games.Instance, c games.Component, option []games.Component) string {
	after := games.Group{Game: inst, Components: option}.String()
	if len(option) == 0 {
		after = "nothing"
	}
	if name := nameMove(inst, c, option); name != "" {
		return name + ", leaving " + after
	}
	if rule := games.MoveRuleOf(inst, c, option); rule != "" {
		return rule + ": " + after
	}
	return "moving to " + after
}

// losing explains a P-position: with one example move (the first option of
// the first component that has one) and the opponent's winning reply.
func (x *explainer) losing(ctx context.Context, pos games.Position, evals []games.Evaluator, values []game.Nimber) (*LosingReason, error) {
	l := &LosingReason{Text: "the XOR is 0: every move changes one component's value (no option of a component has its value, by the mex), so the XOR becomes nonzero, and the opponent then moves it back to 0"}
	comps := pos.Components()
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		var first []games.Component
		found := false
		evals[gi].Moves(c, func(option []games.Component) bool {
			first, found = option, true
			return false
		})
		if !found {
			continue
		}
		var w game.Nimber
		for _, part := range first {
			pv, err := evals[gi].Grundy(ctx, part)
			if err != nil {
				return nil, err
			}
			w ^= pv
		}
		after := pos.Replace(i, first)
		ex := &ExampleReply{Move: after.String(), Component: i, From: values[i], To: w, SumAfter: w ^ values[i]}
		if err := reply(ctx, after, evals, ex); err != nil {
			return nil, fmt.Errorf("reply to %s: %w", after, err)
		}
		l.Example = ex
		return l, nil
	}
	l.Text = "no move is left: the player to move loses"
	return l, nil
}

// reply finds the opponent's answer to the example move, which left after
// of value ex.SumAfter != 0: a component whose value has the sum's highest
// bit moves to its value XOR the sum (Bouton; the mex guarantees the
// option), leaving 0.
func reply(ctx context.Context, after games.Position, evals []games.Evaluator, ex *ExampleReply) error {
	s := ex.SumAfter
	high := bits.Len64(uint64(s)) - 1
	for k, c := range after.Components() {
		gk, _ := after.Locate(k)
		v, err := evals[gk].Grundy(ctx, c)
		if err != nil {
			return err
		}
		if v>>high&1 == 0 {
			continue
		}
		var to []games.Component
		found := false
		err = evals[gk].MovesToValue(ctx, c, v^s, func(option []games.Component) bool {
			to, found = option, true
			return false
		})
		if err != nil || !found {
			return err
		}
		inst := after[gk].Game
		ex.Reply = after.Replace(k, to).String()
		ex.ReplyText = single(inst, c) + " -> " + games.Group{Game: inst, Components: to}.String()
		return nil
	}
	return nil
}

// table explains the components the options of pos reach within depth
// moves, breadth first, each once, at most MaxExplained of them.
func (x *explainer) table(ctx context.Context, pos games.Position, evals []games.Evaluator, depth int, res *ImpartialExplanation) error {
	type item struct {
		gi int
		c  games.Component
	}
	seen := map[string]bool{}
	var level []item
	comps := pos.Components()
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		seen[single(pos[gi].Game, c)] = true
		level = append(level, item{gi, c})
	}
	res.Table = []ComponentReason{}
	for d := 0; d < depth && len(level) > 0; d++ {
		var next []item
		for _, it := range level {
			var err error
			evals[it.gi].Moves(it.c, func(option []games.Component) bool {
				for _, part := range option {
					if err = x.step(ctx); err != nil {
						return false
					}
					name := single(pos[it.gi].Game, part)
					if seen[name] {
						continue
					}
					seen[name] = true
					if len(res.Table)+len(next) == MaxExplained {
						res.TableTruncated = true
						return false
					}
					next = append(next, item{it.gi, part})
				}
				return true
			})
			if err != nil {
				return err
			}
			if res.TableTruncated {
				break
			}
		}
		for _, it := range next {
			v, err := evals[it.gi].Grundy(ctx, it.c)
			if err != nil {
				return err
			}
			r, err := x.reason(ctx, pos[it.gi].Game, evals[it.gi], it.c, v)
			if err != nil {
				return err
			}
			r.game = pos[it.gi].Game.Name()
			r.heap, _ = games.HeapOf(pos[it.gi].Game, it.c)
			res.Table = append(res.Table, r)
		}
		level = next
	}
	// The table reads as the notes write it: game by game, heaps increasing.
	slices.SortStableFunc(res.Table, func(a, b ComponentReason) int {
		return cmp.Or(strings.Compare(a.game, b.game), cmp.Compare(a.heap, b.heap))
	})
	return nil
}
