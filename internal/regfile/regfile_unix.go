//go:build unix

package regfile

import "syscall"

// openNonblock opens without waiting: a FIFO's open would otherwise wait
// for a writer before the file could be judged.
const openNonblock = syscall.O_NONBLOCK
