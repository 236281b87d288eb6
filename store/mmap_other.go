//go:build !unix

package store

import (
	"errors"
	"os"
)

// PageSize is the size of the machine's memory pages.
var PageSize int64 = 4096

// errNoMap is the error of Map where grundy maps no files.
var errNoMap = errors.New("memory-mapped files need a unix system")

// Map fails: grundy maps files on unix systems only.
func Map(*os.File, int64, bool) ([]byte, error) { return nil, errNoMap }

// Unmap does nothing (Map maps nothing).
func Unmap([]byte) error { return nil }

// Sync fails (Map maps nothing).
func Sync([]byte) error { return errNoMap }
