package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/spf13/cobra"
)

// newResultCmd returns the "result" noun: the results reported from the
// boards (arbiter serve) that wait for the organizer.
func newResultCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "result <command>",
		RunE:  nounRun,
		Short: "Decide the results reported from the boards",
		Long: `Results reported from the boards with arbiter serve are entered when the
opponent confirms them. Those the players disagree on, and those nobody
confirmed in time, wait in the queue for the organizer, who enters one or
throws it away (the board can then be reported again).`,
	}
	cmd.AddCommand(newResultQueueCmd(a), newResultAcceptCmd(a), newResultRejectCmd(a))
	return cmd
}

// reportJSON is a report in the queue, in JSON. Field names are stable.
type reportJSON struct {
	ID         int64  `json:"id"`
	Round      int    `json:"round"`
	Board      int    `json:"board"`
	White      int    `json:"white"`
	Black      int    `json:"black"`
	Status     string `json:"status"`
	ReportedBy string `json:"reported_by"`
	Result     string `json:"result"`
	Other      string `json:"other_result"`
	ReportedAt string `json:"reported_at"`
	IP         string `json:"ip"`
	// Claims are the players' claims on a disputed report, judged.
	Claims []claimJSON `json:"claims,omitempty"`
}

// claimJSON is a player's claim on a disputed report with the Laws'
// verdict, in JSON. Field names are stable.
type claimJSON struct {
	By      string `json:"by"`
	Kind    string `json:"kind"`
	Flag    string `json:"flag,omitempty"` // whose flag fell: white, black or both
	Moves   string `json:"moves,omitempty"`
	FEN     string `json:"fen,omitempty"`
	At      string `json:"at"`
	IP      string `json:"ip"`
	Verdict string `json:"verdict"`
	Article string `json:"article,omitempty"`
	Result  string `json:"result,omitempty"` // the result the Laws give on it, "" for none
	Flagged bool   `json:"flagged"`          // the evidence does not bear the claim out
}

type resultQueueOptions struct {
	stale time.Duration
	json  bool
}

func newResultQueueCmd(a *app) *cobra.Command {
	opts := &resultQueueOptions{}
	cmd := &cobra.Command{
		Use:   "queue",
		Short: "List the reported results waiting for the organizer",
		Long: `List the results reported from the boards that wait for the organizer: those
the two players disagree on, and those not confirmed within --stale.`,
		Example: `  $ arbiter result queue
  $ arbiter result queue --stale 5m --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runResultQueue(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().DurationVar(&opts.stale, "stale", 10*time.Minute, "list reports nobody confirmed for `DURATION`")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the queue as JSON")
	return cmd
}

func colourName(c arbiter.Colour) string {
	if c == arbiter.Black {
		return "black"
	}
	return "white"
}

func runResultQueue(ctx context.Context, a *app, opts *resultQueueOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		s, err := a.snapshot(ctx, d)
		if err != nil {
			return err
		}
		q, err := d.Queue(ctx, s.Tournament.ID, opts.stale)
		if err != nil {
			return err
		}
		claims, err := queueClaims(ctx, a, d, s.Tournament.ID, q)
		if err != nil {
			return err
		}
		if opts.json {
			out := []reportJSON{}
			for _, r := range q {
				out = append(out, reportJSON{ID: r.ID, Round: r.Round, Board: r.Board, White: r.White, Black: r.Black, Status: r.Status,
					ReportedBy: colourName(r.Seat), Result: r.Text(), Other: r.OtherText(),
					ReportedAt: r.ReportedAt.Format(time.RFC3339), IP: r.ReportedIP, Claims: claims[r.ID].json})
			}
			return writeJSON(a.stdout, out)
		}
		if len(q) == 0 {
			a.note(a.tr().T("cli.queue.empty"))
			return nil
		}
		tb := newTable(true, true, true, false, false)
		tb.add("Id", "Round", "Board", "Players", "Reported")
		for _, r := range q {
			what := fmt.Sprintf("%s by %s at %s", r.Text(), colourName(r.Seat), r.ReportedAt.Local().Format("15:04"))
			if r.Status == arbiter.Disputed {
				what += fmt.Sprintf(", %s by %s", r.OtherText(), colourName(r.Seat.Opposite()))
			} else {
				what += ", not confirmed"
			}
			tb.add(strconv.FormatInt(r.ID, 10), strconv.Itoa(r.Round), strconv.Itoa(r.Board),
				s.Label(r.White)+" - "+s.Label(r.Black), what)
		}
		if err := tb.write(a.stdout); err != nil {
			return err
		}
		for _, r := range q {
			for _, line := range claims[r.ID].lines {
				if _, err := fmt.Fprintln(a.stdout, line); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// judgedClaims are the claims of a disputed report as the queue prints
// them.
type judgedClaims struct {
	lines []string
	json  []claimJSON
}

// queueClaims judges the players' claims on the disputed reports of q
// (see arbiter serve), by report.
func queueClaims(ctx context.Context, a *app, d *desk.Desk, tid int64, q []arbiter.WebReport) (map[int64]judgedClaims, error) {
	out := map[int64]judgedClaims{}
	ev := d.Evening(tid, 0)
	w := a.tr()
	for _, r := range q {
		if r.Status != arbiter.Disputed {
			continue
		}
		dp, err := ev.Dispute(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		var jc judgedClaims
		for _, cv := range []*desk.ClaimVerdict{dp.White, dp.Black} {
			if cv == nil {
				continue
			}
			c := cv.Claim
			j := claimJSON{By: colourName(c.Seat), Kind: c.Kind, Moves: c.Moves, FEN: c.FEN, At: c.At.Format(time.RFC3339), IP: c.IP,
				Article: cv.Verdict.Article, Flagged: cv.Verdict.Flagged}
			switch c.Flag {
			case arbiter.White, arbiter.Black:
				j.Flag = colourName(c.Flag)
			case arbiter.BothFlags:
				j.Flag = "both"
			}
			verdict := w.Word(cv.Verdict.Text)
			if cv.Err != nil {
				verdict = cv.Err.Error()
			}
			if cv.Verdict.Result != arbiter.NoResult {
				j.Result = cv.Verdict.Result.String()
			}
			j.Verdict = verdict
			if cv.Verdict.Flagged {
				verdict = w.T("cli.dispute.flagged") + " " + verdict
			}
			side := phrase.New("web.white")
			if c.Seat == arbiter.Black {
				side = phrase.New("web.black")
			}
			jc.json = append(jc.json, j)
			jc.lines = append(jc.lines, w.Word(phrase.New("cli.dispute.claim", "ID", strconv.FormatInt(r.ID, 10), "Side", side,
				"Claim", phrase.New("dispute.kind-"+c.Kind), "Verdict", verdict)))
		}
		if dp.Suggested != arbiter.NoResult {
			jc.lines = append(jc.lines, w.T("cli.dispute.suggested", "ID", strconv.FormatInt(r.ID, 10), "Result", dp.Suggested.String()))
		}
		out[r.ID] = jc
	}
	return out, nil
}

// reportID reads a report id from the queue; l words the refusal.
func reportID(l *locale.Localizer, s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || id < 1 {
		return 0, usageErrorf("%s", l.T("cli.result.reportid", "ID", strconv.Quote(s)))
	}
	return id, nil
}

func newResultAcceptCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "accept <id> [result]",
		Short: "Enter a reported result",
		Long: `Enter the result of report <id> (see arbiter result queue): the result
reported, or the one given (needed when the players disagree). It is
checked against the game attached to the board as round result checks it.
A Double-Swiss match is given as round result takes it: both games, or the
match score.`,
		Example: `  $ arbiter result accept 4
  $ arbiter result accept 5 1/2
  $ arbiter result accept 6 1-0 1/2`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 3 {
				return usageErrorf("%s", a.tr().T("cli.result.acceptargs"))
			}
			return nil
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := reportID(a.tr(), args[0])
			if err != nil {
				return err
			}
			res := arbiter.NoResult
			var m arbiter.Match // a Double-Swiss match given (C.04.5)
			if given := strings.Join(args[1:], " "); given != "" {
				if res, err = arbiter.ParseResult(given); err != nil {
					var merr error
					if m, merr = desk.ParseMatchResult(given); merr != nil {
						return err
					}
				}
			}
			return a.withEvening(cmd.Context(), func(e *desk.Evening) error {
				var rep arbiter.WebReport
				var err error
				if m != (arbiter.Match{}) {
					rep, err = e.AcceptMatch(cmd.Context(), id, m)
				} else {
					rep, err = e.Accept(cmd.Context(), id, res)
				}
				if err != nil {
					return err
				}
				a.note(a.tr().T("cli.report.accepted", "Round", rep.Round, "Board", rep.Board, "ID", rep.ID))
				return nil
			})
		},
	}
	return cmd
}

func newResultRejectCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "reject <id>",
		Short: "Throw a reported result away",
		Long: `Throw report <id> away (see arbiter result queue) without entering a result:
the board can be reported again, or its result entered with round result.`,
		Example:           `  $ arbiter result reject 4`,
		Args:              oneArg(a, "cli.args.resultreject"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := reportID(a.tr(), args[0])
			if err != nil {
				return err
			}
			return a.withEvening(cmd.Context(), func(e *desk.Evening) error {
				rep, err := e.Reject(cmd.Context(), id)
				if err != nil {
					return err
				}
				a.note(a.tr().T("cli.report.rejected", "ID", rep.ID, "Board", rep.Board, "Round", rep.Round))
				return nil
			})
		},
	}
}

// withEvening runs fn on the current tournament through the same calls
// the web server makes.
func (a *app) withEvening(ctx context.Context, fn func(e *desk.Evening) error) error {
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		return fn(d.Evening(t.ID, 10*time.Minute))
	})
}
