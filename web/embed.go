// Package web is grundy's local web explorer (`grundy serve`): a JSON API
// under /api/ that serves the same answers as the CLI's --json
// (docs/web.md), and a few embedded pages that draw them: the catalog, a
// game's value chart with its pattern, a position analyser, the game graph, play
// against the perfect opponent, and a rule-script editor. The same pages
// also run with no server: web/staticsite builds them with this package's
// Server compiled to WebAssembly (web/wasm).
//
// Every request is bounded: a time limit, a state limit, a body size limit
// and a cap on concurrent computations. Bad input is a 400 with a JSON
// error, a limit hit a 422; the server keeps no state between requests.
package web

import "io/fs"

// Pages returns the explorer's pages, scripts, styles and vendored files
// (the folder web/static): what the server serves at /, and what the static
// build (web/staticsite) copies. It is empty in the WebAssembly engine,
// whose pages are the static site's files (embed_js.go).
func Pages() fs.FS {
	pages, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // "static" is a valid path: Sub cannot fail
	}
	return pages
}
