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
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

//go:embed assets
var assets embed.FS

// Config sets up a Server.
type Config struct {
	// Evening is the tournament the server shows.
	Evening Evening
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
	ev       Evening
	password string
	stale    time.Duration
	now      func() time.Time
	log      io.Writer
	pages    map[string]*template.Template
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
	// passwords. Wrong PINs are counted in the database (store.PINLimits).
	tokens, logins *limiter
	// boardPosts counts every POST to a board's page per device and
	// board (perBoard).
	boardPosts *limiter
	// late counts the late-entry requests per device (late.go).
	late *lateGuard

	// presence: the players' sessions and the per-device limit of their
	// pages (presence.go).
	presence *presence

	mu    sync.Mutex
	cache *state

	// Public pages are the same for everyone until the next change: each
	// is drawn once per change (pagesID) and then sent as drawn.
	pagesMu sync.Mutex
	pagesID int64
	drawn   map[string][]byte
}

// New returns a server for cfg. Call Run to watch for changes.
func New(cfg Config) (*Server, error) {
	s := &Server{ev: cfg.Evening, password: cfg.AdminPassword, stale: cfg.Stale, now: cfg.Now, log: cfg.Log}
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
	s.hub = newHub(s.ev, poll, 100*time.Millisecond)
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
		"figure": figure,
		"inc":    func(i int) int { return i + 1 },
	}
	layout, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "assets/layout.html")
	if err != nil {
		return fmt.Errorf("web: templates: %w", err)
	}
	s.pages = map[string]*template.Template{}
	names, err := fs.Glob(assets, "assets/pages/*.html")
	if err != nil {
		return err
	}
	for _, n := range names {
		t, err := template.Must(layout.Clone()).ParseFS(assets, n)
		if err != nil {
			return fmt.Errorf("web: templates: %w", err)
		}
		s.pages[strings.TrimSuffix(strings.TrimPrefix(n, "assets/pages/"), ".html")] = t
	}
	return nil
}

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
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
	return headers(s.devices.watch(mux))
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
	snap      *store.Snapshot
	published int
	paired    int
	in        tiebreak.Input
	ranked    []tiebreak.Standing
	rulings   []store.Ruling // the organizer's rulings on disputes (dispute.go)
	prizes    *prizes.List   // the prize list after the published round (prizes.go)

	explainOnce sync.Once // see explain (site.go)
	explainer   *tiebreak.Explainer
	explainErr  error
}

// state returns the tournament as of the last change seen.
func (s *Server) state(ctx context.Context) (*state, error) {
	cur := s.hub.current()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cache != nil && s.cache.id == cur && cur != 0 {
		return s.cache, nil
	}
	id, err := s.ev.LastEvent(ctx)
	if err != nil {
		return nil, err
	}
	if s.cache != nil && s.cache.id == id {
		return s.cache, nil
	}
	st := &state{id: id}
	if st.snap, err = s.ev.Snapshot(ctx); err != nil {
		return nil, err
	}
	if st.published, st.paired, err = s.ev.Published(ctx); err != nil {
		return nil, err
	}
	if st.in, st.ranked, err = s.ev.Standings(st.snap, st.published); err != nil {
		return nil, err
	}
	if st.rulings, err = s.ev.Rulings(ctx); err != nil {
		return nil, err
	}
	if st.prizes, err = s.ev.Prizes(ctx, st.snap, st.ranked, st.published); err != nil {
		return nil, err
	}
	s.cache = st
	return st, nil
}

// changed is called after every write: the log has moved, and every page
// should know at once.
func (s *Server) changed(ctx context.Context) { s.hub.check(ctx) }

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

	w words // the catalog in the request's language

	// Join is what the projector shows to come in.
	Join joinView

	// shared is the change a public page shows (state.id): the page has
	// no form and is the same for every visitor, so it is drawn once.
	shared int64

	// static: the page is a file of the published site (Site), its links
	// relative to the folder that holds every page.
	static    bool
	downloads []Download
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
func (p page) T(key string, args ...any) string { return p.w.t(key, args...) }

// Word words a phrase of the pure packages (a tie-break's explanation) in
// the page's language, for the templates.
func (p page) Word(t phrase.Text) string { return p.w.l.Word(t) }

// maxShared bounds the public pages kept drawn: searches make new ones.
const maxShared = 500

func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	t, ok := s.pages[name]
	if !ok {
		http.Error(w, "no page "+name, http.StatusInternalServerError)
		return
	}
	key := p.w.l.Lang().String() + " " + r.URL.RequestURI()
	if p.shared != 0 && status == http.StatusOK {
		s.pagesMu.Lock()
		body, ok := s.drawn[key]
		if s.pagesID != p.shared {
			ok = false
		}
		s.pagesMu.Unlock()
		if ok {
			writePage(w, status, body)
			return
		}
	} else if p.CSRF == "" {
		p.CSRF = csrfToken(w, r)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "layout.html", p); err != nil {
		fmt.Fprintf(s.log, "web: page %s: %v\n", name, err)
		http.Error(w, "page error", http.StatusInternalServerError)
		return
	}
	if p.shared != 0 && status == http.StatusOK {
		s.pagesMu.Lock()
		if p.shared > s.pagesID || s.drawn == nil {
			s.pagesID, s.drawn = p.shared, map[string][]byte{}
		}
		if s.pagesID == p.shared && len(s.drawn) < maxShared {
			s.drawn[key] = b.Bytes()
		}
		s.pagesMu.Unlock()
	}
	writePage(w, status, b.Bytes())
}

func writePage(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// fail shows an error page: the visitor's mistakes with their message,
// the server's own with a short one (and the details in the log).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	msg := "something went wrong on the server; see its terminal"
	var ie *store.InputError
	switch {
	case errors.Is(err, store.ErrWrongPIN):
		status = http.StatusForbidden
	case errors.Is(err, store.ErrBadToken):
		status = http.StatusNotFound
	case errors.Is(err, store.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, store.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, store.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, store.ErrBusy):
		status = http.StatusServiceUnavailable
		msg = err.Error()
	}
	if errors.As(err, &ie) {
		msg = ie.Msg
	} else if status == http.StatusInternalServerError {
		fmt.Fprintf(s.log, "web: %s %s: %v\n", r.Method, r.URL.Path, err)
	} else if status != http.StatusServiceUnavailable {
		msg = err.Error()
	}
	s.failText(w, r, status, msg)
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

// public returns the fields of a public page without forms, drawn once
// per change.
func (s *Server) public(wd words, st *state, title, nav string) page {
	p := s.base(wd, st, title, nav)
	p.shared = st.id
	return p
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
	}
	return ""
}

// figure writes a tie-break value as the standings command does: DE's 0
// (no decision) as "-".
func figure(sp tiebreak.Spec, v float64) string {
	if sp.Code == tiebreak.DE && v == 0 {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// events streams the id of every change to the page, as server-sent
// events, until the page goes away.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c, stop := s.hub.subscribe()
	defer stop()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "retry: 2000\nevent: hello\ndata: %d\n\n", s.hub.current())
	fl.Flush()
	keep := time.NewTicker(25 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case id := <-c:
			if _, err := fmt.Fprintf(w, "event: change\ndata: %d\n\n", id); err != nil {
				return
			}
			fl.Flush()
		case <-keep.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
