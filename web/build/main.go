// Command build writes the web explorer as a static site: the pages of
// `grundy serve` with the engine compiled to WebAssembly, to publish as
// plain files on any static host (no server computing).
//
//	go run ./web/build -o site/
//
// Serve the folder with any file server (WebAssembly needs http:, not
// file:), e.g. `python3 -m http.server -d site`. See docs/web.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/grundy-go/grundy/web"
	"github.com/grundy-go/grundy/web/staticsite"
)

func main() {
	out := flag.String("o", "site", "the folder to write the site into")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "build: unexpected argument %q (usage: go run ./web/build -o DIR)\n", flag.Arg(0))
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := staticsite.Build(ctx, *out, web.Pages(), staticsite.Options{}); err != nil {
		fmt.Fprintf(os.Stderr, "build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("static explorer written to %s (serve it with any file server, e.g. python3 -m http.server -d %s)\n", *out, *out)
}
