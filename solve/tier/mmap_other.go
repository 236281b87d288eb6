//go:build !unix

package tier

import (
	"errors"
	"os"
)

var errNoMmap = errors.New("tier files need a unix system (memory-mapped files)")

func mmapFile(*os.File, int64, bool) ([]byte, error) { return nil, errNoMmap }

func munmap([]byte) error { return nil }

func msync([]byte) error { return errNoMmap }
