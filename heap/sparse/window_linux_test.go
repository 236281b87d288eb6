package sparse

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// residentKiB returns the resident memory (Rss in /proc/self/smaps) of the
// process's mapping of path, in KiB; false when none is found.
func residentKiB(t *testing.T, path string) (int64, bool) {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if fields := strings.Fields(line); len(fields) >= 6 && strings.Contains(fields[0], "-") {
			in = fields[len(fields)-1] == path
			continue
		}
		if in && strings.HasPrefix(line, "Rss:") {
			kb, err := strconv.ParseInt(strings.Fields(line)[1], 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}

// TestRunFileWindowResident checks what the window is for: after a run of
// 2^18 values of 0.6 (512 KiB of values; the last rare heap size is 20627)
// with 2048 values resident at each end, the mapping holds little more
// than the two windows, not the file.
func TestRunFileWindowResident(t *testing.T) {
	six, _ := Octal("0.6")
	path := t.TempDir() + "/six.bin"
	seq := runTo(t, Config{Rules: six, To: 1 << 18, Out: path, Window: 2048})
	kb, ok := residentKiB(t, path)
	if !ok {
		t.Skip("no Rss for the mapping in /proc/self/smaps")
	}
	if kb > 64 {
		t.Errorf("%d KiB of the run file's mapping resident, want at most 64 (the file holds %d KiB)", kb, 2*len(seq.Values)/1024)
	}
}
