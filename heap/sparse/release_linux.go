package sparse

import "golang.org/x/sys/unix"

// dropPages takes the pages of b, a part of a shared file mapping, out of
// the process's resident memory: MADV_DONTNEED on a shared file mapping
// only unmaps the pages (dirty ones stay dirty in the page cache and reach
// the file), and a later read faults them back from the page cache or the
// file. It is advice: an error leaves the pages mapped, which is harmless,
// so it is ignored.
func dropPages(b []byte) {
	_ = unix.Madvise(b, unix.MADV_DONTNEED)
}
