package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
)

// The organizer's console: the whole evening from the laptop's browser,
// through the same desk calls as the command line. Its pages live under
// /admin, behind the organizer's login and the local network, every form
// with its CSRF token; they work without JavaScript (console.js adds
// the keyboard and the search as one types) and follow the changes of a
// second organizer's tab, or of the command line, live.

// consoleRoutes adds the console's pages to mux: only with a desk.
func (s *Server) consoleRoutes(mux *http.ServeMux) {
	if s.desk == nil {
		return
	}
	get := func(path string, h http.HandlerFunc) { mux.HandleFunc("GET "+path, s.lanOnly(s.organizerPage(h))) }
	post := func(path string, h http.HandlerFunc) { mux.HandleFunc("POST "+path, s.lanOnly(s.organizer(h))) }
	// Before round 1 (console_setup.go).
	get("/admin/new", s.newTournament)
	post("/admin/new", s.createTournament)
	get("/admin/players", s.playersPage)
	get("/admin/players/search", s.playerSearch)
	post("/admin/players/add", s.playerAdd)
	mux.HandleFunc("POST /admin/players/import", s.lanOnly(s.bounded(maxUpload, s.organizer(s.playerImport))))
	get("/admin/players/{pn}", s.entryPage)
	post("/admin/players/{pn}/{act}", s.playerAct)
	post("/admin/close", s.closeRegistration)
	// The round and its results (console_round.go).
	post("/admin/result", s.resultPost)
	get("/admin/board/{n}", s.boardPage)
	post("/admin/board/{n}/edit", s.boardEdit)
	post("/admin/unpair", s.unpair)
	get("/admin/undo", s.undoPage)
	post("/admin/undo", s.undo)
	// What the evening shows and prints (console_views.go).
	get("/admin/standings", s.consoleStandings)
	get("/admin/season", s.consoleSeason)
	get("/admin/log", s.logPage)
	get("/admin/paper", s.paperPage)
	get("/admin/paper/{file}", s.paperFile)
}

// maxUpload bounds a list of players uploaded: a club's list, or a
// national rating list cut to a region, is far less.
const maxUpload = 32 << 20

// bounded refuses a request body longer than limit.
func (s *Server) bounded(limit int64, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		h(w, r)
	}
}

// organizerPage lets through only the organizer's requests for the console's
// pages; the others go to the login. Before there is a tournament, every
// page but the one that creates it leads there.
func (s *Server) organizerPage(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.session(r) == "" {
			http.Redirect(w, r, "/admin", http.StatusSeeOther)
			return
		}
		if s.evening() == nil && r.URL.Path != "/admin/new" {
			http.Redirect(w, r, "/admin/new", http.StatusSeeOther)
			return
		}
		h(w, r)
	}
}

// noTournament answers the public pages while the database holds no
// tournament: the organizer's console creates it.
func (s *Server) noTournament(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if s.evening() != nil || p == "/admin" || strings.HasPrefix(p, "/admin/") || strings.HasPrefix(p, "/static/") {
			h.ServeHTTP(w, r)
			return
		}
		wd := s.langs[language(r, "")]
		s.render(w, r, http.StatusNotFound, "error", page{Title: wd.t("c-none-yet"), Error: wd.t("c-none-yet-help"), w: wd})
	})
}

// actor returns r's context, its changes logged as the organizer's from
// r's address.
func actor(r *http.Request) context.Context { return desk.WithActor(r.Context(), who(r)) }

// fix is a button (a form posted, or a link) that puts a refusal right.
type fix struct {
	Label  string
	Action string // the form's address; "" for a link
	Href   string
	Fields []field // the form's fields, hidden
	Main   bool    // the button the refusal most likely wants
}

type field struct{ Name, Value string }

// refusal is a refusal of the desk as the console shows it: the words
// the command line says, and the buttons that put it right where there
// are some.
type refusal struct {
	Msg   string
	Fixes []fix
}

func (r refusal) empty() bool { return r.Msg == "" }

// errText returns the words of a refusal the command line prints before
// its advice (which names commands and flags; the console offers
// buttons instead): the desk's message, or the fault of the disk or the
// database in words.
func errText(err error) string {
	var de *desk.Error
	if errors.As(err, &de) {
		return de.Msg
	}
	var ie *desk.InputError
	if errors.As(err, &ie) {
		return ie.Msg
	}
	return desk.UserMessage(err)
}

// pageWords returns a refusal of the catalog as the console says it:
// the command line's words, less a last clause that tells what to type
// at the terminal (a command, a flag); the page offers a button instead.
func pageWords(msg string) string {
	cut := max(strings.LastIndex(msg, "; "), strings.LastIndex(msg, ": "))
	if cut > 0 && (strings.Contains(msg[cut:], "arbiter ") || strings.Contains(msg[cut:], "--")) {
		return msg[:cut]
	}
	return msg
}

// status returns the HTTP status of a refusal.
func status(err error) int {
	switch {
	case errors.Is(err, desk.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, desk.ErrConflict), errors.Is(err, desk.ErrRefused):
		return http.StatusConflict
	case errors.Is(err, desk.ErrInvalid):
		return http.StatusBadRequest
	case errors.Is(err, desk.ErrBusy):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// consolePage returns the fields every page of the console shares; st
// is nil before there is a tournament.
func (s *Server) consolePage(r *http.Request, wd words, st *state, title, nav string) page {
	p := page{Title: title, Nav: nav, w: wd, Console: true, Class: "console"}
	if st != nil {
		p.Tournament, p.Rounds, p.State = st.snap.Tournament.Name, st.snap.Tournament.Rounds, st.id
		p.Round = st.paired
		p.HasPrizes = !st.prizes.Empty()
		if plan, err := s.desk.Undo(r.Context(), strconv.FormatInt(st.snap.Tournament.ID, 10), 0, false); err == nil && len(plan.Events) > 0 {
			e := plan.Events[len(plan.Events)-1]
			action, subject, _ := desk.EventWords(wd.l, e)
			p.Undo = subject
			if p.Undo == "" {
				p.Undo = action
			}
		}
	}
	if id := s.session(r); id != "" {
		n, _ := strconv.Atoi(r.URL.Query().Get("done"))
		if v, ok := s.sessions.noted(id, n); ok {
			p.Flash = wd.t(v.key, v.args...)
		}
	}
	return p
}

// consoleState returns the tournament as of the last change and the
// words of its language, having answered r itself when it cannot.
func (s *Server) consoleState(w http.ResponseWriter, r *http.Request) (*state, words, bool) {
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return nil, words{}, false
	}
	return st, s.langs[language(r, st.snap.Tournament.Language)], true
}

// done sends the organizer to page to after a change, with its status
// line: a message of the catalog kept with the session (see toAdmin).
func (s *Server) done(w http.ResponseWriter, r *http.Request, to string, key string, args ...any) {
	if id := s.session(r); id != "" {
		if n := s.sessions.note(id, notice{key: key, args: args}); n != 0 {
			u, err := url.Parse(to)
			if err == nil {
				q := u.Query()
				q.Set("done", strconv.Itoa(n))
				u.RawQuery = q.Encode()
				to = u.String()
			}
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// tid returns the ID of the tournament st shows, as the desk's use cases
// name it.
func (st *state) ref() string { return strconv.FormatInt(st.snap.Tournament.ID, 10) }
