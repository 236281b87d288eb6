package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sync"

	"github.com/grundy-go/grundy/internal/diskalloc"
	"github.com/grundy-go/grundy/internal/regfile"
)

// The layout of a data file (every integer little-endian):
//
//	0     header (HeaderSize bytes, of which the first 128 are used)
//	4096  data (DataBytes bytes)
//	...   block table: one CRC-32C (uint32) per BlockSize bytes of data
//
// The header's fields are at the offsets below; headerCRC holds the
// CRC-32C of the 124 bytes before it.
const (
	// Magic begins every data file.
	Magic = "GRUNDYDB"
	// FormatVersion is the version of the data file and manifest format
	// this package writes and reads.
	FormatVersion = 1
	// HeaderSize is the offset of the data: one page, so that the data
	// of a mapping is aligned for any word.
	HeaderSize = 4096
	// BlockSize is the size of a checksummed block of data.
	BlockSize = 256 << 10
	// ByteOrderMark is written as a uint32 in the file's byte order
	// (little-endian: 04 03 02 01).
	ByteOrderMark = 0x01020304

	offVersion   = 8
	offOrder     = 12
	offHeader    = 16
	offBlock     = 20
	offKind      = 24
	offID        = 32
	offIdentity  = 40
	offBits      = 48
	offRecords   = 56
	offDataBytes = 64
	offBlocks    = 72
	offTableCRC  = 80
	offHeaderCRC = 124
	usedHeader   = 128
	maxKind      = 8
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum is the CRC-32C (Castagnoli) of b, the checksum of every block,
// table and header.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// littleEndian reports whether this machine stores integers little-endian,
// as data files do: the engines map their records and use them in place.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// LittleEndian reports whether this machine's byte order is the files'
// (data files are little-endian and mapped in place).
func LittleEndian() bool { return littleEndian }

// Spec describes a data file: the part it holds (a file name in the
// database, a kind of at most 8 bytes such as "tier", and the engine's
// number of the part) and its records (Records records of Bits bits).
type Spec struct {
	Name    string
	Kind    string
	ID      uint64
	Bits    int
	Records uint64
}

// DataBytes is the size of the data of a file of s: the records' bits
// rounded up to whole 8-byte words.
func (s Spec) DataBytes() int64 { return int64((s.Records*uint64(s.Bits) + 63) / 64 * 8) }

func blocks(data int64) int64 { return (data + BlockSize - 1) / BlockSize }

// FileSize is the size of a complete file of s.
func (s Spec) FileSize() int64 {
	d := s.DataBytes()
	return HeaderSize + d + 4*blocks(d)
}

func (s Spec) check() error {
	switch {
	case s.Name == "" || s.Name != filepath.Base(s.Name) || s.Name == manifestName || s.Name == lockName || filepath.Ext(s.Name) == ".tmp":
		return fmt.Errorf("%q cannot name a data file", s.Name)
	case len(s.Kind) == 0 || len(s.Kind) > maxKind:
		return fmt.Errorf("kind %q is not 1 to %d bytes", s.Kind, maxKind)
	case s.Bits < 1 || s.Bits > 64:
		return fmt.Errorf("%d bits a record", s.Bits)
	case s.Records > 1<<56:
		return fmt.Errorf("%d records", s.Records)
	}
	return nil
}

// header returns the header of a file of s with data's block checksums
// table in an identity of hash identity.
func (s Spec) header(identity uint64, table []byte) []byte {
	le := binary.LittleEndian
	h := s.headerFields(FormatVersion, HeaderSize, BlockSize, identity)
	le.PutUint64(h[offDataBytes:], uint64(s.DataBytes()))
	le.PutUint64(h[offBlocks:], uint64(blocks(s.DataBytes())))
	le.PutUint32(h[offTableCRC:], Checksum(table))
	le.PutUint32(h[offHeaderCRC:], Checksum(h[:offHeaderCRC]))
	return h
}

// headerFields returns the first 128 bytes of a header of s with the
// fields every data file has (magic, version, byte order mark, header
// size, block size, kind, id, identity hash, record bits and records),
// the others zero.
func (s Spec) headerFields(version, headerSize, block uint32, identity uint64) []byte {
	le := binary.LittleEndian
	h := make([]byte, usedHeader)
	copy(h, Magic)
	le.PutUint32(h[offVersion:], version)
	le.PutUint32(h[offOrder:], ByteOrderMark)
	le.PutUint32(h[offHeader:], headerSize)
	le.PutUint32(h[offBlock:], block)
	copy(h[offKind:offKind+maxKind], s.Kind)
	le.PutUint64(h[offID:], s.ID)
	le.PutUint64(h[offIdentity:], identity)
	le.PutUint32(h[offBits:], uint32(s.Bits))
	le.PutUint64(h[offRecords:], s.Records)
	return h
}

// Writer is a data file being written: Data is its mapping, zero at
// first; Commit makes it a part of the database, Abort drops it.
type Writer struct {
	db   *DB
	spec Spec
	f    *os.File
	all  []byte // the mapping of the whole file
	data []byte
}

// Data returns the file's data, mapped for writing.
func (w *Writer) Data() []byte { return w.data }

// tmpPath is where the part name is written before its commit.
func (db *DB) tmpPath(name string) string { return filepath.Join(db.dir, name+".tmp") }

// Create starts the data file of s (as NAME.tmp, truncating what a killed
// writer left there: the lock makes this writer the only one), its blocks
// allocated on disk before it is mapped, so that a full disk is an error
// here rather than a SIGBUS later.
func (db *DB) Create(s Spec) (*Writer, error) {
	if db.lock == nil {
		return nil, fmt.Errorf("database %s is open for reading only", db.dir)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("database %s: %w", db.dir, err)
	}
	if !littleEndian {
		return nil, fmt.Errorf("database %s: data files need a little-endian machine", db.dir)
	}
	size := s.FileSize()
	if size > maxInt {
		return nil, fmt.Errorf("database %s: file %s of %d bytes does not fit this machine's address space", db.dir, s.Name, size)
	}
	path := db.tmpPath(s.Name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", db.dir, err)
	}
	fail := func(err error) (*Writer, error) {
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("database %s: file %s: %w", db.dir, s.Name, err)
	}
	if err := diskalloc.Allocate(f, 0, size); err != nil {
		return fail(fmt.Errorf("reserve %d bytes: %w", size, err))
	}
	all, err := Map(f, size, true)
	if err != nil {
		return fail(fmt.Errorf("map: %w", err))
	}
	return &Writer{db: db, spec: s, f: f, all: all, data: all[HeaderSize : HeaderSize+s.DataBytes()]}, nil
}

// Commit checksums the data, writes the header, syncs the file, renames it
// to its name, syncs the directory and lists the part in the manifest
// with meta (the engine's figures about the part, such as counts).
func (w *Writer) Commit(meta map[string]int64) error {
	s := w.spec
	tableAt := HeaderSize + s.DataBytes()
	table := w.all[tableAt:]
	for i := int64(0); i < int64(len(table))/4; i++ {
		lo := i * BlockSize
		binary.LittleEndian.PutUint32(table[4*i:], Checksum(w.data[lo:min(lo+BlockSize, int64(len(w.data)))]))
	}
	h := s.header(w.db.hash, table)
	copy(w.all, h)
	err := Sync(w.all)
	if uerr := Unmap(w.all); err == nil {
		err = uerr
	}
	w.all, w.data = nil, nil
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	path := filepath.Join(w.db.dir, s.Name)
	if err == nil {
		err = os.Rename(w.db.tmpPath(s.Name), path)
	}
	if err == nil {
		err = syncDir(w.db.dir)
	}
	if err != nil {
		os.Remove(w.db.tmpPath(s.Name))
		return fmt.Errorf("database %s: write %s: %w", w.db.dir, s.Name, err)
	}
	return w.db.list(Part{Name: s.Name, Kind: s.Kind, ID: s.ID, Bits: s.Bits, Records: s.Records,
		HeaderCRC: binary.LittleEndian.Uint32(h[offHeaderCRC:]), Meta: meta})
}

// Abort drops the file being written.
func (w *Writer) Abort() {
	if w.all != nil {
		Unmap(w.all)
		w.all, w.data = nil, nil
	}
	w.f.Close()
	os.Remove(w.db.tmpPath(w.spec.Name))
}

// File is a complete data file, mapped for reading. Its header, size and
// block table were verified when it was opened; its blocks are verified
// by Verify or VerifyAll before their bytes are used. A File is safe for
// concurrent use.
type File struct {
	path  string
	f     *os.File
	all   []byte
	data  []byte
	table []byte

	mu       sync.Mutex
	verified []uint64 // bit i: block i matched its checksum
	left     int64    // blocks not verified yet
}

// Data returns the file's data. Only the bytes of verified blocks may be
// used.
func (f *File) Data() []byte { return f.data }

// Path returns the file's path.
func (f *File) Path() string { return f.path }

// Open opens the part of s, which the manifest must list as complete,
// checking that the file's header is the one the manifest recorded and
// describes s in this database, that its size is the header's, and that
// its block table matches its checksum. A file that fails is a
// *DamageError.
func (db *DB) Open(s Spec) (*File, error) {
	part, path, err := db.listedPart(s, "")
	if err != nil {
		return nil, err
	}
	damaged := func(format string, args ...any) (*File, error) {
		return nil, &DamageError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	if !littleEndian {
		return nil, fmt.Errorf("database %s: data files need a little-endian machine", db.dir)
	}
	f, st, err := db.openListed(path)
	if err != nil {
		return nil, err
	}
	size := s.FileSize()
	if st.Size() != size {
		f.Close()
		return damaged("%d bytes, a complete file is %d", st.Size(), size)
	}
	if size > maxInt {
		f.Close()
		return nil, fmt.Errorf("database %s: file %s of %d bytes does not fit this machine's address space", db.dir, s.Name, size)
	}
	h := make([]byte, usedHeader)
	if _, err := f.ReadAt(h, 0); err != nil {
		f.Close()
		return nil, fmt.Errorf("database %s: read %s: %w", db.dir, s.Name, err)
	}
	le := binary.LittleEndian
	reason := db.checkHeader(h, part, FormatVersion)
	if reason == "" {
		// The header is the manifest's, which was written with it: its
		// fields are s's (Spec.header wrote them).
		if want := s.header(db.hash, nil); string(want[:offTableCRC]) != string(h[:offTableCRC]) {
			reason = "its header describes another part"
		}
	}
	if reason != "" {
		f.Close()
		return damaged("%s", reason)
	}
	all, err := Map(f, size, false)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("database %s: map %s: %w", db.dir, s.Name, err)
	}
	d := s.DataBytes()
	file := &File{path: path, f: f, all: all, data: all[HeaderSize : HeaderSize+d], table: all[HeaderSize+d:], left: blocks(d)}
	file.verified = make([]uint64, (file.left+63)/64)
	if le.Uint32(h[offTableCRC:]) != Checksum(file.table) {
		file.Close()
		return damaged("block table checksum mismatch")
	}
	for _, b := range all[usedHeader:HeaderSize] {
		if b != 0 {
			file.Close()
			return damaged("the header's reserved bytes are not zero")
		}
	}
	return file, nil
}

// listedPart returns the manifest's entry of the part of s and the path
// of its file, when the manifest lists it as s in the form compression
// ("" plain, Zstd compressed); a part listed otherwise is a *DamageError.
func (db *DB) listedPart(s Spec, compression string) (Part, string, error) {
	if err := s.check(); err != nil {
		return Part{}, "", fmt.Errorf("database %s: %w", db.dir, err)
	}
	part, ok := db.Part(s.Name)
	if !ok {
		return Part{}, "", fmt.Errorf("database %s does not hold %s", db.dir, s.Name)
	}
	path := filepath.Join(db.dir, s.Name)
	if part.Kind != s.Kind || part.ID != s.ID || part.Bits != s.Bits || part.Records != s.Records || part.Compression != compression {
		return Part{}, "", &DamageError{Path: path, Reason: fmt.Sprintf("the manifest lists it as %s %d of %d records of %d bits (compression %q), not %s %d of %d of %d (compression %q)",
			part.Kind, part.ID, part.Records, part.Bits, part.Compression, s.Kind, s.ID, s.Records, s.Bits, compression)}
	}
	return part, path, nil
}

// openListed opens the file at path of a part the manifest lists: a
// missing file or one that is not a regular file (a FIFO would block the
// read) is a *DamageError.
func (db *DB) openListed(path string) (*os.File, os.FileInfo, error) {
	f, err := regfile.Open(path, nil)
	var notRegular *regfile.NotRegularError
	switch {
	case os.IsNotExist(err):
		return nil, nil, &DamageError{Path: path, Reason: "the manifest lists it but it is missing"}
	case errors.As(err, &notRegular):
		return nil, nil, &DamageError{Path: path, Reason: "not a regular file"}
	case err != nil:
		return nil, nil, fmt.Errorf("database %s: %w", db.dir, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("database %s: %w", db.dir, err)
	}
	return f, st, nil
}

// checkHeader returns why the header h of a data file of the part p, of
// format version, is not this database's (its magic, checksum, version,
// byte order, identity, and the checksum the manifest recorded), or "".
func (db *DB) checkHeader(h []byte, p Part, version uint32) string {
	le := binary.LittleEndian
	switch {
	case string(h[:len(Magic)]) != Magic:
		return "not a grundy data file"
	case le.Uint32(h[offHeaderCRC:]) != Checksum(h[:offHeaderCRC]):
		return "header checksum mismatch"
	case le.Uint32(h[offVersion:]) != version:
		return fmt.Sprintf("format version %d, where this part is of version %d", le.Uint32(h[offVersion:]), version)
	case le.Uint32(h[offOrder:]) != ByteOrderMark:
		return "written in another byte order"
	case le.Uint64(h[offIdentity:]) != db.hash:
		return "it belongs to another database"
	case le.Uint32(h[offHeaderCRC:]) != p.HeaderCRC:
		return "its header is not the one the manifest recorded"
	}
	return ""
}

// Verify verifies the blocks holding data bytes [off, off+n) unless done
// before, and returns a *DamageError naming the first that does not match
// its checksum.
func (f *File) Verify(off, n int64) error {
	if n <= 0 {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for b := off / BlockSize; b <= (off+n-1)/BlockSize; b++ {
		if err := f.verify(b); err != nil {
			return err
		}
	}
	return nil
}

// VerifyAll verifies every block not verified yet.
func (f *File) VerifyAll() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for b := int64(0); f.left > 0 && b < int64(len(f.table))/4; b++ {
		if err := f.verify(b); err != nil {
			return err
		}
	}
	return nil
}

func (f *File) verify(b int64) error {
	if f.verified[b/64]>>(b%64)&1 != 0 {
		return nil
	}
	lo := b * BlockSize
	hi := min(lo+BlockSize, int64(len(f.data)))
	if Checksum(f.data[lo:hi]) != binary.LittleEndian.Uint32(f.table[4*b:]) {
		return &DamageError{Path: f.path, Reason: fmt.Sprintf("block %d of %d: checksum mismatch", b+1, len(f.table)/4)}
	}
	f.verified[b/64] |= 1 << (b % 64)
	f.left--
	return nil
}

// Close unmaps and closes the file.
func (f *File) Close() error {
	var err error
	if f.all != nil {
		err = Unmap(f.all)
		f.all, f.data, f.table = nil, nil, nil
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// maxInt is the largest int: a mapping's length must fit in one.
const maxInt = int64(^uint(0) >> 1)
