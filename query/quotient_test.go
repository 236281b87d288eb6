package query

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// quotientFile writes the cache file `grundy quotient token --to n --json`
// would write (the JSON of Quotient's answer).
func quotientFile(t *testing.T, token string, n int) []byte {
	t.Helper()
	inst, err := Open(token, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Quotient(context.Background(), inst, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMisereFromQuotientFile checks `value --misere --quotient FILE`: the
// quotient of a cache file, read back and checked, answers random sums of
// its game's heaps (tame and wild, one heap or several) with method
// "quotient", and the outcome and every winning move agree with the naive
// misère search of misere_test.go, written from the rules' definitions.
func TestMisereFromQuotientFile(t *testing.T) {
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(17, 41))
	for _, c := range []struct {
		game string
		to   int // the quotient's heaps; sums use heaps up to to
	}{
		{"kayles", 10},
		{"dawson-kayles", 12},
		{"grundy-game", 13},
		{"subtract:1,3,4", 12},
	} {
		qf, err := ReadQuotientFile(c.game+".json", quotientFile(t, c.game, c.to))
		if err != nil {
			t.Fatal(err)
		}
		for range 150 {
			sum := make([]naiveHeap, 1+r.IntN(5))
			left := 24
			for i := range sum {
				n := r.IntN(min(c.to, left) + 1)
				left -= n
				sum[i] = naiveHeap{c.game, n}
			}
			pos, err := ParseString(writeSum(sum))
			if err != nil {
				t.Fatal(err)
			}
			res, err := MisereValueFrom(ctx, pos, qf, nil)
			if err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			if res.Method != "quotient" {
				t.Fatalf("%s: method %s with a quotient file", pos, res.Method)
			}
			checkMisere(t, memo, sum, res)
		}
	}
}

// TestQuotientFileErrors: a quotient file that is malformed, for another
// game, too short for the sum or not the quotient of its game is refused
// with one line of bad input naming the file, never used or bypassed.
func TestQuotientFileErrors(t *testing.T) {
	ctx := context.Background()
	kayles := quotientFile(t, "kayles", 12)
	edit := func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(kayles, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	for _, c := range []struct {
		name, position string
		data           []byte
		want           string // in the error
	}{
		{"truncated", "kayles 3 4", kayles[:len(kayles)/2], "not a quotient's JSON"},
		{"not an object", "kayles 3 4", []byte(`[1, 2]`), "not a quotient's JSON"},
		{"no game", "kayles 3 4", edit(func(m map[string]any) { delete(m, "game") }), `no "game" key`},
		{"bad relation", "kayles 3 4", edit(func(m map[string]any) { m["relations"] = []any{"a^2 = b^5"} }), "does not lower the word"},
		{"bad order", "kayles 3 4", edit(func(m map[string]any) { m["order"] = 25 }), "not 25"},
		{"to disagrees", "kayles 3 4", edit(func(m map[string]any) { m["to"] = 40 }), `"to" is 40`},
		{"other game", "dawson-kayles 3 4", kayles, "holds the misère quotient of kayles, not of dawson-kayles"},
		{"mixed sum", "kayles 3 + nim 4", kayles, "not of nim"},
		{"too short", "kayles 3 13", kayles, "up to 12 only, not the heap 13"},
		// A catalog game's file needs no digest of its moves, but one it
		// has must be theirs.
		{"forged digest", "kayles 3 4", edit(func(m map[string]any) { m["rules_sha256"] = strings.Repeat("0", 64) }), "rules_sha256 differs: a forged or damaged file"},
		// Dawson's Kayles' heap 1 has no move, but the file gives it the
		// element a of Kayles' heap 1.
		{"fails the check", "dawson-kayles 3 4", edit(func(m map[string]any) { m["game"] = "dawson-kayles" }), "is not the misère quotient of dawson-kayles"},
		// The P-portion without a, the element of a heap of 1: but
		// kayles 1 is a misère P-position (the mover must take the last
		// pin), so the check fails at the sum of one heap.
		{"wrong P-portion", "kayles 3 4", edit(func(m map[string]any) {
			p := m["p_portion"].([]any)
			m["p_portion"] = p[1:]
		}), "is not the misère quotient of kayles"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos, err := ParseString(c.position)
			if err != nil {
				t.Fatal(err)
			}
			qf, err := ReadQuotientFile("cache.json", c.data)
			if err == nil {
				_, err = MisereValueFrom(ctx, pos, qf, nil)
			}
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			msg := err.Error()
			if !errors.Is(err, game.ErrInput) || !strings.Contains(msg, c.want) || !strings.Contains(msg, "cache.json") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q (bad input: %v), want one line of bad input naming cache.json and saying %q", msg, errors.Is(err, game.ErrInput), c.want)
			}
		})
	}
}

// TestQuotientFileHugeHeaps: a quotient whose heaps' period is proven
// (Kayles to heap 200: period 12 from heap 71, proven by the misère form
// of the Guy–Smith theorem, docs/quotients.md) covers every heap, so
// sums with heaps of millions are answered by it; the options of such a
// heap are read under the request's limits, so a state limit stops the
// listing of winning moves with a limit error, not a hang.
func TestQuotientFileHugeHeaps(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	qf, err := ReadQuotientFile("kayles.json", quotientFile(t, "kayles", 200))
	if err != nil {
		t.Fatal(err)
	}
	if p := qf.Quotient.Pattern(); p == nil || !p.Proven || p.Period != 12 {
		t.Fatalf("kayles to 200: pattern %+v, want period 12 proven", p)
	}
	// Heap 1000003 = 79 + 12 * 83327 is past the heaps 0..200 the
	// quotient was computed for: the proven period gives it heap 79's
	// element.
	pos, err := ParseString("kayles 1000003 79")
	if err != nil {
		t.Fatal(err)
	}
	res, err := MisereValueFrom(ctx, pos, qf, nil)
	if err != nil || res.Method != "quotient" {
		t.Fatalf("%s: method %v, err %v; want the quotient", pos, res, err)
	}
	// Two heaps of a million have two million options between them, few
	// of them winning: listing them counts every option as a state.
	pos, err = ParseString("kayles 1000003 1000003 5")
	if err != nil {
		t.Fatal(err)
	}
	_, err = MisereValueFrom(ctx, pos, qf, &limits.Budget{MaxStates: 100_000})
	if !errors.Is(err, limits.ErrStateLimit) || !strings.Contains(err.Error(), "winning moves") {
		t.Fatalf("two million options under 100,000 states: err = %v, want the state limit while listing winning moves", err)
	}
}

// scriptTwins are two example rule scripts that are heap games, with the
// catalog game each plays: the naive search of misere_test.go, written
// from the catalog game's definition, is the independent answer for the
// script's sums.
// Both are wild (Grundy's game from heap 13, the divisor game from heap
// 6: grundy table --misere), so sums of two or more such heaps go to the
// quotient; the subtraction script is tame throughout, so it never would.
var scriptTwins = []struct {
	file, twin string
	minN, maxN int // the heaps of random sums
	total      int // the most tokens in a sum, for the naive search
}{
	{"../examples/grundy.star", "grundy-game", 0, 20, 44},
	{"../examples/divisor.star", "divisor", 1, 16, 60},
}

// scriptSum parses the sum of heaps of a script, one group.
func scriptSum(t *testing.T, file string, sum []naiveHeap) games.Position {
	t.Helper()
	words := []string{file}
	for _, h := range sum {
		words = append(words, strconv.Itoa(h.n))
	}
	pos, err := Parse(words, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// asTwin rewrites a script's answer as its twin's, for checkMisere: the
// positions after each move name the twin instead of the script.
func asTwin(res *MisereResult, file, twin string) *MisereResult {
	out := *res
	out.WinningMoves = slices.Clone(res.WinningMoves)
	for i, m := range out.WinningMoves {
		out.WinningMoves[i].PositionAfter = strings.ReplaceAll(m.PositionAfter, file, twin)
	}
	return &out
}

// TestMisereScriptByQuotient checks value --misere on sums of several
// heaps of a rule script that is a heap game, answered by the quotient
// computed on the fly (and, for the same sums, by a quotient file written
// by Quotient): outcome and every winning move agree with the naive
// misère search of the catalog twin, on 300 random sums per script.
func TestMisereScriptByQuotient(t *testing.T) {
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(23, 7))
	for _, c := range scriptTwins {
		inst, err := Open(c.file, OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		qres, err := Quotient(ctx, inst, c.maxN, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(qres)
		if err != nil {
			t.Fatal(err)
		}
		qf, err := ReadQuotientFile("script.json", data)
		if err != nil {
			t.Fatal(err)
		}
		if qf.Rules == "" || qf.Game != c.file {
			t.Fatalf("%s: quotient file with game %q and rules %q, want the script's path and its rules' digest", c.file, qf.Game, qf.Rules)
		}
		quotients := 0
		for range 300 {
			sum := make([]naiveHeap, 2+r.IntN(4))
			left := c.total
			for i := range sum {
				n := c.minN + r.IntN(max(0, min(c.maxN, left)-c.minN)+1)
				left -= n
				sum[i] = naiveHeap{c.twin, n}
			}
			pos := scriptSum(t, c.file, sum)
			res, err := MisereValue(ctx, pos, nil)
			if err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			checkMisere(t, memo, sum, asTwin(res, c.file, c.twin))
			if res.Method == "quotient" {
				quotients++
			}
			res, err = MisereValueFrom(ctx, scriptSum(t, c.file, sum), qf, nil)
			if err != nil {
				t.Fatalf("%s with a quotient file: %v", pos, err)
			}
			if res.Method != "quotient" {
				t.Fatalf("%s: method %s with a quotient file", pos, res.Method)
			}
			checkMisere(t, memo, sum, asTwin(res, c.file, c.twin))
		}
		// Sums with fewer than two wild heaps go to misère Nim's rule or a
		// genus instead.
		t.Logf("%s: the quotient answered %d of 300 sums on the fly", c.file, quotients)
		if quotients < 80 {
			t.Errorf("%s: the quotient answered %d of 300 sums on the fly, want at least 80", c.file, quotients)
		}
	}
}

// jumpSrc is Kayles (knock down 1 or 2 adjacent pins of a row, which may
// split it) where a row of 2 may also become a row of 40 that has no move:
// its positions are integers, but a move to a larger heap makes it no
// heap game, so it has no misère quotient.
const jumpSrc = `
def moves(n):
    if n >= 40:
        return []
    out = []
    for w in (1, 2):
        for left in range(0, n - w + 1):
            out.append([left, n - w - left])
    if n == 2:
        out.append(40)
    return out
`

// TestMisereScriptNotHeapGame: sums of two or more wild heaps of a script
// that is not a heap game are answered by the search, with no error, and
// agree with the naive search; with a quotient file, the script is refused.
func TestMisereScriptNotHeapGame(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "jump.star")
	if err := os.WriteFile(file, []byte(jumpSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(3, 29))
	attempted := 0
	for range 150 {
		sum := make([]naiveHeap, 2+r.IntN(3))
		for i := range sum {
			sum[i] = naiveHeap{"kayles-jump", r.IntN(8)}
		}
		res, err := MisereValue(ctx, scriptSum(t, file, sum), nil)
		if err != nil {
			t.Fatalf("%v: %v", sum, err)
		}
		if res.Method == "quotient" {
			t.Fatalf("%s: answered by a quotient, but the script is not a heap game", res.Position)
		}
		checkMisere(t, memo, sum, asTwin(res, file, "kayles-jump"))
		wild := 0
		for _, c := range res.Components {
			if !c.Tame {
				wild++
			}
		}
		if wild >= 2 {
			attempted++
		}
	}
	if attempted < 30 {
		t.Fatalf("%d sums had two wild heaps, want at least 30 (sums a heap game would answer by its quotient)", attempted)
	}
	// A quotient file naming the script (Kayles' to heap 3, renamed): the
	// script's heaps are read to check it, and the move to 40 refuses it.
	var m map[string]any
	if err := json.Unmarshal(quotientFile(t, "kayles", 3), &m); err != nil {
		t.Fatal(err)
	}
	m["game"] = file
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	qf, err := ReadQuotientFile("cache.json", data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = MisereValueFrom(ctx, scriptSum(t, file, []naiveHeap{{"", 0}, {"", 0}}), qf, nil)
	if err == nil || !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "cache.json") || !strings.Contains(err.Error(), "moves(2) returned the heap 40") {
		t.Fatalf("err = %v, want one line of bad input naming cache.json and the move to 40", err)
	}
}

// TestScriptQuotientFileErrors: a rule script's quotient file answers the
// script it names, by its path as written (cleaned) and with the moves it
// was computed from; another script, an edited script, a file without the
// digest of the moves or a heap past the file's are refused with one line
// of bad input naming the file. An edit that keeps the moves (a comment)
// keeps the file valid.
func TestScriptQuotientFileErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, err := os.ReadFile("../examples/grundy.star")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "rules.star")
	write := func(src []byte) {
		t.Helper()
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(src)
	inst, err := Open(file, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Quotient(ctx, inst, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	value := func(data []byte, words ...string) (*MisereResult, error) {
		qf, err := ReadQuotientFile("cache.json", data)
		if err != nil {
			return nil, err
		}
		pos, err := Parse(words, OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		return MisereValueFrom(ctx, pos, qf, nil)
	}
	// The path as written, or spelled another way, and a comment edit.
	for _, words := range [][]string{
		{file, "16", "14", "3"},
		{filepath.Join(dir, ".", "rules.star"), "15", "13"},
	} {
		if res, err := value(data, words...); err != nil || res.Method != "quotient" {
			t.Fatalf("%v: %+v, %v; want the file's quotient", words, res, err)
		}
	}
	write(append([]byte("# an edited comment\n"), src...))
	if res, err := value(data, file, "16", "14"); err != nil || res.Method != "quotient" {
		t.Fatalf("after a comment edit: %+v, %v; want the file's quotient", res, err)
	}
	// Grundy's game with equal heaps allowed: another game on heaps 0..16.
	write([]byte("def moves(n):\n    return [[k, n - k] for k in range(1, n // 2 + 1)]\n"))
	edited := "was computed from other moves of " + file + " on heaps 0..16"
	for _, c := range []struct {
		name  string
		data  []byte
		words []string
		want  string
	}{
		{"edited script", data, []string{file, "16", "14"}, edited},
		{"edited, path spelled otherwise", data, []string{filepath.Join(dir, ".", "rules.star"), "5", "4"}, edited},
		{"another script", data, []string{"../examples/divisor.star", "6", "7"}, "holds the misère quotient of " + file + ", not of ../examples/divisor.star"},
		{"the catalog twin", data, []string{"grundy-game", "13", "14"}, "not of grundy-game"},
		{"no digest", edit(func(m map[string]any) { delete(m, "rules_sha256") }), []string{file, "16", "14"}, `no "rules_sha256" key`},
		{"bad digest", edit(func(m map[string]any) { m["rules_sha256"] = "beef" }), []string{file, "16", "14"}, `"rules_sha256" is "beef"`},
		{"too short", data, []string{file, "17", "14"}, "up to 16 only, not the heap 17"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := value(c.data, c.words...)
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			msg := err.Error()
			if !errors.Is(err, game.ErrInput) || !strings.Contains(msg, c.want) || !strings.Contains(msg, "cache.json") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q (bad input: %v), want one line of bad input naming cache.json and saying %q", msg, errors.Is(err, game.ErrInput), c.want)
			}
		})
	}
	// The edited script's own quotient answers it again.
	inst, err = Open(file, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if res, err = Quotient(ctx, inst, 16, nil); err != nil {
		t.Fatal(err)
	}
	if data, err = json.Marshal(res); err != nil {
		t.Fatal(err)
	}
	if res, err := value(data, file, "16", "14", "12"); err != nil || res.Method != "quotient" {
		t.Fatalf("the edited script with its own quotient: %+v, %v", res, err)
	}
}

// optionTable is a heap game given by the options of each heap.
type optionTable map[int][][]int

func (t optionTable) Options(n int, yield func([]int) bool) {
	for _, o := range t[n] {
		if !yield(o) {
			return
		}
	}
}

// TestRulesDigest: the digest of a heap game's moves ignores the order of
// the options and of the heaps within one, and repeats; it changes with
// any option of heaps 0..to, and only with those.
func TestRulesDigest(t *testing.T) {
	base := optionTable{1: {{0}}, 2: {{1}, {0}}, 3: {{1, 1}, {2}, {0}}, 5: {{4}}}
	same := optionTable{1: {{0}}, 2: {{0}, {1}, {0}}, 3: {{0}, {2}, {1, 1}}, 5: {{1}}}
	d := RulesDigest(base, 3)
	if len(d) != 64 || RulesDigest(same, 3) != d {
		t.Fatalf("reordered options: %s, want %s", RulesDigest(same, 3), d)
	}
	for _, other := range []optionTable{
		{1: {{0}}, 2: {{1}}, 3: {{1, 1}, {2}, {0}}},              // an option fewer
		{1: {{0}}, 2: {{1}, {0}}, 3: {{1, 1}, {2}, {0}, {0, 0}}}, // an option more
		{1: {{0}}, 2: {{1}, {0}}, 3: {{1, 0}, {2}, {0}}},         // a sum changed
		{1: {{0}}, 2: {{1}, {0}}, 3: {{1}, {1}, {2}, {0}}},       // a sum split into moves
	} {
		if RulesDigest(other, 3) == d {
			t.Fatalf("%v has the digest of %v", other, base)
		}
	}
	if RulesDigest(base, 4) == d {
		t.Fatal("the digest of heaps 0..4 is that of heaps 0..3")
	}
	// The file's key is read in either case.
	data := quotientFile(t, "kayles", 4)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m["rules_sha256"] = strings.ToUpper(strings.Repeat("ab", 32))
	if data, err := json.Marshal(m); err != nil {
		t.Fatal(err)
	} else if qf, err := ReadQuotientFile("k.json", data); err != nil || qf.Rules != strings.Repeat("ab", 32) {
		t.Fatalf("upper-case digest: %+v, %v", qf, err)
	}
}
