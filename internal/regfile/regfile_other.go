//go:build !unix

package regfile

// openNonblock is 0 where opening has no non-blocking mode (Windows opens
// a named pipe's client end at once).
const openNonblock = 0
