package store

import (
	"fmt"
	"syscall"

	"github.com/grundy-go/grundy/limits"
)

// spaceMargin is the free space a writer leaves on a file system of free
// bytes: an eighth of it, at most 64 MiB.
func spaceMargin(free int64) int64 { return min(64<<20, free/8) }

// NoSpaceError is the refusal of files that do not fit the free space of
// their file system, less a margin (an eighth of it, at most 64 MiB),
// before any of their blocks is reserved. It wraps syscall.ENOSPC.
type NoSpaceError struct {
	Path       string // the file, or the directory of the files
	Free, Need int64
}

func (e *NoSpaceError) Error() string {
	return fmt.Sprintf("%s: no space left on device: %s free, the files need %s and a margin of %s",
		e.Path, limits.Bytes(e.Free), limits.Bytes(e.Need), limits.Bytes(spaceMargin(e.Free)))
}

func (e *NoSpaceError) Unwrap() error { return syscall.ENOSPC }

// CheckSpace refuses need more bytes of files at path (a file to be
// written, or a directory) when the file system of dir has less free
// space than need and the margin (a *NoSpaceError). Where the free space
// is unknown it allows them: the allocation of each file still fails
// cleanly.
func CheckSpace(path, dir string, need int64) error {
	free, ok := freeSpace(dir)
	if !ok || need <= 0 || need+spaceMargin(free) <= free {
		return nil
	}
	return &NoSpaceError{Path: path, Free: free, Need: need}
}
