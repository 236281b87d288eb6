package tier

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/grundy-go/grundy/internal/diskalloc"
	"github.com/grundy-go/grundy/limits"
)

// A tier file holds the solved values of one tier: a 64-byte header, then
// one 2-byte little-endian cell per position in rank order (padded to an
// even count), each cell as solve.Retro keeps it: 2 bits of outcome (lose,
// win, or draw) and 14 bits of remoteness.
//
// Header: magic "GRUNDYTR", version (uint32), cell bits (uint32, 16), tier
// (uint64), positions (uint64), game hash (uint64, FNV-64a of the game's
// name), CRC-32C of the cells (uint32), 12 zero bytes, CRC-32C of the 56
// bytes before it (uint32), 4 zero bytes.
//
// A file is written as NAME.tmp through a shared mapping whose blocks are
// allocated first (a full disk is an error before any store), then its
// header is written, it is synced and renamed to NAME: a file under its
// final name is complete, which is the checkpoint of its tier.
const (
	headerSize  = 64
	fileMagic   = "GRUNDYTR"
	fileVersion = 1
	cellBits    = 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

// GameHash returns the hash of a game's name that tier files record, so
// that the files of one game are never read as another's.
func GameHash(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// tierFile is one mapped tier file.
type tierFile struct {
	path  string // final name
	f     *os.File
	data  []byte   // the whole mapping
	cells []uint16 // the positions' cells
	words []uint32 // the same cells two by two (atomic updates)
}

func fileBytes(size uint64) int64 { return headerSize + 4*int64((size+1)/2) }

// createTier creates path+".tmp" for a tier of size positions, every cell
// zero, mapped for writing.
func createTier(path string, size uint64) (*tierFile, error) {
	if !littleEndian {
		return nil, errors.New("tier files need a little-endian machine")
	}
	n := fileBytes(size)
	f, err := os.OpenFile(path+".tmp", os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create tier file: %w", err)
	}
	if err := diskalloc.Allocate(f, 0, n); err != nil {
		f.Close()
		os.Remove(path + ".tmp")
		return nil, fmt.Errorf("reserve %s for tier file %s: %w", limits.Bytes(n), filepath.Base(path), err)
	}
	data, err := mmapFile(f, n, true)
	if err != nil {
		f.Close()
		os.Remove(path + ".tmp")
		return nil, fmt.Errorf("map tier file %s: %w", filepath.Base(path), err)
	}
	tf := &tierFile{path: path, f: f, data: data}
	tf.slice(size)
	return tf, nil
}

func (tf *tierFile) slice(size uint64) {
	words := (size + 1) / 2
	if words == 0 {
		return
	}
	tf.words = unsafe.Slice((*uint32)(unsafe.Pointer(&tf.data[headerSize])), words)
	tf.cells = unsafe.Slice((*uint16)(unsafe.Pointer(&tf.data[headerSize])), size)
}

// finish writes the header of a created tier file, syncs it, unmaps it and
// renames it to its final name.
func (tf *tierFile) finish(id ID, size, game uint64) error {
	binary.LittleEndian.PutUint32(tf.data[40:], crc32.Checksum(tf.data[headerSize:], castagnoli))
	putHeader(tf.data, id, size, game)
	err := msync(tf.data)
	if uerr := munmap(tf.data); err == nil {
		err = uerr
	}
	tf.data, tf.cells, tf.words = nil, nil, nil
	if err == nil {
		err = tf.f.Sync()
	}
	if cerr := tf.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tf.path+".tmp", tf.path)
	}
	if err != nil {
		os.Remove(tf.path + ".tmp")
		return fmt.Errorf("write tier file %s: %w", filepath.Base(tf.path), err)
	}
	return nil
}

func putHeader(h []byte, id ID, size, game uint64) {
	copy(h, fileMagic)
	binary.LittleEndian.PutUint32(h[8:], fileVersion)
	binary.LittleEndian.PutUint32(h[12:], cellBits)
	binary.LittleEndian.PutUint64(h[16:], uint64(id))
	binary.LittleEndian.PutUint64(h[24:], size)
	binary.LittleEndian.PutUint64(h[32:], game)
	binary.LittleEndian.PutUint32(h[56:], crc32.Checksum(h[:56], castagnoli))
}

// openTier maps the complete tier file path for reading after checking that
// it is the file of tier id of game, of size positions, and that its cells
// match their checksum.
func openTier(path string, id ID, size, game uint64) (*tierFile, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open tier file: %w", err)
	}
	corrupt := func(format string, args ...any) (*tierFile, error) {
		f.Close()
		return nil, fmt.Errorf("tier file %s is corrupt (%s): delete it to solve its tier again", name, fmt.Sprintf(format, args...))
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open tier file: %w", err)
	}
	if want := fileBytes(size); st.Size() != want {
		return corrupt("%d bytes, want %d", st.Size(), want)
	}
	data, err := mmapFile(f, st.Size(), false)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("map tier file %s: %w", name, err)
	}
	tf := &tierFile{path: path, f: f, data: data}
	want := make([]byte, headerSize)
	copy(want[40:44], data[40:44])
	putHeader(want, id, size, game)
	switch {
	case string(data[:8]) != fileMagic:
		tf.close()
		return corrupt("not a tier file")
	case binary.LittleEndian.Uint32(data[56:]) != crc32.Checksum(data[:56], castagnoli):
		tf.close()
		return corrupt("header checksum mismatch")
	case string(data[:headerSize]) != string(want):
		tf.close()
		return corrupt("its header names another game, tier, size or format")
	case binary.LittleEndian.Uint32(data[40:]) != crc32.Checksum(data[headerSize:], castagnoli):
		tf.close()
		return corrupt("cell checksum mismatch")
	}
	tf.slice(size)
	return tf, nil
}

// close unmaps and closes the file.
func (tf *tierFile) close() error {
	var err error
	if tf.data != nil {
		err = munmap(tf.data)
		tf.data, tf.cells, tf.words = nil, nil, nil
	}
	if cerr := tf.f.Close(); err == nil {
		err = cerr
	}
	return err
}
