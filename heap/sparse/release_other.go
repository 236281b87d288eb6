//go:build !linux

package sparse

// dropPages does nothing where MADV_DONTNEED's effect on shared file
// mappings is not documented: the system pages the run file as it sees fit.
func dropPages([]byte) {}
