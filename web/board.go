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
	// Match: the board is a Double-Swiss match (FIDE C.04.5), reported
	// whole: a match score (Choices) or both games (Games), each in its
	// own game's colours. Confirm is the value that confirms the report.
	Match   bool
	Games   []gameField
	Confirm string
}

// gameField is one game of a match on the phone's form: who has White
// in it, and the results it may have.
type gameField struct {
	Name, Label string
	Choices     []choice
}

type choice struct {
	Value, Label string
}

func choices() []choice {
	return []choice{{"1-0", "1-0"}, {"1/2", "½-½"}, {"0-1", "0-1"}}
}

// matchChoices are the match scores a player can give from the board,
// from game 1's White (desk.ParseMatchResult reads them); a level match
// is given by its games.
func matchChoices() []choice {
	return []choice{{"2-0", "2-0"}, {"1.5-0.5", "1½-½"}, {"0.5-1.5", "½-1½"}, {"0-2", "0-2"}}
}

// matchGames are the two games of a match on the phone's form: in game
// 1 the board's White has White, in game 2 the board's Black (C.04.5).
func matchGames(wd words, white, black string) []gameField {
	return []gameField{{Name: "game1", Label: wd.t("match-game", 1, white), Choices: choices()},
		{Name: "game2", Label: wd.t("match-game", 2, black), Choices: choices()}}
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
	if c.Double {
		bp.Match, bp.Choices, bp.Result = true, matchChoices(), s.matchText(c.Match())
		bp.Games = matchGames(wd, bp.White.Name, bp.Black.Name)
	}
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
		bp.Confirm = resultValue(c.Report.Result)
		if c.Report.IsMatch() {
			bp.Reported = s.matchText(c.Report.Match())
			bp.Other = s.matchText(c.Report.OtherMatch())
			bp.Confirm = c.Report.Match().String()
		}
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
	if c.Double {
		// A claim tells of one game: a disputed match is the organizer's
		// to settle from the two matches given.
		bp.Claim = nil
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

// formMatch reads the match a player gave (desk.ParseMatchResult): a
// match score picked (result), or both games (game1, game2), each in its
// own game's colours.
func formMatch(r *http.Request) (arbiter.Match, error) {
	text := r.PostFormValue("result")
	if text == "" {
		text = r.PostFormValue("game1") + " " + r.PostFormValue("game2")
	}
	return desk.ParseMatchResult(text)
}

// answer sends a report (confirm false) or a confirmation from a phone
// for board c: a match for a Double-Swiss board, a result otherwise.
func (s *Server) answer(r *http.Request, c arbiter.BoardCode, confirm bool) (arbiter.WebReport, error) {
	ctx := desk.WithOrigin(r.Context(), origin(r))
	ev := s.evening()
	if c.Double {
		m, err := formMatch(r)
		if err != nil {
			return arbiter.WebReport{}, err
		}
		if confirm {
			return ev.ConfirmMatch(ctx, c.Token, proof(r), m)
		}
		return ev.ReportMatch(ctx, c.Token, proof(r), m)
	}
	res, err := formResult(r)
	if err != nil {
		return arbiter.WebReport{}, err
	}
	if confirm {
		return ev.Confirm(ctx, c.Token, proof(r), res)
	}
	return ev.Report(ctx, c.Token, proof(r), res)
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
	s.answerPost(w, r, false)
}

func (s *Server) confirm(w http.ResponseWriter, r *http.Request) {
	s.answerPost(w, r, true)
}

// answerPost is the post of a report (confirm false) or a confirmation.
func (s *Server) answerPost(w http.ResponseWriter, r *http.Request, confirm bool) {
	c, ok := s.boardPost(w, r)
	if !ok {
		return
	}
	rep, err := s.answer(r, c, confirm)
	if s.refused(w, r, err, c) {
		return
	}
	if errors.Is(err, desk.ErrMatchText) || errors.Is(err, desk.ErrMatchLevel) {
		wd := s.words(r)
		s.failText(w, r, http.StatusBadRequest, wd.t("match-bad"))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done="+rep.Status, http.StatusSeeOther)
}
