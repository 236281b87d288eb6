//go:build unix

package sparse

import (
	"os"

	"golang.org/x/sys/unix"
)

var pageSize = int64(os.Getpagesize())

func mmapFile(f *os.File, size int64) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
}

func munmap(b []byte) error { return unix.Munmap(b) }

func msync(b []byte) error { return unix.Msync(b, unix.MS_SYNC) }
