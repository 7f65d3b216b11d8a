package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// lanOnly refuses requests from outside the local network.
func (s *Server) lanOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		wd := s.words(r)
		if !onLAN(remoteIP(r)) {
			s.failText(w, r, http.StatusForbidden, wd.t("lan-only"))
			return
		}
		h(w, r)
	}
}

// session returns the organizer's session id, "" when not logged in.
func (s *Server) session(r *http.Request) string {
	c, err := r.Cookie(sessionCookie)
	if err != nil || !s.sessions.valid(c.Value) {
		return ""
	}
	return c.Value
}

// organizer lets through only a logged-in organizer's forms with their
// CSRF token.
func (s *Server) organizer(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.session(r) == "" {
			http.Redirect(w, r, "/admin", http.StatusSeeOther)
			return
		}
		if !csrfOK(r) {
			s.failText(w, r, http.StatusForbidden, s.words(r).t("bad-form"))
			return
		}
		h(w, r)
	}
}

func (s *Server) startSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: s.sessions.start(), Path: "/admin",
		HttpOnly: true, SameSite: http.SameSiteStrictMode, MaxAge: 12 * 3600})
	http.Redirect(w, r, "/admin", http.StatusSeeOther)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, wd.t("bad-form"))
		return
	}
	// Counted as wrong before it is checked: passwords sent at once
	// count against each other.
	ok, release := s.logins.try("login " + remoteIP(r).String())
	if !ok {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return
	}
	if s.password == "" || !same(r.PostFormValue("password"), s.password) {
		s.renderAdmin(w, r, http.StatusForbidden, wd.t("wrong-password"))
		return
	}
	release()
	s.startSession(w, r)
}

func (s *Server) once(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	ok, release := s.logins.try("login " + remoteIP(r).String())
	if !ok {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return
	}
	if !s.sessions.useOnce(r.PathValue("token")) {
		s.failText(w, r, http.StatusForbidden, wd.t("no-login"))
		return
	}
	release()
	s.startSession(w, r)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	s.sessions.end(s.session(r))
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/admin", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// queueLine is a report waiting for the organizer.
type queueLine struct {
	ID       int64
	Round    int
	Board    int
	White    seatView
	Black    seatView
	Status   string
	Reported string // the reporter's result
	Other    string // the opponent's, when disputed
	Reporter string
	At       string
	IP       string
	Choices  []choice
	Dispute  *disputeView // the players' claims and verdicts (dispute.go)
}

func (s *Server) admin(w http.ResponseWriter, r *http.Request) {
	s.renderAdmin(w, r, http.StatusOK, "")
}

// toAdmin shows the organizer's page again after a change, with its
// status line: the message key of the catalog with args, kept with the
// organizer's session (notice); the address carries only its number.
func (s *Server) toAdmin(w http.ResponseWriter, r *http.Request, key string, args ...any) {
	to := "/admin"
	if id := s.session(r); id != "" {
		if n := s.sessions.note(id, notice{key: key, args: args}); n != 0 {
			to += "?done=" + strconv.Itoa(n)
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) renderAdmin(w http.ResponseWriter, r *http.Request, status int, errMsg string) {
	s.renderAdminAs(w, r, status, refusal{Msg: errMsg}, "")
}

// adminData is the organizer's page: the queue of reports and late
// entries, the pairing and publishing of rounds, and with a desk the
// console's round: the boards at a glance and their results.
type adminData struct {
	LoggedIn  bool
	Password  bool
	Queue     []queueLine
	Draft     int // the round paired but not published, 0 if none
	Next      int // the round to pair next, 0 if none
	Forced    int // the round that can be paired only by forcing, 0 if none
	InPlay    int // the round in play when nothing can be paired yet, 0 if none
	Open      int // its boards without a result
	Published int
	Devices   int       // phones and computers that reached the server
	Site      bool      // the site for home can be written (a round is published)
	Roll      *rollView // who plays the next round (presence.go)
	// Late entries from the phone (late.go).
	LateState string
	Late      []lateLine

	// The console (console_round.go), with a desk.
	Console bool
	Grid    *gridView
	Choices []choice
	// Match: the boards are Double-Swiss matches (C.04.5): Choices are
	// match scores and each board shows its two games.
	Match bool
	Typed string     // what was typed in the result box, kept after a refusal
	Setup *setupView // before round 1 (console_setup.go)
	Fit   *fitView   // how registration closes, asked when pairing round 1
}

func (s *Server) renderAdminAs(w http.ResponseWriter, r *http.Request, status int, ref refusal, typed string) {
	s.renderAdminFit(w, r, status, ref, typed, nil)
}

// renderAdminFit is renderAdminAs asking, with fit, how registration
// closes instead of offering to pair.
func (s *Server) renderAdminFit(w http.ResponseWriter, r *http.Request, status int, ref refusal, typed string, fit *fitView) {
	wd := s.words(r)
	if s.evening() == nil {
		// No tournament yet: the login, then the console creates one.
		if s.session(r) != "" {
			http.Redirect(w, r, "/admin/new", http.StatusSeeOther)
			return
		}
		p := s.consolePage(r, wd, nil, wd.t("admin-title"), "admin")
		p.Error = ref.Msg
		p.Data = adminData{Password: s.password != ""}
		s.render(w, r, status, "admin", p)
		return
	}
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var p page
	if s.desk != nil && s.session(r) != "" {
		p = s.consolePage(r, wd, st, wd.t("c-round-title"), "admin")
	} else {
		p = s.base(wd, st, wd.t("admin-title"), "admin")
		if id := s.session(r); id != "" && ref.empty() {
			n, _ := strconv.Atoi(r.URL.Query().Get("done"))
			if v, ok := s.sessions.noted(id, n); ok {
				p.Flash = wd.t(v.key, v.args...)
			}
		}
	}
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	if !ref.empty() {
		p.Flash = ""
	}
	data := adminData{LoggedIn: s.session(r) != "", Password: s.password != "", Published: st.published, Devices: s.devices.count(),
		Site: s.site != nil && st.published > 0, Console: s.desk != nil, Typed: typed, Choices: choices(), Fit: fit}
	if st.snap.Tournament.System == arbiter.DoubleSwiss {
		data.Choices, data.Match = matchChoices(), true
	}
	if data.LoggedIn {
		q, err := s.evening().Queue(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		for _, rep := range q {
			l := queueLine{ID: rep.ID, Round: rep.Round, Board: rep.Board, White: s.seat(st, rep.White, rep.Round),
				Black: s.seat(st, rep.Black, rep.Round), Status: rep.Status, Reported: s.reportText(rep),
				Reporter: s.colour(wd, rep.Seat), At: rep.ReportedAt.Local().Format("15:04"), IP: rep.ReportedIP}
			if rep.IsMatch() {
				// A match is accepted as one of the players gave it; another
				// is entered on the board.
				l.Choices = append(l.Choices, choice{Value: rep.Match().String(), Label: s.matchText(rep.Match())})
				if rep.Status == arbiter.Disputed {
					l.Other = s.otherText(rep)
					l.Choices = append(l.Choices, choice{Value: rep.OtherMatch().String(), Label: s.matchText(rep.OtherMatch())})
				}
				data.Queue = append(data.Queue, l)
				continue
			}
			if rep.Status == arbiter.Disputed {
				l.Other = s.resultText(rep.Other)
				if l.Dispute, err = s.disputeView(r, wd, st, rep); err != nil {
					s.fail(w, r, err)
					return
				}
			}
			for _, c := range choices() {
				l.Choices = append(l.Choices, c)
			}
			data.Queue = append(data.Queue, l)
		}
		if data.Roll, err = s.rollView(r, st); err != nil { // presence.go
			s.fail(w, r, err)
			return
		}
		if data.LateState, data.Late, err = s.lateAdmin(r.Context(), wd); err != nil {
			s.fail(w, r, err)
			return
		}
		if st.paired > st.published {
			data.Draft = st.paired
		}
		if st.paired < st.snap.Tournament.Rounds && !openBoards(st) {
			data.Next = st.paired + 1
		} else if st.paired < st.snap.Tournament.Rounds && len(data.Queue) > 0 {
			data.Forced = st.paired + 1
		} else if n := countOpen(st); n > 0 {
			// The round is in play: say so, not that the event is over.
			data.InPlay, data.Open = st.paired, n
		}
		if data.Console {
			if data.Grid, err = s.gridOf(r, wd, st, st.paired); err != nil {
				s.fail(w, r, err)
				return
			}
			if st.paired == 0 {
				data.Setup = s.setupOf(wd, st)
			}
		}
	}
	p.Data = data
	s.render(w, r, status, "admin", p)
}

// who names the organizer acting from r, for the event log.
func who(r *http.Request) string { return "organizer (web) from " + remoteIP(r).String() }

func (s *Server) accept(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	res := arbiter.NoResult
	if v := r.PostFormValue("result"); strings.Contains(strings.TrimSpace(v), " ") {
		// The two games of a Double-Swiss match, as the queue offers them.
		var rep arbiter.WebReport
		m, err := desk.ParseMatchResult(v)
		if err == nil {
			rep, err = s.evening().AcceptMatch(desk.WithActor(r.Context(), who(r)), id, m)
		}
		if err != nil {
			s.adminError(w, r, err)
			return
		}
		s.changed(r.Context())
		s.toAdmin(w, r, "accepted", s.matchText(m), rep.Board)
		return
	} else if v != "" {
		if res, err = arbiter.ParseResult(v); err != nil {
			s.fail(w, r, &desk.Error{Kind: desk.ErrInvalid, Input: "result", Msg: err.Error()})
			return
		}
	}
	rep, err := s.evening().Accept(desk.WithActor(r.Context(), who(r)), id, res)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	if res == arbiter.NoResult {
		res = rep.Result
	}
	s.toAdmin(w, r, "accepted", s.resultText(res), rep.Board)
}

func (s *Server) reject(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	rep, err := s.evening().Reject(desk.WithActor(r.Context(), who(r)), id)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	s.toAdmin(w, r, "rejected", rep.Board)
}

func (s *Server) publish(w http.ResponseWriter, r *http.Request) {
	n, err := s.evening().Publish(desk.WithActor(r.Context(), who(r)))
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	s.toAdmin(w, r, "published", n)
}

func (s *Server) pair(w http.ResponseWriter, r *http.Request) {
	if st, err := s.state(r.Context()); err == nil && s.desk != nil {
		// Before round 1, a field the rounds planned do not fit asks
		// how to play first (console_setup.go).
		if su := s.setupOf(s.words(r), st); su != nil && su.Ask {
			s.renderAdminAs(w, r, http.StatusConflict, refusal{Msg: su.Question}, "")
			return
		}
	}
	var close *arbiter.Closing
	if v := r.PostFormValue("close"); v != "" {
		c, err := arbiter.ParseClosing(v)
		if err != nil {
			s.failText(w, r, http.StatusBadRequest, s.words(r).t("bad-form"))
			return
		}
		close = &c
	}
	rd, err := s.evening().PairNext(desk.WithActor(r.Context(), who(r)), r.PostFormValue("force") == "1", close)
	var fe *arbiter.FitError
	if errors.As(err, &fe) {
		// The rounds planned do not fit the field: the page asks how to
		// close registration, one button for each choice.
		s.renderAdminFit(w, r, http.StatusConflict, refusal{}, "", s.fitView(s.words(r), fe))
		return
	}
	if err != nil {
		s.pairError(w, r, err)
		return
	}
	s.changed(r.Context())
	s.toAdmin(w, r, "paired", rd.Number)
}

// fitView is the question registration asks at round 1 when the rounds
// planned do not fit the field, in the page's words.
type fitView struct {
	Question string
	Choices  []fitChoice
}

// fitChoice is one answer: the value the form sends back and its label.
type fitChoice struct{ Value, Label string }

func (s *Server) fitView(wd words, fe *arbiter.FitError) *fitView {
	f := fe.Fit
	v := &fitView{Question: wd.t("fit-question", f.Planned, f.Players, f.Swiss)}
	for _, c := range fe.Choices {
		var label string
		switch {
		case c.Kind == arbiter.CloseSwiss:
			label = wd.t("fit-swiss", c.Rounds)
		case c.Kind == arbiter.CloseRoundRobin && c.Cycles == 2:
			label = wd.t("fit-double", f.Double)
		case c.Kind == arbiter.CloseRoundRobin:
			label = wd.t("fit-round-robin", f.RoundRobin)
		case c.Kind == arbiter.CloseKeep:
			label = wd.t("fit-keep", f.Planned)
		default:
			continue
		}
		v.Choices = append(v.Choices, fitChoice{Value: c.String(), Label: label})
	}
	return v
}

// writeSite writes the evening as a static site for the club's website
// (arbiter publish --html), where the server was told to.
func (s *Server) writeSite(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	if s.site == nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	path, n, err := s.site(r.Context())
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.toAdmin(w, r, "site-written", n, path)
}

// adminError shows a refusal on the organizer's page itself.
func (s *Server) adminError(w http.ResponseWriter, r *http.Request, err error) {
	if msg, ok := s.words(r).refusal(err); ok {
		s.renderAdmin(w, r, http.StatusConflict, msg)
		return
	}
	s.renderAdmin(w, r, http.StatusConflict, err.Error())
}

// pairError shows a refused pairing on the organizer's page, in the
// command line's words, with the button that helps where there is one.
func (s *Server) pairError(w http.ResponseWriter, r *http.Request, err error) {
	wd := s.words(r)
	ref := refusal{Msg: errText(err)}
	switch {
	case errors.Is(err, desk.ErrRoundOpen) && strings.Contains(ref.Msg, "not settled") && !strings.Contains(ref.Msg, "disputed"):
		// Reports nobody confirmed: the organizer may enter them as
		// reported and pair (round pair --force-reported).
		ref.Fixes = []fix{{Label: wd.t("c-pair-force"), Action: "/admin/pair", Fields: []field{{"force", "1"}}}}
	case errors.Is(err, desk.ErrRoundOpen):
		ref.Fixes = []fix{{Label: wd.t("c-to-round"), Href: "/admin#grid"}}
	case errors.Is(err, desk.ErrWarnings):
		var de *desk.Error
		errors.As(err, &de)
		// The round and the warnings, worded from the catalog; the page
		// offers the button that keeps it instead of --force.
		ref.Msg = de.Words(wd.l)
	}
	if msg, ok := wd.refusal(err); ref.Msg == "" && ok {
		ref.Msg = msg
	}
	s.renderAdminAs(w, r, http.StatusConflict, ref, "")
}

// countOpen returns how many boards of the last paired round have no
// result.
func countOpen(st *state) int {
	n := 0
	if rd := st.snap.Round(st.paired); rd != nil {
		for _, b := range rd.Boards {
			if b.Result == arbiter.NoResult {
				n++
			}
		}
	}
	return n
}

// openBoards reports whether the last paired round has a board without a
// result: the next round cannot be paired yet.
func openBoards(st *state) bool {
	if rd := st.snap.Round(st.paired); rd != nil {
		for _, b := range rd.Boards {
			if b.Result == arbiter.NoResult {
				return true
			}
		}
	}
	return false
}
