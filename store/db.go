package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/game"
)

const (
	manifestName = "MANIFEST"
	lockName     = "LOCK"
	// manifestMagic begins the manifest's first line.
	manifestMagic = "grundy database"
)

// Identity is what a database holds, recorded in its manifest and (as a
// hash) in every data file: a database is opened only by a request for
// the same identity.
type Identity struct {
	// Game is the game and its parameters as the catalog writes them
	// ("quixo:4x4").
	Game string `json:"game"`
	// Engine names the engine that wrote the records ("tier"), Version
	// the version of its records: an engine that changes what its records
	// mean raises it.
	Engine  string `json:"engine"`
	Version int    `json:"engine_version"`
}

// hash is the FNV-64a of the identity's fields, each ended by a zero byte
// (the version in decimal): the identity hash of data file headers.
func (id Identity) hash() uint64 {
	h := fnv.New64a()
	for _, s := range []string{id.Game, id.Engine, strconv.Itoa(id.Version)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// Part is a complete data file as the manifest lists it.
type Part struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	ID      uint64 `json:"id"`
	Bits    int    `json:"record_bits"`
	Records uint64 `json:"records"`
	// HeaderCRC is the file's header checksum (its last field, the
	// CRC-32C of the header's first 124 bytes), which binds the file to
	// this entry.
	HeaderCRC uint32 `json:"header_crc32c"`
	// Compression is "zstd" for a compressed data file (format version
	// 2: records in independently compressed blocks), "" for a plain one.
	Compression string `json:"compression,omitempty"`
	// Meta holds the engine's figures about the part (counts of outcomes).
	Meta map[string]int64 `json:"meta,omitempty"`
}

// Manifest is the content of a database's MANIFEST: its format version,
// its identity and its complete parts in order of name.
type Manifest struct {
	Format int `json:"format"`
	Identity
	Parts []Part `json:"parts"`
}

// DB is an open database. A DB opened by OpenWriter holds the directory's
// lock until Close. A DB is safe for concurrent use.
type DB struct {
	dir  string
	id   Identity
	hash uint64
	lock *os.File // the writer's lock, nil for a reader

	mu    sync.Mutex
	parts map[string]Part
}

// Dir returns the database's directory.
func (db *DB) Dir() string { return db.dir }

// Writable reports whether db was opened by OpenWriter.
func (db *DB) Writable() bool { return db.lock != nil }

// Part returns the manifest's entry of the part name, if it is complete.
func (db *DB) Part(name string) (Part, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	p, ok := db.parts[name]
	return p, ok
}

// ErrNoDatabase is matched by the error of Open when the directory holds
// no database (it does not exist, or has no manifest and no old files).
var ErrNoDatabase = errors.New("no database")

// ErrDamaged is matched by every *DamageError.
var ErrDamaged = errors.New("damaged database file")

// DamageError is a file of a database that cannot be used: torn,
// truncated, altered, foreign or missing.
type DamageError struct {
	Path   string
	Reason string
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("database file %s is damaged (%s)", e.Path, e.Reason)
}

func (e *DamageError) Is(target error) bool { return target == ErrDamaged }

// LockedError is the refusal of a second writer: another process (PID,
// as it wrote in the lock file; 0 when unknown) holds the lock of the
// database in Dir (or, File set, of that file).
type LockedError struct {
	Dir  string
	File string
	PID  int
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID > 0 {
		who = fmt.Sprintf("another process (pid %d)", e.PID)
	}
	what := "database " + e.Dir
	if e.File != "" {
		what = e.File
	}
	return fmt.Sprintf("%s is being written by %s: wait for it to finish or stop it", what, who)
}

// LockFile takes an exclusive lock on the file f without waiting, held
// until f is closed (or its process ends): the lock of a single file that
// one writer keeps, such as a run file. Another holder makes it a
// *LockedError.
func LockFile(f *os.File) error {
	err := tryLock(f)
	if errors.Is(err, errLocked) {
		return &LockedError{File: f.Name()}
	}
	if err != nil {
		return fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return nil
}

var errLocked = errors.New("locked")

// MismatchError is the refusal of a database made for another identity
// or in another format; it wraps game.ErrInput (the request named the
// wrong directory). What names the field that differs.
type MismatchError struct {
	Dir, What, Have, Want string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("database %s holds %s %s, not %s", e.Dir, e.What, e.Have, e.Want)
}

func (e *MismatchError) Unwrap() error { return game.ErrInput }

// OldFormatError is the refusal of a directory of tier files written
// before databases had manifests; such a directory is solved again into a
// new database. It wraps game.ErrInput.
type OldFormatError struct{ Dir string }

func (e *OldFormatError) Error() string {
	return fmt.Sprintf("%s holds tier files of an older grundy, without a manifest: solve the game again into a new or emptied directory", e.Dir)
}

func (e *OldFormatError) Unwrap() error { return game.ErrInput }

// Open opens the database of dir for reading: it must exist, with a
// manifest for id.
func Open(dir string, id Identity) (*DB, error) {
	db := &DB{dir: dir, id: id, hash: id.hash()}
	if err := db.load(); err != nil {
		return nil, err
	}
	return db, nil
}

// OpenWriter opens the database of dir for writing, creating the
// directory (not its parents) and an empty database when there is none. It takes the
// directory's lock first: while another process holds it, it returns a
// *LockedError at once.
func OpenWriter(dir string, id Identity) (*DB, error) {
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("database %s: %w", dir, err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("database %s: lock: %w", dir, err)
	}
	if err := tryLock(lock); err != nil {
		pid := 0
		if b, rerr := os.ReadFile(lock.Name()); rerr == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		lock.Close()
		if errors.Is(err, errLocked) {
			return nil, &LockedError{Dir: dir, PID: pid}
		}
		return nil, fmt.Errorf("database %s: lock: %w", dir, err)
	}
	db := &DB{dir: dir, id: id, hash: id.hash(), lock: lock}
	fail := func(err error) (*DB, error) {
		db.Close()
		return nil, err
	}
	// The lock file holds the writer's pid (for the refusal's message).
	if err := lock.Truncate(0); err != nil {
		return fail(fmt.Errorf("database %s: lock: %w", dir, err))
	}
	if _, err := lock.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		return fail(fmt.Errorf("database %s: lock: %w", dir, err))
	}
	err = db.load()
	if errors.Is(err, ErrNoDatabase) {
		entries, rerr := os.ReadDir(dir)
		if rerr != nil {
			return fail(fmt.Errorf("database %s: %w", dir, rerr))
		}
		for _, e := range entries {
			if e.Name() != lockName && !strings.HasSuffix(e.Name(), ".tmp") {
				return fail(game.Inputf("%s is neither a grundy database nor empty (it holds %s)", dir, e.Name()))
			}
		}
		db.parts = map[string]Part{}
		err = db.writeManifest()
	}
	if err != nil {
		return fail(err)
	}
	return db, nil
}

// Close releases the lock of a writer (emptying the lock file first, so
// that a finished database's files are the same whoever wrote them).
func (db *DB) Close() error {
	if db.lock == nil {
		return nil
	}
	err := db.lock.Truncate(0)
	if uerr := unlock(db.lock); err == nil {
		err = uerr
	}
	if cerr := db.lock.Close(); err == nil {
		err = cerr
	}
	db.lock = nil
	return err
}

// load reads and checks the manifest.
func (db *DB) load() error {
	b, err := readRegular(filepath.Join(db.dir, manifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return db.missing()
	}
	if err != nil {
		return fmt.Errorf("database %s: %w", db.dir, err)
	}
	path := filepath.Join(db.dir, manifestName)
	m, err := decodeManifest(b)
	if err != nil {
		return &DamageError{Path: path, Reason: err.Error()}
	}
	switch {
	case m.Format < FormatVersion || m.Format > CompressedVersion:
		return &MismatchError{Dir: db.dir, What: "format", Have: strconv.Itoa(m.Format), Want: fmt.Sprintf("%d or %d (solve the game again into a new directory)", FormatVersion, CompressedVersion)}
	case m.Game != db.id.Game:
		return &MismatchError{Dir: db.dir, What: "the game", Have: m.Game, Want: db.id.Game}
	case m.Engine != db.id.Engine:
		return &MismatchError{Dir: db.dir, What: "records of the engine", Have: m.Engine, Want: db.id.Engine}
	case m.Version != db.id.Version:
		return &MismatchError{Dir: db.dir, What: "records of version", Have: strconv.Itoa(m.Version), Want: strconv.Itoa(db.id.Version) + " (solve the game again into a new directory)"}
	}
	parts := map[string]Part{}
	for _, p := range m.Parts {
		s := Spec{Name: p.Name, Kind: p.Kind, ID: p.ID, Bits: p.Bits, Records: p.Records}
		if err := s.check(); err != nil {
			return &DamageError{Path: path, Reason: err.Error()}
		}
		if p.Compression != "" && (p.Compression != Zstd || m.Format < CompressedVersion || !CompressedBits(p.Bits)) {
			return &DamageError{Path: path, Reason: fmt.Sprintf("part %s of compression %q in a manifest of format %d", p.Name, p.Compression, m.Format)}
		}
		if _, dup := parts[p.Name]; dup {
			return &DamageError{Path: path, Reason: "it lists " + p.Name + " twice"}
		}
		parts[p.Name] = p
	}
	db.mu.Lock()
	db.parts = parts
	db.mu.Unlock()
	return nil
}

// missing is the error of a directory without a manifest.
func (db *DB) missing() error {
	if st, err := os.Stat(db.dir); err != nil || !st.IsDir() {
		return noDatabase(db.dir + " is not a directory")
	}
	if old, _ := filepath.Glob(filepath.Join(db.dir, "*.tier")); len(old) > 0 {
		return &OldFormatError{Dir: db.dir}
	}
	return noDatabase(db.dir + " holds no database (no " + manifestName + ")")
}

// noDatabase is an error matching ErrNoDatabase and game.ErrInput.
type noDatabase string

func (e noDatabase) Error() string { return string(e) }

func (e noDatabase) Is(target error) bool { return target == ErrNoDatabase || target == game.ErrInput }

// decodeManifest reads a manifest: a first line "grundy database
// FORMAT crc32c HEX" whose checksum is the CRC-32C of the bytes after it,
// then the manifest in JSON.
func decodeManifest(b []byte) (Manifest, error) {
	var m Manifest
	first, rest, ok := bytes.Cut(b, []byte{'\n'})
	if !ok || !bytes.HasPrefix(first, []byte(manifestMagic+" ")) {
		return m, errors.New("not a grundy manifest")
	}
	var format int
	var sum uint32
	if _, err := fmt.Sscanf(string(first), manifestMagic+" %d crc32c %08x", &format, &sum); err != nil {
		return m, errors.New("its first line is not a manifest's")
	}
	if Checksum(rest) != sum {
		return m, errors.New("checksum mismatch")
	}
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("unreadable: %v", err)
	}
	if m.Format != format {
		return m, fmt.Errorf("format %d in its first line, %d in its body", format, m.Format)
	}
	return m, nil
}

// manifestHead is the first line of a manifest of format whose body (the
// JSON) is body.
func manifestHead(format int, body []byte) string {
	return fmt.Sprintf("%s %d crc32c %08x\n", manifestMagic, format, Checksum(body))
}

// list records p as complete and writes the manifest.
func (db *DB) list(p Part) error {
	db.mu.Lock()
	db.parts[p.Name] = p
	db.mu.Unlock()
	return db.writeManifest()
}

// writeManifest replaces the manifest by the current one (temporary file,
// fsync, rename, directory fsync). Its parts are in order of name, and it
// holds no time or pid: a database's files depend only on what it holds.
func (db *DB) writeManifest() error {
	m := Manifest{Format: FormatVersion, Identity: db.id, Parts: db.Parts()}
	// A database holding a compressed part is of format 2, which an older
	// grundy refuses by its number; one without stays readable by it.
	for _, p := range m.Parts {
		if p.Compression != "" {
			m.Format = CompressedVersion
		}
	}
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("database %s: manifest: %w", db.dir, err)
	}
	body = append(body, '\n')
	b := append([]byte(manifestHead(m.Format, body)), body...)
	if err := WriteFile(filepath.Join(db.dir, manifestName), b); err != nil {
		return fmt.Errorf("database %s: write manifest: %w", db.dir, err)
	}
	return nil
}

// WriteFile replaces the file path by data atomically and durably: written
// to path+".tmp", synced, renamed over path, and the directory synced. A
// crash leaves the old file or the new one, never a part of either.
func WriteFile(path string, data []byte) error {
	tmp := path + ".tmp"
	err := writeSynced(tmp, data)
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil {
		err = syncDir(filepath.Dir(path))
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// writeSynced writes b to a new file path and syncs it.
func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Parts returns the complete parts in order of name.
func (db *DB) Parts() []Part {
	db.mu.Lock()
	out := make([]Part, 0, len(db.parts))
	for _, p := range db.parts {
		out = append(out, p)
	}
	db.mu.Unlock()
	slices.SortFunc(out, func(a, b Part) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// ReadManifest reads and checks the manifest of the database of dir,
// whatever its identity (Open then refuses one that is not the request's).
func ReadManifest(dir string) (Manifest, error) {
	db := &DB{dir: dir}
	b, err := readRegular(filepath.Join(dir, manifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return Manifest{}, db.missing()
	}
	if err != nil {
		return Manifest{}, fmt.Errorf("database %s: %w", dir, err)
	}
	m, err := decodeManifest(b)
	if err != nil {
		return Manifest{}, &DamageError{Path: filepath.Join(dir, manifestName), Reason: err.Error()}
	}
	return m, nil
}
