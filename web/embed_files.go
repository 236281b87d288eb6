//go:build !js

package web

import "embed"

// staticFS holds the pages, scripts, styles and the vendored ECharts and
// CodeMirror builds.
//
//go:embed static
var staticFS embed.FS
