package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/web"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	addr      string
	publicURL string
	password  string
	stale     time.Duration
	staleSet  bool
	// The club's network, shown as a QR code that joins it.
	wifiSSID, wifiPassword string
	// site is the folder the organizer's page writes the static site to.
	site string
	// lateUntil is the cut-off of entries from the phone (late.go).
	lateUntil    string
	lateUntilSet bool
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
published round (arbiter print slips) carry a QR code of the board's page.
Either player scans it and reports the result with their own PIN (arbiter
print pins prints each player a card of their own, handed out at the
check-in; a phone signed in with it needs the PIN no more that evening);
the opponent confirms it with their own PIN or phone, and the result is
entered as arbiter round result enters it. What one player holds never
enters a result for the opponent. A disagreement, or a report
nobody confirms within --stale, waits for the organizer (arbiter result
queue, or the organizer's page). Forfeits and corrections stay with the
organizer.

The organizer's page (/admin) answers only on the local network, with the
password of --admin-password (or $ARBITER_ADMIN_PASSWORD) or the one-time
link printed at start. The address in the QR codes is --public-url if
given (it is stored with the tournament, so slips printed before the
server starts work too), else this machine's address on the network.

Newcomers may ask to enter from their phone (/join, linked from the home
page) until --late-until: a time of day in this machine's local time (21:15
is this evening's; given again after midnight, when a server is restarted,
last evening's, so entries stay closed) or a date and time (2026-11-25
21:15). It is stored with the tournament, so a restart keeps it;
--late-until off closes entries from the phone, which are closed until the
organizer opens them, and close with registration (tournament
close-registration). Each request waits on the organizer's page; accepting
it enters the player as player add does,
and the newcomer's phone shows their pairing number and PIN.`,
		Example: `  $ arbiter serve
  $ arbiter serve --addr 0.0.0.0:8080 --admin-password club
  $ arbiter serve --public-url http://192.168.43.10:8080
  $ arbiter serve --late-until 21:15`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.password == "" {
				opts.password = a.getenv("ARBITER_ADMIN_PASSWORD")
			}
			opts.staleSet = cmd.Flags().Changed("stale")
			opts.lateUntilSet = cmd.Flags().Changed("late-until")
			if opts.wifiPassword == "" {
				opts.wifiPassword = a.getenv("ARBITER_WIFI_PASSWORD")
			}
			return runServe(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.addr, "addr", "0.0.0.0:8080", "listen on `HOST:PORT`")
	cmd.Flags().StringVar(&opts.publicURL, "public-url", "", "the `URL` players reach the server at, stored for the QR codes of the slips")
	cmd.Flags().StringVar(&opts.password, "admin-password", "", "the organizer's `PASSWORD` (default: $ARBITER_ADMIN_PASSWORD, else a one-time link)")
	cmd.Flags().StringVar(&opts.wifiSSID, "wifi-ssid", "", "the club's Wi-Fi `NAME`: a QR code that joins it is printed and shown on /show")
	cmd.Flags().StringVar(&opts.wifiPassword, "wifi-password", "", "the Wi-Fi's `PASSWORD` (default: $ARBITER_WIFI_PASSWORD; none for an open network)")
	cmd.Flags().StringVar(&opts.site, "site", "", "the folder `DIR` the organizer's page writes the pages for the club's website to, as publish --html (default: beside the database, NAME-site)")
	cmd.Flags().StringVar(&opts.lateUntil, "late-until", "", "newcomers may ask to enter from the phone until `TIME` (21:15, 2026-11-25 21:15, or off), stored with the tournament")
	cmd.Flags().DurationVar(&opts.stale, "stale", 0, "a report nobody confirms goes to the organizer after `DURATION` (default: the tournament's, tournament web --unconfirmed-after)")
	return cmd
}

func runServe(ctx context.Context, a *app, opts *serveOptions) error {
	if opts.publicURL != "" {
		u, err := url.Parse(opts.publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErrorf("%s", a.tr().T("cli.tournament_web.url", "Value", strconv.Quote(opts.publicURL)))
		}
		opts.publicURL = strings.TrimRight(opts.publicURL, "/")
	}
	if opts.staleSet && opts.stale <= 0 {
		return usageErrorf("%s", a.tr().T("cli.serve.stale", "Value", opts.stale.String()))
	}
	// The console creates the tournament of a database that has none
	// (a new file): serve opens it as the commands that start one do.
	d, err := a.openDesk(ctx, desk.Create)
	if err != nil {
		return err
	}
	defer d.Close()
	// The server writes as many people; each change names its author
	// (arbiter.Origin, or the organizer's address); what nobody else
	// claims is the organizer's at this machine.
	ctx = desk.WithActor(ctx, a.actor()+" (arbiter serve)")
	t, err := d.Tournament(ctx, a.tournamentRef())
	none := errors.Is(err, desk.ErrNoCurrent) && a.tournamentRef() == ""
	if err != nil && !none {
		return a.tournamentError(err)
	}
	var ws arbiter.WebSettings
	if !none {
		if ws, err = d.WebSettings(ctx, t.ID); err != nil {
			return err
		}
		if !opts.staleSet {
			opts.stale = ws.Wait()
		}
		if opts.publicURL != "" && opts.publicURL != ws.PublicURL {
			ws.PublicURL = opts.publicURL
			if err := d.SetWebSettings(ctx, t.ID, ws); err != nil {
				return err
			}
		}
		// Entries from the phone (late.go): the cut-off given is stored.
		if opts.lateUntilSet {
			if _, err := a.setLateUntil(ctx, d, t.ID, opts.lateUntil); err != nil {
				return err
			}
		}
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return &wordedError{a.tr().T("cli.serve.addr", "Addr", opts.addr, "Err", errWords(a.tr(), err)), err}
	}
	base := ws.PublicURL
	if base == "" {
		base = opts.publicURL
	}
	if base == "" {
		base = "http://" + publicHost(ln.Addr())
	}
	var ev web.Evening
	if !none {
		ev = d.Evening(t.ID, opts.stale)
	}
	site := opts.site
	if site == "" {
		db := a.databasePath()
		site = strings.TrimSuffix(db, filepath.Ext(db)) + "-site"
	}
	var srv *web.Server
	var siteMu sync.Mutex // one site written at a time
	writeSiteNow := func(ctx context.Context) (string, int, error) {
		siteMu.Lock()
		defer siteMu.Unlock()
		return writeSite(ctx, a, d, srv.TournamentID(), site, false)
	}
	srv, err = web.New(web.Config{Evening: ev, Desk: d, AdminPassword: opts.password, Stale: opts.stale, Now: a.now, Log: a.stderr,
		URL: base + "/", WiFiSSID: opts.wifiSSID, WiFiPassword: opts.wifiPassword, WriteSite: writeSiteNow})
	if err != nil {
		ln.Close()
		return err
	}
	if none {
		fmt.Fprintln(a.stdout, a.tr().T("cli.serve.console", "URL", base+"/admin"))
	} else {
		fmt.Fprintln(a.stdout, a.tr().T("cli.serve.serving", "Name", t.Name, "URL", base+"/"))
	}
	web.TerminalQR(a.stdout, base+"/")
	if wifi := web.WiFiText(opts.wifiSSID, opts.wifiPassword); wifi != "" {
		// Beside the address: the network to join first.
		fmt.Fprintln(a.stdout, a.tr().T("cli.serve.wifi", "SSID", opts.wifiSSID))
		web.TerminalQR(a.stdout, wifi)
	}
	a.note(a.tr().T("cli.serve.show", "URL", base+"/show"))
	if !none {
		lateUntil, err := d.LateUntil(ctx, t.ID)
		if err != nil {
			ln.Close()
			return err
		}
		a.note(a.lateNote(lateUntil, base+"/join"))
	}
	a.note(a.tr().T("cli.serve.once", "URL", base+srv.OneTimeLink()))
	if opts.password != "" {
		a.note(a.tr().T("cli.serve.password", "URL", base+"/admin"))
	}
	a.note(a.tr().T("cli.serve.stop"))

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
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
				ev, ok := srv.Serving().(*desk.Evening)
				if !ok {
					continue // no tournament yet
				}
				if _, err := ev.Settle(ctx); err != nil && ctx.Err() == nil {
					a.note(err.Error())
				}
			}
		}
	}()
	// The timeouts and the limits of connections and event streams are
	// the server's own (web.DefaultLimits).
	if err := srv.Serve(ctx, ln); err != nil {
		return err
	}
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
func slipBase(ws arbiter.WebSettings) string {
	if ws.PublicURL != "" {
		return ws.PublicURL
	}
	return "http://" + netip.AddrPortFrom(lanAddress(), 8080).String()
}
