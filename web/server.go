package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/rating"
)

//go:embed assets
var assets embed.FS

// Config sets up a Server.
type Config struct {
	// Evening is the tournament the server shows; nil for none yet,
	// when Desk is given: the organizer's console then creates one.
	Evening Evening
	// Desk is the organizer's desk over the database of Evening: the
	// console's use cases (the tournament, the players, the rounds, the
	// results, the paper). nil: the organizer's page offers only the
	// queue, pairing and publishing.
	Desk *desk.Desk
	// AdminPassword opens the organizer's pages; "" leaves only the
	// one-time links (OneTimeLink).
	AdminPassword string
	// Stale is how long a report may wait for the opponent before it
	// goes to the organizer's queue (default 10 minutes).
	Stale time.Duration
	// Poll is how often the event log is looked at for changes made
	// elsewhere (default 300 ms).
	Poll time.Duration
	// Now is the clock; time.Now if nil.
	Now func() time.Time
	// Log receives the errors that are the server's, not the visitor's;
	// nil discards them.
	Log io.Writer
	// URL is the address players reach the server at; the projector
	// shows it as a QR code ("" shows none).
	URL string
	// WiFiSSID and WiFiPassword name the club's network: the projector
	// shows a QR code that joins it beside the address's.
	WiFiSSID, WiFiPassword string
	// WriteSite writes the public pages as a static site, as arbiter
	// publish --html does, and returns where and how many files; the
	// organizer's page offers it as a button. nil offers none.
	WriteSite func(ctx context.Context) (path string, files int, err error)
	// Limits bound the connections and event streams Serve holds, and
	// their timeouts; zero fields take DefaultLimits.
	Limits Limits
}

// joinView is what the projector shows to come in: QR codes of the
// network and of the address.
type joinView struct {
	URL, SSID     string
	Address, WiFi template.HTML
}

// Server is the web front end of one tournament. Its handler may be
// served on any number of connections at once.
type Server struct {
	// cur is the tournament served (evening); the console swaps it when
	// the organizer creates one.
	cur      atomic.Pointer[currentEvening]
	desk     *desk.Desk
	password string
	stale    time.Duration
	now      func() time.Time
	log      io.Writer
	pages    map[string]*pageTemplate
	static   http.Handler
	hub      *hub
	// langs holds the catalog once per language: building one parses
	// the catalogs. A Localizer is safe for concurrent use.
	langs    map[locale.Lang]words
	sessions *sessions
	join     joinView
	devices  *devices
	site     func(ctx context.Context) (string, int, error)

	// Failures counted per address: unknown board codes, wrong
	// passwords. Wrong PINs are counted in the database (arbiter.PINLimits).
	tokens, logins *limiter
	// boardPosts counts every POST to a board's page per device and
	// board (perBoard).
	boardPosts *limiter
	// late counts the late-entry requests per device (late.go).
	late *lateGuard

	// presence: the players' sessions and the per-device limit of their
	// pages (presence.go).
	presence *presence

	// built is the state of the last change built: every request reads
	// it without waiting; mu is held while a new one is built (load).
	mu     sync.Mutex
	built  atomic.Pointer[state]
	tongue atomic.Value // the tournament's language as of built

	// The routes: handler serves them, mux finds a page's (drawn.go).
	handler http.Handler
	mux     *http.ServeMux
	// drawn holds the public pages as drawn for the last change
	// (drawn.go).
	drawn *pageCache

	// limits bound the connections and the event streams (conns.go);
	// streams counts the streams open.
	limits  Limits
	streams *streamCount
}

// New returns a server for cfg. Call Run to watch for changes.
func New(cfg Config) (*Server, error) {
	s := &Server{desk: cfg.Desk, password: cfg.AdminPassword, stale: cfg.Stale, now: cfg.Now, log: cfg.Log}
	if cfg.Evening != nil {
		s.cur.Store(&currentEvening{cfg.Evening})
	}
	if s.stale == 0 {
		s.stale = 10 * time.Minute
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = io.Discard
	}
	poll := cfg.Poll
	if poll == 0 {
		poll = 300 * time.Millisecond
	}
	s.langs = map[locale.Lang]words{}
	for _, l := range locale.Langs() {
		s.langs[l] = words{locale.New(l)}
	}
	// The hub watches the log of the whole database when the console
	// may create a tournament, else the tournament's.
	var last lastEventer
	switch {
	case s.desk != nil:
		last = s.desk
	case cfg.Evening != nil:
		last = cfg.Evening
	}
	s.hub = newHub(last, poll, 100*time.Millisecond, s)
	s.drawn = newPageCache(maxShared, s.now)
	s.limits = cfg.Limits.orDefault()
	s.streams = newStreamCount(s.limits.Streams, s.limits.StreamsPerAddress)
	s.devices = newDevices()
	s.site = cfg.WriteSite
	s.join = joinView{URL: cfg.URL, SSID: cfg.WiFiSSID}
	var err error
	if cfg.URL != "" {
		if s.join.Address, err = qrSVG(cfg.URL, cfg.URL); err != nil {
			return nil, fmt.Errorf("web: QR code of %s: %w", cfg.URL, err)
		}
	}
	if text := WiFiText(cfg.WiFiSSID, cfg.WiFiPassword); text != "" {
		if s.join.WiFi, err = qrSVG(text, "Wi-Fi "+cfg.WiFiSSID); err != nil {
			return nil, fmt.Errorf("web: QR code of the Wi-Fi %s: %w", cfg.WiFiSSID, err)
		}
	}
	s.sessions = newSessions(12*time.Hour, s.now)
	s.tokens = newLimiter(20, 10*time.Minute, s.now)
	s.logins = newLimiter(5, 10*time.Minute, s.now)
	s.boardPosts = newLimiter(boardPostsMax, 10*time.Minute, s.now)
	s.late = newLateGuard(s.now)
	s.presence = newPresence(s.now) // presence.go
	if err := s.parse(); err != nil {
		return nil, err
	}
	sub, err := fs.Sub(assets, "assets/static")
	if err != nil {
		return nil, err
	}
	s.static = http.StripPrefix("/static/", noListing(sub))
	s.handler = s.routes()
	return s, nil
}

// Run watches the event log and tells the open pages of every change,
// until ctx is done.
func (s *Server) Run(ctx context.Context) { s.hub.run(ctx) }

// OneTimeLink returns the path of a new link that logs the organizer in
// once, e.g. "/admin/once/3f2a...".
func (s *Server) OneTimeLink() string { return "/admin/once/" + s.sessions.oneTime() }

func (s *Server) parse() error {
	funcs := template.FuncMap{
		"result": func(r arbiter.Result) string { return s.resultText(r) },
		"score":  func(sc arbiter.Score) string { return sc.Fraction() },
		"inc":    func(i int) int { return i + 1 },
		"list":   func(s ...string) []string { return s },
	}
	layout, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "assets/layout.html")
	if err != nil {
		return fmt.Errorf("web: templates: %w", err)
	}
	s.pages = map[string]*pageTemplate{}
	names, err := fs.Glob(assets, "assets/pages/*.html")
	if err != nil {
		return err
	}
	for _, n := range names {
		s.pages[strings.TrimSuffix(strings.TrimPrefix(n, "assets/pages/"), ".html")] = &pageTemplate{layout: layout, file: n}
	}
	return nil
}

// pageTemplate is the template of one page: the layout with the page's
// content, parsed when the page is first drawn. A command that writes
// the site draws 6 of the 21 pages, and a process runs one command.
type pageTemplate struct {
	layout *template.Template
	file   string
	once   sync.Once
	t      *template.Template
	err    error
}

// template returns the page's template, parsed once.
func (pt *pageTemplate) template() (*template.Template, error) {
	pt.once.Do(func() {
		t, err := pt.layout.Clone()
		if err == nil {
			t, err = t.ParseFS(assets, pt.file)
		}
		if err != nil {
			err = fmt.Errorf("web: templates: %w", err)
		}
		pt.t, pt.err = t, err
	})
	return pt.t, pt.err
}

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler { return s.handler }

// routes builds the server's routes (New).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	s.mux = mux
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /find", s.find)
	mux.HandleFunc("GET /standings", s.standings)
	mux.HandleFunc("GET /crosstable", s.crosstable)
	mux.HandleFunc("GET /prizes", s.prizesHandler)
	mux.HandleFunc("GET /season", s.season)
	mux.HandleFunc("GET /player/{pn}", s.player)
	mux.HandleFunc("GET /show", s.show)
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /b/{token}", s.board)
	mux.HandleFunc("POST /b/{token}/report", s.perBoard(s.report))
	mux.HandleFunc("POST /b/{token}/confirm", s.perBoard(s.confirm))
	mux.HandleFunc("POST /b/{token}/claim", s.perBoard(s.claim)) // disputes (dispute.go)
	mux.HandleFunc("GET /admin", s.lanOnly(s.admin))
	mux.HandleFunc("POST /admin/login", s.lanOnly(s.login))
	mux.HandleFunc("GET /admin/once/{token}", s.lanOnly(s.once))
	mux.HandleFunc("POST /admin/logout", s.lanOnly(s.organizer(s.logout)))
	mux.HandleFunc("POST /admin/accept/{id}", s.lanOnly(s.organizer(s.accept)))
	mux.HandleFunc("POST /admin/reject/{id}", s.lanOnly(s.organizer(s.reject)))
	mux.HandleFunc("POST /admin/publish", s.lanOnly(s.organizer(s.publish)))
	mux.HandleFunc("POST /admin/pair", s.lanOnly(s.organizer(s.pair)))
	// Presence from the phone (presence.go).
	mux.HandleFunc("GET /player/{pn}/me", s.me)
	mux.HandleFunc("POST /player/{pn}/me/{act}", s.mePost)
	mux.HandleFunc("POST /admin/presence/undo/{event}", s.lanOnly(s.organizer(s.presenceUndo)))
	mux.HandleFunc("POST /admin/presence/here/{pn}", s.lanOnly(s.organizer(s.presenceHere)))
	mux.HandleFunc("POST /admin/site", s.lanOnly(s.organizer(s.writeSite)))
	// Late entries from the phone (late.go).
	mux.HandleFunc("GET /join", s.lateJoin)
	mux.HandleFunc("POST /join", s.lateJoinPost)
	mux.HandleFunc("GET /join/{token}", s.lateJoined)
	mux.HandleFunc("POST /admin/late/{id}/accept", s.lanOnly(s.organizer(s.lateAccept)))
	mux.HandleFunc("POST /admin/late/{id}/refuse", s.lanOnly(s.organizer(s.lateRefuse)))
	mux.Handle("GET /static/", s.static)
	s.consoleRoutes(mux) // the organizer's console (console.go)
	return headers(s.devices.watch(s.noTournament(mux)))
}

// headers adds what every answer carries: no framing, no sniffing, no
// scripts but ours, and no Referer, which would carry a board's code to
// wherever a link leads.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// state is what the public pages show, computed once per change of the
// event log and shared by every request until the next change.
type state struct {
	id        int64
	snap      *desk.Snapshot
	published int
	paired    int
	rank      *desk.Standings  // the standings after the published round, explained on demand (site.go)
	rulings   []arbiter.Ruling // the organizer's rulings on disputes (dispute.go)
	prizes    *prizes.List     // the prize list after the published round (prizes.go)
	// ratings holds each player's FIDE rating change after the
	// published round, nil when the tournament does not show it
	// (ratings.go).
	ratings map[int]rating.Change

	// late is whether the phone takes late entries, as of the change
	// (late.go): open until late.Until.
	late arbiter.LateWindow
}

// state returns the tournament as of the last change built. A request
// never waits for a change being built (but for the very first): the
// server's own writes build it before they answer (changed), the hub
// before it tells the pages of changes made elsewhere.
func (s *Server) state(ctx context.Context) (*state, error) {
	if st := s.built.Load(); st != nil {
		return st, nil
	}
	return s.load(ctx)
}

// load builds the state as of the last change of the event log, unless
// one as recent is built already. Writers calling it at once share the
// builds: the one that waited for another's build that began after its
// own change takes that one.
func (s *Server) load(ctx context.Context) (*state, error) {
	ev := s.evening()
	if ev == nil {
		return nil, errNoTournament
	}
	need, err := ev.LastEvent(ctx)
	if err != nil {
		return nil, err
	}
	if cur := s.built.Load(); cur != nil && cur.id >= need {
		return cur, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.built.Load(); cur != nil && cur.id >= need {
		return cur, nil // built while this one waited
	}
	// The tournament served may have changed while this one waited.
	if ev = s.evening(); ev == nil {
		return nil, errNoTournament
	}
	id, err := ev.LastEvent(ctx)
	if err != nil {
		return nil, err
	}
	st := &state{id: id}
	if st.snap, err = ev.Snapshot(ctx); err != nil {
		return nil, err
	}
	if st.published, st.paired, err = ev.Published(ctx); err != nil {
		return nil, err
	}
	if st.rank, err = ev.Standings(st.snap, st.published); err != nil {
		return nil, err
	}
	if st.rulings, err = ev.Rulings(ctx); err != nil {
		return nil, err
	}
	if st.prizes, err = ev.Prizes(ctx, st.snap, st.rank.Rows, st.published); err != nil {
		return nil, err
	}
	if st.ratings, err = ev.RatingChanges(ctx, st.snap, st.published); err != nil {
		return nil, err
	}
	if st.late, err = ev.LateWindow(ctx, s.now()); err != nil {
		return nil, err
	}
	s.built.Store(st)
	s.tongue.Store(st.snap.Tournament.Language)
	return st, nil
}

// currentEvening is the tournament a server shows.
type currentEvening struct{ ev Evening }

// errNoTournament: the database holds no tournament to serve yet.
var errNoTournament = errors.New("web: no tournament yet")

// Serving returns the tournament served, nil for none yet: the console
// creates one.
func (s *Server) Serving() Evening { return s.evening() }

// TournamentID returns the ID of the tournament served, 0 for none yet.
func (s *Server) TournamentID() int64 {
	if st, err := s.state(context.Background()); err == nil {
		return st.snap.Tournament.ID
	}
	return 0
}

// evening returns the tournament served, nil for none yet.
func (s *Server) evening() Evening {
	if c := s.cur.Load(); c != nil {
		return c.ev
	}
	return nil
}

// serve makes the server show ev from now on: the state of the old
// tournament is dropped, and every page hears of the change.
func (s *Server) serve(ctx context.Context, ev Evening) {
	s.mu.Lock()
	s.cur.Store(&currentEvening{ev})
	s.built.Store(nil)
	s.mu.Unlock()
	s.changed(ctx)
}

// changed is called after every write: the log has moved, the page the
// writer is sent to next shows it, and every page should know at once
// (the hub tells them).
func (s *Server) changed(ctx context.Context) {
	s.load(ctx)
	s.hub.check(ctx)
}

// page is what every template receives.
type page struct {
	Title      string
	Tournament string
	Round      int // the round the public pages show
	Rounds     int
	CSRF       string
	Refresh    string // a <meta refresh> content, for the projector
	Class      string // the body's class
	Nav        string // the menu entry of this page
	Flash      string
	Error      string
	Data       any
	// LateLink is the text of the link to the late-entry page while
	// it is open (late.go); "" for no link.
	LateLink string
	// HasPrizes: the tournament has prizes, and the menu links to them.
	HasPrizes bool
	// State is the last change of the event log the page shows: the
	// live updates compare it with the server's when they connect.
	State int64

	w    words // the catalog in the request's language
	memo *memo // the words kept for a static site; nil on the server

	// Join is what the projector shows to come in.
	Join joinView

	// until is when a public page stops being true by itself (the
	// late-entry link closes); zero: at the next change (drawn.go).
	until time.Time

	// static: the page is a file of the published site (Site), its links
	// relative to the folder that holds every page.
	static    bool
	downloads []Download

	// Header and Footer are the page's header and its list of
	// downloads, drawn once for all the pages of a static site that
	// show them alike (SiteEach); "" draws them with the page.
	Header, Footer template.HTML

	// Console: the page is the organizer's console (console.go), with
	// its menu; Undo names the last change, which its link undoes.
	Console bool
	Undo    string
	// Fixes are the buttons that put the refusal in Error right.
	Fixes []fix
}

// Lang is the page's language, for <html lang>.
func (p page) Lang() string { return p.w.l.Lang().String() }

// Static reports whether the page is a file of the published site.
func (p page) Static() bool { return p.static }

// Href returns the address of one of the pages every page links to:
// "home", "find", "standings", "crosstable", "prizes", "show", and the style sheet
// ("css") and the script ("js").
func (p page) Href(name string) string {
	switch name {
	case "css":
		name = "static/app.css"
	case "js":
		name = "static/app.js"
	case "home":
		if p.static {
			return "index.html"
		}
		return "/"
	default:
		if p.static {
			name += ".html"
		}
	}
	if p.static {
		return name
	}
	return "/" + name
}

// PlayerHref returns the address of player pn's page.
func (p page) PlayerHref(pn int) string {
	if p.static {
		return "player-" + strconv.Itoa(pn) + ".html"
	}
	return "/player/" + strconv.Itoa(pn)
}

// RoundHref returns the address of round n's boards; the server shows
// only the last published round, at "/".
func (p page) RoundHref(n int) string {
	if p.static {
		return "round-" + strconv.Itoa(n) + ".html"
	}
	return "/"
}

// RoundList returns the rounds a page of the published site links to:
// 1 to the last one published.
func (p page) RoundList() []int {
	out := make([]int, p.Round)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Downloads are the files of the published site that its pages offer.
func (p page) Downloads() []Download { return p.downloads }

// T returns the page's words for key (see words.t), for the templates.
func (p page) T(key string, args ...any) string { return p.memo.t(p.w, key, args...) }

// Word words a phrase of the pure packages (a tie-break's explanation) in
// the page's language, for the templates.
func (p page) Word(t phrase.Text) string { return p.memo.word(p.w, t) }

// Value writes the value of tie-break sp at the head of its explanation,
// as the terminal's explanation does: DE's 0 (no decision) as "-".
func (p page) Value(sp desk.TiebreakSpec, v float64) string {
	if desk.Blank(sp, v) {
		return "-"
	}
	return p.memo.word(p.w, phrase.New("tb.num", "Value", phrase.Num(v)))
}

// maxShared bounds the public pages kept drawn: searches make new ones
// (drawn.go).
const maxShared = 500

// render answers r with page name, drawn for this request (a page with
// a form, or one for this visitor only); the public pages are drawn once
// per change instead (publicPage).
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	if p.CSRF == "" {
		p.CSRF = csrfToken(w, r)
	}
	b, err := s.execute(name, p)
	if err != nil {
		fmt.Fprintf(s.log, "web: %v\n", err)
		http.Error(w, "page error", http.StatusInternalServerError)
		return
	}
	writePage(w, status, b)
}

// execute draws page p with template name.
func (s *Server) execute(name string, p page) ([]byte, error) {
	pt, ok := s.pages[name]
	if !ok {
		return nil, fmt.Errorf("web: no page %s", name)
	}
	t, err := pt.template()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "layout.html", p); err != nil {
		return nil, fmt.Errorf("web: page %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// writePage sends a page drawn, its length said: one write, no chunks.
func writePage(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// fail shows an error page: the visitor's mistakes with their message,
// the server's own with a short one (and the details in the log).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	msg := "something went wrong on the server; see its terminal"
	switch {
	case errors.Is(err, desk.ErrWrongPIN):
		status = http.StatusForbidden
	case errors.Is(err, desk.ErrBadToken):
		status = http.StatusNotFound
	case errors.Is(err, desk.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, desk.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, desk.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, desk.ErrBusy):
		status = http.StatusServiceUnavailable
		msg = err.Error()
	}
	if words, ok := s.words(r).refusal(err); ok {
		msg = words
	} else if status == http.StatusInternalServerError {
		fmt.Fprintf(s.log, "web: %s %s: %v\n", r.Method, r.URL.Path, err)
	} else if status != http.StatusServiceUnavailable {
		msg = err.Error()
	}
	s.failText(w, r, status, msg)
}

// refusal returns the desk's refusal err (a *desk.Error) worded in the
// page's language, and whether err is one.
func (wd words) refusal(err error) (string, bool) {
	var de *desk.Error
	if errors.As(err, &de) {
		return de.Words(wd.l), true
	}
	return "", false
}

// lockMinutes is how many minutes a lock-out for wrong PINs (ErrLocked)
// has left, at least 1.
func lockMinutes(err error) int {
	var de *desk.Error
	if errors.As(err, &de) && de.Retry > 0 {
		return int((de.Retry + time.Minute - 1) / time.Minute)
	}
	return 1
}

func (s *Server) failText(w http.ResponseWriter, r *http.Request, status int, msg string) {
	wd := s.words(r)
	p := page{Title: wd.t("error"), Error: msg, w: wd}
	if st, err := s.state(r.Context()); err == nil {
		p.Tournament = st.snap.Tournament.Name
	}
	s.render(w, r, status, "error", p)
}

// base returns the page fields every public page shares.
func (s *Server) base(wd words, st *state, title, nav string) page {
	return page{Title: title, Tournament: st.snap.Tournament.Name, Round: st.published, Rounds: st.snap.Tournament.Rounds, Nav: nav, w: wd, State: st.id,
		HasPrizes: !st.prizes.Empty()}
}

// words returns the catalog in the language of r.
func (s *Server) words(r *http.Request) words {
	lang := ""
	if st, err := s.state(r.Context()); err == nil {
		lang = st.snap.Tournament.Language
	}
	return s.langs[language(r, lang)]
}

// public returns the fields of a public page without forms (publicPage).
func (s *Server) public(wd words, st *state, title, nav string) page {
	return s.base(wd, st, title, nav)
}

// boardText writes the result of board b of tournament t: resultText,
// or for a Double-Swiss match (C.04.5) the match score from game 1's
// White and both games, "1½-½ (1-0 ½-½)".
func (s *Server) boardText(t arbiter.Tournament, b arbiter.Board) string {
	if t.System != arbiter.DoubleSwiss {
		return s.resultText(b.Result)
	}
	return s.matchText(b.Match())
}

// matchText writes a Double-Swiss match: its score from game 1's White
// and both games, "1½-½ (1-0 ½-½)"; "" for none.
func (s *Server) matchText(m arbiter.Match) string {
	if m == (arbiter.Match{}) {
		return ""
	}
	return m.Score() + " (" + s.resultText(m.First) + " " + s.resultText(m.Second) + ")"
}

func (s *Server) resultText(r arbiter.Result) string {
	switch r {
	case arbiter.WhiteWins:
		return "1-0"
	case arbiter.BlackWins:
		return "0-1"
	case arbiter.Draw:
		return "½-½"
	case arbiter.WhiteForfeit:
		return "+ -"
	case arbiter.BlackForfeit:
		return "- +"
	case arbiter.DoubleForfeit:
		return "- -"
	case arbiter.HalfZero: // the rare games of a Double-Swiss match (C.04.5 Preface)
		return "½-0"
	case arbiter.ZeroHalf:
		return "0-½"
	case arbiter.ZeroZero:
		return "0-0"
	}
	return ""
}

// figure writes a tie-break value as every table does (locale.Figure),
// in a column of halves or not: DE's 0 (no decision) as "-".
func figure(wd words, sp desk.TiebreakSpec, v float64, halves bool) string {
	if desk.Blank(sp, v) {
		return "-"
	}
	return wd.l.Figure(v, halves)
}

// events streams the changes to a page, as server-sent events, until
// the page goes away. A page names itself (page=/standings): the stream
// then says only when that page looks different, with its new version
// (its data-state); a page that names none, or one that is not public,
// hears of every change. A change reads "data: VERSION SPREAD": the page
// fetches itself again at a random moment within SPREAD milliseconds. The streams are exempt from the server's read
// and write timeouts, each write having its own; beyond the limits per
// address and in all the stream is refused with 503 and Retry-After, and
// the page works on without the live updates.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	addr := remoteIP(r)
	if !s.streams.acquire(addr) {
		s.busy(w, r)
		return
	}
	defer s.streams.release(addr)
	rc := http.NewResponseController(w)
	// The stream outlives the read and write timeouts of a request.
	rc.SetReadDeadline(time.Time{})
	write := func(text string) bool {
		rc.SetWriteDeadline(time.Now().Add(s.limits.StreamWrite))
		if _, err := io.WriteString(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	sub, stop := s.hub.subscribe(s.watchKey(r, r.URL.Query().Get("page")), 0)
	defer stop()
	hello, key := s.hub.current(), sub.key
	if key != "" {
		st, err := s.state(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		hello = s.drawKey(r.Context(), st, key)
	}
	s.hub.said(sub, hello)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	if !write(fmt.Sprintf("retry: 2000\nevent: hello\ndata: %d\n\n", hello)) {
		return
	}
	keep := time.NewTicker(25 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case t := <-sub.c:
			if !write(fmt.Sprintf("event: change\ndata: %d %d\n\n", t.version, t.spread.Milliseconds())) {
				return
			}
		case <-keep.C:
			if !write(": keep-alive\n\n") {
				return
			}
		}
	}
}
