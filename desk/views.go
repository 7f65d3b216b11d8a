package desk

import (
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// The views are what the front ends show of the tournament, as JSON:
// arbiter's --json output and what a server sends. Field names are
// stable: add, never rename.

// viewWords words what the views hold as phrases (explanations): in
// English, as the views are the same whatever the reader's language.
func viewWords() *locale.Localizer { return locale.New(locale.English) }

// BoardView is one board, or one bye, of a round in JSON. Byes have board
// 0, black null and the kind of bye in "bye". Field names are stable.
type BoardView struct {
	Board       int    `json:"board"`
	White       int    `json:"white"`
	Black       *int   `json:"black"`
	Result      string `json:"result"`
	Bye         string `json:"bye"`
	Reason      string `json:"reason"`
	Explanation string `json:"explanation"`
	// Second is game 2 of a Double-Swiss match (FIDE C.04.5), in its own
	// colours (the board's Black has White), and Match the match score
	// from game 1's White, "1.5-0.5"; both empty on other boards. Result
	// is then game 1.
	Second string `json:"second,omitempty"`
	Match  string `json:"match,omitempty"`
}

// RoundView is a round in JSON.
type RoundView struct {
	Round  int         `json:"round"`
	Boards []BoardView `json:"boards"`
}

// RoundViewOf returns the view of round d.
func RoundViewOf(d RoundDetail) RoundView {
	en := viewWords()
	out := RoundView{Round: d.Number, Boards: []BoardView{}}
	for _, b := range d.Boards {
		black := b.Black
		v := BoardView{Board: b.Number, White: b.White, Black: &black,
			Result: b.Result.String(), Reason: d.Reasons[b.Number], Explanation: en.Stored(d.BoardNotes[b.Number])}
		if m := b.Match(); b.Second != arbiter.NoResult {
			v.Second = b.Second.String()
			v.Match = m.Points(arbiter.White).String() + "-" + m.Points(arbiter.Black).String()
		}
		out.Boards = append(out.Boards, v)
	}
	for _, b := range d.Byes {
		out.Boards = append(out.Boards, BoardView{White: b.PN, Bye: b.Kind.String(), Explanation: en.Stored(d.ByeNotes[b.PN])})
	}
	return out
}

// PlayerView is the JSON form of an entry. Field names are stable: add,
// never rename.
type PlayerView struct {
	ID            int64     `json:"id"`
	PairingNumber int       `json:"pairing_number"`
	Name          string    `json:"name"`
	Rating        int       `json:"rating"`
	Status        string    `json:"status"`
	Title         string    `json:"title"`
	Club          string    `json:"club"`
	Federation    string    `json:"federation"`
	FIDEID        string    `json:"fide_id"`
	BirthYear     int       `json:"birth_year"`
	BirthDate     string    `json:"birth_date,omitempty"`
	Sex           string    `json:"sex"`
	JoinedRound   int       `json:"joined_round"`
	WithdrawnFrom int       `json:"withdrawn_from"`
	Byes          []ByeView `json:"byes"`
	// The FIDE rating entered with and the national identity.
	FIDERating     int    `json:"fide_rating"`
	NationalID     string `json:"national_id"`
	NationalRating int    `json:"national_rating"`
	Category       string `json:"category"`
	Province       string `json:"province"`
}

// ByeView is a bye asked for.
type ByeView struct {
	Round int    `json:"round"`
	Kind  string `json:"kind"`
}

// PlayerViewOf returns the view of entry e with the byes it asked for
// among reqs.
func PlayerViewOf(e arbiter.Entry, reqs []Request) PlayerView {
	p := e.Player
	j := PlayerView{
		ID: p.ID, PairingNumber: e.PN, Name: p.Name, Rating: p.Rating, Status: e.Status.String(),
		Title: string(p.Title), Club: p.Club, Federation: p.Federation, FIDEID: p.FIDEID,
		BirthYear: p.BirthYear, Sex: p.Sex, JoinedRound: e.JoinedRound, WithdrawnFrom: e.WithdrawnFrom,
		Byes: []ByeView{}, FIDERating: e.FIDERating, NationalID: p.NationalID, NationalRating: p.NationalRating,
		Category: string(p.Category), Province: p.Province, BirthDate: p.BirthDate,
	}
	for _, r := range reqs {
		if r.PN == e.PN {
			j.Byes = append(j.Byes, ByeView{r.Round, r.Kind.String()})
		}
	}
	return j
}

// StandingView is one line of the standings in JSON. Field names are
// stable: add, never rename. "tiebreaks" is keyed by the C.07 codes of
// the tournament's chain.
type StandingView struct {
	Rank          int                `json:"rank"`
	RankTo        int                `json:"rank_to"`
	PairingNumber int                `json:"pairing_number"`
	Name          string             `json:"name"`
	Rating        int                `json:"rating"`
	Points        float64            `json:"points"`
	Tiebreaks     map[string]float64 `json:"tiebreaks"`
	// Undefined lists the codes whose figure C.07 leaves undefined for
	// the player (tiebreak.Standing.Undefined); "tiebreaks" holds 0 for
	// them.
	Undefined []string `json:"undefined,omitempty"`
	// RatingChange is the FIDE rating change of the event so far (FIDE
	// Rating Regulations 8.3), when asked for.
	RatingChange *float64 `json:"rating_change,omitempty"`
}

// ExplanationView is one tie-break explained, in JSON.
type ExplanationView struct {
	Tiebreak string  `json:"tiebreak"`
	Value    float64 `json:"value"`
	// Undefined reports a figure C.07 does not define; value is then 0.
	Undefined bool       `json:"undefined,omitempty"`
	Summary   string     `json:"summary"`
	Lines     []LineView `json:"lines"`
}

// LineView is one line of a tie-break explained.
type LineView struct {
	Round    int     `json:"round"`
	Opponent int     `json:"opponent"`
	Value    float64 `json:"value"`
	Counted  bool    `json:"counted"`
	Note     string  `json:"note"`
}

// GameListView is one board's game in the list. Field names are stable:
// add, never rename.
type GameListView struct {
	Round            int    `json:"round"`
	Board            int    `json:"board"`
	White            string `json:"white"`
	Black            string `json:"black"`
	Result           string `json:"result"`
	Plies            int    `json:"plies"`
	Legal            bool   `json:"legal"`
	Status           string `json:"status"`
	EndMove          string `json:"end_move"`
	IllegalMove      string `json:"illegal_move"`
	Article          string `json:"article"`
	ResultConsistent bool   `json:"result_consistent"`
	Verdict          string `json:"verdict"`
	Ruling           string `json:"ruling"`
	Submissions      int    `json:"submissions"`
}

// RosterView is the JSON form of a roster player.
type RosterView struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Rating     int    `json:"rating"`
	Title      string `json:"title"`
	Club       string `json:"club"`
	Federation string `json:"federation"`
	FIDEID     string `json:"fide_id"`
	BirthYear  int    `json:"birth_year"`
	Sex        string `json:"sex"`
	// The other FIDE ratings and the national identity.
	RapidRating    int    `json:"rapid_rating"`
	BlitzRating    int    `json:"blitz_rating"`
	K              int    `json:"k"`
	NationalID     string `json:"national_id"`
	NationalRating int    `json:"national_rating"`
	NationalK      int    `json:"national_k"`
	Category       string `json:"category"`
	Province       string `json:"province"`
	BirthDate      string `json:"birth_date"`
}

// EventView is one logged change in JSON. Field names are stable.
type EventView struct {
	ID           int64  `json:"id"`
	Time         string `json:"time"`
	Who          string `json:"who"`
	TournamentID int64  `json:"tournament_id"`
	Action       string `json:"action"`
	Subject      string `json:"subject"`
	Old          string `json:"old"`
	New          string `json:"new"`
}

// GameView is a game with its verdict in JSON. Field names are
// stable: add, never rename.
type GameView struct {
	Round            int      `json:"round"`
	Board            int      `json:"board"`
	White            string   `json:"white"`
	Black            string   `json:"black"`
	Result           string   `json:"result"`
	Reason           string   `json:"reason"`
	Letters          string   `json:"letters"`
	Moves            []string `json:"moves"`
	Unplayable       []string `json:"unplayable"`
	Legal            bool     `json:"legal"`
	Plies            int      `json:"plies"`
	Status           string   `json:"status"`
	EndPly           int      `json:"end_ply"`
	EndMove          string   `json:"end_move"`
	IllegalPly       int      `json:"illegal_ply"`
	IllegalMove      string   `json:"illegal_move"`
	IllegalReason    string   `json:"illegal_reason"`
	Article          string   `json:"article"`
	ResultConsistent bool     `json:"result_consistent"`
	ResultNote       string   `json:"result_note"`
	Notes            []string `json:"notes"`
	Ruling           string   `json:"ruling"`
	SubmittedAt      string   `json:"submitted_at"`
	Submissions      int      `json:"submissions"`
	FinalFEN         string   `json:"final_fen"`
}

// GameViewOf returns the view of the game bg of board b of round n, its
// moves in SAN with the letters of lang, and its verdict (Laws art. 3-5,
// 9.6); the result entered on the board, reason its reason, is judged as
// the Laws may have changed it (art. 6.9).
func GameViewOf(s *Snapshot, n int, b arbiter.Board, reason string, bg *BoardGame, lang rules.Lang) (GameView, *rules.Verdict) {
	seat := SeatOf(s, n, b)
	v := bg.Verdict
	out := GameView{Round: n, Board: b.Number, White: seat.White, Black: seat.Black, Result: b.Result.String(),
		Reason: reason, Letters: v.Lang.String(), Moves: sanMoves(v, lang), Unplayable: Unplayable(bg.Game, v.Illegal),
		Legal: v.Legal(), Plies: len(v.Moves), Status: v.Status.String(), ResultConsistent: v.ResultConsistent,
		ResultNote: v.ResultNote, Notes: bg.Record.Notes, Ruling: bg.Stored.Ruling,
		SubmittedAt: bg.Stored.Created.UTC().Format(time.RFC3339), Submissions: bg.Count, FinalFEN: v.Final.FEN()}
	if b.Result != arbiter.NoResult && !b.Result.Forfeit() && v.Legal() {
		// Judge the result entered, which the Laws may have changed.
		written, _ := rules.ParseLang(bg.Stored.Letters)
		v2 := rules.Check(bg.Game, rules.Options{Lang: written, Result: checkedResult(b.Result), TimeForfeit: reason == "time"})
		out.ResultConsistent, out.ResultNote = v2.ResultConsistent, v2.ResultNote
	}
	if out.Unplayable == nil {
		out.Unplayable = []string{}
	}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	if v.Status != rules.Ongoing && v.Legal() {
		out.EndPly, out.EndMove, out.Article = v.EndPly, v.MoveName(v.EndPly, lang), v.Status.Article()
	}
	switch {
	case v.Err != nil:
		out.IllegalReason = v.Err.Error()
	case v.Illegal != nil:
		out.IllegalPly, out.IllegalMove, out.IllegalReason, out.Article = v.Illegal.Ply, v.Illegal.Move(), v.Illegal.Reason, v.Illegal.Article
	}
	return out, v
}

// sanMoves writes the legal moves of a verdict in SAN with the letters of
// lang.
func sanMoves(v *rules.Verdict, lang rules.Lang) []string {
	out := make([]string, 0, len(v.Moves))
	p := v.Start
	for _, m := range v.Moves {
		out = append(out, p.FormatMove(m, lang))
		p.Play(m)
	}
	return out
}

// EventViewOf returns the view of a logged change. A value stored as a
// phrase (the warning a pairing was kept despite) is worded in English,
// as the log's other values are.
func EventViewOf(e Event) EventView {
	l := viewWords()
	return EventView{e.ID, e.At.UTC().Format(time.RFC3339), e.Who, e.TournamentID, e.Action, e.Subject, l.Stored(e.Old), l.Stored(e.New)}
}

// RosterViewOf returns the view of a roster player.
func RosterViewOf(p arbiter.Player) RosterView {
	return RosterView{p.ID, p.Name, p.Rating, string(p.Title), p.Club, p.Federation, p.FIDEID, p.BirthYear, p.Sex,
		p.RapidRating, p.BlitzRating, p.K, p.NationalID, p.NationalRating, p.NationalK, string(p.Category), p.Province, p.BirthDate}
}

// StandingViews returns the standings st of s (Rank), with the tie-breaks
// keyed by the C.07 codes of the chain of in.
func StandingViews(s *Snapshot, in tiebreak.Input, st []tiebreak.Standing) []StandingView {
	out := make([]StandingView, 0, len(st))
	for _, x := range st {
		e := s.Entry(x.PN)
		j := StandingView{Rank: x.Rank, RankTo: x.RankTo, PairingNumber: x.PN, Name: e.Player.Name,
			Rating: e.Player.Rating, Points: x.Points.Points(), Tiebreaks: map[string]float64{}}
		for i, sp := range in.Chain {
			j.Tiebreaks[sp.String()] = x.Values[i]
			if !x.Defined(i) {
				j.Undefined = append(j.Undefined, sp.String())
			}
		}
		out = append(out, j)
	}
	return out
}

// ExplanationViews returns the views of a player's tie-breaks explained
// (tiebreak.Explain): each opponent's part, what was cut, and why.
func ExplanationViews(ex []tiebreak.Explanation) []ExplanationView {
	en := viewWords()
	out := make([]ExplanationView, 0, len(ex))
	for _, x := range ex {
		j := ExplanationView{Tiebreak: x.Spec.String(), Value: x.Value, Undefined: x.Undefined, Summary: en.Word(x.Summary), Lines: []LineView{}}
		for _, l := range x.Lines {
			j.Lines = append(j.Lines, LineView{l.Round, l.Opponent, l.Value, l.Counted, en.Word(l.Note)})
		}
		out = append(out, j)
	}
	return out
}
