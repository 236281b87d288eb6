package games

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/solve/tier"
	"github.com/grundy-go/grundy/store"
)

// TestTierDamage damages every file of a Quixo 3x3 database, each in turn,
// by one flipped byte (in the header, the data and the block table of a
// tier file; across the manifest) and by cuts, then asks for the value of
// every position of the damaged tier and one of every other tier from the
// damaged database, read only (as play and serve do), and solves it again as a writer (as solve --db
// does; the first and last damage of each file). The reader answers every position exactly as the clean database
// does or refuses with an error naming the file; the writer refuses, or
// recomputes the damaged tier and leaves files byte for byte those of the
// clean database. Never a wrong answer.
func TestTierDamage(t *testing.T) {
	t.Run("plain", func(t *testing.T) { tierDamage(t, false) })
	t.Run("compressed", func(t *testing.T) { tierDamage(t, true) })
}

// tierDamage is TestTierDamage on a database of plain or compressed tiers.
func tierDamage(t *testing.T, compressed bool) {
	g := NewQuixo(3)
	const name = "quixo:3x3"
	clean := t.TempDir()
	tierSolve(t, g, name, 2, clean)
	if compressed {
		tierCompress(t, g, name, clean)
	}
	want := tierFiles(t, clean)
	tiers := g.TiersWithBlanks(9)
	// The clean values of every position, by tier and rank.
	values := tierValues(t, g, name, clean, tiers)

	// One copy of the database, each damage undone after its case.
	dir := t.TempDir()
	for f, c := range want {
		if err := os.WriteFile(filepath.Join(dir, f), c, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var cases, refused, recomputed int
	for file, b := range want {
		var damages []func([]byte) []byte
		flip := func(i int) func([]byte) []byte {
			return func(b []byte) []byte { b = bytes.Clone(b); b[i] ^= 0x10; return b }
		}
		cut := func(n int) func([]byte) []byte { return func(b []byte) []byte { return b[:n] } }
		switch {
		case file == "LOCK":
			damages = append(damages, func([]byte) []byte { return []byte("4242\n") })
		case file == "MANIFEST":
			for i := 0; i < len(b); i += max(1, len(b)/12) {
				damages = append(damages, flip(i))
			}
			damages = append(damages, cut(len(b)-1), cut(len(b)/2))
		case compressed:
			// The header, the first frame, the middle, the index.
			damages = append(damages, flip(10), flip(60), flip(100), flip(130), flip(len(b)/2),
				flip(len(b)-13), flip(len(b)-2), cut(len(b)-1), cut(128), cut(0))
		default:
			data := len(b) - store.HeaderSize - 4 // one block: a 4-byte table
			damages = append(damages, flip(10), flip(60), flip(200), flip(store.HeaderSize+data/2),
				flip(len(b)-1-4), flip(len(b)-2), cut(len(b)-1), cut(store.HeaderSize), cut(0))
		}
		for k, damage := range damages {
			cases++
			path := filepath.Join(dir, file)
			if err := os.WriteFile(path, damage(b), 0o644); err != nil {
				t.Fatal(err)
			}
			restore := func() {
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if damagedRead(t, g, name, dir, file, tiers, values) {
				refused++
			}
			// A writer recomputes, or refuses (a damaged manifest): tried
			// on the first and last damage of each file (syncing files
			// is slow).
			if k != 0 && k != len(damages)-1 {
				restore()
				continue
			}
			w, err := store.OpenWriter(dir, tier.Identity(name))
			if err != nil {
				if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), file) {
					t.Errorf("%s damaged: writer: %v", file, err)
				}
				restore()
				continue
			}
			s, err := solveInto(g, w, tiers, compressed, 1)
			if err != nil {
				t.Errorf("%s damaged: the writer did not recompute it: %v", file, err)
				restore()
				continue
			}
			for _, st := range s.Stats {
				if !st.Resumed {
					recomputed++
				}
			}
			got := tierFiles(t, dir)
			for f, c := range want {
				if !bytes.Equal(got[f], c) {
					t.Errorf("%s damaged: after the writer, %s differs from the clean database's", file, f)
				}
			}
			restore()
		}
	}
	t.Logf("%d damaged databases: %d refused by the reader, %d tiers recomputed by the writer", cases, refused, recomputed)
	if refused < cases-2 {
		t.Errorf("only %d of %d damaged databases refused", refused, cases)
	}
}

// damagedRead reads every position of the database of dir (whose file
// was damaged) and reports whether it was refused; a value read must be
// the clean one, a refusal must name the file.
// tierValues reads the value of every position of tiers, by tier and
// rank, from the undamaged database dir of game name.
// solveInto solves tiers of g into the database w with workers (0: the
// default), compresses them when compressed, and closes both the solver and w.
func solveInto(g *Quixo, w *store.DB, tiers []tier.ID, compressed bool, workers int) (*tier.Solver[QuixoPos], error) {
	s := tier.New(g, nil, tier.Options{DB: w, Workers: workers})
	err := s.Solve(context.Background(), tiers)
	if err == nil && compressed {
		err = s.Compress(context.Background(), tiers)
	}
	s.Close()
	w.Close()
	return s, err
}

func tierValues(t *testing.T, g *Quixo, name, dir string, tiers []tier.ID) map[tier.ID][]solve.Value {
	t.Helper()
	db, err := store.Open(dir, tier.Identity(name))
	if err != nil {
		t.Fatal(err)
	}
	ref := tier.New(g, nil, tier.Options{DB: db})
	defer ref.Close()
	values := map[tier.ID][]solve.Value{}
	for _, tr := range tiers {
		for r := range g.TierSize(tr) {
			v, err := ref.Value(g.Unrank(tr, r))
			if err != nil {
				t.Fatal(err)
			}
			values[tr] = append(values[tr], v)
		}
	}
	return values
}

func damagedRead(t *testing.T, g *Quixo, name, dir, file string, tiers []tier.ID, values map[tier.ID][]solve.Value) bool {
	t.Helper()
	db, err := store.Open(dir, tier.Identity(name))
	if err != nil {
		if !strings.Contains(err.Error(), file) {
			t.Errorf("%s damaged: %v does not name it", file, err)
		}
		return true
	}
	s := tier.New(g, nil, tier.Options{DB: db})
	defer s.Close()
	failed := false
	for _, tr := range tiers {
		for r, v := range values[tr] {
			if r > 0 && !strings.HasPrefix(file, g.TierName(tr)+".tier") {
				break // other tiers: their first position
			}
			got, err := s.Value(g.Unrank(tr, uint64(r)))
			if err != nil {
				if !strings.Contains(err.Error(), file) {
					t.Errorf("%s damaged: %v does not name it", file, err)
				}
				failed = true
				break
			}
			if got != v {
				t.Fatalf("%s damaged: tier %s rank %d read as %+v, clean %+v", file, g.TierName(tr), r, got, v)
			}
		}
	}
	return failed
}

// TestTierDamageQuixo4 is TestTierDamage on a sample of a Quixo 4x4
// database (made by grundy solve quixo:4x4 --db DIR; GRUNDY_DB_QUIXO4=DIR,
// copied before it is damaged; plain or compressed tiers): the manifest and four tier files, the
// largest among them, each with flipped bytes in its header, data and
// block table and cut short, read back position by position against the
// undamaged database; the writer recomputes the first damage of each tier
// file. Skipped without the variable (minutes of work).
func TestTierDamageQuixo4(t *testing.T) {
	src := os.Getenv("GRUNDY_DB_QUIXO4")
	if src == "" {
		t.Skip("set GRUNDY_DB_QUIXO4 to a Quixo 4x4 database to damage a sample of it")
	}
	const name = "quixo:4x4"
	g := NewQuixo(4)
	tiers := g.TiersWithBlanks(16)
	want := tierFiles(t, src)
	dir := t.TempDir()
	for f, c := range want {
		if err := os.WriteFile(filepath.Join(dir, f), c, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The sample: the largest tier and three spread over the order.
	largest := tiers[0]
	for _, tr := range tiers {
		if g.TierSize(tr) > g.TierSize(largest) {
			largest = tr
		}
	}
	sample := []tier.ID{largest, tiers[len(tiers)/4], tiers[len(tiers)/2], tiers[3*len(tiers)/4]}
	values := tierValues(t, g, name, dir, sample)
	files := []string{"MANIFEST"}
	compressed := false
	for _, tr := range sample {
		f := g.TierName(tr) + ".tier"
		if _, ok := want[f+"z"]; ok {
			f, compressed = f+"z", true // the database's tiers are compressed
		}
		files = append(files, f)
	}
	cases, refused := 0, 0
	for _, file := range files {
		b := want[file]
		path := filepath.Join(dir, file)
		var damages []func([]byte) []byte
		flip := func(i int) func([]byte) []byte {
			return func(b []byte) []byte { b = bytes.Clone(b); b[i] ^= 0x10; return b }
		}
		if file == "MANIFEST" {
			damages = append(damages, flip(10), flip(len(b)/2), func(b []byte) []byte { return b[:len(b)-1] })
		} else {
			damages = append(damages, flip(max(store.HeaderSize, len(b))/2), flip(60),
				flip(len(b)-2), func(b []byte) []byte { return b[:len(b)-1] })
		}
		for k, damage := range damages {
			cases++
			if err := os.WriteFile(path, damage(b), 0o644); err != nil {
				t.Fatal(err)
			}
			if damagedRead(t, g, name, dir, file, tiers, values) {
				refused++
			}
			if k == 0 && file != "MANIFEST" {
				w, err := store.OpenWriter(dir, tier.Identity(name))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := solveInto(g, w, tiers, compressed, 0); err != nil {
					t.Fatalf("%s damaged: the writer: %v", file, err)
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, b) {
					t.Errorf("%s damaged: the writer's file differs from the clean one", file)
				}
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d damaged databases, %d refused", cases, refused)
	if refused != cases {
		t.Errorf("%d of %d damaged databases answered without a refusal", cases-refused, cases)
	}
}
