package query

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/solve/quotient"
)

// MisereResult is the answer of `grundy value --misere`: the outcome when
// the player who makes the last move loses.
type MisereResult struct {
	Position     string            `json:"position"`
	Misere       bool              `json:"misere"`  // always true: marks the play convention
	Outcome      game.Class        `json:"outcome"` // P: the mover loses; N: the mover wins (misère play)
	Method       string            `json:"method"`  // "tame", "genus" or "search" (see docs/misere.md)
	Grundy       game.Nimber       `json:"grundy"`  // the normal-play value of the sum, for comparison
	Genus        string            `json:"genus,omitempty"`
	Components   []MisereComponent `json:"components"`
	WinningMoves []Move            `json:"winning_moves"`
	Truncated    bool              `json:"truncated,omitempty"`
	// Elided says that some moves' "to" or "position_after" were left
	// empty for being longer than MaxMoveText (see ValueResult).
	Elided bool  `json:"elided,omitempty"`
	States int64 `json:"states"`
}

// MisereComponent describes one component: its normal-play value, whether
// it is (hereditarily) tame, and its genus when known without a search of
// sums.
type MisereComponent struct {
	Position string      `json:"position"`
	Grundy   game.Nimber `json:"grundy"`
	Tame     bool        `json:"tame"`
	Genus    string      `json:"genus,omitempty"`
	// TameUnknown says that tameness and genus were not computed (Tame
	// is then false): heaps past 256 answered by a quotient file.
	TameUnknown bool `json:"tame_unknown,omitempty"`
}

// Misere answers misère-play questions about positions of impartial games,
// keeping its memo across calls (a game of `grundy play --misere` asks about
// many related positions). It is not safe for concurrent use.
type Misere struct {
	sum    *games.Sum // the components met, as the engine's positions
	req    *request   // the component engines, for moves to a given heap
	engine *solve.Misere[games.ComponentID]
	// answer is the quotient that answered the last sum, and its heaps
	// (nil when none did), which an explanation reads.
	answer *quotientAnswer
}

// quotientAnswer is a misère quotient and the heaps of the sum it answered.
type quotientAnswer struct {
	q     *quotient.Quotient
	heaps []int
}

// NewMisere returns a misère oracle whose engines count against budget
// (nil: no limit).
func NewMisere(budget *limits.Budget) *Misere {
	return newMisere(games.NewSum(), newRequest(budget))
}

// newMisere returns a misère oracle over the components of sum, with the
// component engines of req (a Player shares both with its search).
func newMisere(sum *games.Sum, req *request) *Misere {
	return &Misere{sum: sum, req: req, engine: solve.NewMisere(sum, req.budget)}
}

// States is the number of states the oracle's misère engine expanded so
// far.
func (m *Misere) States() int64 { return m.engine.States }

// checkValued returns the groups' instances, all of which must be impartial.
func checkValued(pos games.Position) ([]games.Valued, error) {
	valued := make([]games.Valued, len(pos))
	for i, g := range pos {
		v, ok := g.Game.(games.Valued)
		if !ok {
			return nil, game.Inputf("%s is a %s game: misère play is defined here for impartial games only", g.Game.Name(), g.Game.Kind())
		}
		valued[i] = v
	}
	return valued, nil
}

// nimHeaps returns the heap sizes when every component is a Nim heap.
func (m *Misere) nimHeaps(ids []games.ComponentID) ([]int, bool) {
	heaps := make([]int, len(ids))
	for i, id := range ids {
		n, ok := m.sum.NimHeap(id)
		if !ok {
			return nil, false
		}
		heaps[i] = n
	}
	return heaps, true
}

// nimCounts summarises misère Nim heaps: the number of heaps of 2 or more,
// the number of heaps of 1, and the nim-sum.
type nimCounts struct {
	big, ones int
	xor       int
}

func countNim(heaps []int) nimCounts {
	var c nimCounts
	for _, h := range heaps {
		c.add(h, 1)
	}
	return c
}

func (c *nimCounts) add(h, sign int) {
	switch {
	case h >= 2:
		c.big += sign
	case h == 1:
		c.ones += sign
	}
	c.xor ^= h
}

// moverLoses is Bouton's misère Nim rule: when every heap is 0 or 1 the
// player to move loses exactly when the number of 1-heaps is odd; otherwise
// exactly when the nim-sum is 0, as in normal play.
func (c nimCounts) moverLoses() bool {
	if c.big == 0 {
		return c.ones%2 == 1
	}
	return c.xor == 0
}

// Outcome returns the misère outcome of pos (game.Win: the player to move
// wins when the last mover loses) and the method that decided it.
func (m *Misere) Outcome(ctx context.Context, pos games.Position) (game.Outcome, solve.Method, error) {
	if _, err := checkValued(pos); err != nil {
		return game.Unknown, solve.MethodSearch, err
	}
	o, method, err := m.outcome(ctx, m.sum.IDs(pos))
	if err != nil {
		return game.Unknown, method, m.wrap(pos, err)
	}
	return o, method, nil
}

// outcome is Outcome for the sum of the components ids of m.sum: misère
// Nim's rule when they are all Nim heaps, else the misère engine.
func (m *Misere) outcome(ctx context.Context, ids []games.ComponentID) (game.Outcome, solve.Method, error) {
	if heaps, ok := m.nimHeaps(ids); ok {
		if countNim(heaps).moverLoses() {
			return game.Lose, solve.MethodTame, nil
		}
		return game.Win, solve.MethodTame, nil
	}
	return m.engine.Outcome(ctx, ids)
}

func (m *Misere) wrap(pos games.Position, err error) error {
	var stopped *limits.StoppedError
	if errors.As(err, &stopped) && stopped.States > 0 {
		return fmt.Errorf("misère analysis of %s: %w", pos, err) // the count is in err
	}
	return fmt.Errorf("misère analysis of %s stopped after %d states: %w", pos, m.engine.States, err)
}

// WinningMoves lists up to limit moves of pos that leave the opponent a
// misère P-position (none when pos itself is one), and whether more exist.
func (m *Misere) WinningMoves(ctx context.Context, pos games.Position, limit int) ([]Move, bool, error) {
	if _, err := checkValued(pos); err != nil {
		return nil, false, err
	}
	comps := pos.Components()
	ids := m.sum.IDs(pos)
	moves := []Move{}
	long := len(pos.String()) > MaxMoveText
	add := func(i int, option []games.Component) bool {
		if len(moves) == limit || limits.Poll(ctx) != nil {
			return false // a done context is reported by the caller
		}
		gi, _ := pos.Locate(i)
		mv := Move{Component: i, From: games.Group{Game: pos[gi].Game, Components: []games.Component{comps[i]}}.String()}
		if to := (games.Group{Game: pos[gi].Game, Components: option}).String(); len(to) <= MaxMoveText {
			mv.To = to
		}
		if len(mv.From) > MaxMoveText {
			mv.From = ""
		}
		if !long {
			mv.PositionAfter = pos.Replace(i, option).String()
		}
		moves = append(moves, mv)
		return true
	}
	if heaps, ok := m.nimHeaps(ids); ok {
		more, err := m.nimMoves(ctx, pos, heaps, add)
		if err != nil {
			return nil, false, m.wrap(pos, err)
		}
		return moves, more, nil
	}
	// In a tame sum of normal value s, a Nim heap x can only win by moving
	// to x XOR s, 0 or 1 (a heap of 2 or more left must make the value 0).
	var tameSum *solve.Genus
	if _, method, err := m.engine.Outcome(ctx, ids); err != nil {
		return nil, false, m.wrap(pos, err)
	} else if method == solve.MethodTame {
		g, err := m.engine.Genus(ctx, ids)
		if err != nil {
			return nil, false, m.wrap(pos, err)
		}
		tameSum = &g
	}
	more := false
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		g := pos[gi].Game
		rest := append(append([]games.ComponentID(nil), ids[:i]...), ids[i+1:]...)
		var err error // of check: the state limit, or the outcome's search
		check := func(option []games.Component) bool {
			if err = m.engine.Step(ctx); err != nil {
				return false
			}
			after := slices.Clone(rest)
			for _, o := range option {
				after = append(after, m.sum.ID(g, o))
			}
			var o game.Outcome
			o, _, err = m.engine.Outcome(ctx, after)
			if err != nil || o != game.Lose {
				return err == nil
			}
			if !add(i, option) {
				more = true
				return false
			}
			return true
		}
		if x, ok := m.sum.NimHeap(ids[i]); ok && tameSum != nil {
			toHeap := func(_ int, option []games.Component) bool { return check(option) }
			if _, listErr := m.heapMoves(ctx, g, c, x, []int{x ^ int(tameSum.Normal), 0, 1}, toHeap); listErr != nil && err == nil {
				err = listErr
			}
		} else {
			g.(games.Valued).Moves(c, check)
		}
		if err != nil {
			return nil, false, m.wrap(pos, err)
		}
		if more {
			break
		}
	}
	return moves, more, nil
}

// heapMoves calls yield with the moves of the Nim heap c of size x (a
// component of a group of g) to the heaps of the sizes t in targets below
// x, each size once, in the order of targets: the options of a Nim heap of
// normal value t are the heaps of t, found through g's engine (directly
// when the game is a game.Targeter, as Nim is). It reports whether yield
// stopped the listing.
func (m *Misere) heapMoves(ctx context.Context, g games.Instance, c games.Component, x int, targets []int, yield func(t int, option []games.Component) bool) (stopped bool, err error) {
	e, err := m.req.evaluator(g)
	if err != nil {
		return false, err
	}
	seen := map[int]bool{}
	for _, t := range targets {
		if t >= x || seen[t] {
			continue
		}
		seen[t] = true
		err := e.MovesToValue(ctx, c, game.Nimber(t), func(option []games.Component) bool {
			stopped = !yield(t, option)
			return !stopped
		})
		if err != nil {
			return false, fmt.Errorf("moves of %s %s to the heap %d: %w", g.Name(), c, t, err)
		}
		if stopped {
			return true, nil
		}
	}
	return false, nil
}

// nimMoves lists the winning moves of misère Nim without listing every
// option: from a heap x the only candidates are the heaps x XOR s (the
// normal-play move, s the nim-sum), 0 and 1. It reports whether add
// stopped the listing (more moves may exist).
func (m *Misere) nimMoves(ctx context.Context, pos games.Position, heaps []int, add func(i int, option []games.Component) bool) (more bool, err error) {
	counts := countNim(heaps)
	if counts.moverLoses() {
		return false, nil
	}
	comps := pos.Components()
	for i, x := range heaps {
		gi, _ := pos.Locate(i)
		stopped, err := m.heapMoves(ctx, pos[gi].Game, comps[i], x, []int{x ^ counts.xor, 0, 1}, func(t int, option []games.Component) bool {
			after := counts
			after.add(x, -1)
			after.add(t, 1)
			return !after.moverLoses() || add(i, option)
		})
		if err != nil {
			return false, err
		}
		if stopped {
			return true, nil
		}
	}
	return false, nil
}

// MisereValue answers `grundy value --misere`: the misère outcome of pos,
// the method that decided it, each component's normal value, tameness and
// genus, and every winning move (up to MaxMoves).
func MisereValue(ctx context.Context, pos games.Position, budget *limits.Budget) (*MisereResult, error) {
	return MisereValueFrom(ctx, pos, nil, budget)
}

// MisereValueFrom is MisereValue answering by the misère quotient of a
// cache file (`grundy value --misere --quotient FILE`); with file nil it is
// MisereValue. The quotient answers every sum of heaps of its game that it
// covers, whatever their number and tameness, with "method": "quotient".
// It is used only after these hold, each failure being a one-line error,
// never a fallback to the search: every group of pos is a heap game named
// file.Game (a rule script by its path, compared cleaned), the quotient
// covers the largest heap (its heaps 0..N, or any heap when its pattern is
// proven), a rule script's moves on heaps 0..N have the digest the file
// records (RulesDigest, its "rules_sha256" key: an edited script is
// refused), and it passes quotient.Quotient.Check against the game's
// rules, within the budget.
func MisereValueFrom(ctx context.Context, pos games.Position, file *QuotientFile, budget *limits.Budget) (*MisereResult, error) {
	res, _, err := misereValue(ctx, pos, file, budget)
	return res, err
}

// misereValue is MisereValueFrom returning the oracle that answered too,
// which holds the quotient when one did (Misere.answer).
func misereValue(ctx context.Context, pos games.Position, file *QuotientFile, budget *limits.Budget) (*MisereResult, *Misere, error) {
	if _, err := checkValued(pos); err != nil {
		return nil, nil, err
	}
	req := newRequest(budget)
	if err := holdPosition(budget, pos, pos.String()); err != nil {
		return nil, nil, err
	}
	valued, err := req.evaluators(pos)
	if err != nil {
		return nil, nil, err
	}
	m := newMisere(games.NewSum(), req)
	res := &MisereResult{Position: pos.String(), Misere: true, Components: []MisereComponent{}}
	defer func() { res.States = m.States() + req.states() }()
	if done, err := m.byQuotient(ctx, pos, valued, file, res); err != nil {
		return nil, nil, err
	} else if done {
		return res, m, nil
	}
	o, method, err := m.Outcome(ctx, pos)
	if err != nil {
		return nil, nil, err
	}
	comps := pos.Components()
	allTame := true
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		g, err := valued[gi].Grundy(ctx, c)
		if err != nil {
			return nil, nil, fmt.Errorf("value of %s %s: %w", pos[gi].Game.Name(), c, err)
		}
		res.Grundy ^= g
		mc := MisereComponent{Position: games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(), Grundy: g}
		tame, genus, err := m.engine.Tame(ctx, m.sum.ID(pos[gi].Game, c))
		if err != nil {
			return nil, nil, m.wrap(pos, err)
		}
		mc.Tame = tame
		if genus != nil {
			mc.Genus = genus.String()
		}
		allTame = allTame && tame
		res.Components = append(res.Components, mc)
	}
	if allTame {
		g, err := m.engine.Genus(ctx, m.sum.IDs(pos))
		if err != nil {
			return nil, nil, m.wrap(pos, err)
		}
		res.Genus = g.String()
	}
	res.Outcome, res.Method = o.Class(), method.String()
	if o == game.Lose {
		res.WinningMoves = []Move{}
		return res, m, nil
	}
	res.WinningMoves, res.Truncated, err = m.WinningMoves(ctx, pos, MaxMoves)
	if err == nil {
		err = limits.Poll(ctx)
	}
	res.Elided = len(res.Position) > MaxMoveText
	if err != nil {
		return nil, nil, err
	}
	return res, m, nil
}

// MisereTableResult is the answer of `grundy table --misere`: the genus of
// each heap of a game whose positions are one integer.
type MisereTableResult struct {
	Game   string      `json:"game"`
	From   int         `json:"from"`
	To     int         `json:"to"`
	Misere bool        `json:"misere"` // always true
	Genera []HeapGenus `json:"genera"`
	// FirstWild is the least heap in From..To that is not tame (null when
	// all are): from there on misère play needs genus theory or search.
	FirstWild *int  `json:"first_wild"`
	States    int64 `json:"states"`
	// Stopped is set when a limit (states, memory, time) ended the table
	// early: Genera then holds the heaps before Stopped.Heap.
	Stopped *TableStop `json:"stopped,omitempty"`
}

// TableStop says where and why a table stopped early.
type TableStop struct {
	Heap   int    `json:"heap"`   // the heap being computed
	Reason string `json:"reason"` // the limit's error
}

// HeapGenus is the misère data of one heap: its normal value, its genus
// g^(γ0 γ1 ...) and whether it is (hereditarily) tame.
type HeapGenus struct {
	Heap   int         `json:"heap"`
	Grundy game.Nimber `json:"grundy"`
	Genus  string      `json:"genus"`
	Tame   bool        `json:"tame"`
}

// MisereTable computes the genus of every heap from..to of inst, a game
// whose ARGs are heap sizes. When a limit of the request (limits.IsLimit)
// stops it, it returns the heaps done so far, with Stopped set, together
// with the error: a face can show the part and say where it stopped.
//
// For a heap game of the catalog, once the search has done some work
// (quotientAfter), the genera of sums of heaps are read off the game's
// misère quotient where it determines them (docs/misere.md), and searched
// where it does not.
func MisereTable(ctx context.Context, inst games.Instance, from, to int, budget *limits.Budget) (*MisereTableResult, error) {
	return misereTable(ctx, inst, from, to, budget, quotientAfter)
}

// misereTable is MisereTable trying the misère quotient once the search
// has expanded after states (never when after < 0: the tests compare).
func misereTable(ctx context.Context, inst games.Instance, from, to int, budget *limits.Budget, after int64) (*MisereTableResult, error) {
	if _, ok := inst.(games.Valued); !ok {
		return nil, game.Inputf("%s is a %s game: misère play is defined here for impartial games only", inst.Name(), inst.Kind())
	}
	if from < 0 || to < from {
		return nil, game.Inputf("bad heap range %d..%d", from, to)
	}
	m := NewMisere(budget)
	res := &MisereTableResult{Game: inst.Name(), From: from, To: to, Misere: true, Genera: []HeapGenus{}}
	var quotientStates int64 // the quotient's work, counted with the search's
	states := func() int64 { return m.States() + quotientStates }
	stop := func(n int, err error) (*MisereTableResult, error) {
		err = fmt.Errorf("genus of %s %d after %d states: %w", inst.Name(), n, states(), err)
		if !limits.IsLimit(err) {
			return nil, err
		}
		res.States, res.Stopped = states(), &TableStop{Heap: n, Reason: err.Error()}
		return res, err
	}
	for n := range Span(from, to) {
		if after >= 0 && m.States() >= after {
			// Once the search has worked that much, a quotient of at most
			// as many states (and quotientAfter) may spare it more.
			after = -1
			var err error
			if quotientStates, err = m.readQuotient(ctx, inst, to, max(m.States(), quotientAfter)); err != nil {
				return stop(n, err)
			}
		}
		comps, err := inst.Parse([]string{strconv.Itoa(n)})
		if err != nil {
			return nil, err
		}
		if len(comps) != 1 {
			return nil, game.Inputf("%s: heap %d is not one component", inst.Name(), n)
		}
		key := m.sum.ID(inst, comps[0])
		g, err := m.engine.Genus(ctx, []games.ComponentID{key})
		if err != nil {
			return stop(n, err)
		}
		tame, _, err := m.engine.Tame(ctx, key)
		if err != nil {
			return stop(n, err)
		}
		entry := HeapGenus{Heap: n, Grundy: g.Normal, Genus: g.String(), Tame: tame}
		// The entry (40 bytes on 64-bit: two ints, a string's header and
		// a bool), twice for the list's spare capacity, and the genus's
		// text count against the request (its JSON is written entry by
		// entry).
		if err := budget.Grow(2*40 + int64(len(entry.Genus))); err != nil {
			return stop(n, err)
		}
		res.Genera = append(res.Genera, entry)
		if !tame && res.FirstWild == nil {
			res.FirstWild = &n
		}
	}
	res.States = states()
	return res, nil
}

// maxQuotientHeap is the largest heap for which value --misere computes a
// misère quotient on the fly: quotients of the catalog's wild games settle
// long before (Kayles' has order 40 from heap 28), and a bound keeps the
// attempt cheap when they do not.
const maxQuotientHeap = 256

// heapOf returns the heap of c, a component of inst, when it is one.
func heapOf(inst games.Instance, c games.Component) (int, bool) { return games.HeapOf(inst, c) }

// fileNames reports whether a quotient file's "game" key names inst: its
// name as the CLI writes it; a rule script's path is compared cleaned
// (./rules.star and rules.star name one file).
func fileNames(key string, inst games.Instance) bool {
	if _, ok := inst.(heapReader); ok {
		return filepath.Clean(key) == filepath.Clean(inst.Name())
	}
	return key == inst.Name()
}

// byQuotient answers a misère value of a sum of heaps of one heap game by
// its misère quotient (package solve/quotient): the outcome is the product
// of the heaps' elements tested against the P-portion, and the winning
// moves are the options that bring the product into it, for any number of
// heaps. The heap game is a games.HeapGamer of the catalog, or a rule
// script whose heaps 0..N its HeapGameTo reads (heapReader): for a script
// the heaps are read within the request's limits, and every group's
// instance must read the same moves (each group of a position loads its
// script anew).
//
// With file nil, the quotient is computed on the fly up to the largest
// heap, within the request's limits, for sums with two or more wild
// components; it reports done false (and res untouched) when the sum is
// not such a sum, fewer than two components are wild (misère Nim's rule
// or the one wild heap's genus answer then), a script turns out not to be
// a heap game, or the quotient does not finish within the request's limits
// (the search takes over). With a file, the file's quotient answers after
// the checks MisereValueFrom lists, or the failed check is the error.
func (m *Misere) byQuotient(ctx context.Context, pos games.Position, valued []games.Evaluator, file *QuotientFile, res *MisereResult) (done bool, _ error) {
	comps := pos.Components()
	heaps := make([]int, len(comps))
	first := pos[0].Game
	_, script := first.(heapReader)
	top := 0
	for _, grp := range pos {
		name := grp.Game.Name()
		_, ok := grp.Game.(heapReader)
		if hg, isHeap := grp.Game.(games.HeapGamer); isHeap && !ok {
			_, ok = hg.HeapGame()
		}
		_, isScript := grp.Game.(heapReader)
		switch {
		case file != nil && !fileNames(file.Game, grp.Game):
			return false, game.Inputf("quotient file %s holds the misère quotient of %s, not of %s", file.Name, file.Game, name)
		case file != nil && !ok:
			return false, game.Inputf("%s positions are not heaps, so the quotient of file %s cannot answer them", name, file.Name)
		case !ok || isScript != script:
			// Scripts are compared by their moves, not their paths:
			// scriptHeaps reads each group's heaps and the search answers
			// when they differ.
			return false, nil
		}
	}
	wild := 0
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		n, ok := heapOf(pos[gi].Game, c)
		switch {
		case file != nil && !ok:
			return false, game.Inputf("%s is not a heap, so the quotient of file %s cannot answer it", c, file.Name)
		case file != nil && !file.Quotient.Covers(n):
			return false, game.Inputf("quotient file %s covers heaps of %s up to %d only, not the heap %d (compute one up to %d at least)",
				file.Name, file.Game, file.Quotient.N(), n, n)
		case file == nil && (!ok || n > maxQuotientHeap):
			return false, nil
		}
		heaps[i], top = n, max(top, n)
		if file != nil {
			continue
		}
		tame, _, err := m.engine.Tame(ctx, m.sum.ID(pos[gi].Game, c))
		if err != nil {
			return false, nil // the search reports the limit
		}
		if !tame {
			wild++
		}
	}
	if file == nil && wild < 2 {
		return false, nil // misère Nim's rule, or the genus of the one wild heap
	}
	// The heap game: the catalog's, or a script's heaps 0..N read now.
	upTo := top
	if file != nil {
		upTo = file.Quotient.N()
	}
	var g game.Game[int]
	if script {
		var err error
		g, err = m.scriptHeaps(ctx, pos, upTo)
		switch {
		case err != nil && file != nil:
			return false, fmt.Errorf("quotient file %s: %w", file.Name, err)
		case err != nil:
			return false, nil // not a heap game, or a limit: the search answers
		}
	} else {
		g, _ = first.(games.HeapGamer).HeapGame()
		// One quotient answers the sum when every group plays the same
		// heap game: the same moves on the heaps up to the largest (kayles
		// and octal:0.77 are one game), whatever the names.
		var insts []games.Instance
		for _, grp := range pos {
			if !slices.Contains(insts, grp.Game) {
				insts = append(insts, grp.Game)
			}
		}
		digest := ""
		for _, inst := range insts {
			if len(insts) == 1 {
				break // one instance: one game
			}
			h, _ := inst.(games.HeapGamer).HeapGame()
			d := RulesDigest(h, upTo)
			if digest != "" && d != digest {
				if file != nil {
					return false, game.Inputf("the groups of the sum play different heap games on heaps 0..%d, so one quotient cannot answer them", upTo)
				}
				return false, nil
			}
			digest = d
		}
	}
	var q *quotient.Quotient
	if file != nil {
		// A script's name is a path, which does not fix its rules: its
		// file records the digest of the moves it was computed from.
		redo := fmt.Sprintf("write the file again from the quotient of %s to heap %d", first.Name(), upTo)
		switch {
		case script && file.Rules == "":
			return false, game.Inputf("quotient file %s has no \"rules_sha256\" key, which tells whether the quotient was computed from the current moves of the script %s: %s", file.Name, first.Name(), redo)
		case file.Rules != "" && file.Rules != RulesDigest(g, upTo):
			why := "a forged or damaged file"
			if script {
				why = "the script was edited since"
			}
			return false, game.Inputf("quotient file %s was computed from other moves of %s on heaps 0..%d than the current ones (its rules_sha256 differs: %s): %s", file.Name, first.Name(), upTo, why, redo)
		}
		q = file.Quotient
		if err := q.Check(ctx, g, m.req.budget); err != nil {
			if limits.IsLimit(err) {
				return false, fmt.Errorf("quotient file %s: %w", file.Name, err)
			}
			return false, game.Inputf("quotient file %s is not the misère quotient of %s: %v", file.Name, file.Game, err)
		}
	} else {
		var err error
		if q, err = quotient.Compute(ctx, g, top, m.req.budget); err != nil {
			return false, nil
		}
	}
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		v, err := valued[gi].Grundy(ctx, c)
		if err != nil {
			return false, fmt.Errorf("value of %s %s: %w", pos[gi].Game.Name(), c, err)
		}
		res.Grundy ^= v
		mc := MisereComponent{Position: games.Group{Game: pos[gi].Game, Components: []games.Component{c}}.String(), Grundy: v}
		// Tameness and genus come from the misère engine, which values
		// every option of the heap: for heaps past maxQuotientHeap (a
		// file's quotient with a proven pattern) that is too slow, and
		// they are left out (TameUnknown).
		mc.TameUnknown = heaps[i] > maxQuotientHeap
		if !mc.TameUnknown {
			tame, genus, err := m.engine.Tame(ctx, m.sum.ID(pos[gi].Game, c))
			if err != nil {
				return false, m.wrap(pos, err)
			}
			mc.Tame = tame
			if genus != nil {
				mc.Genus = genus.String()
			}
		}
		res.Components = append(res.Components, mc)
		if i%1024 == 0 {
			if err := limits.Poll(ctx); err != nil {
				return false, err
			}
		}
	}
	o := q.Outcome(heaps)
	res.Outcome, res.Method = o.Class(), "quotient"
	m.answer = &quotientAnswer{q, heaps}
	res.WinningMoves = []Move{}
	if o == game.Lose {
		return true, nil
	}
	// A winning move of a heap size wins from every component of that
	// size: list them component by component. The options of every heap
	// size are read (a huge heap covered by a proven pattern has as many
	// options as tokens), each counted as a state against the budget; the
	// reading stops once more moves than MaxMoves are known.
	wins := map[int][][]int{}
	found := 0
	err := q.WinningMovesContext(ctx, heaps, g, m.req.budget, func(mv quotient.Move) bool {
		wins[mv.Heap] = append(wins[mv.Heap], mv.Option)
		found++
		return found <= MaxMoves
	})
	if err != nil {
		return false, fmt.Errorf("winning moves of %s by its misère quotient: %w", pos, err)
	}
	long := len(res.Position) > MaxMoveText
	res.Elided = long
	for i, c := range comps {
		gi, _ := pos.Locate(i)
		inst := pos[gi].Game
		for _, option := range wins[heaps[i]] {
			if len(res.WinningMoves) == MaxMoves {
				res.Truncated = true
				return true, nil
			}
			parts, err := heapComponents(inst, option)
			if err != nil {
				return false, fmt.Errorf("winning move of %s %s: %w", inst.Name(), c, err)
			}
			mv := Move{Component: i, From: games.Group{Game: inst, Components: []games.Component{c}}.String(),
				To: games.Group{Game: inst, Components: parts}.String()}
			if !long {
				mv.PositionAfter = pos.Replace(i, parts).String()
			}
			res.WinningMoves = append(res.WinningMoves, mv)
		}
	}
	return true, nil
}

// scriptHeaps returns the heap game of the rule script of pos's groups,
// restricted to heaps 0..to (heapReader): each distinct instance among the
// groups is read, and all must have the same moves (RulesDigest), or the
// error says they differ.
func (m *Misere) scriptHeaps(ctx context.Context, pos games.Position, to int) (game.Game[int], error) {
	var g game.Game[int]
	var digest string
	read := map[games.Instance]bool{}
	for _, grp := range pos {
		if read[grp.Game] {
			continue
		}
		read[grp.Game] = true
		h, err := grp.Game.(heapReader).HeapGameTo(ctx, to, m.req.budget)
		if err != nil {
			return nil, err
		}
		d := RulesDigest(h, to)
		if g == nil {
			g, digest = h, d
		} else if d != digest {
			return nil, game.Inputf("the groups of %s read different moves on heaps 0..%d (was the script edited while it was read?)", grp.Game.Name(), to)
		}
	}
	return g, nil
}

// heapComponents returns the components of inst for the heaps of an
// option: by HeapComponent for a rule script (games.HeapNamer), else by parsing
// each heap's number as an ARG.
func heapComponents(inst games.Instance, option []int) ([]games.Component, error) {
	if len(option) == 0 {
		return nil, nil
	}
	if h, ok := inst.(games.HeapNamer); ok {
		parts := make([]games.Component, len(option))
		for i, n := range option {
			c, err := h.HeapComponent(n)
			if err != nil {
				return nil, err
			}
			parts[i] = c
		}
		return parts, nil
	}
	args := make([]string, 0, len(option))
	for _, h := range option {
		args = append(args, strconv.Itoa(h))
	}
	return inst.Parse(args)
}
