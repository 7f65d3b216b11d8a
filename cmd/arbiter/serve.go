package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/web"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	addr      string
	publicURL string
	password  string
	stale     time.Duration
	staleSet  bool
}

func newServeCmd(a *app) *cobra.Command {
	opts := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the evening to every phone and the projector",
		Long: `Serve the current tournament on the club's network: the boards of the round,
"find my board", the standings with each player's tie-breaks explained, the
crosstable, a page per player, and /show for the projector, which turns
between the pairings and the standings. Every page follows the changes as
they happen, whether made on a phone or typed at the command line beside
the server, which keeps working on the same file.

A paired round is a draft until it is published (arbiter round publish, or
the organizer's page): players see only published rounds. The slips of a
published round (arbiter print slips) carry a QR code of the board's page
and a PIN next to each name. Either player scans it and reports the result;
the opponent confirms it on their own phone with their PIN, and the result
is entered as arbiter round result enters it. A disagreement, or a report
nobody confirms within --stale, waits for the organizer (arbiter result
queue, or the organizer's page). Forfeits and corrections stay with the
organizer.

The organizer's page (/admin) answers only on the local network, with the
password of --admin-password (or $ARBITER_ADMIN_PASSWORD) or the one-time
link printed at start. The address in the QR codes is --public-url if
given (it is stored with the tournament, so slips printed before the
server starts work too), else this machine's address on the network.`,
		Example: `  $ arbiter serve
  $ arbiter serve --addr 0.0.0.0:8080 --admin-password club
  $ arbiter serve --public-url http://192.168.43.10:8080`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.password == "" {
				opts.password = a.getenv("ARBITER_ADMIN_PASSWORD")
			}
			opts.staleSet = cmd.Flags().Changed("stale")
			return runServe(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.addr, "addr", "0.0.0.0:8080", "listen on `HOST:PORT`")
	cmd.Flags().StringVar(&opts.publicURL, "public-url", "", "the `URL` players reach the server at, stored for the QR codes of the slips")
	cmd.Flags().StringVar(&opts.password, "admin-password", "", "the organizer's `PASSWORD` (default: $ARBITER_ADMIN_PASSWORD, else a one-time link)")
	cmd.Flags().DurationVar(&opts.stale, "stale", 0, "a report nobody confirms goes to the organizer after `DURATION` (default: the tournament's, tournament web --unconfirmed-after)")
	return cmd
}

func runServe(ctx context.Context, a *app, opts *serveOptions) error {
	if opts.publicURL != "" {
		u, err := url.Parse(opts.publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErrorf("--public-url %q: give the address players type, e.g. http://192.168.1.10:8080", opts.publicURL)
		}
		opts.publicURL = strings.TrimRight(opts.publicURL, "/")
	}
	if opts.staleSet && opts.stale <= 0 {
		return usageErrorf("--stale %s: give a duration such as 10m", opts.stale)
	}
	db, err := a.openStore(ctx, store.ReadWrite)
	if err != nil {
		return err
	}
	defer db.Close()
	// The server writes as many people; each change names its author
	// (store.Origin); what it writes through the command line's own
	// paths (pairing) is the organizer's.
	db.Actor = a.actor() + " (arbiter serve)"
	t, err := a.resolveTournament(ctx, db)
	if err != nil {
		return err
	}
	ws, err := db.WebSettings(ctx, t.ID)
	if err != nil {
		return err
	}
	if !opts.staleSet {
		opts.stale = ws.Wait()
	}
	if opts.publicURL != "" && opts.publicURL != ws.PublicURL {
		ws.PublicURL = opts.publicURL
		if err := db.SetWebSettings(ctx, t.ID, ws); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w; give another port, e.g. --addr 0.0.0.0:8081", opts.addr, err)
	}
	ev := &evening{a: a, db: db, tid: t.ID, stale: opts.stale}
	srv, err := web.New(web.Config{Evening: ev, AdminPassword: opts.password, Stale: opts.stale, Now: a.now, Log: a.stderr})
	if err != nil {
		ln.Close()
		return err
	}
	base := ws.PublicURL
	if base == "" {
		base = "http://" + publicHost(ln.Addr())
	}
	fmt.Fprintln(a.stdout, a.tr().T("cli.serve.serving", "Name", t.Name, "URL", base+"/"))
	web.TerminalQR(a.stdout, base+"/")
	a.note(a.tr().T("cli.serve.show", "URL", base+"/show"))
	a.note(a.tr().T("cli.serve.once", "URL", base+srv.OneTimeLink()))
	if opts.password != "" {
		a.note(a.tr().T("cli.serve.password", "URL", base+"/admin"))
	}
	a.note(a.tr().T("cli.serve.stop"))

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	go srv.Run(ctx)
	// Reports whose wait is over are entered by themselves when the
	// tournament says so, whether or not anyone looks at the queue.
	go func() {
		tick := time.NewTicker(30 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if _, err := ev.settle(ctx); err != nil && ctx.Err() == nil {
					a.note(err.Error())
				}
			}
		}
	}()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	hs.Shutdown(sctx)
	a.note(a.tr().T("cli.serve.stopped"))
	return nil
}

// publicHost returns the host:port players reach a listener at: its own
// address, or when it listens on every address, this machine's first
// address on a local network.
func publicHost(addr net.Addr) string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return addr.String()
	}
	if !ap.Addr().IsUnspecified() {
		return ap.String()
	}
	return netip.AddrPortFrom(lanAddress(), ap.Port()).String()
}

// lanAddress returns this machine's first IPv4 address on a local
// network, or the loopback address when it has none.
func lanAddress() netip.Addr {
	addrs, err := net.InterfaceAddrs()
	if err == nil {
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				ip := p.Addr()
				if ip.Is4() && ip.IsPrivate() {
					return ip
				}
			}
		}
	}
	return netip.AddrFrom4([4]byte{127, 0, 0, 1})
}

// slipBase returns the address the QR codes of the slips hold: the
// stored --public-url, else this machine's address on the network with
// serve's default port.
func slipBase(ws store.WebSettings) string {
	if ws.PublicURL != "" {
		return ws.PublicURL
	}
	return "http://" + netip.AddrPortFrom(lanAddress(), 8080).String()
}

// evening is the web server's view of one tournament, through the same
// paths as the commands: the Laws applied to a result (judgeResult), the
// standings (rankAfter), the Dutch pairing (autoPair).
type evening struct {
	a     *app
	db    *store.DB
	tid   int64
	stale time.Duration

	// pairing serialises PairNext: two organizers' clicks pair once.
	pairing sync.Mutex
}

func (e *evening) Snapshot(ctx context.Context) (*store.Snapshot, error) {
	return e.db.Snapshot(ctx, e.tid)
}

func (e *evening) Published(ctx context.Context) (int, int, error) {
	return e.db.Published(ctx, e.tid)
}

func (e *evening) Standings(s *store.Snapshot, n int) (tiebreak.Input, []tiebreak.Standing, error) {
	return rankAfter(s, n)
}

func (e *evening) LastEvent(ctx context.Context) (int64, error) { return e.db.LastEvent(ctx) }

// Board returns the board of token, if it is one of this tournament's.
func (e *evening) Board(ctx context.Context, token string) (store.BoardCode, error) {
	c, err := e.db.BoardByToken(ctx, token)
	if err == nil && c.TournamentID != e.tid {
		return store.BoardCode{}, &store.InputError{Kind: store.ErrBadToken, Msg: "this code is for another tournament"}
	}
	return c, err
}

func (e *evening) Report(ctx context.Context, token string, seat arbiter.Colour, r arbiter.Result, o store.Origin) (store.WebReport, error) {
	if _, err := e.Board(ctx, token); err != nil {
		return store.WebReport{}, err
	}
	return checkpoint[store.WebReport](ctx, e.db)(e.db.Report(ctx, token, seat, r, o))
}

// checkpoint returns a function that passes a write's answer on, first
// copying the write into the database file itself (store.Checkpoint) when
// it succeeded: the server keeps the file open all evening, and a copy of
// the file alone, made by hand, must hold every result. A checkpoint that
// meets a reader is left for the next write.
func checkpoint[T any](ctx context.Context, db *store.DB) func(T, error) (T, error) {
	return func(v T, err error) (T, error) {
		if err == nil {
			db.Checkpoint(ctx)
		}
		return v, err
	}
}

// judge applies the Laws to result r of board b of round n, as round
// result does: a game attached to the board decides.
func (e *evening) judge(ctx context.Context, n, b int, r arbiter.Result) (store.Judged, error) {
	t, err := e.db.Tournament(ctx, e.tid)
	if err != nil {
		return store.Judged{}, err
	}
	d, err := judgeResult(ctx, e.db, t, n, b, r, "", nil, false)
	var ref *games.Refusal
	if errors.As(err, &ref) || (err != nil && strings.Contains(err.Error(), "the game attached to the board")) {
		return store.Judged{}, &store.InputError{Kind: store.ErrConflict,
			Msg: fmt.Sprintf("%s does not agree with the game recorded for board %d: the organizer decides", r, b)}
	}
	if err != nil {
		return store.Judged{}, err
	}
	return store.Judged{Result: d.Result, Reason: d.Reason}, nil
}

func (e *evening) Confirm(ctx context.Context, token, pin string, r arbiter.Result, o store.Origin) (store.WebReport, error) {
	c, err := e.Board(ctx, token)
	if err != nil {
		return store.WebReport{}, err
	}
	var j store.Judged
	// Only a confirmation enters a result; a disagreement enters none.
	if c.Report != nil && c.Report.Result == r {
		if j, err = e.judge(ctx, c.Round, c.Board, r); err != nil {
			return store.WebReport{}, err
		}
	}
	return checkpoint[store.WebReport](ctx, e.db)(e.db.Confirm(ctx, token, pin, r, j, o))
}

func (e *evening) Queue(ctx context.Context) ([]store.WebReport, error) {
	if _, err := e.settle(ctx); err != nil {
		return nil, err
	}
	return e.db.Queue(ctx, e.tid, e.stale)
}

func (e *evening) Accept(ctx context.Context, id int64, r arbiter.Result, who string) (store.WebReport, error) {
	rep, err := e.db.WebReport(ctx, e.tid, id)
	if err != nil {
		return rep, err
	}
	if r == arbiter.NoResult {
		if rep.Status == store.Disputed {
			return rep, &store.InputError{Kind: store.ErrInvalid,
				Msg: fmt.Sprintf("the players of board %d gave %s and %s: say which result to enter", rep.Board, rep.Result, rep.Other)}
		}
		r = rep.Result
	}
	j, err := e.judge(ctx, rep.Round, rep.Board, r)
	if err != nil {
		return rep, err
	}
	return checkpoint[store.WebReport](ctx, e.db)(e.db.Accept(ctx, e.tid, id, j, who))
}

func (e *evening) Reject(ctx context.Context, id int64, who string) (store.WebReport, error) {
	return checkpoint[store.WebReport](ctx, e.db)(e.db.Reject(ctx, e.tid, id, who))
}

func (e *evening) Publish(ctx context.Context, who string) (int, error) {
	n, _, err := e.db.Publish(ctx, e.tid, 0, who)
	return checkpoint[int](ctx, e.db)(n, err)
}

func (e *evening) PairNext(ctx context.Context, who string) (arbiter.Round, error) {
	e.pairing.Lock()
	defer e.pairing.Unlock()
	if err := e.gate(ctx, false, who); err != nil {
		return arbiter.Round{}, err
	}
	s, err := e.db.Snapshot(ctx, e.tid)
	if err != nil {
		return arbiter.Round{}, err
	}
	r, err := pairAndSave(ctx, e.a, e.db, s)
	if err != nil {
		return r, err
	}
	ws, err := e.db.WebSettings(ctx, e.tid)
	if err == nil && ws.AutoPublish {
		_, _, err = e.db.Publish(ctx, e.tid, r.Number, who)
	}
	return checkpoint[arbiter.Round](ctx, e.db)(r, err)
}

// pairAndSave pairs the next round of s by the Dutch system and stores
// it, as round pair does without flags.
func pairAndSave(ctx context.Context, a *app, db *store.DB, s *store.Snapshot) (arbiter.Round, error) {
	p, _, err := a.autoPair(ctx, s)
	if err != nil {
		return arbiter.Round{}, err
	}
	if _, err := s.Complete(p); err != nil {
		return arbiter.Round{}, pairingError(err, s)
	}
	r, err := db.SavePairing(ctx, s.Tournament.ID, p)
	if err != nil {
		return r, pairingError(err, s)
	}
	return r, nil
}
