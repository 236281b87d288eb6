package main

import (
	"errors"
	"fmt"
	"net"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/web"
)

func init() { verbs = append(verbs, serveCmd) }

func serveCmd(opts *options) *cobra.Command {
	var addr string
	var dbs []string
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Run the local web explorer: catalog, charts, analyser, game graphs, play, rule editor",
		Long: `serve runs the web explorer on --addr (default 127.0.0.1:8080, this machine
only) until interrupted. The same JSON as the CLI's --json is served under
/api/VERB. --timeout, --max-states and --max-memory set the most one
request may use (defaults 10s, 5000000 states and 512MiB); a request may
ask for less. docs/web.md describes the pages and the API.`,
		Example: `  grundy serve
  grundy serve --addr 127.0.0.1:9000 --timeout 30s
  grundy serve --db q4      # play quixo:4x4 from the database q4`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, port, err := net.SplitHostPort(addr)
			if err != nil {
				return usageError{fmt.Errorf("--addr %s is not HOST:PORT (e.g. 127.0.0.1:8080): %v", quoted(addr), printable(err.Error()))}
			}
			if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
				return usageError{fmt.Errorf("--addr %s: the port must be a number from 0 to 65535 (0: any free port)", quoted(addr))}
			}
			cfg := web.DefaultConfig()
			if opts.timeout > 0 {
				cfg.Timeout = time.Duration(opts.timeout)
			}
			if opts.maxStates > 0 {
				cfg.MaxStates = int64(opts.maxStates)
			}
			if cmd.Flags().Changed("max-memory") && opts.maxMemory > 0 {
				cfg.MaxMemory = int64(opts.maxMemory) // per request; 512 MiB by default
			}
			for _, dir := range dbs {
				if err := checkDB(dir, false); err != nil {
					return err
				}
			}
			if len(dbs) > 0 {
				if cfg.Databases, err = query.OpenDatabases(dbs); err != nil {
					return fmt.Errorf("--db: %w", dbError(err, nil))
				}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			err = web.ListenAndServe(ctx, addr, cfg, func(a net.Addr) {
				fmt.Fprintln(cmd.OutOrStdout(), announce(a))
			})
			if err == nil {
				// Interrupted (Ctrl-C, SIGTERM): the server shut down.
				fmt.Fprintln(cmd.OutOrStdout(), "grundy explorer stopped")
			}
			var op *net.OpError
			if errors.As(err, &op) && op.Op == "listen" {
				// A port in use or not allowed: the user picks another.
				return usageError{fmt.Errorf("--addr %s: %v: choose another HOST:PORT with --addr (port 0: any free one)", quoted(addr), op.Err)}
			}
			return err
		},
	}
	cmd.Flags().StringVar(&addr, "addr", web.DefaultAddr, "HOST:PORT to listen on")
	cmd.Flags().StringArrayVar(&dbs, "db", nil, "a database of one game (made by grundy solve GAME --db DIR) that answers its positions; repeat for more games")
	return cmd
}

// announce is the line that tells where the explorer listens. An address
// that stands for every interface (0.0.0.0, ::) is no address a browser
// can open: the line gives localhost, which is one of them, and says the
// others listen too.
func announce(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		return fmt.Sprintf("grundy explorer on http://localhost:%d/ and every address of this machine (Ctrl-C stops it)", tcp.Port)
	}
	return fmt.Sprintf("grundy explorer on http://%s/ (Ctrl-C stops it)", a)
}
