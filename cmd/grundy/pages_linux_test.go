package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// smapsOf is a /proc/self/smaps text: one mapping per entry, its first
// line and its Anonymous field.
func smapsOf(entries ...[2]string) []byte {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e[0] + "\n")
		b.WriteString("Size:                100 kB\nRss:                  64 kB\n")
		b.WriteString("Anonymous:      " + e[1] + " kB\n")
		b.WriteString("VmFlags: rd ex mr mw me\n")
	}
	return []byte(b.String())
}

func TestReleasable(t *testing.T) {
	const exe = "/usr/local/bin/grundy"
	text := "00400000-00ae1000 r-xp 00000000 fe:00 10284665                           " + exe
	rodata := "00ae1000-013e6000 r--p 006e1000 fe:00 10284665                           " + exe
	data := "013e6000-014b7000 rw-p 00fe6000 fe:00 10284665                           " + exe
	libc := "7fe615da7000-7fe615efd000 r-xp 00026000 fe:00 326269                     /usr/lib/x86_64-linux-gnu/libc.so.6"
	heap := "50630000000-50630400000 rw-p 00000000 00:00 0 "
	deleted := "00400000-00ae1000 r-xp 00000000 fe:00 10284665                           " + exe + " (deleted)"
	for _, c := range []struct {
		name  string
		smaps []byte
		exe   string
		want  []mapping
	}{
		{"code and read-only data", smapsOf([2]string{text, "0"}, [2]string{rodata, "0"}), exe,
			[]mapping{{0x400000, 0xae1000}, {0xae1000, 0x13e6000}}},
		// A relocated or patched page (the process's own) would be lost.
		{"a page of the process's own", smapsOf([2]string{text, "0"}, [2]string{rodata, "8"}), exe,
			[]mapping{{0x400000, 0xae1000}}},
		// Writable data, another file, the heap: never.
		{"writable, another file, anonymous", smapsOf([2]string{data, "0"}, [2]string{libc, "0"}, [2]string{heap, "0"}), exe, nil},
		{"another program", smapsOf([2]string{text, "0"}), "/usr/bin/other", nil},
		// A program replaced on disk while it runs: its path reads so in
		// both /proc/self/exe and the maps.
		{"replaced on disk", smapsOf([2]string{deleted, "0"}), exe + " (deleted)", []mapping{{0x400000, 0xae1000}}},
		{"last mapping a candidate", smapsOf([2]string{heap, "0"}, [2]string{rodata, "0"}), exe, []mapping{{0xae1000, 0x13e6000}}},
		{"nothing", nil, exe, nil},
	} {
		got := releasable(c.smaps, c.exe)
		if len(got) != len(c.want) {
			t.Errorf("%s: releasable = %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: releasable = %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// TestReleaseProgramPages releases this test binary's own pages: its code
// and read-only data leave the resident set, and the code runs on.
func TestReleaseProgramPages(t *testing.T) {
	before := programRSS(t)
	if n := releaseProgramPages(); n == 0 {
		t.Fatal("releaseProgramPages released no mapping of the test binary")
	}
	after := programRSS(t)
	t.Logf("the test binary's read-only pages: %d KiB resident before, %d KiB after", before, after)
	if after >= before {
		t.Errorf("resident read-only pages of the program: %d KiB after the release, %d KiB before", after, before)
	}
}

// programRSS returns the KiB resident in the read-only mappings of the
// running program's file.
func programRSS(t *testing.T) int {
	t.Helper()
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		t.Fatal(err)
	}
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	total, in := 0, false
	for _, line := range strings.Split(string(smaps), "\n") {
		key, _, _ := strings.Cut(line, " ")
		if !strings.HasSuffix(key, ":") {
			in = programMapping(line, exe) != nil
			continue
		}
		if f := strings.Fields(line); in && f[0] == "Rss:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("smaps: %q", line)
			}
			total += kb
		}
	}
	return total
}
