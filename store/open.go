package store

import (
	"io"

	"github.com/grundy-go/grundy/internal/regfile"
)

// readRegular reads the regular file at path without blocking on a FIFO
// (regfile.Open); anything else is a *regfile.NotRegularError.
func readRegular(path string) ([]byte, error) {
	f, err := regfile.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
