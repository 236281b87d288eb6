package store

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// openRegular opens path for reading without waiting (opening a FIFO for
// reading waits for a writer, for ever if none comes) and refuses, with an
// error wrapping errNotRegular, anything that is not a regular file, judged
// by what was opened.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: %w (%v)", path, errNotRegular, st.Mode().Type())
	}
	return f, nil
}

// errNotRegular is the error of openRegular for a FIFO, a device, a
// directory or a socket.
var errNotRegular = errors.New("not a regular file")

// readRegular reads the regular file at path (see openRegular).
func readRegular(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
