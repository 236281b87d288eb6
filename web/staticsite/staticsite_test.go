package staticsite

import (
	"strings"
	"testing"
)

// TestStaticPage: a page of the static site loads boot.js (which starts
// the engine's worker) before its own scripts, carries the CSP as the
// head's first tag, and links relatively, so the site works under a
// sub-path; absolute and protocol-relative URLs are left alone.
func TestStaticPage(t *testing.T) {
	in := `<head>
<link rel="stylesheet" href="/style.css">
<script src="/vendor/echarts/echarts.min.js"></script>
<script type="module" src="/graph.js"></script>
<a href="//example.org/x">x</a> <a href="https://example.org/">y</a> <a href="/">home</a>
</head>`
	out := string(StaticPage([]byte(in)))
	for _, want := range []string{`href="style.css"`, `src="vendor/echarts/echarts.min.js"`, `src="graph.js"`, `href="//example.org/x"`, `href="https://example.org/"`} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %s:\n%s", want, out)
		}
	}
	boot, first := strings.Index(out, `<script src="boot.js">`), strings.Index(out, `<script src="vendor/echarts`)
	if boot < 0 || first < boot {
		t.Errorf("want boot.js before the page's scripts:\n%s", out)
	}
	if strings.Count(out, "boot.js") != 1 || strings.Contains(out, "wasm_exec.js") {
		t.Errorf("want boot.js once and no wasm_exec.js (the worker loads it):\n%s", out)
	}
	csp := strings.Index(out, `<meta http-equiv="Content-Security-Policy" content="`+CSP+`">`)
	if csp < 0 || csp > strings.Index(out, "<link") {
		t.Errorf("want the CSP meta tag first in the head:\n%s", out)
	}
	if !strings.Contains(CSP, "worker-src 'self'") || strings.Contains(CSP, "unsafe-eval") {
		t.Errorf("CSP %q: want worker-src 'self' and no eval", CSP)
	}
}
