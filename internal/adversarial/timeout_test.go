package adversarial

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The rule of --timeout D (issue 14): every verb ends within
// D + max(10% of D, 0.5 s) with exit status 1 and a clear line. With
// D = 1 s the process, its start included, gets 2.5 s of wall time, the
// best of up to three tries.
const (
	timeout     = "1s"
	timeoutWall = 2500 * time.Millisecond
	timeoutNet  = timeoutWall + 500*time.Millisecond // the safety net of a hang
	tries       = 3
)

// TestTimeout runs bombs for every verb under --timeout 1s. mustTimeOut
// cases cannot be answered in a second, so they end with exit 1 and the
// time-out message; the others may also answer (exit 0) or stop at
// another limit, but within the same bound.
func TestTimeout(t *testing.T) {
	in := newInputs(t)
	cases := []struct {
		name        string
		args        []string
		mustTimeOut bool
		codes       []int      // when not mustTimeOut (nil: 0 or 1)
		msgs        [][]string // when not mustTimeOut (nil: anyLimit)
		rssMiB      int64      // 0: 256
	}{
		{"octal-huge-heap", args("value octal:0.ffff 16000"), true, nil, nil, 0},
		{"grundy-game-huge-heap", args("value grundy-game 100000000"), true, nil, nil, 0},
		{"lasker-huge-heap", args("value lasker 100000000"), true, nil, nil, 0},
		{"misere-kayles", args("value --misere kayles 30 20 + dawson-kayles 40"), true, nil, nil, 0},
		{"rectangles-sum", args("value rectangles 6x6 6x5"), true, nil, nil, 0},
		{"sum-of-huge-heaps", args("value kayles 100000000 + grundy-game 100000000 + octal:0.ffff 16000 + lasker 100000000"), true, nil, nil, 0},
		{"graph-rectangles", args("graph --max-nodes 100000000 rectangles 6x6"), true, nil, nil, 1024},
		// A graph of 90601 positions and 2.7 * 10^7 moves, allowed by
		// --max-nodes: listing and laying it out must stop too.
		{"graph-nim-dot", args("graph --max-nodes 100000000 nim 300 300"), false, nil, nil, 1024},
		{"graph-nim-svg", args("graph --max-nodes 100000000 --format svg nim 300 300"), false, nil, nil, 1024},
		{"graph-kayles-dot", args("graph --max-nodes 100000000 kayles 100000"), false, nil, nil, 1024},
		{"solve-rectangles", args("solve rectangles 6x6"), true, nil, nil, 512},
		// A summary of 10^12 values of a game with no proven pattern cannot be
		// computed in a second: it times out, or is refused at once as a
		// memory limit (exit 1, naming --max-memory), not as bad input.
		// An in-memory table holds what --max-memory allows (2 bytes a value,
		// 2^31 values under the default 4 GiB): a longer table with no proven
		// pattern is refused at once as input that asks too much (exit 2,
		// saying the memory it would need and pointing to run files).
		{"table-summary-1e12", args("table grundy-game --to 1000000000000"), false, []int{1, 2}, [][]string{timedOut, memoryLimit, {"needs 1.8 TiB of memory"}}, 0},
		{"table-misere-huge", args("table --misere kayles --to 100000000"), true, nil, nil, 0},
		{"table-script-huge", []string{"table", in.options, "--to", "16777215"}, true, nil, nil, 1024},
		// play: the computer's first move is the work; stdin is empty.
		{"play-computer-first", args("play --first computer kayles 100000000"), true, nil, nil, 0},
		{"play-rectangles", args("play --first computer rectangles 6x6"), true, nil, nil, 0},
		// 10^5 nim heaps: nim-sums answer the value at once; the general
		// solver, misère play and play's listing of moves must still stop.
		// Each listed move holds a 10^5-component position, so memory grows
		// with the time allowed; the default budget (4 GiB) holds it, and the
		// bounds here are what one second reaches on a loaded machine.
		{"value-nim-1e5-heaps", []string{"value", "nim", "@" + in.heaps}, false, nil, nil, 0},
		{"solve-nim-1e5-heaps", []string{"solve", "nim", "@" + in.heaps}, false, nil, nil, 1536},
		{"misere-nim-1e5-heaps", []string{"value", "--misere", "nim", "@" + in.heaps}, false, nil, nil, 1536},
		// With empty stdin play ends with "input ended" (exit 2) if the
		// computer's move and the listing of the human's moves fit in time.
		{"play-nim-1e5-heaps", []string{"play", "--first", "computer", "nim", "@" + in.heaps}, false, []int{1, 2}, append(anyLimit, []string{"input ended"}), 1536},
		// A forest of 10^5 nodes: each move writes a new 10^5-node forest, so
		// memory grows fast until the time limit; the default budget (4 GiB)
		// holds it, and the bound here is what one second can reach.
		{"solve-forest-1e5", []string{"solve", "forest", "@" + in.forest}, false, nil, nil, 1536},
		{"misere-forest-1e5", []string{"value", "--misere", "forest", "@" + in.forest}, false, nil, nil, 1536},
		// Rule scripts: 10^5 and 10^6 options a call; hashing shared tuples;
		// an infinite game; a call that never returns.
		{"script-1e5-options", []string{"value", in.options, "100000"}, true, nil, nil, 1024},
		{"script-1e6-options", []string{"value", in.options10, "100000"}, true, nil, nil, 1024},
		// explain: the values, the options it lists, the table of --depth,
		// the misère quotient and the best line of a general game.
		{"explain-grundy-game-huge-heap", args("explain grundy-game 100000000"), true, nil, nil, 0},
		{"explain-depth-huge", args("explain --depth 3 nim 1000000000000 + grundy-game 100000000"), true, nil, nil, 0},
		{"explain-misere-kayles", args("explain --misere kayles 30 20 + dawson-kayles 40"), true, nil, nil, 0},
		{"explain-quixo-4x4", args("explain quixo:4x4"), false, nil, nil, 1024},
		// identify: the codes of 4 digits computed on demand (many pass
		// the screen of twelve zeros), scripts tabulated first.
		{"identify-digits-4", args("identify --digits 4 0 0 0 0 0 0 0 0 0 0 0 0"), false, nil, nil, 0},
		{"identify-script-infinite-game", []string{"identify", in.descent}, true, nil, nil, 512},
		{"identify-script-many-options", []string{"identify", in.options10, "--to", "4095"}, false, nil, nil, 1024},
		// The sandbox refuses the tuple when it is built (its nested size
		// passes the cap), before anything hashes it.
		{"script-hash-shared-tuples", []string{"value", in.sharedHash, "5"}, false, []int{1}, [][]string{timedOut, {"nested elements"}}, 0},
		{"script-shared-tuple-positions", []string{"value", in.sharedPos, "5"}, false, []int{1, 2}, [][]string{}, 0},
		{"script-infinite-game", []string{"value", in.descent, "3"}, true, nil, nil, 512},
		{"script-endless-call", []string{"value", in.busy, "3"}, false, []int{1}, [][]string{timedOut, {"steps", "--script-call-steps"}}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := expect{codes: []int{1}, msgs: [][]string{timedOut}, wall: timeoutWall, rssMiB: tc.rssMiB}
			if !tc.mustTimeOut {
				e.codes, e.msgs = tc.codes, tc.msgs
				if e.codes == nil {
					e.codes = []int{0, 1}
				}
				if e.msgs == nil {
					e.msgs = anyLimit
				} else if len(e.msgs) == 0 {
					e.msgs = nil // any message
				}
			}
			check(t, call{args: withTimeout(timeout, tc.args), net: timeoutNet, killMiB: 2048}, e, tries)
		})
	}
}

// TestTimeoutEveryHeapGame values one huge heap of every heap game of the
// catalog (and of parameterized ones) under --timeout 1s: each answers or
// times out within the bound.
func TestTimeoutEveryHeapGame(t *testing.T) {
	o := run(t, call{args: args("games --json")})
	if o.code != 0 {
		t.Fatalf("grundy games --json: %v", o)
	}
	var catalog []struct {
		Name    string          `json:"name"`
		Syntax  string          `json:"syntax"`
		Example string          `json:"example"`
		Params  json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal([]byte(o.stdout), &catalog); err != nil {
		t.Fatalf("games --json: %v", err)
	}
	// Games with parameters: hard codes and sets besides the example's.
	params := map[string][]string{
		"octal":    {"octal:0.ffff", "octal:4.7777", "octal:0.137"},
		"subtract": {"subtract:2,5,7,1000000", "subtract:1-1000000"},
	}
	var names []string
	for _, g := range catalog {
		if !strings.HasPrefix(g.Syntax, "heap sizes") {
			continue
		}
		switch {
		case params[g.Name] != nil:
			names = append(names, params[g.Name]...)
		case len(g.Params) > 0 && string(g.Params) != "null":
			names = append(names, strings.Fields(g.Example)[0])
		default:
			names = append(names, g.Name)
		}
	}
	if len(names) < 5 {
		t.Fatalf("only %d heap games in the catalog: %v", len(names), names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			e := expect{codes: []int{0, 1}, msgs: anyLimit, wall: timeoutWall}
			check(t, call{args: withTimeout(timeout, []string{"value", name, "100000000"}), net: timeoutNet, killMiB: 2048}, e, tries)
		})
	}
}
