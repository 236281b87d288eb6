//go:build !linux

package main

// releaseProgramPages does nothing where no process can tell which of its
// mapped pages are the program file's (Linux's /proc/self/smaps): the
// program's pages stay resident as the system leaves them.
func releaseProgramPages() int { return 0 }
