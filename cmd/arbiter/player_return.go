package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type playerReturnOptions struct {
	ref  string
	from int
}

func newPlayerReturnCmd(a *app) *cobra.Command {
	opts := &playerReturnOptions{}
	cmd := &cobra.Command{
		Use:   "return <player>",
		Short: "Bring a withdrawn player back into the tournament",
		Long: `Bring a withdrawn player back: paired again from the next round to pair, or
from --from-round N. The rounds missed meanwhile score as absences, at the
value the tournament gives an absence marked at check-in (0 or ½, see
arbiter tournament show); rounds paired stay as they are.`,
		Example: `  $ arbiter player return 7
  $ arbiter player return Ferri --from-round 5`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			return runPlayerReturn(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.from, "from-round", 0, "the player plays again from round `N` on (default: the next round to pair)")
	return cmd
}

func runPlayerReturn(ctx context.Context, a *app, opts *playerReturnOptions) error {
	if opts.from < 0 {
		return usageErrorf("%s", a.tr().T("cli.player_return.from", "Round", opts.from))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		s, err := a.snapshot(ctx, d)
		if err != nil {
			return err
		}
		e, err := findEntry(s, opts.ref)
		if err != nil {
			return err
		}
		from := opts.from
		if from == 0 {
			from = len(s.Rounds) + 1
		}
		e, err = d.ReturnPlayer(ctx, s.Tournament.ID, e.Player.ID, opts.from)
		if errors.Is(err, desk.ErrConflict) && strings.Contains(err.Error(), "already paired") {
			return hint(err, "%s", a.tr().T("cli.player_return.give", "Round", len(s.Rounds)+1))
		}
		if err != nil {
			return err
		}
		a.note(a.tr().T("cli.player.back", "Player", entryLabel(e), "Name", s.Tournament.Name, "Round", from))
		return nil
	})
}

type playerRemoveOptions struct {
	ref       string
	pairAgain bool
}

func newPlayerRemoveCmd(a *app) *cobra.Command {
	opts := &playerRemoveOptions{}
	cmd := &cobra.Command{
		Use:   "remove <player>",
		Short: "Take out a player entered by mistake",
		Long: `Take a player entered by mistake out of the tournament, as if never entered:
only a player who has not played (no board and no bye in any round paired);
the players numbered after move up by one. A player who has played
withdraws instead (arbiter player withdraw).

A player whose only part in the tournament is in the last round paired, a
round with no result yet (a duplicate entry, perhaps given the bye), is
removed with --pair-again: the round is paired again without them, all in
one step that arbiter undo takes back whole. The club roster keeps the
player: arbiter roster remove takes a player out of it, arbiter roster
merge joins a duplicate to the player it repeats.`,
		Example: `  $ arbiter player remove 23
  $ arbiter player remove "Ferreti, Nicolò" --pair-again`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			return runPlayerRemove(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.pairAgain, "pair-again", false, "pair the last round again without the player, when it is the only round they are in and it has no result yet")
	return cmd
}

func runPlayerRemove(ctx context.Context, a *app, opts *playerRemoveOptions) error {
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		s, err := a.snapshot(ctx, d)
		if err != nil {
			return err
		}
		e, err := findEntry(s, opts.ref)
		if err != nil {
			return err
		}
		l := a.tr()
		var out desk.PairOutcome
		pn := e.PN
		if opts.pairAgain {
			e, out, err = d.RemovePairAgain(ctx, s.Tournament.ID, e.Player.ID)
		} else {
			e, err = d.RemoveEntry(ctx, s.Tournament.ID, e.Player.ID)
		}
		switch {
		case errors.Is(err, desk.ErrPlayed) && desk.OnlyOpenRound(s, pn) > 0:
			return hint(err, "%s", l.T("cli.player.pairagain", "PN", pn, "Round", desk.OnlyOpenRound(s, pn)))
		case errors.Is(err, desk.ErrPlayed):
			return hint(err, "%s", l.T("cli.player_return.withdraw", "PN", pn))
		case err != nil:
			return err
		}
		moved := ""
		if e.PN < len(s.Entries) {
			moved = l.T("cli.player.moved", "From", e.PN+1, "To", len(s.Entries), "NewFrom", e.PN, "NewTo", len(s.Entries)-1)
		}
		a.note(l.T("cli.player.removed", "Player", entryLabel(e), "Name", s.Tournament.Name, "Moved", moved, "ID", e.Player.ID))
		if !out.Stored {
			return nil
		}
		for _, n := range out.Notes {
			a.notef("%s", n)
		}
		a.note(l.T("cli.player.pairedagain", "Round", out.Round.Number, "Summary", roundSummary(l, out.Round)))
		return printRound(a.stdout, l, out.Snapshot, out.Detail, false)
	})
}

func newRosterRemoveCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "remove <id:N>",
		Short: "Take a player out of the club roster",
		Long: `Take a player added to the club roster by mistake out of it: only a player
entered in no tournament. The roster ID is the one arbiter roster list shows.`,
		Example:           `  $ arbiter roster remove id:31`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			ref := strings.TrimSpace(args[0])
			n, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(ref), "id:"), 10, 64)
			if err != nil || n < 1 {
				return usageErrorf("%s", a.tr().T("cli.player_return.rosterid", "ID", strconv.Quote(args[0])))
			}
			ctx := cmd.Context()
			return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
				p, err := d.RemoveRosterPlayer(ctx, n)
				if err != nil {
					return err
				}
				a.note(a.tr().T("cli.roster.removed", "ID", p.ID, "Player", p.Name))
				return nil
			})
		},
	}
}

type gameRemoveOptions struct {
	round int
}

func newGameRemoveCmd(a *app) *cobra.Command {
	opts := &gameRemoveOptions{}
	cmd := &cobra.Command{
		Use:   "remove <board>",
		Short: "Take the games attached to a board off it",
		Long: `Take the games attached to a board of the last round paired (or of --round
N) off it, for a game attached to the wrong board. The board's result
stays: correct it with arbiter round result BOARD RESULT --correct, or take
back the game add with arbiter undo.`,
		Example: `  $ arbiter game remove 4
  $ arbiter game remove 2 --round 3`,
		Args:              oneArg(a, "cli.args.gameremove"),
		ValidArgsFunction: a.completeBoards,
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := strconv.Atoi(strings.TrimSpace(args[0]))
			if err != nil || b < 1 {
				return usageErrorf("%s", a.tr().T("err.result.board", "Board", strconv.Quote(args[0])))
			}
			ctx := cmd.Context()
			return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
				t, err := a.resolveTournament(ctx, d)
				if err != nil {
					return err
				}
				n, k, err := d.RemoveGames(ctx, t.ID, opts.round, b)
				if err != nil {
					return err
				}
				a.note(a.tr().T("cli.game.removed", "Games", a.tr().N("cli.games", k), "Round", n, "Board", b))
				return nil
			})
		},
	}
	a.roundFlag(cmd, &opts.round, "the board of round `N` (default: the last round paired)")
	return cmd
}
