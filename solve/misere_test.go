package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Test games for the misère engine, one component type for all of them so
// that sums may mix games.
type heapKind byte

const (
	kNim      heapKind = iota // take any number
	kKayles                   // octal 0.77: take 1 or 2 from a row, maybe splitting it
	kDawson                   // octal 0.07: take 2 from a row, maybe splitting it
	kGrundy                   // split a heap into two unequal non-empty heaps
	kSubtract                 // subtract {1, 3, 4}
)

type heapPos struct {
	kind heapKind
	n    int
}

type mixedGame struct{}

func (mixedGame) Options(p heapPos, yield func([]heapPos) bool) {
	h := func(n int) heapPos { return heapPos{p.kind, n} }
	switch p.kind {
	case kNim:
		for k := 0; k < p.n; k++ {
			if !yield([]heapPos{h(k)}) {
				return
			}
		}
	case kKayles, kDawson:
		for take := 1; take <= 2; take++ {
			if take == 1 && p.kind == kDawson {
				continue
			}
			for a := 0; a+take <= p.n; a++ {
				if !yield([]heapPos{h(a), h(p.n - take - a)}) {
					return
				}
			}
		}
	case kGrundy:
		for a := 1; 2*a < p.n; a++ {
			if !yield([]heapPos{h(a), h(p.n - a)}) {
				return
			}
		}
	case kSubtract:
		for _, s := range []int{1, 3, 4} {
			if s <= p.n && !yield([]heapPos{h(p.n - s)}) {
				return
			}
		}
	}
}

// oracleSum is a whole sum for the naive oracle, written differently from
// mixedGame: Kayles and Dawson's Kayles heaps are rows of pins ('x') with
// gaps ('.'), a move knocks down one or two adjacent standing pins (Dawson:
// exactly two); the other games are lists of heaps.
type oracleSum struct {
	kayles, dawson        string
	grundy, nim, subtract []int
}

func (s oracleSum) key() string {
	var b strings.Builder
	b.WriteString(s.kayles)
	b.WriteByte('|')
	b.WriteString(s.dawson)
	for _, h := range [][]int{s.grundy, s.nim, s.subtract} {
		b.WriteByte('|')
		for _, n := range slices.Sorted(slices.Values(h)) {
			b.WriteByte(byte('a' + n))
		}
	}
	return b.String()
}

func knock(row string, width int) []string {
	var out []string
	for i := 0; i+width <= len(row); i++ {
		if row[i:i+width] == strings.Repeat("x", width) {
			out = append(out, row[:i]+strings.Repeat(".", width)+row[i+width:])
		}
	}
	return out
}

func replaced(h []int, i int, with ...int) []int {
	out := append(slices.Clone(h[:i]), h[i+1:]...)
	for _, w := range with {
		if w > 0 {
			out = append(out, w)
		}
	}
	return out
}

func (s oracleSum) moves() []oracleSum {
	var out []oracleSum
	for _, w := range []int{1, 2} {
		for _, r := range knock(s.kayles, w) {
			t := s
			t.kayles = r
			out = append(out, t)
		}
	}
	for _, r := range knock(s.dawson, 2) {
		t := s
		t.dawson = r
		out = append(out, t)
	}
	for i, n := range s.grundy {
		for a := 1; a < n-a; a++ {
			t := s
			t.grundy = replaced(s.grundy, i, a, n-a)
			out = append(out, t)
		}
	}
	for i, n := range s.nim {
		for k := 0; k < n; k++ {
			t := s
			t.nim = replaced(s.nim, i, k)
			out = append(out, t)
		}
	}
	for i, n := range s.subtract {
		for _, d := range []int{1, 3, 4} {
			if d <= n {
				t := s
				t.subtract = replaced(s.subtract, i, n-d)
				out = append(out, t)
			}
		}
	}
	return out
}

// oracle memoizes the naive misère values of whole sums.
type oracle struct {
	win    map[string]bool
	misere map[string]game.Nimber
	normal map[string]game.Nimber
}

func newOracle() *oracle {
	return &oracle{map[string]bool{}, map[string]game.Nimber{}, map[string]game.Nimber{}}
}

// wins: misère play, the player who cannot move wins.
func (o *oracle) wins(s oracleSum) bool {
	k := s.key()
	if w, ok := o.win[k]; ok {
		return w
	}
	w := true
	if ms := s.moves(); len(ms) > 0 {
		w = false
		for _, t := range ms {
			if !o.wins(t) {
				w = true
				break
			}
		}
	}
	o.win[k] = w
	return w
}

// misereValue: 1 with no move, else the mex of the options' values.
func (o *oracle) misereValue(s oracleSum) game.Nimber {
	k := s.key()
	if v, ok := o.misere[k]; ok {
		return v
	}
	ms := s.moves()
	v := game.Nimber(1)
	if len(ms) > 0 {
		var vals []game.Nimber
		for _, t := range ms {
			vals = append(vals, o.misereValue(t))
		}
		v = game.Mex(vals...)
	}
	o.misere[k] = v
	return v
}

// normalValue: the normal-play Grundy value by the mex rule, no XOR.
func (o *oracle) normalValue(s oracleSum) game.Nimber {
	k := s.key()
	if v, ok := o.normal[k]; ok {
		return v
	}
	var vals []game.Nimber
	for _, t := range s.moves() {
		vals = append(vals, o.normalValue(t))
	}
	v := game.Mex(vals...)
	o.normal[k] = v
	return v
}

func toOracle(sum []heapPos) oracleSum {
	var s oracleSum
	var kay, daw []string
	for _, p := range sum {
		switch p.kind {
		case kNim:
			s.nim = append(s.nim, p.n)
		case kKayles:
			kay = append(kay, strings.Repeat("x", p.n))
		case kDawson:
			daw = append(daw, strings.Repeat("x", p.n))
		case kGrundy:
			s.grundy = append(s.grundy, p.n)
		case kSubtract:
			s.subtract = append(s.subtract, p.n)
		}
	}
	s.kayles = strings.Join(kay, ".")
	s.dawson = strings.Join(daw, ".")
	return s
}

var maxHeap = map[heapKind]int{kNim: 7, kKayles: 8, kDawson: 10, kGrundy: 12, kSubtract: 12}

// randomSum draws 1 to 4 heaps of at most 14 tokens in all, so that the
// naive search over whole sums stays small.
func randomSum(r *rand.Rand) []heapPos {
	sum := make([]heapPos, 1+r.IntN(4))
	budget := 14
	for i := range sum {
		k := heapKind(r.IntN(5))
		n := r.IntN(min(maxHeap[k], budget) + 1)
		budget -= n
		sum[i] = heapPos{k, n}
	}
	return sum
}

// TestMisereRandomSums checks the engine's misère outcomes of random sums
// against the naive search over whole sums.
func TestMisereRandomSums(t *testing.T) {
	ctx := context.Background()
	m := NewMisere[heapPos](mixedGame{}, nil)
	o := newOracle()
	r := rand.New(rand.NewPCG(8, 2026))
	methods := map[Method]int{}
	for range 1000 {
		sum := randomSum(r)
		got, method, err := m.Outcome(ctx, sum)
		if err != nil {
			t.Fatalf("%v: %v", sum, err)
		}
		methods[method]++
		want := game.Lose
		if o.wins(toOracle(sum)) {
			want = game.Win
		}
		if got != want {
			t.Fatalf("misère outcome of %v = %v by %v, naive search says %v", sum, got, method, want)
		}
	}
	t.Logf("methods used: %v", methods)
	for _, method := range []Method{MethodTame, MethodGenus, MethodSearch} {
		if methods[method] == 0 {
			t.Errorf("method %v never used in 1000 random sums", method)
		}
	}
}

// TestMisereNimByEngine checks every Nim position with up to 4 heaps of size
// <= 7: the engine (tame method) agrees with the naive search.
func TestMisereNimByEngine(t *testing.T) {
	ctx := context.Background()
	m := NewMisere[heapPos](mixedGame{}, nil)
	o := newOracle()
	var rec func(sum []heapPos, from int)
	rec = func(sum []heapPos, from int) {
		got, method, err := m.Outcome(ctx, sum)
		if err != nil || method != MethodTame {
			t.Fatalf("%v: method %v, err %v", sum, method, err)
		}
		if want := o.wins(toOracle(sum)); (got == game.Win) != want {
			t.Fatalf("misère Nim %v: engine %v, naive win=%v", sum, got, want)
		}
		if len(sum) == 4 {
			return
		}
		for n := from; n <= 7; n++ {
			rec(append(slices.Clone(sum), heapPos{kNim, n}), n)
		}
	}
	rec(nil, 0)
}

// TestGenusBruteForce checks the genus of single Kayles, Dawson's Kayles and
// Grundy's game heaps against its meaning: g is the normal value and γk the
// misère Grundy value of the heap plus k Nim heaps of size 2, both computed
// by naive search over whole sums.
func TestGenusBruteForce(t *testing.T) {
	ctx := context.Background()
	m := NewMisere[heapPos](mixedGame{}, nil)
	o := newOracle()
	wild := 0
	for _, c := range []struct {
		kind heapKind
		max  int
	}{{kKayles, 10}, {kDawson, 12}, {kGrundy, 13}, {kSubtract, 12}} {
		for n := 0; n <= c.max; n++ {
			p := heapPos{c.kind, n}
			g, err := m.Genus(ctx, []heapPos{p})
			if err != nil {
				t.Fatal(err)
			}
			single := toOracle([]heapPos{p})
			if want := o.normalValue(single); g.Normal != want {
				t.Errorf("%v: normal value %d, naive %d", p, g.Normal, want)
			}
			for k := 0; k < len(g.Sup)+3; k++ {
				s := single
				for range k {
					s.nim = append(slices.Clone(s.nim), 2)
				}
				if want := o.misereValue(s); g.Misere(k) != want {
					t.Errorf("%v genus %v: γ%d = %d, naive misère value of the heap + %d×*2 is %d", p, g, k, g.Misere(k), k, want)
				}
			}
			tame, _, err := m.Tame(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if tame && !g.Tame() {
				t.Errorf("%v reported tame with wild genus %v", p, g)
			}
			if !tame {
				wild++
			}
		}
	}
	if wild == 0 {
		t.Error("no wild heap among the tested ones: the genus path is untested")
	}
}

// TestTameHereditary checks the tameness flag against its definition: a
// position is tame when its genus and the genus of every follower (sums of
// heaps, computed by brute force) are tame.
func TestTameHereditary(t *testing.T) {
	ctx := context.Background()
	m := NewMisere[heapPos](mixedGame{}, nil)
	o := newOracle()
	// bruteGenus is the genus from the naive values, with the periodicity
	// read off 8 digits (enough for these small games, whose options'
	// sequences settle within 3 digits).
	bruteGenus := func(s oracleSum) Genus {
		g := Genus{Normal: o.normalValue(s)}
		for k := range 8 {
			t := s
			for range k {
				t.nim = append(slices.Clone(t.nim), 2)
			}
			g.Sup = append(g.Sup, o.misereValue(t))
		}
		for len(g.Sup) > 2 && g.Sup[len(g.Sup)-1] == g.Sup[len(g.Sup)-3] {
			g.Sup = g.Sup[:len(g.Sup)-1]
		}
		return g
	}
	var hereditarilyTame func(s oracleSum, seen map[string]bool) bool
	hereditarilyTame = func(s oracleSum, seen map[string]bool) bool {
		if seen[s.key()] {
			return true
		}
		seen[s.key()] = true
		if !bruteGenus(s).Tame() {
			return false
		}
		for _, u := range s.moves() {
			if !hereditarilyTame(u, seen) {
				return false
			}
		}
		return true
	}
	for _, kind := range []heapKind{kKayles, kDawson} {
		for n := 0; n <= 9; n++ {
			p := heapPos{kind, n}
			tame, _, err := m.Tame(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := hereditarilyTame(toOracle([]heapPos{p}), map[string]bool{}); tame != want {
				t.Errorf("%v: tame = %v, by definition %v", p, tame, want)
			}
		}
	}
}

func TestGenusString(t *testing.T) {
	for _, c := range []struct {
		g    Genus
		want string
	}{
		{TameGenus(0, true), "0^120"}, // ONAG ch. 12: the genus of 0
		{TameGenus(1, true), "1^031"}, // of *1
		{TameGenus(3, false), "3^31"}, // of *3
		{TameGenus(12, false), "12^(12,14)"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

func TestMisereLimits(t *testing.T) {
	// Kayles heaps 30 + 31 + 32 are wild: the search needs many sums.
	sum := []heapPos{{kKayles, 30}, {kKayles, 31}, {kKayles, 32}}
	m := NewMisere[heapPos](mixedGame{}, &limits.Budget{MaxStates: 500})
	_, _, err := m.Outcome(context.Background(), sum)
	if !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("err = %v, want the state limit", err)
	}
	if m.States != 500 {
		t.Errorf("States = %d after a limit of 500", m.States)
	}
	// The engine stays usable after the limit.
	m.Budget = nil
	if _, _, err := m.Outcome(context.Background(), []heapPos{{kNim, 3}}); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m = NewMisere[heapPos](mixedGame{}, nil)
	if _, _, err := m.Outcome(ctx, sum); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// slowOptions is a game whose every option takes a millisecond to build,
// as a large position's do (an option of a 10^5-node forest is a new
// 10^5-node forest): position p > 0 has 1000 options, each the position
// p-1.
type slowOptions struct{}

func (slowOptions) Options(p int, yield func([]int) bool) {
	for p > 0 {
		time.Sleep(time.Millisecond)
		if !yield([]int{p - 1}) {
			return
		}
	}
}

// TestMiserePollsEveryOption: a deadline ends the search within a few
// options of it. Polling the context every pollEvery (256) states, as the
// budget does, would let 256 ms of options pass after a deadline of 20 ms.
func TestMiserePollsEveryOption(t *testing.T) {
	for name, budget := range map[string]*limits.Budget{"no budget": nil, "a budget": {}} {
		var took []time.Duration // best of three: the machine is shared
		for range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			m := NewMisere[int](slowOptions{}, budget)
			start := time.Now()
			_, _, err := m.Outcome(ctx, []int{5})
			took = append(took, time.Since(start))
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("%s: err = %v, want the deadline", name, err)
			}
			if took[len(took)-1] <= 150*time.Millisecond {
				break
			}
		}
		if best := slices.Min(took); best > 150*time.Millisecond {
			t.Errorf("%s: stopped after %v, deadline 20ms", name, took)
		}
	}
}

type loopGame struct{}

func (loopGame) Options(p int, yield func([]int) bool) { yield([]int{1 - p}) }

func TestMisereCycle(t *testing.T) {
	m := NewMisere[int](loopGame{}, nil)
	if _, _, err := m.Outcome(context.Background(), []int{0}); !errors.Is(err, ErrCycle) {
		t.Fatalf("err = %v, want ErrCycle", err)
	}
}

// BenchmarkMisereKaylesGenus: the genus of every Kayles heap 0..40 with a
// fresh engine per iteration.
func BenchmarkMisereKaylesGenus(b *testing.B) {
	for b.Loop() {
		m := NewMisere[heapPos](mixedGame{}, nil)
		for n := 0; n <= 40; n++ {
			if _, err := m.Genus(context.Background(), []heapPos{{kKayles, n}}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchSums are the sums of the search benchmarks: wild Kayles sums that
// the naive search can still do.
var benchSums = [][]heapPos{
	{{kKayles, 9}, {kKayles, 7}},
	{{kKayles, 6}, {kKayles, 5}, {kDawson, 6}},
	{{kKayles, 5}, {kKayles, 5}, {kKayles, 5}},
}

// BenchmarkMisereSearch: misère outcomes of benchSums, fresh engine per
// iteration; BenchmarkMisereNaive is the naive whole-sum search on the same
// sums, the baseline.
func BenchmarkMisereSearch(b *testing.B) {
	for b.Loop() {
		m := NewMisere[heapPos](mixedGame{}, nil)
		for _, s := range benchSums {
			if _, _, err := m.Outcome(context.Background(), s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMisereNaive(b *testing.B) {
	for b.Loop() {
		o := newOracle()
		for _, s := range benchSums {
			o.wins(toOracle(s))
		}
	}
}

// TestNimNodes: the engine marks a node as the Nim heap *m when its
// options are exactly *0 .. *(m-1): every Nim heap, and Kayles heaps 0..3
// (Kayles 3 has the options 2, 1 and 1+1, that is *2, *1 and *0). Kayles 4
// has the options *3, *2, *1+*1 = *0 and the sum *1 + *2, so it is not
// marked (the mark is exact, not complete: a game equal to a Nim heap only
// through reversible moves is not marked), nor is any larger Kayles heap,
// each having a sum of two heaps of 2 or more pins or a heap of 4 as an
// option.
func TestNimNodes(t *testing.T) {
	ctx := context.Background()
	m := NewMisere[heapPos](mixedGame{}, nil)
	nim := func(p heapPos) int16 {
		id, err := m.intern(ctx, p, 0)
		if err != nil {
			t.Fatal(err)
		}
		return m.nodes[id].nim
	}
	for n := range 12 {
		if got := nim(heapPos{kNim, n}); got != int16(n) {
			t.Errorf("nim %d: marked %d", n, got)
		}
	}
	for n, want := range []int16{0, 1, 2, 3, -1, -1, -1, -1} {
		if got := nim(heapPos{kKayles, n}); got != want {
			t.Errorf("kayles %d: marked %d, want %d", n, got, want)
		}
	}
}
