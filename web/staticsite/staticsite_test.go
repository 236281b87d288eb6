package staticsite

import (
	"strings"
	"testing"
)

// TestStaticPage: a page of the static site loads the engine's scripts
// before its own and links relatively, so the site works under a sub-path;
// absolute and protocol-relative URLs are left alone.
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
	exec := strings.Index(out, `<script src="wasm_exec.js">`)
	if exec < 0 || boot < exec || first < boot {
		t.Errorf("want wasm_exec.js, then boot.js, then the page's scripts:\n%s", out)
	}
	if strings.Count(out, "boot.js") != 1 {
		t.Errorf("boot.js loaded %d times", strings.Count(out, "boot.js"))
	}
}
