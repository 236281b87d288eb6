package query

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// MisereExplanation explains misère play of an impartial sum (the player
// who makes the last move loses) by the method that decided it: misère
// Nim's rule for tame sums, the misère quotient for sums of wild heaps of
// one game, or the search.
type MisereExplanation struct {
	Outcome      game.Class        `json:"outcome"`
	Method       string            `json:"method"` // "tame", "genus", "quotient" or "search"
	Grundy       game.Nimber       `json:"grundy"` // the normal-play value, for comparison
	Genus        string            `json:"genus,omitempty"`
	Components   []MisereComponent `json:"components"`
	WinningMoves []Move            `json:"winning_moves"`
	MovesMore    bool              `json:"moves_more,omitempty"`
	// Quotient is the reading of the quotient that decided a wild sum.
	Quotient *QuotientReading `json:"quotient,omitempty"`
	Text     string           `json:"text"`
}

// QuotientReading is how a misère quotient decides a sum of heaps: each
// heap's element, their product, and whether it is in the P-portion (the
// elements of the positions the mover loses), with the presentation's
// relations that the product reduces by.
type QuotientReading struct {
	Order     int      `json:"order"`
	Relations []string `json:"relations"`
	PPortion  []string `json:"p_portion"`
	// Elements are the heaps' elements, in the order of the components
	// (at most MaxExplained).
	Elements []HeapElement `json:"elements"`
	Product  string        `json:"product"`
	InP      bool          `json:"in_p"`
}

// HeapElement is one heap and its element of the quotient.
type HeapElement struct {
	Heap    int    `json:"heap"`
	Element string `json:"element"`
}

// explainMisere explains misère play of pos.
func explainMisere(ctx context.Context, pos games.Position, budget *limits.Budget) (*Explanation, error) {
	res, m, err := misereValue(ctx, pos, nil, budget)
	if err != nil {
		return nil, err
	}
	x := &MisereExplanation{Outcome: res.Outcome, Method: res.Method, Grundy: res.Grundy, Genus: res.Genus,
		Components: res.Components, WinningMoves: res.WinningMoves, MovesMore: res.Truncated}
	mover := "wins"
	if res.Outcome.Outcome() == game.Lose {
		mover = "loses"
	}
	switch {
	case m.answer != nil:
		q, heaps := m.answer.q, m.answer.heaps
		r := &QuotientReading{Order: q.Order(), Relations: []string{}, PPortion: []string{}, Elements: []HeapElement{}}
		for _, rel := range q.Relations() {
			r.Relations = append(r.Relations, q.FormatRelation(rel))
		}
		for _, e := range q.PPortion() {
			r.PPortion = append(r.PPortion, q.Format(e))
		}
		for i, h := range heaps {
			if i == MaxExplained {
				break
			}
			r.Elements = append(r.Elements, HeapElement{Heap: h, Element: q.Format(q.Heap(h))})
		}
		product := q.Of(heaps)
		r.Product, r.InP = q.Format(product), q.InP(product)
		x.Quotient = r
		elems := make([]string, len(r.Elements))
		for i, e := range r.Elements {
			elems[i] = e.Element
		}
		in := "is not in the P-portion"
		if r.InP {
			in = "is in the P-portion"
		}
		x.Text = fmt.Sprintf("two or more heaps are wild, so the misère quotient of the game (order %d) decides: the heaps' elements %s multiply, by the relations %s, to %s, which %s {%s}: the player to move %s",
			r.Order, strings.Join(elems, " * "), strings.Join(r.Relations, ", "), r.Product, in, strings.Join(r.PPortion, ", "), mover)
	case res.Method == "tame":
		small := true
		for _, c := range res.Components {
			small = small && c.Grundy <= 1
		}
		rule := "some component has a normal-play value of 2 or more, so play goes as in normal play: the player to move wins exactly when the XOR of the values is nonzero"
		if small {
			rule = "every component has a normal-play value of 0 or 1, so the rule is reversed (in misère Nim, all heaps of at most 1: the player to move wins exactly when the number of heaps of 1 is even)"
		}
		x.Text = fmt.Sprintf("every component is tame, so misère Nim's rule applies (Winning Ways ch. 13): %s; the sum's genus is %s, of misère value %s, and the player to move %s", rule, res.Genus, misereValueOf(res.Genus), mover)
	case res.Method == "genus":
		x.Text = fmt.Sprintf("one component is wild and the rest tame: the genus of the sum (Conway's, Winning Ways ch. 13) decides, its misère value (the first superscript) being nonzero exactly when the player to move wins: the player to move %s", mover)
	default:
		x.Text = fmt.Sprintf("no rule covers this sum, so the misère engine searched its positions: the player to move %s", mover)
	}
	return &Explanation{Position: pos.String(), Kind: "misere", Misere: x, States: res.States}, nil
}

// misereValueOf reads γ0, the misère value, from a genus written
// g^γ0γ1... or g^(γ0,γ1,...) (solve.Genus.String).
func misereValueOf(genus string) string {
	_, sup, ok := strings.Cut(genus, "^")
	if !ok || sup == "" {
		return genus
	}
	if rest, wide := strings.CutPrefix(sup, "("); wide {
		v, _, _ := strings.Cut(strings.TrimSuffix(rest, ")"), ",")
		return v
	}
	return sup[:1]
}
