//go:build !unix

package store

// openNonblock is 0 where opening has no non-blocking mode.
const openNonblock = 0
