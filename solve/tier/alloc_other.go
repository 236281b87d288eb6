//go:build !linux

package tier

import "os"

// allocate writes size zero bytes to the empty file f, so that its blocks
// exist before values are stored through the mapping (a store into a block
// the file system cannot provide kills the process with SIGBUS).
func allocate(f *os.File, size int64) error { return writeZeros(f, size) }
