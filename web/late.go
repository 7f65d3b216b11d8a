package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/text"
)

// Late entries from the phone: before the cut-off the organizer set, a
// newcomer opens /join, types their name (a club player's is offered:
// "Did you mean ...?"), and the request waits on the organizer's page.
// Once accepted, the newcomer's own page (/join/{token}, an unguessable
// address) shows their pairing number and PIN.

// lateGuard limits the posts of one address, whatever browser it
// names: every attempt counts, accepted or not. A browser's name is
// whatever the phone says, so it splits nothing.
type lateGuard struct {
	address *limiter
}

// The limit: a newcomer needs two posts (the name, then "Did you mean
// ...?"), a family at one phone a few more, a typo or two.
const (
	latePerAddress = 20
	lateWindow     = 10 * time.Minute
)

func newLateGuard(now func() time.Time) *lateGuard {
	return &lateGuard{address: newLimiter(latePerAddress, lateWindow, now)}
}

// deviceOf names the device of r as devices counts it: the address and
// the browser's User-Agent (cut to 80 bytes for the log).
func deviceOf(r *http.Request) (ip, device string) {
	device = r.UserAgent()
	if len(device) > 80 {
		device = device[:80]
		for !utf8.ValidString(device) {
			device = device[:len(device)-1]
		}
	}
	return remoteIP(r).String(), device
}

// allow counts one attempt from r's address, reporting whether it is
// within the limit.
func (g *lateGuard) allow(r *http.Request) bool {
	ok, _ := g.address.hit("late " + remoteIP(r).String())
	return ok
}

// lateView is what the late-entry pages show.
type lateView struct {
	Open    bool
	Closed  string // why the phone takes no entries, worded
	Until   string // the cut-off, worded
	Help    string
	Name    string
	Rating  string
	Club    string
	Matches []lateMatch // "Did you mean ...?"
	New     string      // the button of someone new
	Request *lateRequestView
}

type lateMatch struct {
	ID    int64
	Label string // "Did you mean Rossi, Niccolò?"
	Yes   string // "Yes, I am Rossi, Niccolò"
}

type lateRequestView struct {
	Status   string
	Accepted string // "You are entered: player number 5, ..."
	PIN      string
	Next     string
	Refused  bool
}

// lateClock writes the cut-off in the server's local time.
func lateClock(wd words, t time.Time) string { return wd.l.Clock(t.Local()) }

// lateWindow reads the window and words why it is shut.
func (s *Server) lateWindow(ctx context.Context, wd words) (arbiter.LateWindow, lateView, error) {
	w, err := s.evening().LateWindow(ctx, s.now())
	if err != nil {
		return w, lateView{}, err
	}
	v := lateView{Open: w.Open}
	if w.Open {
		v.Until = wd.t("late-until", lateClock(wd, w.Until))
	}
	switch w.Why {
	case arbiter.LatePast:
		v.Closed = wd.t("late-closed-at", lateClock(wd, w.Until))
	case arbiter.LateOff, arbiter.LateClosed, arbiter.LateFull:
		v.Closed = wd.t("late-closed")
	}
	if w.Open {
		v.Help = wd.t("late-help", w.Next)
	}
	return w, v, nil
}

// joinPage draws the late-entry page.
func (s *Server) joinPage(w http.ResponseWriter, r *http.Request, status int, v lateView, errMsg string) {
	wd := s.words(r)
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.base(wd, st, wd.t("late-title"), "join")
	p.Error = errMsg
	p.Data = v
	s.render(w, r, status, "late", p)
}

func (s *Server) lateJoin(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	_, v, err := s.lateWindow(r.Context(), wd)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.joinPage(w, r, http.StatusOK, v, "")
}

// nameFault words a name or club refused for its characters in the
// page's language; "" when the text may be stored.
func nameFault(wd words, field, value string, max int) string {
	err := text.CheckName(field, value, max)
	var fe *text.FieldError
	var me *text.MarkupError
	label := wd.t("late-name")
	if field == "club" {
		label = wd.t("late-club")
	}
	switch {
	case err == nil:
		return ""
	case errors.As(err, &me):
		return wd.t("late-bad-char", label, me.Pos, text.RuneName(me.Rune))
	case errors.As(err, &fe) && fe.Max > 0:
		return wd.t("late-too-long", label, fe.Max)
	case errors.As(err, &fe):
		return wd.t("late-bad-char", label, fe.Pos, text.RuneName(fe.Rune))
	}
	return err.Error()
}

func (s *Server) lateJoinPost(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, wd.t("bad-form"))
		return
	}
	if !s.late.allow(r) {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("late-too-many"))
		return
	}
	_, v, err := s.lateWindow(r.Context(), wd)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !v.Open {
		s.joinPage(w, r, http.StatusForbidden, v, v.Closed)
		return
	}
	v.Name = strings.TrimSpace(r.PostFormValue("name"))
	v.Club = strings.TrimSpace(r.PostFormValue("club"))
	v.Rating = strings.TrimSpace(r.PostFormValue("rating"))
	for _, f := range []struct {
		field, value string
		max          int
	}{{"name", v.Name, text.MaxName}, {"club", v.Club, text.MaxClub}} {
		if msg := nameFault(wd, f.field, f.value, f.max); msg != "" {
			// What was typed is not shown back: it is refused.
			v.Name, v.Club = "", ""
			s.joinPage(w, r, http.StatusBadRequest, v, msg)
			return
		}
	}
	if v.Name == "" {
		s.joinPage(w, r, http.StatusBadRequest, v, wd.t("late-no-name"))
		return
	}
	rating := 0
	if v.Rating != "" {
		if rating, err = strconv.Atoi(v.Rating); err != nil || rating < 0 || rating > 3500 {
			s.joinPage(w, r, http.StatusBadRequest, v, wd.t("late-bad-rating"))
			return
		}
	}
	ip, dev := deviceOf(r)
	req := arbiter.LateRequest{Name: v.Name, Rating: rating, Club: v.Club, IP: ip, Device: dev, Token: randomToken(16)}
	switch choice := r.PostFormValue("choice"); {
	case choice == "new":
		req.New = true
	case strings.HasPrefix(choice, "id:"):
		id, err := strconv.ParseInt(strings.TrimPrefix(choice, "id:"), 10, 64)
		if err != nil || id < 1 {
			s.joinPage(w, r, http.StatusBadRequest, v, wd.t("bad-form"))
			return
		}
		// Only a club player the name was matched with may be chosen.
		ms, err := s.evening().LateMatches(r.Context(), v.Name)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if !matched(ms, id) {
			s.joinPage(w, r, http.StatusBadRequest, v, wd.t("bad-form"))
			return
		}
		req.PlayerID = id
	default:
		ms, err := s.evening().LateMatches(r.Context(), v.Name)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if len(ms) > 0 {
			for _, m := range ms {
				v.Matches = append(v.Matches, lateMatch{ID: m.ID,
					Label: wd.t("late-did-you-mean", m.Name), Yes: wd.t("late-yes", m.Name)})
			}
			v.New = wd.t("late-no-new", v.Name)
			for _, m := range ms {
				if arbiter.SameName(m.Name, v.Name) {
					// The very name of a club player: that player, or
					// a word with the organizer, never a copy.
					v.New = ""
				}
			}
			s.joinPage(w, r, http.StatusOK, v, "")
			return
		}
	}
	out, err := s.evening().RequestLate(r.Context(), req, s.now())
	if err != nil {
		status := http.StatusConflict
		switch {
		case errors.Is(err, desk.ErrLateClosed):
			_, v, _ = s.lateWindow(r.Context(), wd)
			s.joinPage(w, r, http.StatusForbidden, v, v.Closed)
			return
		case errors.Is(err, desk.ErrInvalid):
			status = http.StatusBadRequest
		}
		if msg, ok := wd.refusal(err); ok {
			v.Matches = nil
			s.joinPage(w, r, status, v, msg)
			return
		}
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/join/"+out.Token, http.StatusSeeOther)
}

func matched(ms []arbiter.Player, id int64) bool {
	for _, m := range ms {
		if m.ID == id {
			return true
		}
	}
	return false
}

// lateJoined is the newcomer's own page: waiting, entered (with the pairing
// number and the PIN), or refused.
func (s *Server) lateJoined(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	ok, release := s.tokens.try("late-token " + remoteIP(r).String())
	if !ok {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return
	}
	req, err := s.evening().LateRequest(r.Context(), r.PathValue("token"))
	if err != nil {
		if errors.Is(err, desk.ErrBadToken) || errors.Is(err, desk.ErrNotFound) {
			s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
			return
		}
		release()
		s.fail(w, r, err)
		return
	}
	release()
	v := lateView{Request: &lateRequestView{Status: req.Status}}
	switch req.Status {
	case arbiter.LateAccepted:
		name := req.Roster
		if name == "" {
			name = req.Name
		}
		v.Request.Accepted = wd.t("late-entered", req.PN, name)
		v.Request.PIN = req.PIN
		v.Request.Next = wd.t("late-next", req.Joined)
	case arbiter.LateRefused:
		v.Request.Refused = true
	}
	s.joinPage(w, r, http.StatusOK, v, "")
}

// lateLine is a request on the organizer's page.
type lateLine struct {
	ID    int64
	Name  string
	Who   string // the club player matched, or someone new
	Asked string // when, from where
}

// lateAdmin returns what the organizer's page shows of late entries: the
// state of the window and the requests waiting.
func (s *Server) lateAdmin(ctx context.Context, wd words) (string, []lateLine, error) {
	w, err := s.evening().LateWindow(ctx, s.now())
	if err != nil {
		return "", nil, err
	}
	state := wd.t("late-admin-off")
	switch {
	case w.Open:
		state = wd.t("late-admin-open", lateClock(wd, w.Until))
	case w.Why == arbiter.LatePast:
		state = wd.t("late-closed-at", lateClock(wd, w.Until))
	case w.Why != arbiter.LateOff:
		state = wd.t("late-closed")
	}
	q, err := s.evening().LateQueue(ctx)
	if err != nil {
		return "", nil, err
	}
	var out []lateLine
	for _, r := range q {
		l := lateLine{ID: r.ID, Name: r.Name,
			Asked: wd.t("late-asked", lateClock(wd, r.At), r.IP, r.Device)}
		switch {
		case r.PlayerID != 0:
			l.Who = wd.t("late-club-player", r.Roster, r.PlayerID)
		case r.New:
			l.Who = wd.t("late-new-declined")
		default:
			l.Who = wd.t("late-new-player")
		}
		if r.Rating != 0 {
			l.Who += " · Elo " + strconv.Itoa(r.Rating)
		}
		if r.Club != "" {
			l.Who += " · " + r.Club
		}
		out = append(out, l)
	}
	return state, out, nil
}

func (s *Server) lateID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.failText(w, r, http.StatusNotFound, s.words(r).t("not-found"))
		return 0, false
	}
	return id, true
}

func (s *Server) lateAccept(w http.ResponseWriter, r *http.Request) {
	id, ok := s.lateID(w, r)
	if !ok {
		return
	}
	req, err := s.evening().AcceptLate(desk.WithActor(r.Context(), who(r)), id)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	name := req.Roster
	if name == "" {
		name = req.Name
	}
	s.toAdmin(w, r, "late-accepted-flash", name, req.PN)
}

func (s *Server) lateRefuse(w http.ResponseWriter, r *http.Request) {
	id, ok := s.lateID(w, r)
	if !ok {
		return
	}
	req, err := s.evening().RefuseLate(desk.WithActor(r.Context(), who(r)), id)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	s.toAdmin(w, r, "late-refused-flash", req.Name)
}
