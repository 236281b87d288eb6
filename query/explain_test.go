package query

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// bruteGame is a game written out by its rules alone, for the brute force
// the explanations are checked against: a component is its ARG, an option
// the ARGs it leaves (heaps of 0 are left out).
type bruteGame struct {
	token   string
	random  func(r *rand.Rand) string
	options func(arg string) [][]string
}

func heapArgs(heaps ...int) []string {
	var out []string
	for _, h := range heaps {
		if h > 0 {
			out = append(out, strconv.Itoa(h))
		}
	}
	return out
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// takeAndBreak lists the moves that remove k in takes from a row of n and
// leave the rest as one heap, or, with split, as two non-empty heaps.
func takeAndBreak(n int, takes []int, split bool) [][]string {
	var out [][]string
	for _, k := range takes {
		if k > n {
			continue
		}
		out = append(out, heapArgs(n-k))
		if split {
			for a := 1; n-k-a >= 1; a++ {
				out = append(out, heapArgs(a, n-k-a))
			}
		}
	}
	return out
}

var bruteGames = []bruteGame{
	{"nim", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(13)) }, func(arg string) [][]string {
		var out [][]string
		for k := atoi(arg) - 1; k >= 0; k-- {
			out = append(out, heapArgs(k))
		}
		return out
	}},
	// Kayles: knock down one pin or two adjacent pins of a row.
	{"kayles", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(16)) }, func(arg string) [][]string {
		return takeAndBreak(atoi(arg), []int{1, 2}, true)
	}},
	// Dawson's Kayles: knock down two adjacent pins.
	{"dawson-kayles", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(20)) }, func(arg string) [][]string {
		return takeAndBreak(atoi(arg), []int{2}, true)
	}},
	{"subtract:1-3", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(30)) }, func(arg string) [][]string {
		return takeAndBreak(atoi(arg), []int{1, 2, 3}, false)
	}},
	// Grundy's game: split a heap into two unequal non-empty heaps.
	{"grundy-game", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(22)) }, func(arg string) [][]string {
		n := atoi(arg)
		var out [][]string
		for a := 1; 2*a < n; a++ {
			out = append(out, heapArgs(a, n-a))
		}
		return out
	}},
	{"divisor", func(r *rand.Rand) string { return strconv.Itoa(1 + r.IntN(40)) }, func(arg string) [][]string {
		n := atoi(arg)
		var out [][]string
		for d := 1; d < n; d++ {
			if n%d == 0 {
				out = append(out, []string{strconv.Itoa(n - d)})
			}
		}
		return out
	}},
	// The rule script of S = {1, 3, 4}.
	{"../examples/subtract.star", func(r *rand.Rand) string { return strconv.Itoa(r.IntN(25)) }, func(arg string) [][]string {
		n := atoi(arg)
		var out [][]string
		for _, s := range []int{1, 3, 4} {
			if s <= n {
				out = append(out, []string{strconv.Itoa(n - s)})
			}
		}
		return out
	}},
	// The rule script of staircase Nim: coins move one step down.
	{"../examples/staircase.star", func(r *rand.Rand) string {
		steps := make([]string, 2+r.IntN(2))
		for i := range steps {
			steps[i] = strconv.Itoa(r.IntN(3))
		}
		return strings.Join(steps, ",")
	}, func(arg string) [][]string {
		var coins []int
		for _, f := range strings.Split(arg, ",") {
			coins = append(coins, atoi(f))
		}
		var out [][]string
		for i := range coins {
			for m := 1; m <= coins[i]; m++ {
				step := slices.Clone(coins)
				step[i] -= m
				if i > 0 {
					step[i-1] += m
				}
				s := make([]string, len(step))
				for j, c := range step {
					s[j] = strconv.Itoa(c)
				}
				out = append(out, []string{strings.Join(s, ",")})
			}
		}
		return out
	}},
}

// brute values components by the definition: G = mex of the options'
// XORs, memoized.
type brute struct {
	game bruteGame
	memo map[string]game.Nimber
}

func (b *brute) value(arg string) game.Nimber {
	if v, ok := b.memo[arg]; ok {
		return v
	}
	seen := map[game.Nimber]bool{}
	for _, o := range b.game.options(arg) {
		seen[b.sum(o)] = true
	}
	var mex game.Nimber
	for seen[mex] {
		mex++
	}
	b.memo[arg] = mex
	return mex
}

func (b *brute) sum(args []string) game.Nimber {
	var x game.Nimber
	for _, a := range args {
		x ^= b.value(a)
	}
	return x
}

// optionKey writes an option as its sorted ARGs, heaps of 0 left out.
func optionKey(args []string) string {
	var s []string
	for _, a := range args {
		if a != "0" {
			s = append(s, a)
		}
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

// textKey is optionKey of a group's text "GAME ARG...".
func textKey(token, text string) string {
	rest, ok := strings.CutPrefix(text, token)
	if !ok {
		return "?" + text
	}
	return optionKey(strings.Fields(rest))
}

// TestExplainImpartialBrute checks 1000 explanations of random sums of six
// catalog games and two rule scripts against the brute force: each
// component's options, their values, the mex, the XOR columns and the
// winning moves.
func TestExplainImpartialBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	brutes := make([]*brute, len(bruteGames))
	for i, g := range bruteGames {
		brutes[i] = &brute{game: g, memo: map[string]game.Nimber{}}
	}
	ctx := context.Background()
	for trial := range 1000 {
		type comp struct {
			b   *brute
			arg string
		}
		var comps []comp
		var words []string
		for g := range 1 + rng.IntN(2) {
			if g > 0 {
				words = append(words, "+")
			}
			b := brutes[rng.IntN(len(brutes))]
			words = append(words, b.game.token)
			for range 1 + rng.IntN(3) {
				arg := b.game.random(rng)
				words = append(words, arg)
				comps = append(comps, comp{b, arg})
			}
		}
		pos, err := Parse(words, OSFiles(context.Background()))
		if err != nil {
			t.Fatalf("%v: %v", words, err)
		}
		x, err := Explain(ctx, pos, ExplainOptions{}, nil)
		if err != nil {
			t.Fatalf("explain %s: %v", pos, err)
		}
		imp := x.Impartial
		where := fmt.Sprintf("trial %d, %s", trial, pos)
		if len(imp.Components) != len(comps) {
			t.Fatalf("%s: %d components explained, want %d", where, len(imp.Components), len(comps))
		}
		var sum game.Nimber
		values := make([]game.Nimber, len(comps))
		for i, c := range comps {
			values[i] = c.b.value(c.arg)
			sum ^= values[i]
			checkReason(t, where, c.b, c.arg, imp.Components[i])
		}
		if imp.Grundy != sum || imp.XOR.Sum != sum {
			t.Fatalf("%s: sum %d (columns %d), brute force %d", where, imp.Grundy, imp.XOR.Sum, sum)
		}
		checkColumns(t, where, imp.XOR, values)
		// Winning moves: every option of value v XOR s of each component.
		want := map[string]bool{}
		for i, c := range comps {
			for _, o := range c.b.game.options(c.arg) {
				if sum != 0 && c.b.sum(o) == values[i]^sum {
					want[fmt.Sprintf("%d:%s", i, optionKey(o))] = true
				}
			}
		}
		got := map[string]bool{}
		for _, m := range imp.WinningMoves {
			k := fmt.Sprintf("%d:%s", m.Component, textKey(comps[m.Component].b.game.token, m.Move))
			if !want[k] || m.From != values[m.Component] || m.To != values[m.Component]^sum {
				t.Fatalf("%s: winning move %+v is not one (brute force: %v)", where, m, want)
			}
			got[k] = true
		}
		if !imp.MovesMore && len(got) != len(want) {
			t.Fatalf("%s: winning moves %v, brute force %v", where, got, want)
		}
		if sum == 0 {
			checkLosing(t, where, brutes, imp.Losing)
		}
	}
}

// checkLosing checks a P-position's example: the move leaves a sum of
// value SumAfter != 0 and the reply a sum of value 0, by the brute force.
func checkLosing(t *testing.T, where string, brutes []*brute, l *LosingReason) {
	t.Helper()
	if l == nil {
		t.Fatalf("%s: a P-position without the reason it loses", where)
	}
	if l.Example == nil {
		return // no move at all: the brute force's options say whether that is so
	}
	ex := l.Example
	if got := bruteSum(t, brutes, ex.Move); ex.SumAfter == 0 || got != ex.SumAfter || ex.SumAfter != ex.From^ex.To {
		t.Fatalf("%s: example move to %s of value %d (from %d to %d), brute force %d", where, ex.Move, ex.SumAfter, ex.From, ex.To, got)
	}
	if got := bruteSum(t, brutes, ex.Reply); ex.Reply == "" || got != 0 {
		t.Fatalf("%s: reply %q of value %d by the brute force", where, ex.Reply, got)
	}
}

// bruteSum values a whole position by the brute force of its games.
func bruteSum(t *testing.T, brutes []*brute, position string) game.Nimber {
	t.Helper()
	pos, err := Parse(strings.Fields(position), OSFiles(context.Background()))
	if err != nil {
		t.Fatalf("%s: %v", position, err)
	}
	var x game.Nimber
	for _, g := range pos {
		i := slices.IndexFunc(brutes, func(b *brute) bool { return b.game.token == g.Game.Name() })
		if i < 0 {
			t.Fatalf("no brute force for %s", g.Game.Name())
		}
		for _, c := range g.Components {
			x ^= brutes[i].value(c.String())
		}
	}
	return x
}

// checkReason checks one component's options, values and mex.
func checkReason(t *testing.T, where string, b *brute, arg string, r ComponentReason) {
	t.Helper()
	opts := b.game.options(arg)
	want := map[string]game.Nimber{}
	distinct := map[game.Nimber]bool{}
	for _, o := range opts {
		want[optionKey(o)] = b.sum(o)
		distinct[b.sum(o)] = true
	}
	if r.Reason != ReasonOptions || r.Value != b.value(arg) {
		t.Fatalf("%s: %s explained by %s as %d, brute force %d", where, r.Position, r.Reason, r.Value, b.value(arg))
	}
	got := map[string]bool{}
	listed := 0
	for _, g := range r.Groups {
		for _, o := range g.Options {
			k := textKey(b.game.token, o.Position)
			v, ok := want[k]
			if !ok || v != o.Value {
				t.Fatalf("%s: %s lists option %q = %d; brute force %v", where, r.Position, o.Position, o.Value, want)
			}
			var x game.Nimber
			for _, p := range o.Parts {
				x ^= p
			}
			if x != o.Value {
				t.Fatalf("%s: option %s parts %v XOR to %d, not %d", where, o.Position, o.Parts, x, o.Value)
			}
			got[k] = true
			listed++
		}
		listed += g.More
	}
	if len(got) != len(want) || listed != len(want) || r.Options != len(want) {
		t.Fatalf("%s: %s lists %d options (%d counted), brute force %d: %v", where, r.Position, listed, r.Options, len(want), want)
	}
	var vals []game.Nimber
	for v := range distinct {
		vals = append(vals, v)
	}
	slices.Sort(vals)
	if !slices.Equal(vals, r.OptionValues) {
		t.Fatalf("%s: %s option values %v, brute force %v", where, r.Position, r.OptionValues, vals)
	}
}

// checkColumns checks the binary columns and Bouton's highest bit.
func checkColumns(t *testing.T, where string, c XORColumns, values []game.Nimber) {
	t.Helper()
	var sum game.Nimber
	for i, v := range values {
		sum ^= v
		bits := c.Rows[i].Bits
		n, err := strconv.ParseUint(bits, 2, 64)
		if err != nil || game.Nimber(n) != v || len(bits) != c.Width {
			t.Fatalf("%s: row %d bits %q for value %d (width %d)", where, i, bits, v, c.Width)
		}
	}
	if n, _ := strconv.ParseUint(c.SumBits, 2, 64); game.Nimber(n) != sum {
		t.Fatalf("%s: sum bits %q, sum %d", where, c.SumBits, sum)
	}
	high := -1
	for b := 63; b >= 0; b-- {
		if sum>>b&1 == 1 {
			high = b
			break
		}
	}
	var with []int
	for i, v := range values {
		if high >= 0 && v>>high&1 == 1 {
			with = append(with, i)
		}
	}
	if c.HighestBit != high || !slices.Equal(c.WithBit, with) && len(with)+len(c.WithBit) > 0 {
		t.Fatalf("%s: highest bit %d with %v, want %d with %v", where, c.HighestBit, c.WithBit, high, with)
	}
}

// explainString explains a position written as one string, failing the
// test on an error.
func explainString(t testing.TB, position string, opts ExplainOptions) *Explanation {
	t.Helper()
	pos, err := ParseString(position)
	if err != nil {
		t.Fatal(err)
	}
	x, err := Explain(context.Background(), pos, opts, nil)
	if err != nil {
		t.Fatalf("explain %s: %v", position, err)
	}
	return x
}

// TestExplainNim345 is the notes' first example: 3 XOR 4 XOR 5 = 2, whose
// bit 2^1 only heap 3 has; the move takes heap 3 to 3 XOR 2 = 1.
func TestExplainNim345(t *testing.T) {
	imp := explainString(t, "nim 3 4 5", ExplainOptions{}).Impartial
	if imp.XOR.SumBits != "010" || imp.XOR.HighestBit != 1 || !slices.Equal(imp.XOR.WithBit, []int{0}) {
		t.Fatalf("columns %+v", imp.XOR)
	}
	if len(imp.WinningMoves) != 1 {
		t.Fatalf("winning moves %+v", imp.WinningMoves)
	}
	m := imp.WinningMoves[0]
	if m.Component != 0 || m.From != 3 || m.To != 1 || m.Move != "nim 1" || !strings.Contains(m.Text, "from 3 to 3 XOR 2 = 1") {
		t.Fatalf("winning move %+v", m)
	}
}

// kaylesBrute values Kayles rows by the definition up to n.
func kaylesBrute(n int) []game.Nimber {
	g := make([]game.Nimber, n+1)
	for m := 1; m <= n; m++ {
		seen := map[game.Nimber]bool{}
		for k := 1; k <= 2 && k <= m; k++ {
			for a := 0; a <= m-k-a; a++ {
				seen[g[a]^g[m-k-a]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// TestExplainPattern checks the pattern reading of Kayles rows with more
// options than an explanation values, against the definition: G(n) and
// G(base) by brute force, base = n mod 12 in the first period after the
// pre-period (Guy-Smith).
func TestExplainPattern(t *testing.T) {
	const top = 3000
	g := kaylesBrute(top)
	rng := rand.New(rand.NewPCG(30, 2))
	for range 20 {
		n := 1100 + rng.IntN(top-1100)
		r := explainString(t, "kayles "+strconv.Itoa(n), ExplainOptions{}).Impartial.Components[0]
		p := r.Pattern
		if r.Reason != ReasonPattern || p == nil || r.Value != g[n] {
			t.Fatalf("kayles %d: %+v, brute force %d", n, r, g[n])
		}
		if p.Base < p.Preperiod || p.Base >= p.Preperiod+p.Period || (n-p.Base)%p.Period != 0 || p.BaseValue != g[p.Base] || p.Saltus != 0 {
			t.Fatalf("kayles %d: reading %+v, brute force G(base) %d", n, p, g[p.Base])
		}
	}
}

// TestExplainHugeKayles: kayles 10^18 is explained through the proven
// period, fast (the target is 50 ms; the bound is generous for a loaded
// machine, best of three).
func TestExplainHugeKayles(t *testing.T) {
	pos, _ := ParseString("kayles 1000000000000000000")
	best := time.Hour
	for range 3 {
		start := time.Now()
		x, err := Explain(context.Background(), pos, ExplainOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		best = min(best, time.Since(start))
		r := x.Impartial.Components[0]
		if r.Reason != ReasonPattern || r.Pattern.Period != 12 || r.Pattern.Preperiod != 71 || r.Pattern.Base != 76 {
			t.Fatalf("kayles 10^18: %+v", r)
		}
		// 10^18 = 4 (mod 12): 100 = 4 and 4*10 = 40 = 4 (mod 12).
		if !strings.Contains(r.Text, "n mod 12 = 4, so G(n) = G(76)") {
			t.Fatalf("kayles 10^18: %s", r.Text)
		}
	}
	if best > 500*time.Millisecond {
		t.Fatalf("kayles 10^18 explained in %v, best of three", best)
	}
}

func BenchmarkExplainHugeKayles(b *testing.B) {
	pos, _ := ParseString("kayles 1000000000000000000")
	for b.Loop() {
		if _, err := Explain(context.Background(), pos, ExplainOptions{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainBaseline is Value on the same position, the baseline.
func BenchmarkExplainBaseline(b *testing.B) {
	pos, _ := ParseString("kayles 1000000000000000000")
	for b.Loop() {
		if _, err := Value(context.Background(), pos, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestExplainDepth: --depth 2 of a subtraction game builds the table of
// every smaller heap, each value the brute force's.
func TestExplainDepth(t *testing.T) {
	b := &brute{game: bruteGames[3], memo: map[string]game.Nimber{}} // subtract:1-3
	x := explainString(t, "subtract:1-3 7", ExplainOptions{Depth: 2})
	var heaps []string
	for _, r := range x.Impartial.Table {
		arg := strings.TrimPrefix(r.Position, "subtract:1-3 ")
		heaps = append(heaps, arg)
		checkReason(t, "depth 2", b, arg, r)
	}
	// Within two moves of 7: 6, 5, 4 and then 3, 2, 1.
	if !slices.Equal(heaps, []string{"1", "2", "3", "4", "5", "6"}) {
		t.Fatalf("table of %v", heaps)
	}
	// A huge heap's table stops at the cap.
	x = explainString(t, "nim 1000000000000", ExplainOptions{Depth: 3})
	if len(x.Impartial.Table) != MaxExplained || !x.Impartial.TableTruncated {
		t.Fatalf("nim 10^12 --depth 3: %d components, truncated %v", len(x.Impartial.Table), x.Impartial.TableTruncated)
	}
}

// TestExplainLimits: the request's budget and deadline bound every phase.
func TestExplainLimits(t *testing.T) {
	pos, _ := ParseString("grundy-game 3000 + divisor 100000")
	_, err := Explain(context.Background(), pos, ExplainOptions{}, &limits.Budget{MaxStates: 500})
	if !errors.Is(err, ErrStateLimit) {
		t.Fatalf("max states 500: %v", err)
	}
	_, err = Explain(context.Background(), pos, ExplainOptions{}, &limits.Budget{MaxMemory: 1 << 10})
	if !errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("max memory 1 KiB: %v", err)
	}
	// The depth's table of a huge Nim heap looks at options only: a state
	// limit stops it too.
	pos, _ = ParseString("nim 1000000000000")
	_, err = Explain(context.Background(), pos, ExplainOptions{Depth: 5}, &limits.Budget{MaxStates: 100})
	if !errors.Is(err, ErrStateLimit) {
		t.Fatalf("depth 5, max states 100: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	time.Sleep(2 * time.Millisecond)
	_, err = Explain(ctx, pos, ExplainOptions{Depth: 5}, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("past the deadline: %v", err)
	}
}

// TestExplainRefuses: positions explain cannot take are bad input, each
// error naming what is wrong.
func TestExplainRefuses(t *testing.T) {
	for _, tc := range []struct {
		position string
		opts     ExplainOptions
		want     string
	}{
		{"nim 3 + tictactoe", ExplainOptions{}, "tictactoe is a partizan game: it is explained alone"},
		{"cards 1,2 3,4 + cards 1,2 3,4", ExplainOptions{}, "cards is a loopy game: it is explained alone"},
		{"tictactoe", ExplainOptions{Misere: true}, "misère play applies to impartial games"},
		{"nim 3", ExplainOptions{Depth: -1}, "depth -1 is negative"},
	} {
		pos, err := ParseString(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Explain(context.Background(), pos, tc.opts, nil)
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %+v: %v, want bad input saying %q", tc.position, tc.opts, err, tc.want)
		}
	}
}
