//go:build unix

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive lock on f without waiting (flock: the lock
// belongs to the open file, so it ends with the process that holds it,
// however that process ends); errLocked when another holds it.
func tryLock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			return errLocked
		}
		return err
	}
}

// unlock releases the lock of tryLock.
func unlock(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }
