// Package web is grundy's local web explorer (`grundy serve`): a JSON API
// under /api/ that serves the same answers as the CLI's --json (SPEC
// section 5), and a few embedded pages that draw them: the catalog, a game's
// value chart with its pattern, a position analyser, the game graph, play
// against the perfect opponent, and a rule-script editor.
//
// Every request is bounded: a time limit, a state limit, a body size limit
// and a cap on concurrent computations. Bad input is a 400 with a JSON
// error, a limit hit a 422; the server keeps no state between requests.
package web

import "embed"

// staticFS holds the pages, scripts, styles and the vendored ECharts build.
//
//go:embed static
var staticFS embed.FS
