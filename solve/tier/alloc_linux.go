package tier

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// allocate gives bytes [0, size) of the empty file f disk blocks: a store
// through the mapping into a block the file system cannot provide kills the
// process with SIGBUS, so every block is allocated before the mapping is
// used and a full disk is an error here. Where the file system has no
// fallocate, the bytes are written as zeros instead.
func allocate(f *os.File, size int64) error {
	for {
		err := unix.Fallocate(int(f.Fd()), 0, 0, size)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS):
			return writeZeros(f, size)
		}
		return err
	}
}
