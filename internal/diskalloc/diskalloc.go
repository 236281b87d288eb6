// Package diskalloc gives a file its disk blocks before the file is used
// through a memory mapping: a store through the mapping into a block the
// file system cannot provide kills the process with SIGBUS, so the blocks
// are allocated up front and a full disk is an error at that point instead.
package diskalloc

import "os"

// writeZeros writes zero bytes to f over [from, to).
func writeZeros(f *os.File, from, to int64) error {
	zeros := make([]byte, min(max(to-from, 0), 1<<20))
	for off := from; off < to; {
		n := min(int64(len(zeros)), to-off)
		if _, err := f.WriteAt(zeros[:n], off); err != nil {
			return err
		}
		off += n
	}
	return nil
}
