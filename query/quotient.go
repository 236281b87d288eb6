package query

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/solve/quotient"
)

// QuotientResult is the answer of `grundy quotient`: the misère quotient of
// a heap game restricted to heaps 0..To (docs/quotients.md). Its JSON is the
// quotient's (order, p_portion, tame, heaps, generators, relations,
// stable_from, pattern) with the game's name and To.
type QuotientResult struct {
	Game   string
	To     int
	States int64
	// Rules is the digest of the game's moves on heaps 0..To (RulesDigest)
	// for rule scripts, whose name (a path) does not fix their rules:
	// value --misere --quotient refuses the file when the script's moves
	// have changed since. Empty for the catalog's games.
	Rules string
	q     *quotient.Quotient
}

// QuotientGenerator is a generator of a quotient's presentation: its name
// ("a", "b", ...) and the heap whose element it is.
type QuotientGenerator struct {
	Name string
	Heap int
}

// Order is the number of elements of the quotient.
func (r *QuotientResult) Order() int { return r.q.Order() }

// Tame reports whether the quotient is misère Nim's of its order.
func (r *QuotientResult) Tame() bool { return r.q.Tame() }

// Generators are the generators of the presentation, by heap.
func (r *QuotientResult) Generators() []QuotientGenerator {
	var gens []QuotientGenerator
	for _, g := range r.q.Generators() {
		gens = append(gens, QuotientGenerator{Name: g.Name, Heap: g.Heap})
	}
	return gens
}

// Relations are the relations of the presentation, written "a^2 = 1".
func (r *QuotientResult) Relations() []string {
	var rels []string
	for _, rel := range r.q.Relations() {
		rels = append(rels, r.q.FormatRelation(rel))
	}
	return rels
}

// PPortion lists the elements of the P-portion in normal form.
func (r *QuotientResult) PPortion() []string {
	var p []string
	for _, x := range r.q.PPortion() {
		p = append(p, r.q.Format(x))
	}
	return p
}

// Heaps lists the element of each heap 0..To in normal form.
func (r *QuotientResult) Heaps() []string {
	var h []string
	for _, x := range r.q.Heaps() {
		h = append(h, r.q.Format(x))
	}
	return h
}

// StableFrom is the heap from which no new generator appears up to To, or
// -1.
func (r *QuotientResult) StableFrom() int { return r.q.StableFrom() }

// Pattern is the pattern of the heaps' elements, nil when none is seen.
func (r *QuotientResult) Pattern() *Pattern { return patternOf(r.q.Pattern()) }

// Element writes element e (0 <= e < Order) in normal form ("1", "ab^2").
func (r *QuotientResult) Element(e int) string { return r.q.Format(quotient.Element(e)) }

// InP reports whether element e lies in the P-portion.
func (r *QuotientResult) InP(e int) bool { return r.q.InP(quotient.Element(e)) }

// Mul returns the product of elements a and b.
func (r *QuotientResult) Mul(a, b int) int {
	return int(r.q.Mul(quotient.Element(a), quotient.Element(b)))
}

// MarshalJSON writes the quotient's keys with "game", "to", "states" and,
// for a rule script, "rules_sha256".
func (r *QuotientResult) MarshalJSON() ([]byte, error) {
	q, err := json.Marshal(r.q)
	if err != nil {
		return nil, err
	}
	head, err := json.Marshal(struct {
		Game   string `json:"game"`
		To     int    `json:"to"`
		States int64  `json:"states"`
		Rules  string `json:"rules_sha256,omitempty"`
	}{r.Game, r.To, r.States, r.Rules})
	if err != nil {
		return nil, err
	}
	// Both are JSON objects: join {head...} and {q...}.
	if len(q) <= 2 {
		return head, nil
	}
	return append(append(head[:len(head)-1:len(head)-1], ','), q[1:]...), nil
}

// heapReader is implemented by instances whose heap game is read heap by
// heap within a request's limits, and may turn out not to be one (rule
// scripts, package script: each moves(n) is a script call, and whether its
// options are smaller heaps is known only once called). HeapGameTo returns
// the game of heaps 0..to, or an error saying why it is not a heap game.
type heapReader interface {
	HeapGameTo(ctx context.Context, to int, budget *Budget) (game.Game[int], error)
}

// Quotient computes the misère quotient of inst restricted to heaps 0..to
// by the Plambeck–Siegel algorithm (package solve/quotient). inst must be a
// heap game: a games.HeapGamer of the catalog, or a rule script whose
// positions are integers and whose moves leave smaller heaps (its
// HeapGameTo says why when it is not). A quotient can grow without bound:
// on a limit the error says the heap where it stopped and the order of the
// quotient of the heaps before it.
func Quotient(ctx context.Context, inst games.Instance, to int, budget *Budget) (*QuotientResult, error) {
	if to < 0 {
		return nil, game.Inputf("quotient up to heap %d: heap sizes are never negative", to)
	}
	start := budget.States()
	var g game.Game[int]
	rules := ""
	if r, ok := inst.(heapReader); ok {
		var err error
		if g, err = r.HeapGameTo(ctx, to, budget); err != nil {
			return nil, err
		}
		rules = RulesDigest(g, to)
	} else {
		hg, ok := inst.(games.HeapGamer)
		if !ok {
			return nil, game.Inputf("%s positions are not heaps, so it has no misère quotient (quotients cover heap games)", inst.Name())
		}
		if g, ok = hg.HeapGame(); !ok {
			return nil, game.Inputf("%s positions are not heaps whose moves leave smaller heaps, so it has no misère quotient", inst.Name())
		}
	}
	q, err := quotient.Compute(ctx, g, to, budget)
	if err != nil {
		var stop *quotient.StopError
		if errors.As(err, &stop) {
			return nil, fmt.Errorf("%s: %w", inst.Name(), err)
		}
		return nil, err
	}
	return &QuotientResult{Game: inst.Name(), To: to, States: budget.States() - start, Rules: rules, q: q}, nil
}

// RulesDigest is the SHA-256, in hex, of the moves of g on heaps 0..to:
// for each heap, its options as sorted lists of heaps, sorted and without
// repeats (the order in which a script lists its moves is not part of the
// game). Two games have the same digest exactly when (but for a collision)
// their heaps 0..to have the same options, which is all a quotient of
// heaps 0..to depends on: a rule script's quotient file records it, so
// that a file computed before the script's moves were edited is refused
// by name, rather than as a quotient that fails its check.
func RulesDigest(g game.Game[int], to int) string {
	h := sha256.New()
	for n := 0; n <= to; n++ {
		var opts []string
		g.Options(n, func(o []int) bool {
			heaps := slices.Clone(o)
			slices.Sort(heaps)
			opts = append(opts, fmt.Sprint(heaps))
			return true
		})
		slices.Sort(opts)
		fmt.Fprintf(h, "%d:%s\n", n, strings.Join(slices.Compact(opts), ""))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// QuotientFile is a misère quotient read from a cache file: the JSON that
// `grundy quotient GAME --to N --json` writes (QuotientResult), whose
// "game" key names the game it was computed for. Reading it checks only
// that it is a well-formed quotient; MisereValueFrom checks that it is the
// quotient of the sum's game (quotient.Quotient.Check) before using it.
type QuotientFile struct {
	Name string // the file's name, for messages
	Game string // the "game" key: the game's name as the CLI writes it
	// Rules is the "rules_sha256" key (RulesDigest), which a rule script's
	// file must have and match; empty when absent.
	Rules    string
	Quotient *quotient.Quotient
}

// ReadQuotientFile reads the content of the quotient cache file name: a
// JSON object with the keys of QuotientResult ("game", "to", and the
// quotient's keys, see docs/quotients.md). Errors are one line, name the
// file and wrap game.ErrInput.
func ReadQuotientFile(name string, data []byte) (*QuotientFile, error) {
	return ReadQuotientFileWithin(context.Background(), name, data, nil)
}

// ReadQuotientFileWithin is ReadQuotientFile within a request's limits:
// rebuilding the monoid from its relations counts against budget (a file
// whose monoid's tables do not fit is refused at once) and stops with ctx.
func ReadQuotientFileWithin(ctx context.Context, name string, data []byte, budget *Budget) (*QuotientFile, error) {
	var head struct {
		Game  *string `json:"game"`
		To    *int    `json:"to"`
		Rules *string `json:"rules_sha256"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, game.Inputf("quotient file %s: not a quotient's JSON: %v", name, err)
	}
	if head.Game == nil || *head.Game == "" {
		return nil, game.Inputf("quotient file %s: no \"game\" key naming the game it belongs to (a quotient file is the JSON answer of the quotient verb)", name)
	}
	q, err := quotient.UnmarshalWithin(ctx, data, budget)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if head.To != nil && *head.To != q.N() {
		return nil, game.Inputf("quotient file %s: \"to\" is %d but \"heaps\" lists heaps 0..%d", name, *head.To, q.N())
	}
	rules := ""
	if head.Rules != nil {
		if b, err := hex.DecodeString(*head.Rules); err != nil || len(b) != sha256.Size {
			return nil, game.Inputf("quotient file %s: \"rules_sha256\" is %q, not a SHA-256 in hex", name, *head.Rules)
		}
		rules = strings.ToLower(*head.Rules)
	}
	return &QuotientFile{Name: name, Game: *head.Game, Rules: rules, Quotient: q}, nil
}
