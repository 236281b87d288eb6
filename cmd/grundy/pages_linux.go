package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// releaseProgramPages unmaps this process's resident copies of the
// program's code and read-only data (madvise MADV_DONTNEED), and returns
// how many of the program's mappings it released. They stay in the page
// cache, so the pages the process uses afterwards come back by a minor
// fault, and the others leave the process's resident set: those only the
// start-up touched (the package initialisers, and the runtime's set-up of
// the interface tables, which reads a word of each of the hundreds of types
// they name), and in the supervisor nearly all (docs/limits.md, "The
// process's own memory").
//
// Only read-only mappings of the program's own file (its path) that hold no
// page of the process's own (Anonymous: 0 kB in /proc/self/smaps) are
// released: such a page equals the file's, which cannot change while the
// program runs (the kernel refuses to write to a running executable). A
// page written after the program was loaded (the dynamic loader's
// relocations of a position-independent build, a debugger's breakpoint)
// is the process's own and would be lost, so its mapping is left alone.
func releaseProgramPages() int {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return 0
	}
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0
	}
	n := 0
	for _, m := range releasable(smaps, exe) {
		if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, m.start, m.end-m.start, syscall.MADV_DONTNEED); e == 0 {
			n++
		}
	}
	return n
}

// A mapping is the address range of one mapping of /proc/self/smaps.
type mapping struct{ start, end uintptr }

// releasable returns the mappings of smaps (the text of /proc/self/smaps)
// that are read-only mappings of the file at path exe holding no page of
// the process's own (Anonymous: 0 kB).
func releasable(smaps []byte, exe string) []mapping {
	var out []mapping
	var cur *mapping // the mapping whose fields are being read, if a candidate
	sc := bufio.NewScanner(bytes.NewReader(smaps))
	for sc.Scan() {
		line := sc.Text()
		key, _, _ := strings.Cut(line, " ")
		if !strings.HasSuffix(key, ":") { // a mapping's first line
			if cur != nil {
				out = append(out, *cur)
			}
			cur = programMapping(line, exe)
			continue
		}
		if f := strings.Fields(line); f[0] == "Anonymous:" && (len(f) < 2 || f[1] != "0") {
			cur = nil
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// programMapping returns the mapping whose first line in /proc/self/smaps
// is line (range, permissions, offset, device, inode, path) when it is a
// read-only mapping of the file at path exe, else nil.
func programMapping(line, exe string) *mapping {
	f := strings.SplitN(line, " ", 6)
	if len(f) < 6 || (f[1] != "r-xp" && f[1] != "r--p") || strings.TrimSpace(f[5]) != exe {
		return nil
	}
	lo, hi, _ := strings.Cut(f[0], "-")
	start, err1 := strconv.ParseUint(lo, 16, 64)
	end, err2 := strconv.ParseUint(hi, 16, 64)
	if err1 != nil || err2 != nil || end <= start {
		return nil
	}
	return &mapping{uintptr(start), uintptr(end)}
}
