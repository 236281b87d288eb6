package sparse

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/killtest"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/store"
)

func runFileConfig(path string, n int64) Config {
	return Config{Rules: GrundyGame(), To: n, Out: path, Resume: true, CheckpointEvery: time.Millisecond}
}

func runTo(t *testing.T, cfg Config) *Sequence {
	t.Helper()
	seq, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { seq.Close() })
	return seq
}

func TestRunFileMatchesMemory(t *testing.T) {
	dir := t.TempDir()
	want, err := Reference(GrundyGame(), 5000)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g.bin")
	seq := runTo(t, runFileConfig(path, 5000))
	if i := firstDiff(seq.Values, want); i <= 5000 {
		t.Fatalf("G(%d) = %d, want %d", i, seq.Values[i], want[i])
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != dataOffset+2*5001 {
		t.Fatalf("file has %d bytes, want %d", len(data), dataOffset+2*5001)
	}
	for n, v := range want {
		if got := binary.LittleEndian.Uint16(data[dataOffset+2*n:]); got != v {
			t.Fatalf("file G(%d) = %d, want %d", n, got, v)
		}
	}
	if !bytes.Equal(data[:slotSize], data[slotSize:2*slotSize]) {
		t.Error("a finished run file has two different header slots")
	}
	// A second writer is refused while the first holds the file.
	if _, err := Run(context.Background(), runFileConfig(path, 5000)); !errors.As(err, new(*store.LockedError)) {
		t.Errorf("a second writer of an open run file: %v", err)
	}
	seq.Close()
	// Resuming a finished run reads it; asking for more extends it; asking
	// for less reports on the prefix.
	for _, n := range []int64{5000, 7000, 3000} {
		seq := runTo(t, runFileConfig(path, n))
		w, _ := Reference(GrundyGame(), int(n))
		if i := firstDiff(seq.Values, w); i <= int(n) || len(seq.Values) != int(n)+1 {
			t.Fatalf("to %d: G(%d) differs (len %d)", n, i, len(seq.Values))
		}
		if seq.Stats.Checksum != fmt.Sprintf("%016x", Checksum(w)) {
			t.Errorf("to %d: checksum %s, want %016x", n, seq.Stats.Checksum, Checksum(w))
		}
		checkStats(t, seq, w)
		seq.Close()
	}
}

func TestRunFileRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bin")
	runTo(t, runFileConfig(path, 3000)).Close()

	// An existing file without Resume.
	cfg := runFileConfig(path, 3000)
	cfg.Resume = false
	if _, err := Run(context.Background(), cfg); !errors.Is(err, game.ErrInput) || !errors.Is(err, ErrExists) ||
		!strings.Contains(err.Error(), path+" exists") || strings.Contains(err.Error(), "--") {
		t.Errorf("existing file without resume: %v", err)
	}
	// Another game.
	cfg = runFileConfig(path, 3000)
	cfg.Rules, _ = Octal("0.6")
	if _, err := Run(context.Background(), cfg); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "holds a run of grundy-game") {
		t.Errorf("other game: %v", err)
	}

	corrupt := func(name string, edit func(data []byte) []byte, wantMsg string) {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bad := filepath.Join(dir, name)
		if err := os.WriteFile(bad, edit(bytes.Clone(data)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = Run(context.Background(), runFileConfig(bad, 3000))
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%s: error %v, want one containing %q", name, err, wantMsg)
		}
	}
	corrupt("value.bin", func(d []byte) []byte { d[dataOffset+2*1234] ^= 1; return d }, "corrupt")
	corrupt("headers.bin", func(d []byte) []byte { d[230] ^= 1; d[slotSize+230] ^= 1; return d }, "header checksum")
	corrupt("truncated.bin", func(d []byte) []byte { return d[:len(d)-10] }, "truncated")
	corrupt("short.bin", func(d []byte) []byte { return d[:100] }, "not a grundy run file")
	corrupt("text.bin", func(d []byte) []byte { return []byte(strings.Repeat("0\n1\n", 1000)) }, "not a grundy run file")
	// One torn slot: the other still describes the values.
	data, _ := os.ReadFile(path)
	data[100] ^= 1
	torn := filepath.Join(dir, "torn.bin")
	os.WriteFile(torn, data, 0o644)
	seq := runTo(t, runFileConfig(torn, 3000))
	w, _ := Reference(GrundyGame(), 3000)
	if i := firstDiff(seq.Values, w); i <= 3000 {
		t.Errorf("torn slot: G(%d) differs", i)
	}
}

// TestKillAndResume kills a run (SIGKILL) in the middle, resumes it, and
// compares the final file with an uninterrupted run's, byte for byte; then
// kills runs on one file again and again, each at a random moment of the
// first half of a clean child's time, each followed by a rerun that
// resumes, and finishes: the file is byte for byte the clean one.
//
// The full version is a benchmark of tens of minutes (docs/PERFORMANCE.md):
// GRUNDY_SPARSE_KILL_TO=16777216 GRUNDY_SPARSE_KILLS=20 go test
// ./heap/sparse -run TestKillAndResume -timeout 2h.
func TestKillAndResume(t *testing.T) {
	if os.Getenv("GRUNDY_SPARSE_CHILD") != "" {
		return // the child runs in TestMain
	}
	n, repeats := int64(1<<17), 4
	if v, err := strconv.ParseInt(os.Getenv("GRUNDY_SPARSE_KILL_TO"), 10, 64); err == nil && v > 0 {
		n = v
	}
	if v, err := strconv.Atoi(os.Getenv("GRUNDY_SPARSE_KILLS")); err == nil && v >= 0 {
		repeats = v
	}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	runTo(t, runFileConfig(whole, n)).Close()
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	child := func(path string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "GRUNDY_SPARSE_CHILD="+path+":"+strconv.FormatInt(n, 10))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	same := func(path, what string) {
		t.Helper()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the file differs from the uninterrupted one at byte %d", what, firstByteDiff(got, want))
		}
	}

	killed := filepath.Join(dir, "killed.bin")
	kills := 0
	for attempt := 0; attempt < 3 && kills == 0; attempt++ {
		os.Remove(killed)
		cmd := child(killed)
		// Kill it once a checkpoint past a quarter of the run is on disk.
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if r := reachedOnDisk(killed); r > n/4 {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
		r := reachedOnDisk(killed)
		t.Logf("killed at %d of %d values on disk", r, n+1)
		if r > 0 && r <= n {
			kills++
		}
	}
	if kills == 0 {
		t.Fatal("the child was never killed in the middle of its run")
	}
	seq := runTo(t, runFileConfig(killed, n))
	if seq.Stats.Resumed == 0 {
		t.Error("the run did not resume")
	}
	seq.Close()
	same(killed, "killed once")

	// Kills at random moments within the first half of a clean child's
	// time (measured here; runs after the first resume and are shorter).
	begin := time.Now()
	if err := child(filepath.Join(dir, "timed.bin")).Wait(); err != nil {
		t.Fatal(err)
	}
	childTime := time.Since(begin)
	repeated := filepath.Join(dir, "repeated.bin")
	landed := killtest.Repeat(t, repeats, childTime, func() *exec.Cmd { return child(repeated) })
	seq = runTo(t, runFileConfig(repeated, n))
	seq.Close()
	same(repeated, fmt.Sprintf("after %d kills", landed))
	t.Logf("%d of %d kills landed during a run (a clean child takes %v), then a run finished", landed, repeats, childTime.Round(time.Millisecond))
}

// reachedOnDisk is the newest valid header's reached count (0 if none).
func reachedOnDisk(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	buf := make([]byte, 2*slotSize)
	if _, err := f.ReadAt(buf, 0); err != nil {
		return 0
	}
	var best int64
	for s := 0; s < 2; s++ {
		if h, err := decodeHeader(buf[s*slotSize:]); err == nil {
			best = max(best, h.reached)
		}
	}
	return best
}

func firstByteDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestMain runs the child of TestKillAndResume: a slow run (one worker,
// frequent checkpoints) that the parent kills.
func TestMain(m *testing.M) {
	if spec := os.Getenv("GRUNDY_SPARSE_CHILD"); spec != "" {
		path, nText, _ := strings.Cut(spec, ":")
		n, _ := strconv.ParseInt(nText, 10, 64)
		cfg := runFileConfig(path, n)
		cfg.Workers = 1
		if _, err := Run(context.Background(), cfg); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestRunFileImpossibleHeaders forges headers whose CRC-32 is valid but
// whose fields no run writes (sizes past the file or past MaxTo, negative
// counts, statistics that cannot describe the values, a mask outside the
// values' range): resuming must refuse with bad input, never panic or map
// a wrong size.
func TestRunFileImpossibleHeaders(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bin")
	runTo(t, runFileConfig(path, 3000)).Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	good, err := decodeHeader(data[:slotSize])
	if err != nil {
		t.Fatal(err)
	}
	if good.max == 0 || good.rare == 0 {
		t.Fatalf("the run's header %+v has no statistics to forge", good)
	}
	for _, c := range []struct {
		name string
		edit func(h *header)
		want string
	}{
		{"reached past capacity", func(h *header) { h.reached = h.capacity + 1 }, "reached of a capacity"},
		{"reached negative", func(h *header) { h.reached = -1 }, "reached of a capacity"},
		{"capacity past the file", func(h *header) { h.capacity = 1 << 20 }, "truncated"},
		// A capacity past 2^32 values is valid in a header (MaxTo is 2^40),
		// so the file's size refuses it, before anything is mapped.
		{"capacity 2^36 past the file", func(h *header) { h.capacity, h.reached = 1<<36, 1<<35 }, "truncated"},
		{"capacity past MaxTo", func(h *header) { h.capacity = MaxTo + 2 }, "capacity"},
		{"capacity huge", func(h *header) { h.capacity, h.reached = 1<<62, 1<<61 }, "capacity"},
		{"capacity negative", func(h *header) { h.capacity = -1 << 62 }, "capacity"},
		{"mask zero", func(h *header) { h.mask = 0 }, "mask"},
		{"mask above the values", func(h *header) { h.mask = 1 << 15 }, "mask"},
		{"argmax past reached", func(h *header) { h.argMax = h.reached }, "largest value"},
		{"argmax negative", func(h *header) { h.argMax = -5 }, "largest value"},
		{"argmax without max", func(h *header) { h.max, h.mask = 0, 1 }, "largest value"},
		{"rare negative", func(h *header) { h.rare = -1 }, "rare"},
		{"rare past last rare", func(h *header) { h.rare = h.lastRare + 1 }, "rare"},
		{"last rare past reached", func(h *header) { h.lastRare = h.reached + 7 }, "rare"},
		// Plausible statistics that the values contradict: caught by
		// recomputing them on resume.
		{"wrong largest value", func(h *header) { h.max++ }, "do not match its values"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := good
			c.edit(&h)
			bad := bytes.Clone(data)
			slot := h.encode() // a valid CRC-32 over the forged fields
			copy(bad, slot)
			copy(bad[slotSize:], slot)
			file := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".bin")
			if err := os.WriteFile(file, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(file)
			_, err := Run(context.Background(), runFileConfig(file, 3000))
			if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want bad input containing %q", err, c.want)
			}
			if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
				t.Error("the refused file was changed")
			}
		})
	}
}

// TestMaxDisk: a run file larger than the disk budget is refused before
// it is created, and a resume that would grow it past the budget leaves it
// as it was; the refusal states the bytes needed.
func TestMaxDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bin")
	cfg := runFileConfig(path, 5000)
	cfg.Budget = &limits.Budget{MaxDisk: 10000}
	var disk *limits.DiskLimitError
	if _, err := Run(context.Background(), cfg); !errors.As(err, &disk) || disk.Need != dataOffset+2*5001 {
		t.Fatalf("a new run file of %d bytes under 10000: %v", dataOffset+2*5001, err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the refused run created its file")
	}
	cfg.Budget.MaxDisk = 20000
	runTo(t, cfg).Close()
	before, _ := os.ReadFile(path)
	cfg = runFileConfig(path, 9000)
	cfg.Budget = &limits.Budget{MaxDisk: 20000}
	if _, err := Run(context.Background(), cfg); !errors.As(err, &disk) || disk.Need != dataOffset+2*9001 {
		t.Fatalf("a resume to %d bytes under 20000: %v", dataOffset+2*9001, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the refused resume changed the file")
	}
}

// TestResumeStoppedBeforeGrowing: a resume whose context is done stops in
// the check of the values on disk, before the file grows to the new N: the
// file is left byte for byte as it was, and resumes later.
func TestResumeStoppedBeforeGrowing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bin")
	runTo(t, runFileConfig(path, 5000)).Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, runFileConfig(path, 200000)); !errors.Is(err, context.Canceled) {
		t.Fatalf("a resume under a done context: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatalf("the stopped resume changed the file (%d bytes, was %d)", len(after), len(before))
	}
	seq := runTo(t, runFileConfig(path, 7000))
	defer seq.Close()
	if w, _ := Reference(GrundyGame(), 7000); firstDiff(seq.Values, w) <= 7000 {
		t.Error("the later resume differs from the reference")
	}
}

// encodeV1 writes h as a slot of run-file format 1 (magic "GRNDYSEQ",
// the name at 12, the fields at 216, a CRC-32/IEEE): the format of the
// run files of an older grundy, written here independently of encode.
func encodeV1(h header) []byte {
	b := make([]byte, slotSize)
	le := binary.LittleEndian
	copy(b, "GRNDYSEQ")
	le.PutUint32(b[8:], 1)
	le.PutUint16(b[12:], uint16(len(h.name)))
	copy(b[14:], h.name)
	for i, v := range []uint64{uint64(h.capacity), uint64(h.reached), uint64(h.mask), h.checksum, uint64(h.max), uint64(h.argMax), uint64(h.rare), uint64(h.lastRare)} {
		le.PutUint64(b[216+8*i:], v)
	}
	le.PutUint32(b[slotSize-4:], crc32.ChecksumIEEE(b[:slotSize-4]))
	return b
}

// TestRunFileFormat1: a run file of format 1 (an older grundy's) is read
// and resumed, and the resumed run's file is byte for byte a run's of
// format 2 to the same end; its slots are the store's header.
func TestRunFileFormat1(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.bin")
	runTo(t, runFileConfig(old, 3000)).Close()
	data, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	if string(data[:8]) != store.Magic || string(data[24:27]) != "run" {
		t.Fatalf("the slot begins %q, want the store's magic and kind run", data[:32])
	}
	h, err := decodeHeader(data[:slotSize])
	if err != nil {
		t.Fatal(err)
	}
	copy(data, encodeV1(h))
	copy(data[slotSize:], encodeV1(h))
	if err := os.WriteFile(old, data, 0o644); err != nil {
		t.Fatal(err)
	}
	seq := runTo(t, runFileConfig(old, 5000))
	if seq.Stats.Resumed != 3001 {
		t.Errorf("resumed %d values of the format-1 file, want 3001", seq.Stats.Resumed)
	}
	seq.Close()
	clean := filepath.Join(dir, "clean.bin")
	runTo(t, runFileConfig(clean, 5000)).Close()
	a, _ := os.ReadFile(old)
	b, _ := os.ReadFile(clean)
	if !bytes.Equal(a, b) {
		t.Fatalf("the resumed format-1 file differs from a clean run's at byte %d", firstByteDiff(a, b))
	}
}
