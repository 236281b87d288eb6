package main

import (
	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/query"
)

func init() { rootHooks = append(rootHooks, addScriptFlags) }

// addScriptFlags adds the step budgets of rule scripts (*.star games) and
// passes them to the script package in the command's context.
func addScriptFlags(root *cobra.Command) {
	var limits query.ScriptLimits
	pf := root.PersistentFlags()
	pf.Uint64Var(&limits.RunSteps, "script-steps", query.DefaultScriptRunSteps, "rule scripts: the most Starlark steps all calls of a script may take")
	pf.Uint64Var(&limits.CallSteps, "script-call-steps", query.DefaultScriptCallSteps, "rule scripts: the most Starlark steps one call of a script function may take")
	prev := root.PersistentPreRunE
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		cmd.SetContext(query.WithScriptLimits(cmd.Context(), limits))
		if prev != nil {
			return prev(cmd, args)
		}
		return nil
	}
}
