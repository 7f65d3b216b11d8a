package main

import "github.com/spf13/cobra"

// newGameCmd returns the "game" noun: the commands that work on game
// scores. It only groups its subcommands.
func newGameCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "game <command>",
		RunE:  nounRun,
		Short: "Check game scores against the Laws of Chess and attach them to boards",
		Long: `The game commands work on game scores: PGN files, or moves as players
write them, in English (K Q R B N) or Italian (R D T A C) letters. check and
perft work on files alone; add, import, show and list on the games of the
current tournament, each attached to its board and checked when it comes in.`,
	}
	cmd.AddCommand(
		newGameCheckCmd(a, nil),
		newGamePerftCmd(a, nil),
		newGameAddCmd(a, nil),
		newGameImportCmd(a, nil),
		newGameShowCmd(a, nil),
		newGameListCmd(a, nil),
		newGameRemoveCmd(a),
	)
	return cmd
}
