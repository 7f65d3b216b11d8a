package main

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

// gameListOptions are the inputs of "game list".
type gameListOptions struct {
	Round int // 0: every round
	JSON  bool
}

func newGameListCmd(a *app, runF func(context.Context, *gameListOptions) error) *cobra.Command {
	opts := &gameListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the games attached to boards, with their verdicts",
		Long: `List the boards that have a game attached, round by round (or of round N
only): the players, the result entered, the number of moves, and the verdict
found when the game was added: legal or the first illegal move, how the game
ended by itself, and whether the arbiter ruled on it. When a board has several
submissions, the latest is listed.`,
		Example: `  $ arbiter game list
  $ arbiter game list --round 3 --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGameList(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.Round, "list round `N` only (default: every round)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the list as JSON")
	return cmd
}

// gameListJSON is one board's game in the list (desk.GameListView).
type gameListJSON = desk.GameListView

func runGameList(ctx context.Context, a *app, opts *gameListOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if opts.Round != 0 {
			if _, err := roundOf(a.tr(), s, opts.Round); err != nil {
				return err
			}
		}
		stored, err := db.Games(ctx, s.Tournament.ID, opts.Round, 0)
		if err != nil {
			return err
		}
		type key struct{ round, board int }
		latest := map[key]int{}
		count := map[key]int{}
		var order []key
		for i, g := range stored {
			k := key{g.Round, g.Board}
			if _, ok := latest[k]; !ok {
				order = append(order, k)
			}
			latest[k] = i
			count[k]++
		}
		slices.SortFunc(order, func(x, y key) int { return cmp.Or(cmp.Compare(x.round, y.round), cmp.Compare(x.board, y.board)) })
		list := make([]gameListJSON, 0, len(order))
		recs := make([]gameRecord, 0, len(order))
		for _, k := range order {
			g := stored[latest[k]]
			var rec gameRecord
			_ = json.Unmarshal([]byte(g.Verdict), &rec)
			b, err := findBoard(a.tr(), s, k.round, k.board)
			if err != nil {
				return err
			}
			seat := seatOf(s, k.round, b)
			recs = append(recs, rec)
			list = append(list, gameListJSON{Round: k.round, Board: k.board, White: seat.White, Black: seat.Black,
				Result: b.Result.String(), Plies: rec.Plies, Legal: rec.Legal, Status: rec.Status, EndMove: rec.EndMove,
				IllegalMove: rec.IllegalMove, Article: rec.Article, ResultConsistent: rec.ResultConsistent,
				Verdict: summary(nil, rec), Ruling: g.Ruling, Submissions: count[k]})
		}
		if opts.JSON {
			return writeJSON(a.stdout, list)
		}
		if len(list) == 0 {
			a.note(a.tr().T("cli.game_list.none"))
			return nil
		}
		l := a.tr()
		tb := newTable(true, true, false, false, false, true, false)
		tb.add(l.T("cli.game_list.round"), l.T("cli.game_list.board"), l.T("cli.game_list.white"), l.T("cli.game_list.black"),
			l.T("cli.game_list.result"), l.T("cli.game_list.moves"), l.T("cli.game_list.verdict"))
		for i, g := range list {
			res := resultText(resultOf(g.Result))
			if res == "" {
				res = "-"
			}
			verdict := summary(l, recs[i])
			if g.Ruling != "" {
				verdict += "; " + l.T("cli.verdict.ruling", "Ruling", g.Ruling)
			}
			tb.add(strconv.Itoa(g.Round), strconv.Itoa(g.Board), g.White, g.Black, res, strconv.Itoa((g.Plies+1)/2), verdict)
		}
		return tb.write(a.stdout)
	})
}

// resultOf reads back a result written by Result.String.
func resultOf(s string) arbiter.Result {
	r, _ := arbiter.ParseResult(s)
	return r
}
