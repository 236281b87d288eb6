package index

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/census"
	"github.com/grundy-go/grundy/periodic"
)

// Prefix is how many values G(0..Prefix-1) the index holds of every
// candidate.
const Prefix = 64

// Table is the index: every candidate's class (the simplest code it equals
// by census's take-all rule), and the classes gathered into groups of
// identical sequences with the values each group begins with.
type Table struct {
	// To and To3 are the heaps through which Build computed the classes:
	// G(0..To), and G(0..To3) for codes that split a heap into three,
	// whose plain scan is cubic.
	To, To3 int
	// ClassOf[i] is the class of candidate i (Candidates' order), and
	// TakeAll[i] says the candidate was reduced to its class's code by
	// the take-all rule (false: it is the class's code itself).
	ClassOf []int
	TakeAll []bool
	Classes []Class
	Groups  []Group
}

// Class is the candidates that the take-all rule shows equal: one
// sequence, computed once.
type Class struct {
	Group int
	// Computed is the values G(0..Computed-1) the engines computed; Known
	// the values known, computed or, for a proven pattern, every heap
	// through Build's To (To3).
	Computed, Known int
	// Pattern is the pattern of G(0..Known-1): proven for every heap when
	// Proven, otherwise only observed; nil when none was seen.
	Pattern *periodic.Pattern
}

// Group is classes whose sequences were found identical, by proof (every
// member's pattern proven and the values agree past every pre-period by a
// common period) or through G(Through) only.
type Group struct {
	Values  []uint16 // G(0..Prefix-1)
	Proven  bool     // identical for every heap
	Through int      // identical through G(Through), when not Proven
}

// BuildOptions tune Build.
type BuildOptions struct {
	To, To3 int // see Table
	// ProofBudget is the engine work heap.Tabulate may spend past To on
	// each class to reach a proof.
	ProofBudget float64
	// Progress, when set, is called after each class computed.
	Progress func(done, total int)
}

// Defaults are the options of the checked-in table (go generate).
var Defaults = BuildOptions{To: 1<<14 - 1, To3: 1<<9 - 1, ProofBudget: 2e7}

// Skeleton is the cheap part of Build: every candidate's class by the
// take-all rule, and each class's code and first Prefix values.
type Skeleton struct {
	ClassOf []int
	TakeAll []bool
	Rules   []heap.Rules // of each class
	Values  [][]uint16   // G(0..Prefix-1) of each class
}

// BuildSkeleton maps every candidate to its class (census.Canonical: the
// simplest code it provably equals; Grundy's game is a class of its own)
// and computes each class's first Prefix values. It takes about a second.
func BuildSkeleton(ctx context.Context, cands []Candidate) (*Skeleton, error) {
	sk := &Skeleton{ClassOf: make([]int, len(cands)), TakeAll: make([]bool, len(cands))}
	classes := map[string]int{}
	for i, c := range cands {
		key := c.Rules.String()
		rules := c.Rules
		if c.Rules.Provable() {
			canonical, rule, err := census.Canonical(ctx, c.Rules.Code.String())
			if err != nil {
				return nil, fmt.Errorf("index candidate %s: %w", c.Name, err)
			}
			code, err := heap.ParseCode(canonical)
			if err != nil {
				return nil, fmt.Errorf("index candidate %s: %w", c.Name, err)
			}
			key, rules, sk.TakeAll[i] = canonical, heap.Octal(code), rule != ""
		}
		k, ok := classes[key]
		if !ok {
			values, err := heap.Compute(ctx, rules, Prefix-1, nil)
			if err != nil {
				return nil, fmt.Errorf("index candidate %s: %w", c.Name, err)
			}
			k = len(sk.Rules)
			classes[key] = k
			sk.Rules = append(sk.Rules, rules)
			sk.Values = append(sk.Values, values)
		}
		sk.ClassOf[i] = k
	}
	return sk, nil
}

// Build computes the index: the skeleton, then each class through
// opt.To (opt.To3 for codes that split into three) with heap.Tabulate,
// which proves the period where the Guy–Smith theorem applies, and the
// classes grouped by identical sequences. The checked-in table took
// minutes on one core (go generate).
func Build(ctx context.Context, opt BuildOptions) (*Table, error) {
	cands, err := Candidates()
	if err != nil {
		return nil, err
	}
	sk, err := BuildSkeleton(ctx, cands)
	if err != nil {
		return nil, err
	}
	t := &Table{To: opt.To, To3: opt.To3, ClassOf: sk.ClassOf, TakeAll: sk.TakeAll, Classes: make([]Class, len(sk.Rules))}
	known := make([][]uint16, len(sk.Rules))
	for k, r := range sk.Rules {
		cls, values, err := ComputeClass(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		t.Classes[k], known[k] = cls, values
		if opt.Progress != nil {
			opt.Progress(k+1, len(sk.Rules))
		}
	}
	t.group(known)
	return t, nil
}

// ComputeClass computes one class's sequence as Build does: G(0..to) with
// to = opt.To, or opt.To3 for codes that split into three, and the pattern
// heap.Tabulate finds and proves. It returns the class (Group unset) and
// the known values G(0..to).
func ComputeClass(ctx context.Context, r heap.Rules, opt BuildOptions) (Class, []uint16, error) {
	to := opt.To
	if r.Code.Classes()&heap.Split3 != 0 {
		to = opt.To3
	}
	seq, err := heap.Tabulate(ctx, r, to, nil, opt.ProofBudget)
	if err != nil {
		return Class{}, nil, fmt.Errorf("index class %s: %w", r, err)
	}
	values := make([]uint16, to+1)
	for n := range values {
		v, ok := seq.At(n)
		if !ok {
			return Class{}, nil, fmt.Errorf("index class %s: G(%d) not computed", r, n)
		}
		values[n] = uint16(v)
	}
	return Class{Computed: len(seq.Values), Known: to + 1, Pattern: seq.Pattern}, values, nil
}

// group gathers the classes into groups of identical known values: two
// classes join when their values agree through the shorter one's. A group
// is proven identical when every member's pattern is proven and the
// values agree through max pre-period + lcm of the periods (from there
// both relations G(n+P) = G(n) + S repeat the same values and steps).
func (t *Table) group(known [][]uint16) {
	order := make([]int, len(known))
	for k := range order {
		order[k] = k
	}
	// Longest first, so each group's first member holds the most values.
	slices.SortStableFunc(order, func(a, b int) int { return len(known[b]) - len(known[a]) })
	short := t.To3 + 1
	if t.To < t.To3 {
		short = t.To + 1
	}
	byShort := map[string][]int{} // the groups whose values begin so
	var firsts []int              // each group's first class
	for _, k := range order {
		key := string(u16bytes(known[k][:min(short, len(known[k]))]))
		g := -1
		for _, h := range byShort[key] {
			first := known[firsts[h]]
			if slices.Equal(first[:len(known[k])], known[k]) {
				g = h
				break
			}
		}
		if g < 0 {
			g = len(t.Groups)
			firsts = append(firsts, k)
			byShort[key] = append(byShort[key], g)
			t.Groups = append(t.Groups, Group{Values: slices.Clone(known[k][:Prefix]), Through: len(known[k]) - 1})
		}
		t.Classes[k].Group = g
		t.Groups[g].Through = min(t.Groups[g].Through, len(known[k])-1)
	}
	for g := range t.Groups {
		t.Groups[g].Proven = t.provenIdentical(g)
	}
}

// provenIdentical reports whether group g's classes are all proven and
// agree far enough to be identical everywhere.
func (t *Table) provenIdentical(g int) bool {
	n0, p := 0, 1
	members := 0
	for _, c := range t.Classes {
		if c.Group != g {
			continue
		}
		members++
		if c.Pattern == nil || !c.Pattern.Proven {
			return false
		}
		n0 = max(n0, c.Pattern.Preperiod)
		p = lcm(p, c.Pattern.Period)
		if p > t.Groups[g].Through {
			return false
		}
	}
	return members > 0 && n0+p <= t.Groups[g].Through
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// u16bytes writes values as little-endian bytes (a map key).
func u16bytes(values []uint16) []byte {
	b := make([]byte, 2*len(values))
	for i, v := range values {
		b[2*i], b[2*i+1] = byte(v), byte(v>>8)
	}
	return b
}
