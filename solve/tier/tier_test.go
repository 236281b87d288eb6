package tier

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/store"
)

// writer opens a database of the counters game in dir for writing until
// the test ends.
func writer(t *testing.T, dir string) *store.DB {
	t.Helper()
	db, err := store.OpenWriter(dir, Identity("counters"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// counters is a small loopy tiered game for the engine's own tests: a
// position is n tokens and a state s in 0..3. A move takes a token and
// advances s, takes two tokens when s is even, or (staying in the tier)
// advances s when s < 3. With no token, s = 0 is lost, 1 won, 2 drawn for
// the player to move; (0, 3) has no move. Tier n holds the 4 states.
type counters struct{ max int }

type cpos struct{ n, s int }

func (counters) Moves(p cpos, yield func(cpos) bool) {
	if p.n >= 1 && !yield(cpos{p.n - 1, (p.s + 1) % 4}) {
		return
	}
	if p.n >= 2 && p.s%2 == 0 && !yield(cpos{p.n - 2, p.s}) {
		return
	}
	if p.s < 3 {
		yield(cpos{p.n, p.s + 1})
	}
}

func (counters) Result(p cpos) (game.Outcome, bool) {
	if p.n > 0 || p.s == 3 {
		return game.Unknown, false
	}
	return [...]game.Outcome{game.Lose, game.Win, game.Draw}[p.s], true
}

func (counters) Tier(p cpos) ID             { return ID(p.n) }
func (counters) TierSize(ID) uint64         { return 4 }
func (counters) Rank(_ ID, p cpos) uint64   { return uint64(p.s) }
func (counters) Unrank(t ID, r uint64) cpos { return cpos{int(t), int(r)} }
func (counters) Loops(ID) bool              { return true }
func (counters) TierName(t ID) string       { return "n" + string(rune('a'+t)) }
func (c counters) ChildTiers(t ID) []ID {
	var kids []ID
	for k := ID(1); k <= 2 && k <= t; k++ {
		kids = append(kids, t-k)
	}
	return kids
}

// TierParents by brute force: every position of tier t, once per move to p.
func (c counters) TierParents(p cpos, t ID, yield func(cpos) bool) {
	for s := range 4 {
		q := cpos{int(t), s}
		if _, terminal := c.Result(q); terminal {
			continue
		}
		stop := false
		c.Moves(q, func(m cpos) bool {
			if m == p && !yield(q) {
				stop = true
			}
			return !stop
		})
		if stop {
			return
		}
	}
}

// TestEqualsRetro: every position of the counters game gets the value
// solve.Retro gives it, with 1 and 2 workers.
func TestEqualsRetro(t *testing.T) {
	g := counters{max: 20}
	for _, workers := range []int{1, 2} {
		s := New[cpos](g, nil, Options{DB: writer(t, t.TempDir()), Workers: workers})
		if err := s.Solve(context.Background(), []ID{20}); err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for n := range 21 {
			for st := range 4 {
				p := cpos{n, st}
				r := solve.NewRetro[cpos](g, nil)
				if err := r.Solve(context.Background(), p); err != nil {
					t.Fatal(err)
				}
				want, _ := r.Value(p)
				got, err := s.Value(p)
				if err != nil || got != want {
					t.Fatalf("%d workers, %+v: %+v %v, retro %+v", workers, p, got, err, want)
				}
			}
		}
	}
}

// TestLimits: a state limit and a memory limit refuse up front, a done
// context stops, and nothing is left half-written.
func TestLimits(t *testing.T) {
	g := counters{max: 20}
	dir := t.TempDir()
	db := writer(t, dir)
	s := New[cpos](g, &limits.Budget{MaxStates: 10}, Options{DB: db})
	if err := s.Solve(context.Background(), []ID{20}); !errors.Is(err, limits.ErrStateLimit) {
		t.Errorf("max states 10: %v", err)
	}
	s = New[cpos](g, &limits.Budget{MaxMemory: 20}, Options{DB: db})
	if err := s.Solve(context.Background(), []ID{20}); !errors.Is(err, limits.ErrMemoryLimit) {
		t.Errorf("max memory 20 bytes: %v", err)
	}
	s = New[cpos](g, &limits.Budget{MaxDisk: 100}, Options{DB: db})
	var disk *limits.DiskLimitError
	if err := s.Solve(context.Background(), []ID{20}); !errors.As(err, &disk) || disk.Need != 21*(store.HeaderSize+8+4) {
		t.Errorf("max disk 100 bytes: %v, want the 21 tier files' %d bytes", err, 21*(store.HeaderSize+8+4))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = New[cpos](g, nil, Options{DB: db})
	if err := s.Solve(ctx, []ID{20}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tier*")); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

// TestCompressEqualsRetro: the tiers of the counters game rewritten
// compressed (8-bit codes for the low tiers, 16-bit once remoteness passes
// 126) answer every position as solve.Retro does, a block at a time and
// read whole as the children of tiers solved later; the plain files are
// gone, and a tier whose compressed file is damaged is solved again.
func TestCompressEqualsRetro(t *testing.T) {
	g := counters{}
	const top = 170
	retro := solve.NewRetro[cpos](g, nil)
	if err := retro.Solve(context.Background(), cpos{top, 0}); err != nil {
		t.Fatal(err)
	}
	check := func(s *Solver[cpos], upTo int) {
		t.Helper()
		for n := range upTo + 1 {
			for st := range 4 {
				p := cpos{n, st}
				want, _ := retro.Value(p)
				got, err := s.Value(p)
				if err != nil || got != want {
					t.Fatalf("%+v: %+v %v, retro %+v", p, got, err, want)
				}
			}
		}
	}
	dir := t.TempDir()
	db := writer(t, dir)
	s := New[cpos](g, nil, Options{DB: db})
	if err := s.Solve(context.Background(), []ID{100}); err != nil {
		t.Fatal(err)
	}
	if err := s.Compress(context.Background(), []ID{100}); err != nil {
		t.Fatal(err)
	}
	check(s, 100)
	// The higher tiers read the compressed ones as children.
	if err := s.Solve(context.Background(), []ID{top}); err != nil {
		t.Fatal(err)
	}
	if err := s.Compress(context.Background(), []ID{top}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = New[cpos](g, nil, Options{DB: db})
	check(s, top)
	bits := map[int]int{}
	for _, p := range db.Parts() {
		if p.Compression != store.Zstd {
			t.Fatalf("part %s is not compressed", p.Name)
		}
		bits[p.Bits]++
	}
	if bits[8] == 0 || bits[16] == 0 {
		t.Errorf("record bits of the tiers: %v, want both 8 and 16", bits)
	}
	if plain, _ := filepath.Glob(filepath.Join(dir, "*.tier")); len(plain) != 0 {
		t.Errorf("plain files left: %v", plain)
	}
	s.Close()
	// Tier 0's file damaged: refused a block at a time, solved again.
	zname := filepath.Join(dir, g.TierName(0)+".tierz")
	b, _ := os.ReadFile(zname)
	b[len(b)/2] ^= 1
	os.WriteFile(zname, b, 0o644)
	s = New[cpos](g, nil, Options{DB: db})
	if _, err := s.Value(cpos{0, 1}); !errors.Is(err, store.ErrDamaged) {
		t.Fatalf("a damaged compressed tier: %v", err)
	}
	if err := s.Solve(context.Background(), []ID{top}); err != nil {
		t.Fatal(err)
	}
	if err := s.Compress(context.Background(), []ID{top}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = New[cpos](g, nil, Options{DB: db})
	defer s.Close()
	check(s, top)
}
