package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// docCommand is one command of a fenced block in the docs and the output
// shown below it. Four forms run:
//
//	$ grundy ARGS                      the CLI, with empty stdin
//	$ printf 'LINES' | grundy ARGS     the CLI with LINES on stdin (play's line protocol)
//	$ grundy serve --addr HOST:PORT &  the explorer, started in the background on a
//	                                   free port (one per file) until the test ends
//	$ curl -s [-w FMT] [-d BODY] [-H HEADER] 'URL'   a request to that server
//
// The output of serve and curl is compared with the docs' HOST:PORT in
// place of the port the server got.
type docCommand struct {
	file  string
	line  int
	args  []string
	stdin string // printf's output
	serve bool   // grundy ... & : start the server
	curl  bool   // args are curl's
	want  []string
	want0 []string // the output lines as found in the file
}

// The shell forms docCommands reads besides `$ grundy ARGS`.
var (
	printfPipe = regexp.MustCompile(`^\$ printf '([^']*)' \| grundy (.*)$`)
	background = regexp.MustCompile(`^\$ grundy (serve.*) &$`)
	curlLine   = regexp.MustCompile(`^\$ curl (.*)$`)
)

// updateDocs rewrites the output shown under each command with what it
// prints now: `go test ./cmd/grundy -run TestDocsExamples -update-docs`.
// Review the diff before committing it.
var updateDocs = flag.Bool("update-docs", false, "rewrite the outputs shown in the docs")

// TestDocsExamples runs every command shown in README.md and docs/*.md and
// compares its output (stdout, then stderr) with the text below it. Only
// whitespace is normalised: runs of blanks fold to one, and blank lines and
// trailing spaces do not count. Commands run from the repository root.
func TestDocsExamples(t *testing.T) {
	t.Chdir("../..")
	files, _ := filepath.Glob("docs/*.md")
	files = append([]string{"README.md"}, files...)
	var cmds []docCommand
	for _, f := range files {
		found, err := docCommands(f)
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, found...)
	}
	if len(cmds) == 0 {
		t.Fatal("no `$ grundy` commands found in the docs")
	}
	fixes := map[string][]docCommand{}
	servers := map[string]*docServer{}
	defer func() {
		for _, srv := range servers {
			srv.stop(t)
		}
	}()
	for _, c := range cmds {
		var printed string
		switch {
		case c.serve:
			if servers[c.file] != nil {
				t.Fatalf("%s:%d: a second server in one file", c.file, c.line)
			}
			srv := startDocServer(t, c)
			servers[c.file] = srv
			printed = srv.announced
		case c.curl:
			srv := servers[c.file]
			if srv == nil {
				t.Fatalf("%s:%d: curl before any '$ grundy serve ... &' in the file", c.file, c.line)
			}
			printed = srv.curl(t, c)
		default:
			var out, errOut bytes.Buffer
			run(context.Background(), c.args, strings.NewReader(c.stdin), &out, &errOut)
			printed = out.String() + errOut.String()
		}
		got := normalise(printed)
		if want := normalise(strings.Join(c.want, "\n")); got != want && *updateDocs {
			fixed := c
			fixed.want0 = c.want
			fixed.want = strings.Split(strings.TrimRight(printed, "\n"), "\n")
			fixes[c.file] = append(fixes[c.file], fixed)
		} else if got != want {
			t.Errorf("%s:%d: %s\n--- shown in the docs:\n%s\n--- printed:\n%s", c.file, c.line, strings.Join(c.args, " "), want, got)
		}
	}
	if n := len(servers); n == 0 {
		t.Error("no `$ grundy serve ... &` in the docs: the explorer's examples are not run")
	}
	if !slices.ContainsFunc(cmds, func(c docCommand) bool { return c.stdin != "" && len(c.args) > 0 && c.args[0] == "play" }) {
		t.Error("no `$ printf '...' | grundy play` in the docs: play's examples are not run")
	}
	for file, fixed := range fixes {
		if err := rewriteOutputs(file, fixed); err != nil {
			t.Fatal(err)
		}
	}
}

// rewriteOutputs replaces the output lines under each command of fixed (in
// file order) with its new output.
func rewriteOutputs(file string, fixed []docCommand) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	for i := len(fixed) - 1; i >= 0; i-- {
		c := fixed[i]
		end := c.line + len(c.want0)
		lines = append(lines[:c.line], append(append([]string{}, c.want...), lines[end:]...)...)
	}
	return os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
}

// docCommands extracts the commands of the fenced code blocks of one file.
func docCommands(path string) ([]docCommand, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cmds []docCommand
	var cur *docCommand
	inBlock := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
			if cur != nil {
				cmds = append(cmds, *cur)
				cur = nil
			}
			continue
		}
		if !inBlock {
			continue
		}
		if strings.HasPrefix(line, "$ ") {
			if cur != nil {
				cmds = append(cmds, *cur)
				cur = nil
			}
			c, err := parseDocCommand(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			if c != nil {
				c.file, c.line = path, n
				cur = c
			}
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	return cmds, sc.Err()
}

// parseDocCommand reads one "$ " line of the docs: nil for a command the
// tests do not run (go install, ...).
func parseDocCommand(line string) (*docCommand, error) {
	var c docCommand
	var rest string
	if m := printfPipe.FindStringSubmatch(line); m != nil {
		stdin, err := printfText(m[1])
		if err != nil {
			return nil, err
		}
		c.stdin, rest = stdin, m[2]
	} else if m := background.FindStringSubmatch(line); m != nil {
		c.serve, rest = true, m[1]
	} else if m := curlLine.FindStringSubmatch(line); m != nil {
		c.curl, rest = true, m[1]
	} else if r, ok := strings.CutPrefix(line, "$ grundy "); ok {
		rest = r
	} else {
		return nil, nil
	}
	if unquotedMeta(rest) {
		return nil, fmt.Errorf("%q: the docs' commands are one program and its words (printf '...' | grundy, grundy serve ... &, curl)", line)
	}
	args, err := shellWords(rest)
	if err != nil {
		return nil, err
	}
	c.args = args
	return &c, nil
}

// unquotedMeta reports whether s has a shell metacharacter outside quotes
// (a pipe, a redirection, a second command), which the tests do not run.
func unquotedMeta(s string) bool {
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case strings.ContainsRune("|&;<>`$", r):
			return true
		}
	}
	return false
}

// printfText is what printf prints for a format with no conversions: \n,
// \t and \\ escapes, %% for %.
func printfText(format string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		switch ch := format[i]; {
		case ch == '\\' && i+1 < len(format):
			i++
			switch format[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\\':
				b.WriteByte('\\')
			default:
				return "", fmt.Errorf("printf escape \\%c is not read by the docs test", format[i])
			}
		case ch == '%' && i+1 < len(format) && format[i+1] == '%':
			b.WriteByte('%')
			i++
		case ch == '%':
			return "", fmt.Errorf("printf conversion in %q is not read by the docs test", format)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), nil
}

// docServer is a `grundy serve` the docs started, running in-process on a
// free port.
type docServer struct {
	docAddr   string // HOST:PORT as the docs write it
	addr      string // where it listens
	announced string // what it printed, with docAddr for addr
	cancel    context.CancelFunc
	done      chan int
}

// startDocServer runs `grundy serve ARGS` with --addr on a free loopback
// port and waits for its announcement.
func startDocServer(t *testing.T, c docCommand) *docServer {
	t.Helper()
	args := slices.Clone(c.args)
	srv := &docServer{docAddr: "127.0.0.1:8080", done: make(chan int, 1)}
	for i, a := range args {
		if a == "--addr" && i+1 < len(args) {
			srv.docAddr = args[i+1]
			args[i+1] = "127.0.0.1:0"
		}
	}
	if !slices.Contains(args, "--addr") {
		args = append(args, "--addr", "127.0.0.1:0")
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv.cancel = cancel
	out := &syncBuffer{}
	go func() { srv.done <- run(ctx, args, strings.NewReader(""), out, out) }()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "\n") {
		select {
		case code := <-srv.done:
			t.Fatalf("%s:%d: grundy %s ended with status %d: %s", c.file, c.line, strings.Join(c.args, " "), code, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s:%d: the server announced nothing in 10s", c.file, c.line)
		}
		time.Sleep(10 * time.Millisecond)
	}
	m := regexp.MustCompile(`http://([^/]+)/`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("%s:%d: no address in %q", c.file, c.line, out.String())
	}
	srv.addr = m[1]
	srv.announced = strings.ReplaceAll(out.String(), srv.addr, srv.docAddr)
	return srv
}

// curl makes the request of a `$ curl` line and returns what curl prints:
// the body, then -w's format with %{http_code} filled in.
func (srv *docServer) curl(t *testing.T, c docCommand) string {
	t.Helper()
	method, format, target := "GET", "", ""
	var body io.Reader
	header := http.Header{}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case a == "-s":
		case (a == "-w" || a == "-d" || a == "-H" || a == "-X") && i+1 < len(c.args):
			i++
			switch a {
			case "-w":
				format = c.args[i]
			case "-d":
				method, body = "POST", strings.NewReader(c.args[i])
			case "-H":
				k, v, _ := strings.Cut(c.args[i], ":")
				header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
			case "-X":
				method = c.args[i]
			}
		case strings.HasPrefix(a, "http://") && target == "":
			target = strings.Replace(a, srv.docAddr, srv.addr, 1)
		default:
			t.Fatalf("%s:%d: curl argument %q is not read by the docs test", c.file, c.line, a)
		}
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatalf("%s:%d: %v", c.file, c.line, err)
	}
	req.Header = header
	if body != nil && header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // as curl -d sends
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s:%d: %v", c.file, c.line, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s:%d: %v", c.file, c.line, err)
	}
	w, _ := printfText(strings.ReplaceAll(format, "%{http_code}", strconv.Itoa(resp.StatusCode)))
	return strings.ReplaceAll(string(data)+w, srv.addr, srv.docAddr)
}

// stop ends the server as Ctrl-C would and checks it ended cleanly.
func (srv *docServer) stop(t *testing.T) {
	srv.cancel()
	select {
	case code := <-srv.done:
		if code != 0 {
			t.Errorf("grundy serve on %s ended with status %d", srv.addr, code)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("grundy serve on %s did not stop within 10s", srv.addr)
	}
}

// shellWords splits a command line as a POSIX shell would for the simple
// forms the docs use: blanks separate words; single and double quotes group.
func shellWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				word.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func normalise(s string) string {
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			lines = append(lines, strings.Join(f, " "))
		}
	}
	return strings.Join(lines, "\n")
}

func TestShellWords(t *testing.T) {
	got, err := shellWords(`value flip '++--' "a b" c`)
	if err != nil || strings.Join(got, "|") != "value|flip|++--|a b|c" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := shellWords(`value 'x`); err == nil {
		t.Fatal("unclosed quote accepted")
	}
}

func TestParseDocCommand(t *testing.T) {
	c, err := parseDocCommand(`$ printf '2\nnim 0 0\n' | grundy play --hint nim 1 2`)
	if err != nil || c.stdin != "2\nnim 0 0\n" || strings.Join(c.args, "|") != "play|--hint|nim|1|2" {
		t.Errorf("printf pipe: %+v, %v", c, err)
	}
	c, err = parseDocCommand(`$ grundy serve --addr 127.0.0.1:8080 &`)
	if err != nil || !c.serve || strings.Join(c.args, "|") != "serve|--addr|127.0.0.1:8080" {
		t.Errorf("serve: %+v, %v", c, err)
	}
	c, err = parseDocCommand(`$ curl -s -w '%{http_code}\n' 'http://127.0.0.1:8080/api/table?game=nim&to=3'`)
	if err != nil || !c.curl || len(c.args) != 4 || c.args[3] != "http://127.0.0.1:8080/api/table?game=nim&to=3" {
		t.Errorf("curl: %+v, %v", c, err)
	}
	if c, err := parseDocCommand(`$ go install ./cmd/grundy`); c != nil || err != nil {
		t.Errorf("go install: %+v, %v", c, err)
	}
	for _, bad := range []string{`$ grundy value nim 3 > out.txt`, `$ grundy value nim 3 | head`, `$ printf '%d\n' | grundy play nim 1`} {
		if _, err := parseDocCommand(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}
