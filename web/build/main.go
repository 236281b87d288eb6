// Command build writes the web explorer as a static site: the pages of
// `grundy serve` with the engine compiled to WebAssembly, to publish as
// plain files on any static host (no server computing).
//
//	go run ./web/build -o site/
//
// The site ships the databases of tic-tac-toe, Quixo 3x3 and Quixo 4x4
// (solved into it, about a minute for Quixo 4x4, kept for the next build;
// 8.8 MB of the site); -db names other games, or none.
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
	"strings"

	"github.com/grundy-go/grundy/web"
	"github.com/grundy-go/grundy/web/staticsite"
)

func main() {
	out := flag.String("o", "site", "the folder to write the site into")
	dbs := flag.String("db", "tictactoe,quixo:3x3,quixo:4x4", "the games whose databases the site ships, comma-separated (\"\": none)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "build: unexpected argument %q (usage: go run ./web/build -o DIR)\n", flag.Arg(0))
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var games []string
	if *dbs != "" {
		games = strings.Split(*dbs, ",")
	}
	if err := staticsite.Build(ctx, *out, web.Pages(), staticsite.Options{Databases: games}); err != nil {
		fmt.Fprintf(os.Stderr, "build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("static explorer written to %s (serve it with any file server, e.g. python3 -m http.server -d %s)\n", *out, *out)
}
