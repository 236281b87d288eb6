package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/grundy-go/grundy/limits"
)

// The layout of a compressed data file (format version 2; every integer
// little-endian):
//
//	0      header (compressedHeader bytes)
//	128    frames: one zstd frame per block of BlockRecords records
//	index  offsets: blocks+1 uint64, the file offset of each frame and,
//	       last, of the index itself; then blocks uint32, the CRC-32C of
//	       each frame's bytes
//
// The header shares the plain header's fields (magic, byte order, kind,
// id, identity, bits, records) at the same offsets; its version is
// CompressedVersion, its header size field compressedHeader, its block
// field BlockRecords, and offIndex holds the index's offset.
const (
	// CompressedVersion is the format version of compressed data files.
	CompressedVersion = 2
	// BlockRecords is the number of records of a compressed block (the
	// last block of a file may hold fewer).
	BlockRecords = 1 << 16
	// Zstd names the compression of compressed parts in the manifest.
	Zstd = "zstd"

	compressedHeader = 128
	offCompression   = 52
	offIndex         = 64
	compressionZstd  = 1
)

// CompressedBits reports whether a compressed part may hold records of
// bits bits: whole little-endian integers of 1, 2, 4 or 8 bytes.
func CompressedBits(bits int) bool { return bits == 8 || bits == 16 || bits == 32 || bits == 64 }

// compressedBlocks is the number of blocks of a compressed file of s.
func (s Spec) compressedBlocks() int64 {
	return int64((s.Records + BlockRecords - 1) / BlockRecords)
}

// blockBytes is the size of the decompressed block b of s.
func (s Spec) blockBytes(b int64) int {
	lo := uint64(b) * BlockRecords
	return int(min(s.Records-lo, BlockRecords)) * s.Bits / 8
}

// compressedHeaderBytes returns the header of a compressed file of s
// whose index, at offset index, has the checksum indexCRC, in an identity
// of hash identity.
func (s Spec) compressedHeaderBytes(identity uint64, index int64, indexCRC uint32) []byte {
	le := binary.LittleEndian
	h := s.headerFields(CompressedVersion, compressedHeader, BlockRecords, identity)
	le.PutUint32(h[offCompression:], compressionZstd)
	le.PutUint64(h[offIndex:], uint64(index))
	le.PutUint64(h[offBlocks:], uint64(s.compressedBlocks()))
	le.PutUint32(h[offTableCRC:], indexCRC)
	le.PutUint32(h[offHeaderCRC:], Checksum(h[:offHeaderCRC]))
	return h
}

// The codec of compressed files: one encoder at the best level the
// library has (its output is the same on every run, so that a database
// is byte for byte the same however often its writer was killed), one
// decoder bounded to a block's size. Both are safe for concurrent use.
var (
	encoder = sync.OnceValue(func() *zstd.Encoder {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
		if err != nil {
			panic(err) // the options are constant
		}
		return enc
	})
	decoder = sync.OnceValue(func() *zstd.Decoder {
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true),
			zstd.WithDecoderMaxMemory(8*BlockRecords+64<<10))
		if err != nil {
			panic(err) // the options are constant
		}
		return dec
	})
)

// WriteCompressed writes the part of s compressed, a block of
// BlockRecords records at a time: fill(lo, hi, dst) writes records lo..hi-1
// into dst as little-endian integers of s.Bits bits (8, 16, 32 or 64).
// Like a Writer's commit, the file is written as NAME.tmp, synced and
// renamed, the directory synced, and then the manifest lists the part
// with meta. When replaces names a part, the same manifest no longer
// lists it and its file is removed: a part is rewritten in another form
// without a moment when neither is listed. ctx is polled between blocks.
func (db *DB) WriteCompressed(ctx context.Context, s Spec, meta map[string]int64, replaces string, fill func(lo, hi uint64, dst []byte) error) error {
	if db.lock == nil {
		return fmt.Errorf("database %s is open for reading only", db.dir)
	}
	if err := s.check(); err != nil {
		return fmt.Errorf("database %s: %w", db.dir, err)
	}
	if !CompressedBits(s.Bits) {
		return fmt.Errorf("database %s: a compressed part holds records of 8, 16, 32 or 64 bits, not %d", db.dir, s.Bits)
	}
	tmp := db.tmpPath(s.Name)
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("database %s: %w", db.dir, err)
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("database %s: write %s: %w", db.dir, s.Name, err)
	}
	n := s.compressedBlocks()
	offsets := make([]byte, 8*(n+1))
	crcs := make([]byte, 4*n)
	at := int64(compressedHeader)
	raw := make([]byte, s.Bits/8*BlockRecords)
	var frame []byte
	for b := range n {
		if err := limits.Poll(ctx); err != nil {
			return fail(err)
		}
		lo := uint64(b) * BlockRecords
		hi := min(lo+BlockRecords, s.Records)
		dst := raw[:s.blockBytes(b)]
		clear(dst)
		if err := fill(lo, hi, dst); err != nil {
			return fail(err)
		}
		frame = encoder().EncodeAll(dst, frame[:0])
		if _, err := f.WriteAt(frame, at); err != nil {
			return fail(err)
		}
		binary.LittleEndian.PutUint64(offsets[8*b:], uint64(at))
		binary.LittleEndian.PutUint32(crcs[4*b:], Checksum(frame))
		at += int64(len(frame))
	}
	binary.LittleEndian.PutUint64(offsets[8*n:], uint64(at))
	index := append(offsets, crcs...)
	if _, err := f.WriteAt(index, at); err != nil {
		return fail(err)
	}
	h := s.compressedHeaderBytes(db.hash, at, Checksum(index))
	if _, err := f.WriteAt(h, 0); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("database %s: write %s: %w", db.dir, s.Name, err)
	}
	err = os.Rename(tmp, filepath.Join(db.dir, s.Name))
	if err == nil {
		err = syncDir(db.dir)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("database %s: write %s: %w", db.dir, s.Name, err)
	}
	p := Part{Name: s.Name, Kind: s.Kind, ID: s.ID, Bits: s.Bits, Records: s.Records, Compression: Zstd,
		HeaderCRC: binary.LittleEndian.Uint32(h[offHeaderCRC:]), Meta: meta}
	db.mu.Lock()
	if replaces != "" && replaces != s.Name {
		delete(db.parts, replaces)
	}
	db.parts[p.Name] = p
	db.mu.Unlock()
	if err := db.writeManifest(); err != nil {
		return err
	}
	if replaces != "" && replaces != s.Name {
		return db.remove(replaces)
	}
	return nil
}

// Drop stops listing the part name and removes its file (a part that the
// engine writes again in another form).
func (db *DB) Drop(name string) error {
	if db.lock == nil {
		return fmt.Errorf("database %s is open for reading only", db.dir)
	}
	db.mu.Lock()
	_, ok := db.parts[name]
	delete(db.parts, name)
	db.mu.Unlock()
	if ok {
		if err := db.writeManifest(); err != nil {
			return err
		}
	}
	return db.remove(name)
}

// remove removes the file of a part the manifest no longer lists (a
// file already gone is no error: a writer killed after the manifest and
// before the removal leaves it for the next).
func (db *DB) remove(name string) error {
	if err := os.Remove(filepath.Join(db.dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("database %s: %w", db.dir, err)
	}
	return syncDir(db.dir)
}

// CompressedFile is a complete compressed data file. Its header and index
// were verified when it was opened; each frame is verified against its
// checksum every time it is read, and must decompress to exactly its
// block's size. It keeps the last block it decompressed. A
// CompressedFile is safe for concurrent use.
type CompressedFile struct {
	path    string
	f       *os.File
	spec    Spec
	offsets []uint64 // blocks+1 offsets of the frames and of the index
	crcs    []uint32

	mu    sync.Mutex
	block int64 // the block in buf, -1 for none
	buf   []byte
}

// Path returns the file's path.
func (f *CompressedFile) Path() string { return f.path }

// OpenCompressed opens the compressed part of s, which the manifest must
// list as complete and compressed, checking its header against the one
// the manifest recorded and against s, its size and its index. A file
// that fails is a *DamageError.
func (db *DB) OpenCompressed(s Spec) (*CompressedFile, error) {
	part, path, err := db.listedPart(s, Zstd)
	if err != nil {
		return nil, err
	}
	f, st, err := db.openListed(path)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*CompressedFile, error) {
		f.Close()
		return nil, err
	}
	size := st.Size()
	h := make([]byte, compressedHeader)
	if _, err := f.ReadAt(h, 0); err != nil {
		if errors.Is(err, io.EOF) {
			return fail(&DamageError{Path: path, Reason: fmt.Sprintf("%d bytes, shorter than a header", size)})
		}
		return fail(fmt.Errorf("database %s: read %s: %w", db.dir, s.Name, err))
	}
	le := binary.LittleEndian
	n := s.compressedBlocks()
	index := int64(le.Uint64(h[offIndex:]))
	reason := db.checkHeader(h, part, CompressedVersion)
	if reason == "" && (index < compressedHeader || index > size || size-index != 12*n+8) {
		reason = fmt.Sprintf("%d bytes, its index at %d does not end it", size, index)
	}
	if reason == "" {
		// Every field but the index's place and checksum is s's.
		want := s.compressedHeaderBytes(db.hash, 0, 0)
		if string(want[:offIndex]) != string(h[:offIndex]) || string(want[offBlocks:offTableCRC]) != string(h[offBlocks:offTableCRC]) ||
			string(want[offTableCRC+4:offHeaderCRC]) != string(h[offTableCRC+4:offHeaderCRC]) {
			reason = "its header describes another part"
		}
	}
	if reason != "" {
		return fail(&DamageError{Path: path, Reason: reason})
	}
	idx := make([]byte, size-index)
	if _, err := f.ReadAt(idx, index); err != nil {
		return fail(fmt.Errorf("database %s: read %s: %w", db.dir, s.Name, err))
	}
	if Checksum(idx) != le.Uint32(h[offTableCRC:]) {
		return fail(&DamageError{Path: path, Reason: "index checksum mismatch"})
	}
	cf := &CompressedFile{path: path, f: f, spec: s, offsets: make([]uint64, n+1), crcs: make([]uint32, n), block: -1}
	for i := range cf.offsets {
		cf.offsets[i] = le.Uint64(idx[8*i:])
	}
	for i := range cf.crcs {
		cf.crcs[i] = le.Uint32(idx[8*(n+1)+4*int64(i):])
	}
	// The frames follow the header and each other, and the last ends at
	// the index; a frame is at most a few bytes larger than its block.
	prev := uint64(compressedHeader)
	for i, off := range cf.offsets {
		if off < prev || (i < int(n) && cf.offsets[i+1] < off) ||
			(i < int(n) && cf.offsets[i+1]-off > uint64(s.blockBytes(int64(i)))+1024) {
			return fail(&DamageError{Path: path, Reason: fmt.Sprintf("the index's offset of block %d is out of order", i+1)})
		}
		prev = off
	}
	if cf.offsets[0] != compressedHeader || cf.offsets[n] != uint64(index) {
		return fail(&DamageError{Path: path, Reason: "the index does not cover the frames"})
	}
	return cf, nil
}

// Blocks returns the number of blocks of the file.
func (f *CompressedFile) Blocks() int64 { return int64(len(f.crcs)) }

// Block calls use with the records of block b (records b*BlockRecords
// on), decompressed and verified; use must not keep them.
func (f *CompressedFile) Block(b int64, use func(records []byte)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.load(b); err != nil {
		return err
	}
	use(f.buf)
	return nil
}

// Record returns record i.
func (f *CompressedFile) Record(i uint64) (uint64, error) {
	if i >= f.spec.Records {
		return 0, fmt.Errorf("%s: record %d of %d", f.path, i, f.spec.Records)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.load(int64(i / BlockRecords)); err != nil {
		return 0, err
	}
	at := int(i%BlockRecords) * f.spec.Bits / 8
	le := binary.LittleEndian
	switch f.spec.Bits {
	case 8:
		return uint64(f.buf[at]), nil
	case 16:
		return uint64(le.Uint16(f.buf[at:])), nil
	case 32:
		return uint64(le.Uint32(f.buf[at:])), nil
	}
	return le.Uint64(f.buf[at:]), nil
}

// load decompresses block b into f.buf unless it is there.
func (f *CompressedFile) load(b int64) error {
	if b == f.block {
		return nil
	}
	f.block = -1
	frame := make([]byte, f.offsets[b+1]-f.offsets[b])
	if _, err := f.f.ReadAt(frame, int64(f.offsets[b])); err != nil {
		return fmt.Errorf("read %s: %w", f.path, err)
	}
	damaged := func(reason string) error {
		return &DamageError{Path: f.path, Reason: fmt.Sprintf("block %d of %d: %s", b+1, len(f.crcs), reason)}
	}
	if Checksum(frame) != f.crcs[b] {
		return damaged("checksum mismatch")
	}
	want := f.spec.blockBytes(b)
	if cap(f.buf) < want {
		f.buf = make([]byte, 0, f.spec.Bits/8*BlockRecords)
	}
	// The decoder writes at most cap(dst) bytes (WithDecodeAllCapLimit).
	out, err := decoder().DecodeAll(frame, f.buf[:0:want])
	if err != nil {
		return damaged("it does not decompress: " + err.Error())
	}
	if len(out) != want {
		return damaged(fmt.Sprintf("%d bytes decompressed, the block is %d", len(out), want))
	}
	f.buf, f.block = out, b
	return nil
}

// Close closes the file.
func (f *CompressedFile) Close() error { return f.f.Close() }
