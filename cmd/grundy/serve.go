package main

import (
	"fmt"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/web"
)

func init() { verbs = append(verbs, serveCmd) }

func serveCmd(opts *options) *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Run the local web explorer: catalog, charts, analyser, game graphs, play, rule editor",
		Long: `serve runs the web explorer on --addr (default 127.0.0.1:8080, this machine
only) until interrupted. The same JSON as the CLI's --json is served under
/api/VERB. --timeout and --max-states set the most one request may use
(defaults 10s and 5000000 states); a request may ask for less.`,
		Example: `  grundy serve
  grundy serve --addr 127.0.0.1:9000 --timeout 30s`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, _, err := net.SplitHostPort(addr); err != nil {
				return usageError{fmt.Errorf("--addr %q is not HOST:PORT: %w", addr, err)}
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
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			return web.ListenAndServe(ctx, addr, cfg, func(a net.Addr) {
				fmt.Fprintf(cmd.OutOrStdout(), "grundy explorer on http://%s/ (Ctrl-C stops it)\n", a)
			})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", web.DefaultAddr, "HOST:PORT to listen on")
	return cmd
}
