package main

import "github.com/spf13/cobra"

// newGameCmd returns the "game" noun: the commands that work on game
// scores. It only groups its subcommands.
func newGameCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "game",
		RunE:  nounRun,
		Short: "Check game scores against the Laws of Chess",
		Long: `The game commands work on game scores: PGN files, or moves as players
write them, in English (K Q R B N) or Italian (R D T A C) letters.`,
	}
	cmd.AddCommand(
		newGameCheckCmd(a, nil),
		newGamePerftCmd(a, nil),
	)
	return cmd
}
