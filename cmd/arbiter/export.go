package main

import "github.com/spf13/cobra"

// newExportCmd returns the "export" noun: the tournament written to a file
// for another program. Each format is a subcommand.
func newExportCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export <format> <file>",
		Short: "Write the tournament to a file for other programs",
		Long: `Write the current tournament to a file that other programs read. Each format
is a subcommand.

` + overwritePolicy,
		Example: `  $ arbiter export xlsx standings.xlsx
  $ arbiter export pgn games.pgn
  $ arbiter export trf labyrinth.trf`,
	}
	cmd.PersistentFlags().BoolVar(&a.force, "force", false, "replace a read-only file or a database")
	cmd.AddCommand(
		newExportXLSXCmd(a),
		newExportPGNCmd(a, nil),
		newExportTRFCmd(a),
	)
	refuseUnknown(a, cmd, "cli.report.unknownformat")
	return cmd
}
