//go:build !linux

package diskalloc

import "os"

// Allocate grows f from old to size bytes by writing zeros, so that the
// file's blocks exist before values are stored through a mapping.
func Allocate(f *os.File, old, size int64) error { return writeZeros(f, old, size) }
