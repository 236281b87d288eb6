package adversarial

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWideSumPlay plays sums of thousands of small heaps (issue 28 item
// 5). play's remoteness search kept, for each position on its stack, the
// key of every move (a key is the whole sum): the computer's first move
// in a sum of 1000 ones ran to its 30 s timeout at 2.0 GB under
// --max-memory 64MiB, and 2700 ones passed 3 GB in 26 s. Now the search is
// the retrograde solver, each key held once and counted, and it gives up
// past a fixed size; the listing makes the position after a move only to
// write it. With empty stdin play ends with "input ended" (exit 2) once
// the computer has moved and the human's moves are listed. The memory
// bound is the limit plus 64 MiB: 35-49 MiB of peak RSS was measured for
// the sums of ones, 50-63 MiB for the kayles sum. A sum of 10^5 heaps
// lists moves of 10^5 components: its listing passes 64 MiB and stops at
// the limit, or at the deadline D within D + 0.5 s. The process tree's
// peak RSS, which the harness measures, was 125-133 MiB (163-168 MiB for
// the worker alone while the runtime's limit was --max-memory + 256 MiB);
// since the runtime's limit reserves room for the supervisor and the
// pacer makes the listing wait for the collector (limits.RuntimeLimit,
// limits.Room), 111-118 MiB: the bound is the rule's.
func TestWideSumPlay(t *testing.T) {
	dir := t.TempDir()
	ones := writeFile(t, dir, "ones.txt", strings.Repeat("1\n", 1000))
	ones2700 := writeFile(t, dir, "ones2700.txt", strings.Repeat("1 ", 2700))
	twos := writeFile(t, dir, "twos.txt", strings.Repeat("2 ", 2700))
	var b strings.Builder
	for i := range 100000 {
		b.WriteString(" " + strconv.Itoa(1000+i%7919))
	}
	heaps := writeFile(t, dir, "heaps.txt", b.String())
	ended := [][]string{{"input ended"}}
	cases := []struct {
		name string
		args []string
		e    expect
	}{
		{"nim-1000-ones", []string{"--max-memory", "64MiB", "--timeout", "30s", "play", "--first", "computer", "nim", "@" + ones},
			expect{codes: []int{2}, msgs: ended, wall: 5 * time.Second, rssMiB: 128}},
		{"nim-2700-ones", []string{"--max-memory", "64MiB", "play", "--first", "computer", "nim", "@" + ones2700},
			expect{codes: []int{2}, msgs: ended, wall: 5 * time.Second, rssMiB: 128}},
		{"misere-nim-2700-ones", []string{"--max-memory", "64MiB", "play", "--misere", "--first", "computer", "nim", "@" + ones2700},
			expect{codes: []int{2}, msgs: ended, wall: 5 * time.Second, rssMiB: 128}},
		{"kayles-2x2700-twos", []string{"--max-memory", "64MiB", "play", "--first", "computer", "kayles", "@" + twos, "+", "kayles", "@" + twos},
			expect{codes: []int{2}, msgs: ended, wall: 5 * time.Second, rssMiB: 128}},
		{"nim-1e5-heaps-64MiB", []string{"--max-memory", "64MiB", "--timeout", "5s", "play", "--first", "computer", "nim", "@" + heaps},
			expect{codes: []int{1}, msgs: anyLimit, wall: 5500 * time.Millisecond, rssMiB: 64 + 64}},
		// Under the default budget (4 GiB) the listing grows with the work
		// it does before its deadline, about 280 MiB a second of CPU:
		// 320-540 MiB after 1.1-1.9 s of CPU (load 7-10), so 512 MiB
		// failed once the machine gave it the time. The bound tells a
		// listing that stops at its deadline from one that runs on.
		{"nim-1e5-heaps-timeout", []string{"--timeout", "2s", "play", "--first", "computer", "nim", "@" + heaps},
			expect{codes: []int{1}, msgs: anyLimit, wall: 2500 * time.Millisecond, rssMiB: 1024}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check(t, call{args: c.args, net: 40 * time.Second}, c.e, 3)
		})
	}
}

// TestWideSumMove asks `grundy serve` for the move in a sum of 2700 ones
// (issue 28 item 5: a 422 after 10 s with the server at 4.1 GB, against
// a per-request limit of 512 MiB). Every move loses (2700 ones XOR to 0),
// so the best is the first; the answer must come within the server's
// 10 s limit, with the server's resident memory under the per-request
// limit (one request runs). Measured: 200 in 0.9 s at 54 MiB.
func TestWideSumMove(t *testing.T) {
	base, s := startServer(t)
	start := time.Now()
	res, err := http.Get(base + "/api/move?position=" + url.QueryEscape("nim"+strings.Repeat(" 1", 2700)))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Outcome string `json:"outcome"`
		Moves   []any  `json:"moves"`
		Best    struct {
			Position string `json:"position"`
			Outcome  string `json:"outcome"`
		} `json:"best"`
	}
	err = json.NewDecoder(res.Body).Decode(&answer)
	res.Body.Close()
	took := time.Since(start)
	rss := treeRSS(s.cmd.Process.Pid)
	t.Logf("/api/move of 2700 ones: %d after %v, server at %.0f MiB", res.StatusCode, took, float64(rss)/1024)
	if res.StatusCode != http.StatusOK || err != nil {
		t.Fatalf("status %d, %v", res.StatusCode, err)
	}
	if want := "nim 0" + strings.Repeat(" 1", 2699); answer.Outcome != "lose" || len(answer.Moves) != 1000 || answer.Best.Position != want || answer.Best.Outcome != "lose" {
		t.Errorf("answer: %s with %d moves, best %.40s... %s; want lose, 1000 moves, best to %.40s... lose",
			answer.Outcome, len(answer.Moves), answer.Best.Position, answer.Best.Outcome, want)
	}
	if took > 10*time.Second {
		t.Errorf("answered after %v, past the server's 10 s limit", took)
	}
	if rss > 512<<10 {
		t.Errorf("server at %.0f MiB, over the per-request limit of 512 MiB", float64(rss)/1024)
	}
}
