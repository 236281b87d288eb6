// Package store keeps what grundy computes on disk, the way a database
// does: a database is a directory holding a manifest and data files, every
// file versioned and checksummed, every write atomic, one writer at a time.
// docs/store.md specifies the format for other programs.
//
// The manifest (MANIFEST) names what the database holds (the game and its
// parameters, the engine and the version of its records, an Identity) and
// lists the parts that are complete, each a data file. A data file has a
// header (magic, format version, byte order, sizes, the part it holds and
// the identity it belongs to), its data, and a table of CRC-32C checksums,
// one per block of 256 KiB of data. A file is verified when opened (header,
// size, table) and its blocks as they are read (File.Verify) or all at once
// (File.VerifyAll); a file that fails is refused (DamageError), never used.
// A compressed data file (WriteCompressed, OpenCompressed) holds its
// records in zstd frames of BlockRecords records, each with its CRC-32C
// in an index of frame offsets, so that one record is read by
// decompressing one frame.
//
// A part is written as NAME.tmp, synced, renamed to NAME, the directory
// synced, and only then listed in the manifest, itself replaced the same
// way: a crash at any moment leaves the manifest listing complete files
// only, and a rerun writes again what was not listed. One writer holds the
// directory's lock (LOCK, flock or LockFileEx) for as long as it writes; a
// second writer is refused at once (LockedError) rather than kept waiting,
// because a solve can take hours and a command that hangs without a word
// is worse than one that says who holds the database. The lock ends with
// its process however it ends, so a killed writer leaves no stale lock.
// Readers take no lock: they open only what the manifest lists, which is
// complete.
package store
