//go:build !linux

package sparse

import "os"

// allocate grows f from old to size bytes by writing zeros, so that the
// file's blocks exist before values are stored through the mapping (a store
// into a block the file system cannot provide kills the process with
// SIGBUS).
func allocate(f *os.File, old, size int64) error { return writeZeros(f, old, size) }
