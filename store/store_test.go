package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

var testID = Identity{Game: "test:1", Engine: "test", Version: 1}

// build writes a database of one part of records 16-bit records (value
// i*7 for record i) into a new directory and returns the directory and
// the part's spec.
func build(t *testing.T, records uint64) (string, Spec) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "db")
	db, err := OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := Spec{Name: "part.dat", Kind: "test", ID: 3, Bits: 16, Records: records}
	w, err := db.Create(s)
	if err != nil {
		t.Fatal(err)
	}
	for i := range records {
		w.Data()[2*i] = byte(i * 7)
		w.Data()[2*i+1] = byte(i * 7 >> 8)
	}
	if err := w.Commit(map[string]int64{"n": int64(records)}); err != nil {
		t.Fatal(err)
	}
	return dir, s
}

// read opens the database of dir and the part of s, verifies it whole and
// checks its records; it returns the first error.
func read(t *testing.T, dir string, s Spec) error {
	t.Helper()
	db, err := Open(dir, testID)
	if err != nil {
		return err
	}
	f, err := db.Open(s)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.VerifyAll(); err != nil {
		return err
	}
	for i := range s.Records {
		if v := uint64(f.Data()[2*i]) | uint64(f.Data()[2*i+1])<<8; v != i*7&0xffff {
			t.Fatalf("record %d is %d after verifying, want %d", i, v, i*7&0xffff)
		}
	}
	return nil
}

func TestRoundTrip(t *testing.T) {
	for _, n := range []uint64{0, 1, 5, BlockSize / 2, BlockSize/2 + 3, 3 * BlockSize / 2} {
		dir, s := build(t, n)
		if err := read(t, dir, s); err != nil {
			t.Fatalf("%d records: %v", n, err)
		}
		db, err := Open(dir, testID)
		if err != nil {
			t.Fatal(err)
		}
		if p, ok := db.Part(s.Name); !ok || p.Meta["n"] != int64(n) || p.Records != n {
			t.Errorf("%d records: manifest entry %+v", n, p)
		}
		st, _ := os.Stat(filepath.Join(dir, s.Name))
		if want := HeaderSize + s.DataBytes() + 4*blocks(s.DataBytes()); st.Size() != want {
			t.Errorf("%d records: %d bytes, want %d", n, st.Size(), want)
		}
	}
}

// TestEveryByte flips each byte of a database of two blocks (every byte of
// the header's fields, the manifest and the table, a sample of the
// header's reserved bytes and of the data) and
// cuts each file at many lengths: every damaged database is refused with
// an error naming the file, or (a manifest byte whose flip leaves its
// meaning) reads exactly as before. Never a wrong record.
func TestEveryByte(t *testing.T) {
	dir, s := build(t, BlockSize/2+1000)
	path := filepath.Join(dir, s.Name)
	orig, try := damager(t, dir, s, func() error { return read(t, dir, s) })
	cases := 0
	for p, b := range orig {
		for i := range b {
			sampled := p == path && i >= usedHeader && i < HeaderSize+int(s.DataBytes())
			if sampled && i%4099 != 0 && i%4096 != 0 {
				continue // reserved and data bytes: a sample
			}
			flips := []byte{1}
			if p == path && i < usedHeader {
				flips = append(flips, 0x80)
			}
			for _, x := range flips {
				d := bytes.Clone(b)
				d[i] ^= x
				try(p, d, "a flipped byte")
				cases++
			}
		}
		for _, n := range []int{0, 1, len(b) / 2, len(b) - 4, len(b) - 1} {
			try(p, b[:n], "a cut")
			cases++
		}
		try(p, append(bytes.Clone(b), 0), "a byte added")
		cases++
	}
	if err := read(t, dir, s); err != nil {
		t.Fatalf("restored: %v", err)
	}
	t.Logf("%d damaged databases refused", cases)
}

// damager reads the data file of s and the manifest of the database in
// dir and returns their bytes by path and a function that writes damaged
// bytes in place of the file p, reads the database with read (restoring
// the file after), and fails the test unless the read is refused naming
// the file or (a manifest byte whose flip keeps its meaning, such as a hex
// digit's case) reads as before.
func damager(t *testing.T, dir string, s Spec, read func() error) (map[string][]byte, func(p string, damaged []byte, what string)) {
	t.Helper()
	manifest := filepath.Join(dir, manifestName)
	orig := map[string][]byte{}
	for _, p := range []string{filepath.Join(dir, s.Name), manifest} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		orig[p] = b
	}
	return orig, func(p string, damaged []byte, what string) {
		t.Helper()
		if err := os.WriteFile(p, damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(p, orig[p], 0o644)
		err := read()
		if err == nil {
			if p == manifest {
				if m, merr := ReadManifest(dir); merr == nil && m.Parts[0].Meta["n"] == int64(s.Records) {
					return
				}
			}
			t.Fatalf("%s of %s: read without error", what, filepath.Base(p))
		}
		if !strings.Contains(err.Error(), filepath.Base(p)) && !strings.Contains(err.Error(), dir) {
			t.Errorf("%s of %s: %v does not name the file", what, filepath.Base(p), err)
		}
	}
}

// TestLazyVerify: Verify checks only the blocks of the bytes asked for,
// once; a damaged block is refused when read, the others still serve.
func TestLazyVerify(t *testing.T) {
	dir, s := build(t, 3*BlockSize/2) // 3 blocks of data
	path := filepath.Join(dir, s.Name)
	b, _ := os.ReadFile(path)
	b[HeaderSize+BlockSize+10] ^= 1 // block 2
	os.WriteFile(path, b, 0o644)
	db, err := Open(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	f, err := db.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Verify(0, 10); err != nil || f.left != 2 {
		t.Fatalf("block 1: %v, %d blocks left", err, f.left)
	}
	if err := f.Verify(2*BlockSize, 10); err != nil || f.left != 1 {
		t.Fatalf("block 3: %v, %d blocks left", err, f.left)
	}
	if err := f.Verify(BlockSize-1, 2); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "block 2 of 3") {
		t.Fatalf("blocks 1-2: %v, want block 2 damaged", err)
	}
	if err := f.VerifyAll(); !errors.Is(err, ErrDamaged) {
		t.Fatalf("all: %v", err)
	}
}

// TestRefusals: another identity, another database's file, an old
// directory of tier files, a directory that holds something else, and a
// second writer.
func TestRefusals(t *testing.T) {
	dir, s := build(t, 100)
	for _, tc := range []struct {
		id   Identity
		want string
	}{
		{Identity{"test:2", "test", 1}, "holds the game test:1, not test:2"},
		{Identity{"test:1", "other", 1}, "engine test, not other"},
		{Identity{"test:1", "test", 2}, "version 1, not 2"},
	} {
		_, err := Open(dir, tc.id)
		var mm *MismatchError
		if !errors.As(err, &mm) || !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want a mismatch %q", tc.id, err, tc.want)
		}
	}
	// The same part written for another identity, copied in.
	other := filepath.Join(t.TempDir(), "other")
	odb, err := OpenWriter(other, Identity{"test:2", "test", 1})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := odb.Create(s)
	w.Commit(nil)
	odb.Close()
	b, _ := os.ReadFile(filepath.Join(other, s.Name))
	os.WriteFile(filepath.Join(dir, s.Name), b, 0o644)
	if err := read(t, dir, s); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "another database") {
		t.Errorf("a file of another database: %v", err)
	}

	old := t.TempDir()
	os.WriteFile(filepath.Join(old, "x2-o1.tier"), []byte("GRUNDYTR"), 0o644)
	var oe *OldFormatError
	if _, err := Open(old, testID); !errors.As(err, &oe) {
		t.Errorf("old tier files: %v", err)
	}
	if _, err := OpenWriter(old, testID); !errors.As(err, &oe) {
		t.Errorf("old tier files, writer: %v", err)
	}
	busy := t.TempDir()
	os.WriteFile(filepath.Join(busy, "notes.txt"), nil, 0o644)
	if _, err := OpenWriter(busy, testID); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("a directory of other files: %v", err)
	}
	if _, err := Open(t.TempDir(), testID); !errors.Is(err, ErrNoDatabase) {
		t.Errorf("an empty directory: %v", err)
	}

	db, err := OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = OpenWriter(dir, testID)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || !strings.Contains(err.Error(), "being written by another process") {
		t.Errorf("second writer: %v", err)
	}
	if _, err := Open(dir, testID); err != nil {
		t.Errorf("a reader beside the writer: %v", err)
	}
	db.Close()
	db, err = OpenWriter(dir, testID)
	if err != nil {
		t.Fatalf("after the first writer closed: %v", err)
	}
	db.Close()
	if b, _ := os.ReadFile(filepath.Join(dir, lockName)); len(b) != 0 {
		t.Errorf("the lock file holds %q after close", b)
	}
}

// TestUncommitted: a part created and not committed (a killed writer) is
// not listed, and the next writer writes it again over what was left.
func TestUncommitted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	db, err := OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	s := Spec{Name: "a", Kind: "test", Bits: 8, Records: 10}
	w, err := db.Create(s)
	if err != nil {
		t.Fatal(err)
	}
	copy(w.Data(), "garbage")
	db.Close() // w is left as a kill leaves it
	db, err = OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, ok := db.Part("a"); ok {
		t.Fatal("an uncommitted part is listed")
	}
	w, err = db.Create(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(w.Data()[:7]) == "garbage" {
		t.Error("the new file starts with the old one's bytes")
	}
	if err := w.Commit(nil); err != nil {
		t.Fatal(err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
		t.Errorf("left %v", tmp)
	}
}
