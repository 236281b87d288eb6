package index

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/grundy-go/grundy/heap"
)

// brute returns G(0..n-1) of a code (digits d0, d1, ...; distinct: the
// parts of a split must differ) by the definition, written apart from the
// engines: the options of a heap h remove k tokens and leave nothing
// (bit 1, h = k > 0), one heap (bit 2, k > 0), two or three non-empty heaps
// (bits 4 and 8); the value is the mex of the options' nim-sums.
func brute(digits []uint8, distinct bool, n int) []uint16 {
	g := make([]uint16, n)
	seen := make([]bool, 1<<16)
	for h := range n {
		clear(seen)
		for k, d := range digits {
			rest := h - k
			if rest < 0 {
				break
			}
			if d&1 != 0 && k > 0 && rest == 0 {
				seen[0] = true
			}
			if d&2 != 0 && k > 0 && rest > 0 {
				seen[g[rest]] = true
			}
			if d&4 != 0 {
				for a := 1; 2*a <= rest; a++ {
					if !distinct || a != rest-a {
						seen[g[a]^g[rest-a]] = true
					}
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= rest; a++ {
					for b := a; a+2*b <= rest; b++ {
						seen[g[a]^g[b]^g[rest-a-b]] = true
					}
				}
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

func loadIndex(t *testing.T) *Index {
	t.Helper()
	x, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestCandidates counts the candidates: 2*16^3 codes (each string of
// three hexadecimal digits after 0. or 4. is one code once trailing zeros
// are dropped), 2^12-1 non-empty sets, Grundy's game.
func TestCandidates(t *testing.T) {
	cands, err := Candidates()
	if err != nil {
		t.Fatal(err)
	}
	if want := 2*16*16*16 + 1<<12 - 1 + 1; len(cands) != want {
		t.Fatalf("%d candidates, want %d", len(cands), want)
	}
	names := map[string]bool{}
	for _, c := range cands {
		if names[c.Name] {
			t.Fatalf("candidate %s twice", c.Name)
		}
		names[c.Name] = true
	}
}

// TestPrefixBruteForce checks every candidate's first Prefix values in the
// table against the brute-force mex.
func TestPrefixBruteForce(t *testing.T) {
	x := loadIndex(t)
	for i, c := range x.Candidates {
		want := brute(c.Rules.Code.Digits, c.Rules.Distinct, Prefix)
		got := x.Groups[x.Classes[x.ClassOf[i]].Group].Values
		if !slices.Equal(got, want) {
			t.Fatalf("%s: table %v, brute force %v", c.Name, got, want)
		}
	}
}

// TestUpToDate regenerates the cheap part of the table (every candidate's
// class by the take-all rule and each class's first values) in full and
// compares it with the checked-in one.
func TestUpToDate(t *testing.T) {
	x := loadIndex(t)
	sk, err := BuildSkeleton(context.Background(), x.Candidates)
	if err != nil {
		t.Fatal(err)
	}
	if len(sk.Rules) != len(x.Classes) {
		t.Fatalf("%d classes, table has %d: run go generate ./heap/index", len(sk.Rules), len(x.Classes))
	}
	for i := range x.Candidates {
		if sk.ClassOf[i] != x.ClassOf[i] || sk.TakeAll[i] != x.TakeAll[i] {
			t.Fatalf("%s: class %d (take-all %v), table %d (%v): run go generate ./heap/index",
				x.Candidates[i].Name, sk.ClassOf[i], sk.TakeAll[i], x.ClassOf[i], x.TakeAll[i])
		}
	}
	for k, v := range sk.Values {
		if got := x.Groups[x.Classes[k].Group].Values; !slices.Equal(got, v) {
			t.Fatalf("class %s: G(0..%d) %v, table %v", sk.Rules[k], Prefix-1, v, got)
		}
	}
}

// TestSample recomputes the expensive part for a sample: the classes of a
// few random groups and of Dawson's Kayles's (INDEX_SEED repeats a run),
// each as Build computed it, and checks their patterns and that they agree
// through the group's claim.
func TestSample(t *testing.T) {
	x := loadIndex(t)
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("INDEX_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("INDEX_SEED=%d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	opt := BuildOptions{To: x.To, To3: x.To3, ProofBudget: Defaults.ProofBudget}
	groups := []int{}
	for i, c := range x.Candidates {
		if c.Name == "0.07" {
			groups = append(groups, x.Classes[x.ClassOf[i]].Group)
		}
	}
	for range 6 {
		groups = append(groups, rng.IntN(len(x.Groups)))
	}
	sk, err := BuildSkeleton(context.Background(), x.Candidates)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range groups {
		var classes []int
		for k, c := range x.Classes {
			if c.Group == g {
				classes = append(classes, k)
			}
		}
		rng.Shuffle(len(classes), func(i, j int) { classes[i], classes[j] = classes[j], classes[i] })
		var first []uint16
		for _, k := range classes[:min(3, len(classes))] {
			c, values, err := ComputeClass(context.Background(), sk.Rules[k], opt)
			if err != nil {
				t.Fatal(err)
			}
			c.Group = g
			if !sameClass(c, x.Classes[k]) {
				t.Fatalf("class %s: computed %+v %+v, table %+v %+v", sk.Rules[k], c, c.Pattern, x.Classes[k], x.Classes[k].Pattern)
			}
			through := x.Groups[g].Through
			if first != nil && !slices.Equal(first[:through+1], values[:through+1]) {
				t.Fatalf("group %d: class %s differs within G(0..%d)", g, sk.Rules[k], through)
			}
			if first == nil {
				first = values
			}
			if x.Groups[g].Proven && (c.Pattern == nil || !c.Pattern.Proven) {
				t.Fatalf("group %d proven identical, class %s not proven", g, sk.Rules[k])
			}
		}
	}
}

func sameClass(a, b Class) bool {
	if a.Group != b.Group || a.Computed != b.Computed || a.Known != b.Known || (a.Pattern == nil) != (b.Pattern == nil) {
		return false
	}
	if a.Pattern == nil {
		return true
	}
	p, q := *a.Pattern, *b.Pattern
	p.Reason, q.Reason = "", ""
	return p == q
}

// TestLookupShift finds Dawson's chess (0.137) from its first values and
// Dawson's Kayles (0.07) shifted by one: Dawson's chess on n files is
// Dawson's Kayles on n+1 pins (Winning Ways, ch. 3).
func TestLookupShift(t *testing.T) {
	x := loadIndex(t)
	values := brute([]uint8{0, 1, 3, 7}, false, 17)
	found := map[string]Shift{}
	for _, m := range x.Lookup(values, 0) {
		for _, i := range x.Members[m.Group] {
			found[x.Candidates[i].Name] = m.Shift
		}
	}
	if s, ok := found["0.137"]; !ok || s != 0 {
		t.Errorf("0.137: found %v (shift %d), want shift 0", ok, s)
	}
	if s, ok := found["0.07"]; !ok || s != 1 {
		t.Errorf("0.07: found %v (shift %d), want shift 1", ok, s)
	}
}

// TestDecodeDamaged refuses a damaged table.
func TestDecodeDamaged(t *testing.T) {
	x := loadIndex(t)
	text, err := x.Table.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(text, len(x.Candidates)); err != nil {
		t.Fatalf("round trip: %v", err)
	}
	if _, err := Decode(text, len(x.Candidates)+1); err == nil {
		t.Error("a table for other candidates was accepted")
	}
	b := []byte(text)
	b[len(b)/2] ^= 0x01
	if _, err := Decode(string(b), len(x.Candidates)); err == nil {
		t.Error("a damaged table was accepted")
	}
}

// BenchmarkLookup looks up Dawson's chess's first 17 values.
func BenchmarkLookup(b *testing.B) {
	x, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	values := brute([]uint8{0, 1, 3, 7}, false, 17)
	for b.Loop() {
		if len(x.Lookup(values, 0)) == 0 {
			b.Fatal("no match")
		}
	}
}

// BenchmarkLookupComputed is the baseline of BenchmarkLookup: the same
// search without the table, computing G(0..16) of every class.
func BenchmarkLookupComputed(b *testing.B) {
	x, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	sk, err := BuildSkeleton(context.Background(), x.Candidates)
	if err != nil {
		b.Fatal(err)
	}
	values := brute([]uint8{0, 1, 3, 7}, false, 17)
	for b.Loop() {
		found := 0
		for _, r := range sk.Rules {
			g, err := heap.Compute(context.Background(), r, len(values)-1, nil)
			if err != nil {
				b.Fatal(err)
			}
			if slices.Equal(g, values) {
				found++
			}
		}
		if found == 0 {
			b.Fatal("no match")
		}
	}
}

// BenchmarkDecode is the first use's cost: decoding the table.
func BenchmarkDecode(b *testing.B) {
	cands, err := Candidates()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Decode(encoded, len(cands)); err != nil {
			b.Fatal(err)
		}
	}
}
