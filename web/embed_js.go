//go:build js

package web

import "embed"

// staticFS is empty in the WebAssembly engine of the static build: the
// site serves the pages as files, and the engine answers only /api/, so
// embedding them again would only make grundy.wasm larger (by about 1.7 MB).
var staticFS embed.FS
