package adversarial

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"hash/crc64"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// noSpace is the message of a full disk.
var noSpace = [][]string{{"no space left"}}

// mountTmpfs mounts a tmpfs of the given size (mount's size=, e.g. "2m")
// on a temporary directory, unmounted when the test ends. It skips the test
// where it cannot mount one (not root, no mount, a sandbox).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot mount a tmpfs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

func remount(t *testing.T, dir, size string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,size="+size, dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s: %v: %s", dir, err, out)
	}
}

// checksumLine returns the "checksum (...): X" line of a run table's output.
func checksumLine(t *testing.T, out string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "checksum (") {
			return line
		}
	}
	t.Fatalf("no checksum line in:\n%s", out)
	return ""
}

// TestDiskFull runs run files on a full disk (a small tmpfs): a clear error,
// exit 1, never SIGBUS or a crash, and the file still resumes.
func TestDiskFull(t *testing.T) {
	t.Run("fresh-run", func(t *testing.T) {
		dir := mountTmpfs(t, "2m")
		c := call{args: []string{"table", "grundy-game", "--to", "100000000", "--out", filepath.Join(dir, "g.run"), "--format", "run"}}
		check(t, c, expect{codes: []int{1}, msgs: noSpace, wall: 10 * time.Second}, 1)
	})
	t.Run("grow-then-resume", func(t *testing.T) {
		dir := mountTmpfs(t, "2m")
		path := filepath.Join(dir, "g.run")
		ok := expect{codes: []int{0}, wall: 20 * time.Second}
		if o := check(t, call{args: []string{"table", "grundy-game", "--to", "50000", "--out", path, "--format", "run"}}, ok, 1); o.code != 0 {
			t.FailNow()
		}
		// 2 * 10^7 bytes of values do not fit in 2 MiB.
		check(t, call{args: []string{"table", "grundy-game", "--to", "10000000", "--out", path, "--resume"}},
			expect{codes: []int{1}, msgs: noSpace, wall: 10 * time.Second}, 1)
		// With room again, the file resumes to the same values as a fresh run.
		remount(t, dir, "16m")
		resumed := check(t, call{args: []string{"table", "grundy-game", "--to", "150000", "--out", path, "--resume"}}, ok, 1)
		fresh := check(t, call{args: []string{"table", "grundy-game", "--to", "150000", "--out", filepath.Join(t.TempDir(), "fresh.run"), "--format", "run"}}, ok, 1)
		if resumed.code != 0 || fresh.code != 0 {
			t.FailNow()
		}
		if r, f := checksumLine(t, resumed.stdout), checksumLine(t, fresh.stdout); r != f {
			t.Errorf("resumed run file: %s; fresh run: %s", r, f)
		}
	})
	// The disk fills up while the run works (another process writes a
	// filler until ENOSPC): the run ends by itself, never by a signal.
	t.Run("fills-during-run", func(t *testing.T) {
		dir := mountTmpfs(t, "24m")
		path := filepath.Join(dir, "g.run")
		fillErr := make(chan error, 1)
		go func() {
			time.Sleep(300 * time.Millisecond)
			filler, err := os.Create(filepath.Join(dir, "filler"))
			if err != nil {
				fillErr <- err
				return
			}
			defer filler.Close()
			chunk := bytes.Repeat([]byte{0xa5}, 64<<10)
			for {
				if _, err := filler.Write(chunk); err != nil {
					if errors.Is(err, syscall.ENOSPC) {
						err = nil
					}
					fillErr <- err
					return
				}
			}
		}()
		o := run(t, call{args: []string{"--timeout", "2s", "table", "grundy-game", "--to", "5000000", "--out", path, "--format", "run"}, net: 15 * time.Second})
		if err := <-fillErr; err != nil {
			t.Errorf("filler: %v", err)
		}
		e := expect{codes: []int{0, 1}, msgs: [][]string{timedOut, {"no space left"}}, wall: 3500 * time.Millisecond}
		list, _ := e.problems(o)
		report(t, call{args: []string{"table", "grundy-game", "--to", "5000000", "(disk filled meanwhile)"}}, o, list)
		// With the filler gone, what the run kept resumes.
		if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
			t.Fatal(err)
		}
		check(t, call{args: []string{"table", "grundy-game", "--to", "100000", "--out", path, "--resume"}}, expect{codes: []int{0}, wall: 10 * time.Second}, 1)
	})
}

// TestFullOutput writes tables and values to /dev/full: a write error is
// exit 1 with a clear line, never a silent success.
func TestFullOutput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	e := expect{codes: []int{1}, msgs: noSpace, wall: 5 * time.Second}
	t.Run("out-file", func(t *testing.T) {
		check(t, call{args: args("table kayles --to 100000 --out /dev/full")}, e, 1)
	})
	for _, c := range []string{"table kayles --to 1000", "table kayles --to 100", "value nim 3 4 5", "--json value nim 3 4 5", "games", "graph nim 2 2"} {
		t.Run("stdout "+c, func(t *testing.T) {
			check(t, call{args: args(c), stdout: full}, e, 1)
		})
	}
}

// Run file layout (heap/sparse/store.go, format 2): two 512-byte header slots, each
// with the magic, the format version, the game's name, capacity, reached,
// mask, the CRC-64 of the values, statistics, and a CRC-32C of the slot in
// its last 4 bytes; the values from offset 4096.
const (
	slotSize      = 512
	dataOffset    = 4096
	offNameLen    = 32
	offCapacity   = 240
	offReached    = 248
	offMask       = 256
	offChecksum   = 264
	offMax        = 272
	offArgMax     = 280
	offRare       = 288
	offLastRare   = 296
	runMagic      = "GRUNDYDB"
	forgedBaseTo  = 1000
	forgedResumTo = "2000"
)

// castagnoli is the CRC-32C table of the slots' checksum.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// reseal recomputes the CRC-32C of a header slot.
func reseal(slot []byte) {
	binary.LittleEndian.PutUint32(slot[slotSize-4:], crc32.Checksum(slot[:slotSize-4], castagnoli))
}

// sealed reports whether slot has the run file's magic and a valid CRC-32C.
func sealed(slot []byte) bool {
	return string(slot[:8]) == runMagic && binary.LittleEndian.Uint32(slot[slotSize-4:]) == crc32.Checksum(slot[:slotSize-4], castagnoli)
}

// TestForgedRunHeaders resumes run files whose headers carry a valid
// checksum but impossible fields: refused as bad input (exit 2) with one
// line, never a panic, a huge allocation or a hang.
func TestForgedRunHeaders(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.run")
	o := run(t, call{args: []string{"table", "grundy-game", "--to", "1000", "--out", base, "--format", "run"}})
	if o.code != 0 {
		t.Fatalf("make the run file: %v", o)
	}
	src, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	// The layout the forgeries rely on: if it changed, forging would test
	// nothing, so fail loudly.
	for s := range 2 {
		slot := src[s*slotSize : (s+1)*slotSize]
		if !sealed(slot) ||
			le.Uint64(slot[offCapacity:]) != forgedBaseTo+1 || le.Uint64(slot[offReached:]) != forgedBaseTo+1 {
			t.Fatalf("run file header slot %d is not laid out as heap/sparse/store.go was: update the offsets", s)
		}
	}
	if len(src) != dataOffset+2*(forgedBaseTo+1) {
		t.Fatalf("run file of %d bytes, want %d", len(src), dataOffset+2*(forgedBaseTo+1))
	}
	values := func(b []byte) []byte { return b[dataOffset : dataOffset+2*(forgedBaseTo+1)] }

	// forge applies set to both slots (or slot B only) and reseals them.
	forge := func(set func(slot []byte), slots ...int) []byte {
		b := bytes.Clone(src)
		if slots == nil {
			slots = []int{0, 1}
		}
		for _, s := range slots {
			slot := b[s*slotSize : (s+1)*slotSize]
			set(slot)
			reseal(slot)
		}
		return b
	}
	u64 := func(off int, v uint64) func([]byte) { return func(s []byte) { le.PutUint64(s[off:], v) } }
	u16 := func(off int, v uint16) func([]byte) { return func(s []byte) { le.PutUint16(s[off:], v) } }
	both := func(fs ...func([]byte)) func([]byte) {
		return func(s []byte) {
			for _, f := range fs {
				f(s)
			}
		}
	}
	// Forged values with a matching CRC-64: G(500) = 60000, in a file whose
	// header says the largest value is far smaller.
	forgedValues := func() []byte {
		b := bytes.Clone(src)
		le.PutUint16(values(b)[2*500:], 60000)
		sum := crc64.Checksum(values(b), crc64.MakeTable(crc64.ECMA))
		for s := range 2 {
			slot := b[s*slotSize : (s+1)*slotSize]
			le.PutUint64(slot[offChecksum:], sum)
			reseal(slot)
		}
		return b
	}()
	random := make([]byte, 8192)
	for i := range random {
		random[i] = byte(i*7919 + i>>3)
	}

	cases := []struct {
		name  string
		data  []byte
		codes []int
	}{
		{"capacity-maxint64", forge(u64(offCapacity, math.MaxInt64)), nil},
		{"capacity-reached-2^62", forge(both(u64(offCapacity, 1<<62), u64(offReached, 1<<62))), nil},
		{"capacity-reached-maxint64", forge(both(u64(offCapacity, math.MaxInt64), u64(offReached, math.MaxInt64))), nil},
		{"capacity-2^62+10", forge(u64(offCapacity, 1<<62+10)), nil},
		{"capacity-2^40", forge(u64(offCapacity, 1<<40)), nil},
		{"capacity-2^32-beyond-file", forge(u64(offCapacity, 1<<32)), nil},
		{"capacity-negative", forge(u64(offCapacity, math.MaxUint64)), nil},
		{"reached-negative", forge(u64(offReached, math.MaxUint64)), nil},
		{"reached-over-capacity", forge(u64(offReached, forgedBaseTo+2)), nil},
		{"mask-zero", forge(u16(offMask, 0)), nil},
		{"mask-all", forge(u16(offMask, 0xffff)), nil},
		{"name-length-huge", forge(u16(offNameLen, 0xffff)), nil},
		{"argmax-huge", forge(both(u64(offArgMax, math.MaxInt64), u16(offMax, 0xffff))), nil},
		{"rare-counts-impossible", forge(both(u64(offRare, 1<<62), u64(offLastRare, math.MaxUint64-6))), nil},
		{"stats-negative", forge(both(u64(offArgMax, math.MaxUint64), u64(offRare, math.MaxUint64), u64(offLastRare, math.MaxUint64))), nil},
		// Slot B alone claims more values than the file holds; slot A is the
		// honest one. Refusing or falling back to slot A are both clean.
		{"slot-b-claims-more", forge(both(u64(offCapacity, 1<<32), u64(offReached, 1<<32)), 1), []int{0, 2}},
		{"values-forged-valid-crc", forgedValues, nil},
		{"not-a-run-file", random, nil},
		{"empty-file", nil, nil},
		{"header-only", src[:dataOffset], nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "forged.run", string(tc.data))
			codes := tc.codes
			if codes == nil {
				codes = []int{2}
			}
			e := expect{codes: codes, wall: 5 * time.Second, rssMiB: 200}
			check(t, call{args: []string{"table", "grundy-game", "--to", forgedResumTo, "--out", path, "--resume"}, net: 15 * time.Second, killMiB: 1024}, e, 1)
		})
	}
	t.Run("dev-zero", func(t *testing.T) {
		e := expect{codes: []int{2}, wall: 5 * time.Second, rssMiB: 200}
		check(t, call{args: args("table grundy-game --to 2000 --out /dev/zero --resume"), net: 15 * time.Second, killMiB: 1024}, e, 1)
	})
}
