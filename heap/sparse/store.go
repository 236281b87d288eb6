package sparse

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/diskalloc"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/store"
)

// Run file format (all integers little-endian):
//
//	offset 0     header slot A (512 bytes)
//	offset 512   header slot B (512 bytes)
//	offset 4096  G(0), G(1), ..., G(capacity-1) as uint16
//
// A header slot (encode) holds the store's magic, the format version and
// byte order mark, the kind "run", the game's name, the capacity, the
// number of final values (reached), the mask, the CRC-64/ECMA checksum of
// the bytes of values 0..reached-1, the statistics and a CRC-32C of the
// slot itself. Checkpoints write the values (msync),
// then the slot not holding the newest valid header, then fsync: a crash at
// any moment leaves at least one valid slot describing values that are on
// disk. The slot with the larger reached wins. A finished run has both
// slots equal, so the file is a deterministic function of the game and N.
//
// Every block of the file is allocated (fallocate, or zeros written) before
// the values are mapped: a store through the mapping into a block a full
// disk cannot provide would kill the process with SIGBUS, where a failed
// allocation is an error naming the file. A slot is valid only when its
// fields could describe a run (header.check), whatever its CRC-32 says.
const (
	dataOffset  = 4096
	slotSize    = 512
	fileVersion = 2
	maxName     = 200
)

// crcTable is the CRC-64/ECMA table, made on first use: crc64 builds 32 KB
// of tables when first asked for one, and made at start-up they were in the
// memory of every process, most of which never checksum a run file.
var crcTable = sync.OnceValue(func() *crc64.Table { return crc64.MakeTable(crc64.ECMA) })

// Checksum is the CRC-64/ECMA of values as little-endian uint16 bytes, the
// checksum recorded in run files and reported in statistics.
func Checksum(values []uint16) uint64 {
	return updateChecksum(0, values)
}

func updateChecksum(crc uint64, values []uint16) uint64 {
	if len(values) == 0 {
		return crc
	}
	if littleEndian {
		b := unsafe.Slice((*byte)(unsafe.Pointer(&values[0])), 2*len(values))
		return crc64.Update(crc, crcTable(), b)
	}
	buf := make([]byte, 0, 4096)
	for len(values) > 0 {
		n := min(len(values), 2048)
		buf = buf[:0]
		for _, v := range values[:n] {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
		crc = crc64.Update(crc, crcTable(), buf)
		values = values[n:]
	}
	return crc
}

var littleEndian = store.LittleEndian()

// header is one header slot.
type header struct {
	name     string
	capacity int64 // values G(0..capacity-1) fit in the file
	reached  int64 // values G(0..reached-1) are final
	mask     uint16
	checksum uint64 // Checksum of G(0..reached-1)
	max      uint16
	argMax   int64
	rare     int64
	lastRare int64
}

// The slot of format 2 (the store's header, docs/store.md: its magic,
// byte order mark and CRC-32C), every integer little-endian:
//
//	0    magic "GRUNDYDB"        8    version (2)
//	12   byte order mark         16   data offset (4096)
//	20   slot size (512)         24   kind "run", zero-padded to 8 bytes
//	32   name length (uint16)    34   name (200 bytes)
//	240  capacity                248  reached
//	256  mask (uint16)           264  checksum of the values (CRC-64/ECMA)
//	272  largest value (uint16)  280  its heap
//	288  rare count              296  last rare heap
//	508  CRC-32C of bytes 0..507
//
// Format 1 (magic "GRNDYSEQ", a CRC-32/IEEE, other offsets: v1Offsets) is
// still read, so that a run of an older grundy resumes; its next
// checkpoint writes format 2.
const (
	offName    = 32
	offFields  = 240
	runKind    = "run"
	magicV1    = "GRNDYSEQ"
	offFieldV1 = 216
)

func (h header) encode() []byte {
	b := make([]byte, slotSize)
	le := binary.LittleEndian
	copy(b, store.Magic)
	le.PutUint32(b[8:], fileVersion)
	le.PutUint32(b[12:], store.ByteOrderMark)
	le.PutUint32(b[16:], dataOffset)
	le.PutUint32(b[20:], slotSize)
	copy(b[24:32], runKind)
	le.PutUint16(b[offName:], uint16(len(h.name)))
	copy(b[offName+2:offName+2+maxName], h.name)
	h.putFields(b[offFields:])
	le.PutUint32(b[slotSize-4:], store.Checksum(b[:slotSize-4]))
	return b
}

// putFields writes the run's fields at the start of b (both formats lay
// them out alike, at their own offset).
func (h header) putFields(b []byte) {
	le := binary.LittleEndian
	le.PutUint64(b[0:], uint64(h.capacity))
	le.PutUint64(b[8:], uint64(h.reached))
	le.PutUint16(b[16:], h.mask)
	le.PutUint64(b[24:], h.checksum)
	le.PutUint16(b[32:], h.max)
	le.PutUint64(b[40:], uint64(h.argMax))
	le.PutUint64(b[48:], uint64(h.rare))
	le.PutUint64(b[56:], uint64(h.lastRare))
}

// fields reads what putFields wrote.
func fields(name string, b []byte) header {
	le := binary.LittleEndian
	return header{
		name:     name,
		capacity: int64(le.Uint64(b[0:])),
		reached:  int64(le.Uint64(b[8:])),
		mask:     le.Uint16(b[16:]),
		checksum: le.Uint64(b[24:]),
		max:      le.Uint16(b[32:]),
		argMax:   int64(le.Uint64(b[40:])),
		rare:     int64(le.Uint64(b[48:])),
		lastRare: int64(le.Uint64(b[56:])),
	}
}

// errBadSlot marks a slot that is not a valid header.
var errBadSlot = errors.New("bad header slot")

func decodeHeader(b []byte) (header, error) {
	le := binary.LittleEndian
	var h header
	switch string(b[:8]) {
	case store.Magic:
		switch {
		case le.Uint32(b[slotSize-4:]) != store.Checksum(b[:slotSize-4]):
			return header{}, fmt.Errorf("%w: header checksum mismatch", errBadSlot)
		case le.Uint32(b[8:]) != fileVersion || string(b[24:32]) != runKind+"\x00\x00\x00\x00\x00":
			return header{}, fmt.Errorf("%w: not a grundy run file of format %d (a %q file of version %d)", errBadSlot, fileVersion, strings.TrimRight(string(b[24:32]), "\x00"), le.Uint32(b[8:]))
		case le.Uint32(b[12:]) != store.ByteOrderMark:
			return header{}, fmt.Errorf("%w: written in another byte order", errBadSlot)
		case le.Uint32(b[16:]) != dataOffset || le.Uint32(b[20:]) != slotSize:
			return header{}, fmt.Errorf("%w: data at %d and slots of %d bytes, not %d and %d", errBadSlot, le.Uint32(b[16:]), le.Uint32(b[20:]), dataOffset, slotSize)
		}
		n := int(le.Uint16(b[offName:]))
		if n > maxName {
			return header{}, fmt.Errorf("%w: name length %d", errBadSlot, n)
		}
		h = fields(string(b[offName+2:offName+2+n]), b[offFields:])
	case magicV1:
		if le.Uint32(b[slotSize-4:]) != crc32.ChecksumIEEE(b[:slotSize-4]) {
			return header{}, fmt.Errorf("%w: header checksum mismatch", errBadSlot)
		}
		if v := le.Uint32(b[8:]); v != 1 {
			return header{}, fmt.Errorf("%w: format version %d, this grundy reads 1 and %d", errBadSlot, v, fileVersion)
		}
		n := int(le.Uint16(b[12:]))
		if n > maxName {
			return header{}, fmt.Errorf("%w: name length %d", errBadSlot, n)
		}
		h = fields(string(b[14:14+n]), b[offFieldV1:])
	default:
		return header{}, fmt.Errorf("%w: not a grundy run file", errBadSlot)
	}
	if err := h.check(); err != nil {
		return header{}, fmt.Errorf("%w: %v", errBadSlot, err)
	}
	return h, nil
}

// check reports a header whose fields no run writes: sizes out of range
// (a capacity past MaxTo+1 values, reached past the capacity, negative
// counts), statistics that cannot describe reached values, or a mask
// outside 1 <= mask < max(2, 2^bitlen(max)) (the engine only chooses masks
// among the values seen). A slot with a valid CRC-32 can still hold such
// fields (written by another program, or forged): they must be refused
// before any size is used.
func (h header) check() error {
	switch {
	case h.capacity < 0 || h.capacity > MaxTo+1:
		return fmt.Errorf("capacity %d is outside 0..%d values", h.capacity, int64(MaxTo+1))
	case h.reached < 0 || h.reached > h.capacity:
		return fmt.Errorf("%d values reached of a capacity of %d", h.reached, h.capacity)
	case h.mask == 0 || int(h.mask) >= max(2, 1<<bits.Len16(h.max)):
		return fmt.Errorf("mask %d is outside 1..%d for a largest value of %d", h.mask, max(2, 1<<bits.Len16(h.max))-1, h.max)
	case h.argMax < 0 || h.argMax >= max(h.reached, 1) || (h.argMax == 0) != (h.max == 0):
		return fmt.Errorf("largest value %d at heap %d of %d values", h.max, h.argMax, h.reached)
	case h.rare < 0 || h.lastRare < 0 || h.lastRare >= max(h.reached, 1) || h.rare > h.lastRare || (h.rare == 0) != (h.lastRare == 0):
		return fmt.Errorf("%d rare heap sizes, the last %d, of %d values", h.rare, h.lastRare, h.reached)
	}
	return nil
}

// runFile is an open run file with its values mapped into memory.
type runFile struct {
	path   string
	f      *os.File
	data   []byte   // the mapping of the whole file
	values []uint16 // view of the values region
	head   header   // newest header on disk
	slot   int      // slot holding head
	// released counts the bytes release dropped from resident memory
	// (tests check that the window path runs).
	released int64
}

// ErrExists is matched (errors.Is) by the error of a run that would
// overwrite an existing run file (Config.Resume not set). The error also
// wraps game.ErrInput; its message names no flag, so that each face says
// how to resume.
var ErrExists = errors.New("run file exists")

type existsError struct{ path string }

func (e existsError) Error() string {
	return e.path + " exists: resume its run or remove it"
}

func (e existsError) Is(target error) bool { return target == ErrExists || target == game.ErrInput }

// createRun creates path for a run of name with room for capacity values,
// its blocks allocated on disk (a full disk is an error here, not a SIGBUS
// later). It refuses to overwrite an existing file, and removes the file
// it created when it fails.
func createRun(path, name string, capacity int64, mask uint16, budget *limits.Budget) (*runFile, error) {
	if !littleEndian {
		return nil, errors.New("run files need a little-endian machine")
	}
	if len(name) > maxName {
		return nil, fmt.Errorf("game name %q is longer than %d bytes", name, maxName)
	}
	if err := budget.AllowDisk(dataOffset + 2*capacity); err != nil {
		return nil, fmt.Errorf("run file %s: %w", path, err)
	}
	if err := store.CheckSpace(path, filepath.Dir(path), dataOffset+2*capacity); err != nil {
		return nil, fmt.Errorf("run file: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, existsError{path}
	}
	if err != nil {
		return nil, fmt.Errorf("create run file: %w", err)
	}
	if err := store.LockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	rf := &runFile{path: path, f: f, slot: 1}
	rf.head = header{name: name, capacity: capacity, mask: mask}
	fail := func(err error) (*runFile, error) {
		rf.close()
		os.Remove(path)
		return nil, err
	}
	if err := rf.allocate(0, capacity); err != nil {
		return fail(err)
	}
	if err := rf.writeHeader(rf.head, false); err != nil {
		return fail(err)
	}
	if err := rf.mapValues(); err != nil {
		return fail(err)
	}
	return rf, nil
}

// allocate allocates the file's blocks for capacity values (old bytes were
// there before). The error names the path and the size and wraps the
// system's ("no space left on device").
func (rf *runFile) allocate(old, capacity int64) error {
	size := dataOffset + 2*capacity
	if err := diskalloc.Allocate(rf.f, old, size); err != nil {
		return fmt.Errorf("allocate %s for run file %s: %w", bytesString(size), rf.path, err)
	}
	return nil
}

// openRun opens an existing run file, locks it (a second writer is
// refused at once: a *store.LockedError), checks it holds a run of name
// and that its values match the header's checksum, and then grows it to
// capacity: a file that is refused, or a check that ctx stops, has not
// grown. Reading the values for the checksum keeps only the first and
// last window of them resident (release) and polls ctx.
func openRun(ctx context.Context, path, name string, capacity, window int64, budget *limits.Budget) (*runFile, error) {
	if !littleEndian {
		return nil, errors.New("run files need a little-endian machine")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("open run file: %w", err)
	}
	if err := store.LockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	rf := &runFile{path: path, f: f}
	fail := func(err error) (*runFile, error) {
		rf.close()
		return nil, err
	}
	buf := make([]byte, 2*slotSize)
	if _, err := f.ReadAt(buf, 0); err != nil {
		return fail(game.Inputf("%s is not a grundy run file (no header): refusing to resume", path))
	}
	var slotErr error
	found := false
	for s := 0; s < 2; s++ {
		h, err := decodeHeader(buf[s*slotSize : (s+1)*slotSize])
		if err != nil {
			slotErr = err
			continue
		}
		if !found || h.reached > rf.head.reached {
			rf.head, rf.slot, found = h, s, true
		}
	}
	if !found {
		return fail(game.Inputf("%s: %v; refusing to resume", path, slotErr))
	}
	h := rf.head
	if h.name != name {
		return fail(game.Inputf("%s holds a run of %s, not %s: refusing to resume it", path, h.name, name))
	}
	info, err := f.Stat()
	if err != nil {
		return fail(fmt.Errorf("stat run file: %w", err))
	}
	if info.Size() < dataOffset+2*h.capacity {
		return fail(game.Inputf("%s is truncated: %d bytes, its header needs %d; refusing to resume", path, info.Size(), dataOffset+2*h.capacity))
	}
	// The values on disk first, as they are: a file that fails, or a
	// check that the request's deadline stops, is left unchanged.
	if err := rf.mapValues(); err != nil {
		return fail(err)
	}
	sum, err := rf.checksum(ctx, 0, h.reached, window)
	if err != nil {
		return fail(fmt.Errorf("check the run file %s: %w", path, err))
	}
	if sum != h.checksum {
		return fail(game.Inputf("%s is corrupt: the checksum of values 0..%d is %016x, its header says %016x; refusing to resume", path, h.reached-1, sum, h.checksum))
	}
	if err := store.Unmap(rf.data); err != nil {
		return fail(err)
	}
	rf.data, rf.values = nil, nil
	if err := budget.AllowDisk(dataOffset + 2*max(capacity, h.capacity)); err != nil {
		return fail(fmt.Errorf("run file %s: %w", path, err))
	}
	if err := store.CheckSpace(path, filepath.Dir(path), dataOffset+2*max(capacity, h.capacity)-info.Size()); err != nil {
		return fail(fmt.Errorf("run file: %w", err))
	}
	// Allocate every block before the mapping is written: the existing
	// ones (a file of an older grundy may have holes) and, for a larger
	// N, the new ones. When that fails the file is cut back to its size
	// and its header is unchanged, so it still resumes where it was.
	if err := rf.allocate(info.Size(), max(capacity, h.capacity)); err != nil {
		if terr := f.Truncate(info.Size()); terr != nil {
			err = fmt.Errorf("%w (and restoring its size: %v)", err, terr)
		}
		return fail(err)
	}
	if capacity > h.capacity {
		h.capacity = capacity
		if err := rf.writeHeader(h, false); err != nil {
			return fail(err)
		}
	}
	if err := rf.mapValues(); err != nil {
		return fail(err)
	}
	return rf, nil
}

// release takes the pages holding only values in [from, to) out of the
// process's resident memory (dropPages): the file keeps them, and a read
// maps them back. Values on pages shared with values outside the range
// stay mapped.
func (rf *runFile) release(from, to int64) {
	lo := (dataOffset + 2*from + store.PageSize - 1) &^ (store.PageSize - 1)
	hi := (dataOffset + 2*to) &^ (store.PageSize - 1)
	if rf == nil || rf.data == nil || hi <= lo || hi > int64(len(rf.data)) {
		return
	}
	dropPages(rf.data[lo:hi])
	rf.released += hi - lo
}

func (rf *runFile) mapValues() error {
	size := dataOffset + 2*rf.head.capacity
	if size > int64(maxInt) {
		return fmt.Errorf("map run file %s: %s do not fit this machine's address space (a 64-bit machine maps up to %d values)", rf.path, bytesString(size), int64(MaxTo+1))
	}
	data, err := store.Map(rf.f, size, true)
	if err != nil {
		return fmt.Errorf("map run file %s: %w", rf.path, err)
	}
	rf.data = data
	rf.values = unsafe.Slice((*uint16)(unsafe.Pointer(&data[dataOffset])), int(rf.head.capacity))
	return nil
}

// writeHeader writes h to the slot other than the newest (or to both when
// final) and fsyncs.
func (rf *runFile) writeHeader(h header, final bool) error {
	b := h.encode()
	slots := []int{1 - rf.slot}
	if final {
		slots = []int{0, 1}
	}
	for _, s := range slots {
		if _, err := rf.f.WriteAt(b, int64(s*slotSize)); err != nil {
			return fmt.Errorf("write run file header: %w", err)
		}
	}
	if err := rf.f.Sync(); err != nil {
		return fmt.Errorf("sync run file: %w", err)
	}
	rf.head, rf.slot = h, slots[len(slots)-1]
	return nil
}

// checkpoint makes values 0..h.reached-1 durable, then records h (whose
// checksum the caller extended from the previous header's).
func (rf *runFile) checkpoint(h header, final bool) error {
	from := (dataOffset + 2*rf.head.reached) &^ (store.PageSize - 1)
	to := dataOffset + 2*h.reached
	if to > from {
		if err := store.Sync(rf.data[from:to]); err != nil {
			return fmt.Errorf("sync run file values: %w", err)
		}
	}
	h.capacity = rf.head.capacity
	return rf.writeHeader(h, final)
}

func (rf *runFile) close() error {
	var err error
	if rf.data != nil {
		err = store.Unmap(rf.data)
		rf.data, rf.values = nil, nil
	}
	if cerr := rf.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// maxInt is the largest int: a mapping's length must fit in one.
const maxInt = int64(^uint(0) >> 1)

// releaseChunk is the number of values read between releases of the pages
// a long sequential read has passed (16 MiB).
const releaseChunk = 1 << 23

// checksum returns the Checksum of values [from, to), reading them in
// chunks and releasing the pages of each chunk read that lies more than
// window values from both ends of [0, to), so that checking a long file
// does not map all of it. It stops with ctx's error (polled each chunk).
func (rf *runFile) checksum(ctx context.Context, from, to, window int64) (uint64, error) {
	crc := uint64(0)
	for lo := from; lo < to; lo += releaseChunk {
		if err := limits.Poll(ctx); err != nil {
			return 0, err
		}
		hi := min(lo+releaseChunk, to)
		crc = updateChecksum(crc, rf.values[lo:hi])
		rf.release(max(lo, window), min(hi, to-window))
	}
	return crc, nil
}
