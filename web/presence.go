package web

import (
	"errors"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// Presence from the phone: the player's own page, /player/{pn}/me. The
// player proves who they are once with their own PIN; the phone then
// keeps a session for that one player (kept in the database: a restart
// keeps it), with which it also reports and confirms on the player's own
// board without the PIN, and its three buttons say "I'm here", "skip the
// next round" and "I'm leaving". Every POST of the player's pages counts
// against the device (address and browser, as devices counts them);
// wrong PINs are counted in the database, as on the boards.

// playerCookie holds a phone's player session: HttpOnly, SameSite=Strict,
// sent to every page (the board pages read it too).
const playerCookie = "arbiter_player"

// presence is what the server keeps for the player's pages.
type presence struct {
	// posts counts every POST of the player's pages per device.
	posts *limiter
}

// The limit of the player's pages: requests per device in a window.
const (
	phonePosts  = 30
	phoneWindow = 10 * time.Minute
)

func newPresence(now func() time.Time) *presence {
	return &presence{posts: newLimiter(phonePosts, phoneWindow, now)}
}

// deviceKey is a device as devices counts it: the address and the
// browser.
func deviceKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return "device " + host + " " + r.UserAgent()
}

// signedIn returns the player the request's phone acts for, 0 for none.
func (s *Server) signedIn(r *http.Request) (int, error) {
	c, err := r.Cookie(playerCookie)
	if err != nil {
		return 0, nil
	}
	return s.evening().SessionPlayer(r.Context(), c.Value)
}

// mePath is the address of player pn's own page.
func mePath(pn int) string { return "/player/" + strconv.Itoa(pn) + "/me" }

// mePage is the player's own page.
type mePage struct {
	PN       int
	Name     string
	SignedIn bool
	Round    int    // the next round to pair, 0 when every round is paired
	State    string // "here", "missing", "skip", "left"
	From     int    // the round the state holds from
	Last     bool   // Round is the last round: no bye on request
	Points   string // what a bye on request scores
}

// mePN reads the pairing number of the path, writing the error page when
// it names no player.
func (s *Server) mePN(w http.ResponseWriter, r *http.Request, st *state) (int, bool) {
	pn, err := strconv.Atoi(r.PathValue("pn"))
	if err != nil || st.snap.Entry(pn) == nil {
		s.failText(w, r, http.StatusNotFound, s.words(r).t("not-found"))
		return 0, false
	}
	return pn, true
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	s.renderMe(w, r, http.StatusOK, "")
}

func (s *Server) renderMe(w http.ResponseWriter, r *http.Request, status int, errMsg string) {
	wd := s.words(r)
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pn, ok := s.mePN(w, r, st)
	if !ok {
		return
	}
	e := st.snap.Entry(pn)
	roll, err := s.evening().Roll(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	me, err := s.signedIn(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	mp := mePage{PN: pn, Name: e.Player.Name, SignedIn: me == pn, Round: roll.Round,
		Last: roll.Round == st.snap.Tournament.Rounds, Points: st.snap.Tournament.ByeValue(arbiter.HalfBye).Fraction()}
	mp.State, mp.From = "missing", roll.Round
	switch {
	case e.Status == arbiter.Withdrawn:
		mp.State, mp.From = "left", e.WithdrawnFrom
	case roll.Round != 0 && st.snap.Request(pn, roll.Round) != arbiter.NoBye:
		mp.State = "skip"
	default:
		for _, m := range roll.Marks {
			if m.PN == pn && m.Kind == arbiter.Here && (roll.Round == 0 || m.Round <= roll.Round) {
				mp.State, mp.From = "here", m.Round
			}
		}
	}
	p := s.base(wd, st, e.Player.Name, "")
	p.Class = "me"
	p.Error = errMsg
	if r.URL.Query().Get("done") != "" && errMsg == "" {
		p.Flash = wd.t("presence-saved")
	}
	p.Data = mp
	s.render(w, r, status, "presence", p)
}

// mePost is every POST of the player's own page: "login" with the PIN,
// "here", "skip", "leave", "logout".
func (s *Server) mePost(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	if ok, until := s.presence.posts.hit(deviceKey(r)); !ok {
		s.tooMany(w, r, until)
		return
	}
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, wd.t("bad-form"))
		return
	}
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pn, ok := s.mePN(w, r, st)
	if !ok {
		return
	}
	act := r.PathValue("act")
	switch act {
	case "login":
		s.meLogin(w, r, pn)
		return
	case "logout":
		if c, err := r.Cookie(playerCookie); err == nil {
			if err := s.evening().SignOut(r.Context(), c.Value); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
		http.Redirect(w, r, mePath(pn), http.StatusSeeOther)
		return
	case arbiter.Here, arbiter.Skip, arbiter.Leave:
	default:
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	// A phone acts only for the player it proved to be.
	if me, err := s.signedIn(r); err != nil {
		s.fail(w, r, err)
		return
	} else if me != pn {
		s.failText(w, r, http.StatusForbidden, wd.t("presence-not-you", st.snap.Entry(pn).Player.Name))
		return
	}
	_, err = s.evening().MarkPresence(desk.WithOrigin(r.Context(), s.phoneOrigin(r, st, pn)), pn, act, true)
	if err != nil {
		if msg, ok := s.words(r).refusal(err); ok && !errors.Is(err, desk.ErrNotFound) {
			s.renderMe(w, r, http.StatusConflict, msg)
			return
		}
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, mePath(pn)+"?done="+url.QueryEscape(act), http.StatusSeeOther)
}

// meLogin proves the phone is player pn's with their own PIN, and keeps
// the session on the phone.
func (s *Server) meLogin(w http.ResponseWriter, r *http.Request, pn int) {
	wd := s.words(r)
	ip, dev := deviceOf(r)
	secret, err := s.evening().SignIn(desk.WithOrigin(r.Context(), arbiter.Origin{IP: ip, Device: dev}), pn, r.PostFormValue("pin"))
	switch {
	case errors.Is(err, desk.ErrLocked):
		m := lockMinutes(err)
		w.Header().Set("Retry-After", strconv.Itoa(m*60))
		s.renderMe(w, r, http.StatusTooManyRequests, wd.t("pin-locked", m))
		return
	case errors.Is(err, desk.ErrWrongPIN):
		s.renderMe(w, r, http.StatusForbidden, wd.t("pin-wrong-player", pn))
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	// A phone acts for one player: signing in as another ends the first.
	if c, err := r.Cookie(playerCookie); err == nil {
		if err := s.evening().SignOut(r.Context(), c.Value); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: secret, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode, MaxAge: 12 * 3600}) // as long as the session (desk.SessionLength)
	http.Redirect(w, r, mePath(pn), http.StatusSeeOther)
}

// tooMany is the page of a device that asked too often: how long to wait.
func (s *Server) tooMany(w http.ResponseWriter, r *http.Request, until time.Time) {
	mins := int(math.Ceil(until.Sub(s.now()).Minutes()))
	if mins < 1 {
		mins = 1
	}
	w.Header().Set("Retry-After", strconv.Itoa(mins*60))
	wd := s.words(r)
	s.failText(w, r, http.StatusTooManyRequests, wd.t("presence-too-many", mins))
}

// phoneOrigin says who acts from the player's phone, for the event log.
func (s *Server) phoneOrigin(r *http.Request, st *state, pn int) arbiter.Origin {
	name := ""
	if e := st.snap.Entry(pn); e != nil {
		name = e.Player.Name
	}
	dev := r.UserAgent()
	if len(dev) > 80 {
		dev = dev[:80]
		for !utf8.ValidString(dev) {
			dev = dev[:len(dev)-1]
		}
	}
	return arbiter.Origin{Who: "web: " + name + " (own phone)", IP: remoteIP(r).String(), Device: dev}
}

// rollView is who plays the next round, for the organizer and the
// projector.
type rollView struct {
	Round                            int
	Required                         bool
	Present, Missing, Skipping, Left []seatView
	Marks                            []markView
	// Paired is the last round paired, LeftOut who its pairing left out
	// and why.
	Paired  int
	LeftOut []leftView
}

type leftView struct {
	Name, Kind, Note string
}

type markView struct {
	Event  int64
	PN     int
	Name   string
	Kind   string
	Round  int
	At     string
	IP     string
	Device string
	Phone  bool
}

// rollView returns the roll of the next round, nil when every round is
// paired or nobody uses presence (no mark, not required).
func (s *Server) rollView(r *http.Request, st *state) (*rollView, error) {
	roll, err := s.evening().Roll(r.Context())
	if err != nil || (!roll.Required && len(roll.Marks) == 0) {
		return nil, err
	}
	wd := s.words(r)
	v := &rollView{Round: roll.Round, Required: roll.Required, Paired: roll.Paired}
	for _, l := range roll.LeftOut {
		name := ""
		if e := st.snap.Entry(l.PN); e != nil {
			name = e.Player.Name
		}
		v.LeftOut = append(v.LeftOut, leftView{Name: name, Kind: s.byeKind(wd, l.Kind), Note: wd.l.Stored(l.Note)})
	}
	seats := func(pns []int) []seatView {
		var out []seatView
		for _, pn := range pns {
			name := ""
			if e := st.snap.Entry(pn); e != nil {
				name = e.Player.Name
			}
			out = append(out, seatView{PN: pn, Name: name})
		}
		return out
	}
	v.Present, v.Missing, v.Skipping, v.Left = seats(roll.Present), seats(roll.Missing), seats(roll.Skipping), seats(roll.Left)
	seen := map[int64]bool{}
	for _, m := range roll.Marks {
		// Only the marks about the next round: older ones were read by a
		// pairing and cannot be undone any more. A skip keeps the player
		// present from the round after, in the same change: one line, one
		// undo.
		if seen[m.Event] || m.Round < roll.Round {
			continue
		}
		seen[m.Event] = true
		v.Marks = append(v.Marks, markView{Event: m.Event, PN: m.PN, Name: m.Name, Kind: m.Kind, Round: m.Round,
			At: m.At.Local().Format("15:04"), IP: m.IP, Device: m.Device, Phone: m.Phone})
	}
	return v, nil
}

// presenceUndo is the organizer's undo of a presence mark.
func (s *Server) presenceUndo(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	ev, err := strconv.ParseInt(r.PathValue("event"), 10, 64)
	if err != nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	plan, err := s.evening().UndoPresence(desk.WithActor(r.Context(), who(r)), ev)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	what := ""
	if len(plan.Events) > 0 {
		e := plan.Events[0]
		what = e.Subject + " (" + e.New + ")"
	}
	s.toAdmin(w, r, "presence-undone", what)
}

// presenceHere is the organizer marking a player present.
func (s *Server) presenceHere(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	pn, err := strconv.Atoi(r.PathValue("pn"))
	if err != nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	m, err := s.evening().MarkPresence(desk.WithOrigin(r.Context(), arbiter.Origin{Who: who(r)}), pn, arbiter.Here, false)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	s.changed(r.Context())
	s.toAdmin(w, r, "presence-marked", m.Name, m.Round)
}
