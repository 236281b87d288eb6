//go:build !unix && !windows

package store

import (
	"errors"
	"os"
)

// tryLock fails where the system has no file locks (js/wasm): a database
// is only read there.
func tryLock(*os.File) error {
	return errors.New("this system has no file locks to write a database with")
}

// unlock does nothing (tryLock takes no lock).
func unlock(*os.File) error { return nil }
