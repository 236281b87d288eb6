package diskalloc

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// Allocate gives bytes [0, size) of f disk blocks, growing the file to size
// (old is its size before). Where the file system has no fallocate, the new
// bytes [old, size) are written as zeros instead (the bytes below old were
// allocated when they were written).
func Allocate(f *os.File, old, size int64) error {
	for {
		err := unix.Fallocate(int(f.Fd()), 0, 0, size)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS):
			return writeZeros(f, old, size)
		}
		return err
	}
}
