// Package regfile opens files that must be regular files, without
// blocking: opening a FIFO for reading waits for a writer (for ever if none
// comes), and reading a device or a FIFO may never end. It opens with
// O_NONBLOCK where the system has it and judges the file by what was
// opened (fstat), so nothing can be swapped in between the check and the
// read.
package regfile

import (
	"fmt"
	"io/fs"
	"os"
)

// NotRegularError reports a file that is not a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, Kind(e.Mode))
}

// Open opens path for reading without waiting. A file that is not a
// regular file is closed again and reported as a *NotRegularError, unless
// allow accepts it (the standard input, say); then it is returned as
// opened, in non-blocking mode where the system has one (reads of a pipe
// or a terminal go through the runtime's poller and honour read
// deadlines).
func Open(path string, allow func(fs.FileInfo) bool) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() && (allow == nil || !allow(st)) {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}

// Kind names the type of a file that is not a regular file.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return fmt.Sprintf("a special file (%v)", m.Type())
}
