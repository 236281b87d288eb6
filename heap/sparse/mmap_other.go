//go:build !unix

package sparse

import (
	"errors"
	"os"
)

var pageSize int64 = 4096

var errNoMmap = errors.New("run files need a unix system (memory-mapped files)")

func mmapFile(*os.File, int64) ([]byte, error) { return nil, errNoMmap }

func munmap([]byte) error { return nil }

func msync([]byte) error { return errNoMmap }
