package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// boardPage is the page a board's QR code opens.
type boardPage struct {
	Token    string
	Round    int
	Board    int
	White    seatView
	Black    seatView
	Result   string
	Report   *arbiter.WebReport
	Reporter string // "White" or "Black"
	Confirms string // the other one
	Reported string
	Other    string
	Choices  []choice   // the results a player can give
	Claim    *claimForm // a disputed board's claim form (dispute.go)
	Ruling   string     // the organizer's ruling on a dispute
	// Me is the player this phone is signed in as, when they play this
	// board: "Ortega, Lucía (White)"; "" otherwise. The form of the board
	// then needs no PIN, unless (AskPIN) it is the opponent's turn on
	// this phone: confirming the report of the player signed in.
	Me     string
	AskPIN bool
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
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (arbiter.BoardCode, bool) {
	wd := s.words(r)
	ok, release := s.tokens.try(tokenKey(r))
	if !ok {
		s.failText(w, r, http.StatusTooManyRequests, wd.t("too-many"))
		return arbiter.BoardCode{}, false
	}
	c, err := s.evening().Board(r.Context(), r.PathValue("token"))
	if !errors.Is(err, desk.ErrBadToken) {
		release()
	}
	if err != nil {
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
		Black: s.seat(st, c.Black, c.Round), Result: s.resultText(c.Result), Report: c.Report, Choices: choices(), AskPIN: true}
	me, err := s.signedIn(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	mine := arbiter.NoColour
	switch me {
	case c.White:
		mine, bp.Me = arbiter.White, wd.t("signed-in-as", bp.White.Name, s.colour(wd, arbiter.White))
	case c.Black:
		mine, bp.Me = arbiter.Black, wd.t("signed-in-as", bp.Black.Name, s.colour(wd, arbiter.Black))
	}
	bp.AskPIN = mine == arbiter.NoColour
	if c.Report != nil {
		bp.Reporter = s.colour(wd, c.Report.Seat)
		bp.Confirms = s.colour(wd, c.Report.Seat.Opposite())
		bp.Reported = s.resultText(c.Report.Result)
		bp.Other = s.resultText(c.Report.Other)
		if c.Report.Status == arbiter.Reported && mine == c.Report.Seat {
			// The reporter's phone: the opponent may confirm on it with
			// their own PIN.
			bp.AskPIN = true
		}
	}
	if err := s.disputeBoard(r, wd, st, c, &bp); err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.base(wd, st, wd.t("board-n", c.Board), "")
	switch r.URL.Query().Get("done") {
	case "claim":
		p.Flash = wd.t("dispute-done")
	case arbiter.Reported:
		p.Flash = wd.t("done-reported")
	case arbiter.Confirmed:
		p.Flash = wd.t("done-confirmed")
	case arbiter.Disputed:
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

// origin says where a write from a phone comes from, for the event log:
// the player and seat are the ones its proof proves (the store adds
// them), never a seat named in the form.
func origin(r *http.Request) arbiter.Origin {
	ip, dev := deviceOf(r)
	return arbiter.Origin{Who: "web", IP: ip, Device: dev}
}

// proof reads what a post to a board offers to prove its player: the PIN
// typed, and the session of a phone signed in as a player.
func proof(r *http.Request) arbiter.Proof {
	p := arbiter.Proof{PIN: r.PostFormValue("pin")}
	if c, err := r.Cookie(playerCookie); err == nil {
		p.Session = c.Value
	}
	return p
}

// refused shows a proof the store refused on board c, in the page's
// language, and reports whether err was one: no PIN, a wrong one, too
// many wrong ones (with how long to wait), a phone signed in as a player
// of another board, or the reporter confirming their own report.
func (s *Server) refused(w http.ResponseWriter, r *http.Request, err error, c arbiter.BoardCode) bool {
	wd := s.words(r)
	switch {
	case err == nil:
		return false
	case errors.Is(err, desk.ErrLocked):
		m := lockMinutes(err)
		w.Header().Set("Retry-After", strconv.Itoa(m*60))
		s.failText(w, r, http.StatusTooManyRequests, wd.t("pin-locked", m))
	case errors.Is(err, desk.ErrWrongPIN):
		s.failText(w, r, http.StatusForbidden, wd.t("pin-wrong"))
	case errors.Is(err, desk.ErrNoProof):
		s.failText(w, r, http.StatusForbidden, wd.t("pin-none"))
	case errors.Is(err, desk.ErrWrongSeat):
		// Without a PIN the phone's session spoke: for a player of another
		// board, or for the reporter.
		me, _ := s.signedIn(r)
		rep := c.Report
		if rep == nil || (r.PostFormValue("pin") == "" && me != c.White && me != c.Black) {
			s.failText(w, r, http.StatusForbidden, wd.t("pin-other-board"))
			return true
		}
		s.failText(w, r, http.StatusForbidden, wd.t("confirm-own", s.colour(wd, rep.Seat), s.colour(wd, rep.Seat.Opposite())))
	default:
		return false
	}
	return true
}

// formResult reads the result a player picked.
func formResult(r *http.Request) (arbiter.Result, error) {
	res, err := arbiter.ParseResult(r.PostFormValue("result"))
	if err != nil {
		return res, &desk.Error{Kind: desk.ErrInvalid, Input: "result", Msg: "pick 1-0, ½-½ or 0-1"}
	}
	return res, nil
}

// boardPost opens a post to a board's page (a report, a confirmation, a
// claim): its form must be the page's. It returns the board, or false
// when it has answered the request itself.
func (s *Server) boardPost(w http.ResponseWriter, r *http.Request) (arbiter.BoardCode, bool) {
	if !csrfOK(r) {
		s.failText(w, r, http.StatusForbidden, s.words(r).t("bad-form"))
		return arbiter.BoardCode{}, false
	}
	return s.lookup(w, r)
}

func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	c, ok := s.boardPost(w, r)
	if !ok {
		return
	}
	res, err := formResult(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rep, err := s.evening().Report(desk.WithOrigin(r.Context(), origin(r)), c.Token, proof(r), res)
	if s.refused(w, r, err, c) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done="+rep.Status, http.StatusSeeOther)
}

func (s *Server) confirm(w http.ResponseWriter, r *http.Request) {
	c, ok := s.boardPost(w, r)
	if !ok {
		return
	}
	res, err := formResult(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rep, err := s.evening().Confirm(desk.WithOrigin(r.Context(), origin(r)), c.Token, proof(r), res)
	if s.refused(w, r, err, c) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done="+rep.Status, http.StatusSeeOther)
}
