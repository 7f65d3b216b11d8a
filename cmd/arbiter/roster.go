package main

import "github.com/spf13/cobra"

// newRosterCmd returns the "roster" noun: the club's players, kept from
// one evening to the next.
func newRosterCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "roster <command>",
		RunE:  nounRun,
		Short: "Keep the club's list of players from one evening to the next",
		Long: `The club roster holds every player the database knows, shared by all its
tournaments. Load the club's list into it once with roster import; on the
evening, player add NAME finds each player in the roster, with rating, club
and title, so nobody is typed in twice.`,
	}
	cmd.AddCommand(
		newRosterImportCmd(a),
		newRosterListCmd(a),
		newRosterRemoveCmd(a),
		newRosterMergeCmd(a),
		newRosterUpdateCmd(a),
		newRosterRatingsCmd(a),
	)
	return cmd
}
