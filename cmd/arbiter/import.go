package main

import "github.com/spf13/cobra"

// newImportCmd returns the "import" noun: a tournament read whole from
// another program's file. Each format is a subcommand.
func newImportCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import <format> <file>",
		Short: "Create a tournament from another program's file",
		Long: `Create a tournament from a file written by another program, so that an event
started elsewhere can be continued here. Each format is a subcommand. The
new tournament becomes the current one; nothing is stored if the file
cannot be read whole.`,
		Example: `  $ arbiter import trf swissmanager.trf`,
	}
	cmd.AddCommand(newImportTRFCmd(a))
	refuseUnknown(a, cmd, "cli.report.unknownformat")
	return cmd
}
