package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/store"
)

// boardPage is the page a board's QR code opens.
type boardPage struct {
	Token    string
	Round    int
	Board    int
	White    seatView
	Black    seatView
	Result   string
	Report   *store.WebReport
	Reporter string // "White" or "Black"
	Confirms string // the other one
	Reported string
	Other    string
	Choices  []choice   // the results a player can give
	Claim    *claimForm // a disputed board's claim form (dispute.go)
	Ruling   string     // the organizer's ruling on a dispute
}

type choice struct {
	Value, Label string
}

func choices() []choice {
	return []choice{{"1-0", "1-0"}, {"1/2", "½-½"}, {"0-1", "0-1"}}
}

// tokenKey is the rate-limit key of unknown board codes from r.
func tokenKey(r *http.Request) string { return "token " + remoteIP(r).String() }

// lookup opens the board of the request's code, counting unknown codes
// against the address. It writes the error page and returns false when
// the code does not open a board.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (store.BoardCode, bool) {
	wd := s.words(r)
	if blocked, _ := s.tokens.blocked(tokenKey(r)); blocked {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return store.BoardCode{}, false
	}
	c, err := s.ev.Board(r.Context(), r.PathValue("token"))
	if err != nil {
		if errors.Is(err, store.ErrBadToken) {
			s.tokens.fail(tokenKey(r))
		}
		s.fail(w, r, err)
		return c, false
	}
	return c, true
}

func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	c, ok := s.lookup(w, r)
	if !ok {
		return
	}
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	bp := boardPage{Token: c.Token, Round: c.Round, Board: c.Board, White: s.seat(st, c.White, c.Round),
		Black: s.seat(st, c.Black, c.Round), Result: s.resultText(c.Result), Report: c.Report, Choices: choices()}
	if c.Report != nil {
		bp.Reporter = s.colour(wd, c.Report.Seat)
		bp.Confirms = s.colour(wd, c.Report.Seat.Opposite())
		bp.Reported = s.resultText(c.Report.Result)
		bp.Other = s.resultText(c.Report.Other)
	}
	if err := s.disputeBoard(r, wd, st, c, &bp); err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.base(wd, st, wd.t("board-n", c.Board), "")
	switch r.URL.Query().Get("done") {
	case "claim":
		p.Flash = wd.t("dispute-done")
	case store.Reported:
		p.Flash = wd.t("done-reported")
	case store.Confirmed:
		p.Flash = wd.t("done-confirmed")
	case store.Disputed:
		p.Flash = wd.t("done-disputed")
	}
	p.Data = bp
	s.render(w, r, http.StatusOK, "board", p)
}

func (s *Server) colour(wd words, c arbiter.Colour) string {
	if c == arbiter.White {
		return wd.t("white")
	}
	return wd.t("black")
}

// origin says who writes from this request, for the event log.
func (s *Server) origin(r *http.Request, c store.BoardCode, seat arbiter.Colour) store.Origin {
	wd := s.langs[locale.English] // the log is in English
	st, _ := s.state(r.Context())
	name := ""
	pn := c.White
	if seat == arbiter.Black {
		pn = c.Black
	}
	if st != nil {
		if e := st.snap.Entry(pn); e != nil {
			name = e.Player.Name
		}
	}
	dev := r.UserAgent()
	if len(dev) > 80 {
		dev = dev[:80]
		for !utf8.ValidString(dev) {
			dev = dev[:len(dev)-1]
		}
	}
	return store.Origin{Who: "web: " + name + " (" + strings.ToLower(s.colour(wd, seat)) + ")", IP: remoteIP(r).String(), Device: dev}
}

// formResult reads the result a player picked.
func formResult(r *http.Request) (arbiter.Result, error) {
	res, err := arbiter.ParseResult(r.PostFormValue("result"))
	if err != nil {
		return res, &store.InputError{Kind: store.ErrInvalid, Msg: "pick 1-0, ½-½ or 0-1"}
	}
	return res, nil
}

func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, wd.t("bad-form"))
		return
	}
	c, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var seat arbiter.Colour
	switch r.PostFormValue("seat") {
	case "white":
		seat = arbiter.White
	case "black":
		seat = arbiter.Black
	}
	res, err := formResult(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rep, err := s.ev.Report(r.Context(), c.Token, seat, res, s.origin(r, c, seat))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done="+rep.Status, http.StatusSeeOther)
}

// pinKey is the rate-limit key of wrong PINs: per board and address.
func pinKey(r *http.Request) string {
	return "pin " + r.PathValue("token") + " " + remoteIP(r).String()
}

// pinPost opens a post to a board's page that carries a PIN (a
// confirmation, a claim): its form must be the page's, and the address
// must not have used up its wrong PINs on this board. It returns the
// board, or false when it has answered the request itself.
func (s *Server) pinPost(w http.ResponseWriter, r *http.Request) (store.BoardCode, bool) {
	wd := s.words(r)
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, wd.t("bad-form"))
		return store.BoardCode{}, false
	}
	if blocked, _ := s.pins.blocked(pinKey(r)); blocked {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return store.BoardCode{}, false
	}
	return s.lookup(w, r)
}

func (s *Server) confirm(w http.ResponseWriter, r *http.Request) {
	c, ok := s.pinPost(w, r)
	if !ok {
		return
	}
	res, err := formResult(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat := arbiter.NoColour
	if c.Report != nil {
		seat = c.Report.Seat.Opposite()
	}
	rep, err := s.ev.Confirm(r.Context(), c.Token, r.PostFormValue("pin"), res, s.origin(r, c, seat))
	if errors.Is(err, store.ErrWrongPIN) {
		s.pins.fail(pinKey(r))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done="+rep.Status, http.StatusSeeOther)
}
