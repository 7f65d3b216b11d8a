package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// nounRun runs a noun command such as "arbiter round" given no verb or
// an unknown one. Without it cobra prints the help and exits 0 for
// "arbiter round pari", as if the command had worked.
func nounRun(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf(": did you mean %q?", s[0])
	}
	return usageErrorf("%s", msg)
}
