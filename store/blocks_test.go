package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordValue is record i of the test parts: a pattern with runs (so
// that blocks compress) and every bit of a record used somewhere.
func recordValue(i uint64, bits int) uint64 {
	v := (i/256)*0x9e3779b97f4a7c15 ^ i%3
	if bits < 64 {
		v &= 1<<bits - 1
	}
	return v
}

// buildCompressed writes a database of one compressed part of records
// records of bits bits (recordValue) and returns its directory and spec.
func buildCompressed(t *testing.T, records uint64, bits int) (string, Spec) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "db")
	db, err := OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := Spec{Name: "part.z", Kind: "test", ID: 5, Bits: bits, Records: records}
	err = db.WriteCompressed(context.Background(), s, map[string]int64{"n": int64(records)}, "", func(lo, hi uint64, dst []byte) error {
		for i := lo; i < hi; i++ {
			putRecord(dst[(i-lo)*uint64(bits/8):], bits, recordValue(i, bits))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, s
}

// putRecord writes v as a little-endian integer of bits bits (an
// encoder of its own, beside the reader's).
func putRecord(dst []byte, bits int, v uint64) {
	for k := 0; k < bits/8; k++ {
		dst[k] = byte(v >> (8 * k))
	}
}

// readCompressed opens the part of s in dir and checks every record, in
// an order that revisits blocks; it returns the first error.
func readCompressed(t *testing.T, dir string, s Spec) error {
	t.Helper()
	db, err := Open(dir, testID)
	if err != nil {
		return err
	}
	f, err := db.OpenCompressed(s)
	if err != nil {
		return err
	}
	defer f.Close()
	check := func(i uint64) error {
		v, err := f.Record(i)
		if err != nil {
			return err
		}
		if want := recordValue(i, s.Bits); v != want {
			t.Fatalf("record %d is %#x, want %#x", i, v, want)
		}
		return nil
	}
	for b := range f.Blocks() {
		err := f.Block(b, func(records []byte) {
			for k := range uint64(len(records) * 8 / s.Bits) {
				i := uint64(b)*BlockRecords + k
				var v uint64
				for j := range s.Bits / 8 {
					v |= uint64(records[int(k)*s.Bits/8+j]) << (8 * j)
				}
				if want := recordValue(i, s.Bits); v != want {
					t.Fatalf("record %d is %#x in its block, want %#x", i, v, want)
				}
			}
		})
		if err != nil {
			return err
		}
	}
	for i := s.Records; i > 0; i -= min(i, 977) {
		if err := check(i - 1); err != nil {
			return err
		}
	}
	return nil
}

func TestCompressedRoundTrip(t *testing.T) {
	for _, bits := range []int{8, 16, 32, 64} {
		for _, n := range []uint64{0, 1, 7, BlockRecords, BlockRecords + 1, 2*BlockRecords + 123} {
			dir, s := buildCompressed(t, n, bits)
			if err := readCompressed(t, dir, s); err != nil {
				t.Fatalf("%d records of %d bits: %v", n, bits, err)
			}
			m, err := ReadManifest(dir)
			if err != nil || m.Format != CompressedVersion || m.Parts[0].Compression != Zstd {
				t.Fatalf("%d records of %d bits: manifest %+v, %v", n, bits, m, err)
			}
			db, _ := Open(dir, testID)
			if _, err := db.Open(s); !errors.Is(err, ErrDamaged) {
				t.Errorf("a compressed part opened as a plain one: %v", err)
			}
		}
	}
}

// TestCompressedSame: the same records make the same bytes (a database
// rebuilt after a kill is byte for byte a clean one).
func TestCompressedSame(t *testing.T) {
	a, s := buildCompressed(t, 3*BlockRecords, 16)
	b, _ := buildCompressed(t, 3*BlockRecords, 16)
	for _, name := range []string{s.Name, manifestName} {
		x, _ := os.ReadFile(filepath.Join(a, name))
		y, _ := os.ReadFile(filepath.Join(b, name))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two writes of the same records", name)
		}
	}
}

// TestCompressedEveryByte flips every byte of the header, the index and
// the manifest and a sample of the frames' bytes, cuts and extends the
// file, and forges a header with valid checksums: every damaged database
// is refused naming the file (or, a manifest byte whose flip keeps its
// meaning, reads the same). Never a wrong record.
func TestCompressedEveryByte(t *testing.T) {
	dir, s := buildCompressed(t, 2*BlockRecords+500, 16)
	path := filepath.Join(dir, s.Name)
	orig, damage := damager(t, dir, s, func() error { return readCompressed(t, dir, s) })
	index := int(binary.LittleEndian.Uint64(orig[path][offIndex:]))
	cases := 0
	try := func(p string, damaged []byte, what string) {
		t.Helper()
		cases++
		damage(p, damaged, what)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for p, b := range orig {
		for i := range b {
			frame := p == path && i >= compressedHeader && i < index
			if frame && rng.IntN(8) != 0 {
				continue // the frames: a sample
			}
			flips := []byte{1}
			if p == path && (i < compressedHeader || i >= index) {
				flips = append(flips, 0x80)
			}
			for _, x := range flips {
				d := bytes.Clone(b)
				d[i] ^= x
				try(p, d, "a flipped byte")
			}
		}
		for _, n := range []int{0, 1, compressedHeader - 1, compressedHeader, len(b) / 2, index, len(b) - 4, len(b) - 1} {
			if n < len(b) {
				try(p, b[:n], "a cut")
			}
		}
		try(p, append(bytes.Clone(b), 0), "a byte added")
	}
	// A forged header: another record count, every checksum of the file
	// recomputed; the manifest's recorded header checksum refuses it.
	d := bytes.Clone(orig[path])
	binary.LittleEndian.PutUint64(d[offRecords:], s.Records-1)
	binary.LittleEndian.PutUint32(d[offHeaderCRC:], Checksum(d[:offHeaderCRC]))
	try(path, d, "a forged header")
	// A frame replaced by another block's with the index's checksums
	// recomputed: the manifest's header checksum (over the index's
	// checksum) refuses it.
	d = bytes.Clone(orig[path])
	le := binary.LittleEndian
	off0, off1 := le.Uint64(d[index:]), le.Uint64(d[index+8:])
	crcAt := index + 8*4
	le.PutUint32(d[crcAt:], Checksum(d[off0:off1])^1)
	le.PutUint32(d[offTableCRC:], Checksum(d[index:]))
	le.PutUint32(d[offHeaderCRC:], Checksum(d[:offHeaderCRC]))
	try(path, d, "a forged index")
	if err := readCompressed(t, dir, s); err != nil {
		t.Fatalf("restored: %v", err)
	}
	t.Logf("%d damaged databases refused", cases)
}

// TestCompressedReplace: a part rewritten compressed replaces its plain
// form in one manifest, and the plain file is removed; Drop unlists a
// part and removes its file; an old reader's refusal of format 2 is
// versioned.
func TestCompressedReplace(t *testing.T) {
	dir, plain := build(t, 1000)
	db, err := OpenWriter(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	z := Spec{Name: "part.z", Kind: "test", ID: plain.ID, Bits: 16, Records: plain.Records}
	err = db.WriteCompressed(context.Background(), z, nil, plain.Name, func(lo, hi uint64, dst []byte) error {
		for i := lo; i < hi; i++ {
			putRecord(dst[2*(i-lo):], 16, i*7&0xffff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := db.Part(plain.Name); ok {
		t.Error("the plain part is still listed")
	}
	if _, err := os.Stat(filepath.Join(dir, plain.Name)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the plain file is still there: %v", err)
	}
	r, err := Open(dir, testID)
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.OpenCompressed(z)
	if err != nil {
		t.Fatal(err)
	}
	for i := range z.Records {
		if v, err := f.Record(i); err != nil || v != i*7&0xffff {
			t.Fatalf("record %d: %d, %v", i, v, err)
		}
	}
	f.Close()
	if err := db.Drop(z.Name); err != nil {
		t.Fatal(err)
	}
	if m, err := ReadManifest(dir); err != nil || len(m.Parts) != 0 || m.Format != FormatVersion {
		t.Errorf("after Drop: %+v, %v", m, err)
	}
	// A manifest of a format this grundy does not read.
	b, _ := os.ReadFile(filepath.Join(dir, manifestName))
	_, body, _ := bytes.Cut(b, []byte{'\n'})
	body = bytes.Replace(body, []byte(`"format": 1`), []byte(`"format": 3`), 1)
	os.WriteFile(filepath.Join(dir, manifestName), append([]byte(manifestHead(3, body)), body...), 0o644)
	var mm *MismatchError
	if _, err := Open(dir, testID); !errors.As(err, &mm) || !strings.Contains(err.Error(), "format 3, not 1 or 2") {
		t.Errorf("format 3: %v", err)
	}
}
