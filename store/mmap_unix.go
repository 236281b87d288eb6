//go:build unix

package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// PageSize is the size of the machine's memory pages.
var PageSize = int64(os.Getpagesize())

// Map maps the first size bytes of f into memory, shared with the file
// (stores reach it), for reading and, when writable, writing. The caller
// allocates the file's blocks first (internal/diskalloc): a store into a
// block the file system cannot provide kills the process with SIGBUS.
func Map(f *os.File, size int64, writable bool) ([]byte, error) {
	prot := unix.PROT_READ
	if writable {
		prot |= unix.PROT_WRITE
	}
	return unix.Mmap(int(f.Fd()), 0, int(size), prot, unix.MAP_SHARED)
}

// Unmap undoes Map.
func Unmap(b []byte) error { return unix.Munmap(b) }

// Sync writes the stored bytes of b, a part of a mapping, to the file and
// waits for them.
func Sync(b []byte) error { return unix.Msync(b, unix.MS_SYNC) }
