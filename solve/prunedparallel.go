package solve

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/grundy-go/grundy/game"
)

// A pruned search on several cores. A Pruned engine given workers
// (Parallel) answers each question it is asked (Value, IsValue) with all
// of them at once: each worker is a Pruned engine over its own copy of the
// game, with its own frames and its own count of states, and all of them
// share one memo (sharedFacts), which every worker reads and writes
// without a lock. They search the same root; near the root (the first
// busyDepth levels) a worker marks the component it is expanding, and a
// worker scanning a position's options leaves for last those whose
// components another worker is searching (the exclusive first pass of
// Weill's ABDADA), so the workers spread over different options and each
// finds the others' results in the memo when it comes to them. The first
// worker to answer settles the question: the others are cancelled and
// waited for, so no work of the request outlives the question.
//
// Correctness does not depend on how the work is shared: every answer is
// one engine's exact search over facts that are each true (sharedFacts),
// and the workers ask the same question. The workers are accounted like
// one engine: every state any of them expands counts against the
// request's budget (so a state limit bounds them together), the shared
// memo is held against the memory limit, each polls the request's context,
// and a limit one of them reaches ends the question with that limit's
// error, as the serial engine's would.

// busyDepth is how many levels from the root a worker marks the
// components it expands: the deeper levels are short searches, whose
// marks would cost more than the work they spread.
const busyDepth = 5

// prunedWorkers is the parallel part of a Pruned engine (Parallel).
type prunedWorkers[P comparable] struct {
	n       int                          // workers in all, the engine included
	newGame func() (game.Game[P], error) // a copy of the game for each other worker
	others  []*Pruned[P]                 // the other workers, made on first use
	settled atomic.Bool                  // the current question has its answer: every worker stops
}

// Parallel makes the questions of s searched by workers engines at once
// (the engine itself and workers-1 others, each over a game newGame
// returns: a copy with the same positions, options and values as s's, and
// buffers of its own, since games are not safe for concurrent use; its
// memory counted against the budget, or an error when the budget cannot
// hold it, and the search then has the workers made so far). It must be
// called before the first question. Parallel does nothing when
// workers is below 2 or the positions are not integers (the shared memo
// keys positions by their bits), and uses at most maxWorkersPerCore a core.
func (s *Pruned[P]) Parallel(workers int, newGame func() (game.Game[P], error)) {
	workers = min(workers, maxWorkersPerCore*gomaxprocs())
	if workers < 2 || newGame == nil || !integerKey[P]() || s.table != nil {
		return
	}
	s.par = &prunedWorkers[P]{n: workers, newGame: newGame}
}

// maxWorkersPerCore bounds the workers of a parallel search: more than a
// few a core (GOMAXPROCS) would only take turns.
const maxWorkersPerCore = 4

// Workers returns how many engines search each question: 1 unless
// Parallel gave it more.
func (s *Pruned[P]) Workers() int {
	if s.par == nil {
		return 1
	}
	return s.par.n
}

// readyWorkers makes the other workers and the memo they share, or the
// serial memo when the budget holds no other worker's game.
func (s *Pruned[P]) readyWorkers() error {
	var games []game.Game[P]
	for range s.par.n - 1 {
		g, err := s.par.newGame()
		if err != nil {
			break
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		s.par = nil
		return s.ready()
	}
	s.par.n = 1 + len(games)
	m, err := newSharedMemo(s.Budget)
	if err != nil {
		return err
	}
	if err := s.Hold(busyMarksBytes); err != nil {
		return err
	}
	marks := new(busyMarks)
	s.memo, s.marks, s.settled = m, marks, &s.par.settled
	s.sizeKey = s.keySizer()
	for _, g := range games {
		w := NewPruned(g, s.Budget)
		w.memo, w.marks, w.settled = m, marks, &s.par.settled
		w.sizeKey = w.keySizer()
		s.par.others = append(s.par.others, w)
	}
	return nil
}

// Held returns the bytes the engine holds against the budget: its memo,
// its frames' buffers and, in a parallel search, the shared memo and the
// other workers' frames.
func (s *Pruned[P]) Held() int64 {
	held := s.Counter.Held() + s.scratch
	if s.memo != nil && s.par != nil {
		s.memo.mu.Lock()
		held += s.memo.counter.Held()
		s.memo.mu.Unlock()
		for _, w := range s.par.others {
			held += w.Held()
		}
	}
	return held
}

// keySizer returns the game's Sizer on the memo's keys, or nil.
func (s *Pruned[P]) keySizer() func(uint64) int {
	if s.sizer == nil {
		return nil
	}
	size := s.sizer.Size
	return func(k uint64) int { return size(fromKey[P](k)) }
}

// race asks every worker the question ask and returns the first answer:
// a result, or the error (a limit, the context's end) that stopped the
// first worker to stop. The others are then cancelled and waited for, and
// their states added to s's.
func (s *Pruned[P]) race(ctx context.Context, ask func(ctx context.Context, w *Pruned[P]) (uint64, error)) (uint64, error) {
	qctx, cancel := context.WithCancel(ctx)
	var (
		once   sync.Once
		result uint64
		err    error
		wg     sync.WaitGroup
	)
	settled := &s.par.settled
	settled.Store(false)
	settle := func(v uint64, e error) {
		once.Do(func() {
			result, err = v, e
			settled.Store(true)
			cancel()
		})
	}
	for _, w := range s.par.others {
		wg.Go(func() { settle(ask(qctx, w)) })
	}
	settle(ask(qctx, s))
	wg.Wait()
	cancel()
	for _, w := range s.par.others {
		s.States += w.States
		w.States = 0
		w.path = w.path[:0]
		w.flushAdded()
	}
	s.flushAdded()
	return result, err
}

// errSettled stops a worker whose question another worker has answered;
// the question's answer is that worker's, so this error is never returned.
var errSettled = errors.New("the question was answered by another worker")

// valueOf returns g(c), searched by every worker when s has several and
// the memo does not know it.
func (s *Pruned[P]) valueOf(ctx context.Context, c P) (game.Nimber, error) {
	if s.par == nil {
		return s.value(ctx, c)
	}
	if v, ok := s.known(c); ok {
		return v, nil
	}
	v, err := s.race(ctx, func(ctx context.Context, w *Pruned[P]) (uint64, error) {
		v, err := w.value(ctx, c)
		return uint64(v), err
	})
	return game.Nimber(v), err
}

// raceSumIs is sumIs searched by every worker.
func (s *Pruned[P]) raceSumIs(ctx context.Context, parts []P, v game.Nimber) (bool, error) {
	unknown := 0
	for _, c := range parts {
		if _, ok := s.known(c); !ok {
			unknown++
		}
	}
	if unknown == 0 {
		return s.sumIs(ctx, parts, v)
	}
	r, err := s.race(ctx, func(ctx context.Context, w *Pruned[P]) (uint64, error) {
		ok, err := w.sumIs(ctx, parts, v)
		if ok {
			return 1, err
		}
		return 0, err
	})
	return r == 1, err
}

// addedBatch is how many entries a worker adds to the shared memo before
// it counts them there: one shared counter updated at every entry would
// be a cache line the cores pass back and forth.
const addedBatch = 64

// rememberShared is remember on the shared memo: f merged into c's entry
// (the facts other workers stored there stay), or a new entry, growing the
// table first when it is three quarters full.
func (s *Pruned[P]) rememberShared(c P, f facts) {
	m := s.memo
	t := m.table.Load()
	switch t.put(keyOf(&c), pack(f), true, s.sizeKey) {
	case putAdded:
		if s.added++; s.added >= addedBatch {
			s.flushAdded()
			if 4*m.count.Load() > 3*int64(len(t.slots)) {
				m.grow(t)
			}
		}
	case putReplaced, putFull:
		m.evicted.Add(1)
	}
}

// flushAdded counts the entries s added in the shared memo.
func (s *Pruned[P]) flushAdded() {
	if s.memo != nil && s.added != 0 {
		s.memo.count.Add(s.added)
		s.added = 0
	}
}

// touchShared loads the home slot of each of ps in t, so that the
// look-ups that follow find them in the cache; it returns a sum of the
// loads, which the caller keeps so they are not optimised away.
func touchShared[P comparable](t *sharedFacts, ps []P) uint64 {
	mask := uint64(len(t.slots) - 1)
	var sink uint64
	for i := range ps {
		sink += t.slots[t.home(keyOf(&ps[i]))&mask].seq.Load()
	}
	return sink
}

// busyMarks holds the components the workers are expanding near the root,
// by hash: a slot holds a key or 0. A mark is best effort (a slot taken by
// another key is left alone), and only orders the search.
// At most busyDepth marks a worker are live at once.
type busyMarks [1 << 8]atomic.Uint64

// busyMarksBytes is the size of a busyMarks.
const busyMarksBytes = int64(unsafe.Sizeof(busyMarks{}))

// slot returns k's slot.
func (b *busyMarks) slot(k uint64) *atomic.Uint64 {
	return &b[k*0x9e3779b97f4a7c15>>56]
}

// mark marks k busy and reports whether it did (then unmark must follow).
func (b *busyMarks) mark(k uint64) bool {
	return k != 0 && b.slot(k).CompareAndSwap(0, k)
}

// unmark clears k's mark.
func (b *busyMarks) unmark(k uint64) { b.slot(k).CompareAndSwap(k, 0) }

// busy reports whether a worker is expanding k.
func (b *busyMarks) busy(k uint64) bool { return k != 0 && b.slot(k).Load() == k }
