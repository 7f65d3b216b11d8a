package arbiter

import (
	"fmt"
	"strings"
	"time"
)

// The evening's vocabulary: what the players say from their phones (a
// result reported from the board, a claim on a disputed one, their
// presence, a late entry) and who says it. These are values only: the
// desk decides what each may do, the store keeps them, the front ends
// show them.

// Origin says who makes a change and from where, for the event log: Who
// in words, the IP address and the device (the browser's User-Agent,
// shortened). For a write that a player proves (a report, a
// confirmation, a claim), Who names the front end ("web") and the log
// adds the player and the seat proven: "web: Rossi, Anna (black)". The
// zero Origin is the person the caller's context names.
type Origin struct {
	Who    string
	IP     string
	Device string
}

// Name returns Who, "unknown" when it is empty.
func (o Origin) Name() string {
	if o.Who == "" {
		return "unknown"
	}
	return o.Who
}

// From says where a change came from, for the event log: "from
// 192.168.1.20 (Firefox on Android)"; "" when nothing is known.
func (o Origin) From() string {
	var parts []string
	if o.IP != "" {
		parts = append(parts, "from "+o.IP)
	}
	if o.Device != "" {
		parts = append(parts, "("+o.Device+")")
	}
	return strings.Join(parts, " ")
}

// Proof is what a phone shows to act for a player: the PIN typed, or the
// secret of a phone signed in as the player. A PIN given is what counts,
// whatever the session: a phone signed in as one player may be lent to
// the opponent, who types their own.
type Proof struct {
	PIN     string
	Session string
}

// PINLimits bound the wrong PINs counted within Window: at most Board on
// one board, Address from one address and Player against one player (a
// wrong PIN typed on a board counts against both its players). While any
// scope a PIN falls under has its count, the PIN is not even compared.
// A zero count leaves that scope unlimited, a zero Window every scope.
type PINLimits struct {
	Window                 time.Duration
	Board, Address, Player int
}

// The states of a result reported from the board. An open report is
// Reported or Disputed.
const (
	Reported   = "reported"   // one player reported, the opponent has not confirmed
	Confirmed  = "confirmed"  // the opponent confirmed: the result is entered
	Disputed   = "disputed"   // the opponent gave another result: for the organizer
	Accepted   = "accepted"   // the organizer entered it
	Rejected   = "rejected"   // the organizer threw it away: the board is open again
	Superseded = "superseded" // a result was entered another way meanwhile
)

// WebReport is a result reported from a board.
type WebReport struct {
	ID           int64
	TournamentID int64
	Round, Board int
	White, Black int    // pairing numbers
	Seat         Colour // who reported
	Result       Result // what was reported (game 1 of a Double-Swiss match)
	Status       string // Reported, Confirmed, Disputed, Accepted, Rejected or Superseded
	Other        Result // the opponent's result, when disputed (game 1 of a match)
	// Second and OtherSecond are game 2 of a Double-Swiss match (FIDE
	// C.04.5) as reported and as the opponent gave it when disputed, in
	// game 2's own colours; NoResult for a board of one game.
	Second, OtherSecond Result
	ReportedAt          time.Time
	ReportedIP          string
	ReportedDev         string
	ClosedAt            time.Time
	ClosedBy            string
}

// Open reports whether the report still waits for someone.
func (r WebReport) Open() bool { return r.Status == Reported || r.Status == Disputed }

// IsMatch reports whether the report is of a Double-Swiss match, both
// games: a match is always reported whole.
func (r WebReport) IsMatch() bool { return r.Second != NoResult }

// Match returns the match reported; for a single game, First alone.
func (r WebReport) Match() Match { return Match{First: r.Result, Second: r.Second} }

// OtherMatch returns the opponent's match when disputed.
func (r WebReport) OtherMatch() Match { return Match{First: r.Other, Second: r.OtherSecond} }

// Text writes what was reported: the result, or a match's two games.
func (r WebReport) Text() string {
	if r.IsMatch() {
		return r.Match().String()
	}
	return r.Result.String()
}

// OtherText writes the opponent's result of a disputed report as Text.
func (r WebReport) OtherText() string {
	if r.IsMatch() {
		return r.OtherMatch().String()
	}
	return r.Other.String()
}

// BoardCode is a board of a published round as its code opens it: where
// it is, who plays, its result, and its open report if any. WhitePIN and
// BlackPIN are the players' own PINs, for the checks and for the
// organizer; the board's code alone proves no one.
type BoardCode struct {
	TournamentID int64
	Round, Board int
	White, Black int // pairing numbers
	Result       Result
	// Double says the board is a Double-Swiss match (FIDE C.04.5): Result
	// is game 1 and Second game 2, each in its own game's colours.
	Double             bool
	Second             Result
	Token              string
	WhitePIN, BlackPIN string
	Report             *WebReport // the open report, nil if none
}

// Match returns the board's match result (game 1 and game 2); for a
// board of one game, First alone.
func (c BoardCode) Match() Match { return Match{First: c.Result, Second: c.Second} }

// WebSettings are a tournament's settings for the server of the evening.
type WebSettings struct {
	// AutoPublish publishes every round as soon as it is paired.
	AutoPublish bool
	// PublicURL is the address players reach the server at, printed in
	// the QR codes of the slips ("" : the address the server detects).
	PublicURL string
	// AutoConfirm: a report the opponent has not confirmed within
	// UnconfirmedAfter is entered as reported; otherwise it goes to the
	// organizer's queue then.
	AutoConfirm bool
	// UnconfirmedAfter is how long a report waits for the opponent (a
	// whole number of minutes, 1 to 1440; 0 reads as the default, 10).
	UnconfirmedAfter time.Duration
}

// DefaultUnconfirmedAfter is how long a report waits for the opponent
// unless the tournament says otherwise.
const DefaultUnconfirmedAfter = 10 * time.Minute

// Wait returns UnconfirmedAfter, or the default when it is not set.
func (ws WebSettings) Wait() time.Duration {
	if ws.UnconfirmedAfter <= 0 {
		return DefaultUnconfirmedAfter
	}
	return ws.UnconfirmedAfter
}

func (ws WebSettings) String() string {
	s := "publish by hand"
	if ws.AutoPublish {
		s = "publish when paired"
	}
	if ws.PublicURL != "" {
		s += ", address " + ws.PublicURL
	}
	if ws.AutoConfirm {
		s += fmt.Sprintf(", a report not confirmed is entered after %s", ws.Wait())
	} else {
		s += fmt.Sprintf(", a report not confirmed goes to the organizer after %s", ws.Wait())
	}
	return s
}

// Claim kinds, as stored: what a player of a disputed board says
// happened, by the article of the Laws of Chess that applies.
const (
	ClaimCheckmate = "checkmate" // art. 5.1.1
	ClaimStalemate = "stalemate" // art. 5.2.1
	ClaimFlag      = "flag"      // art. 6.9: whose flag fell is Claim.Flag
	ClaimIllegal   = "illegal"   // art. 7.5
	ClaimThreefold = "threefold" // art. 9.2
	ClaimFifty     = "fifty"     // art. 9.3
	ClaimAgreement = "agreement" // art. 5.2.3 (9.1)
)

// ClaimKinds lists the claim kinds in the order a form offers them.
func ClaimKinds() []string {
	return []string{ClaimCheckmate, ClaimStalemate, ClaimFlag, ClaimIllegal, ClaimThreefold, ClaimFifty, ClaimAgreement}
}

// BothFlags is the Flag of a claim that both flags fell.
const BothFlags Colour = 3

// Claim is what one player of a disputed board says happened.
type Claim struct {
	ID       int64
	ReportID int64
	Seat     Colour // who claims
	Kind     string // one of ClaimKinds
	// Flag says whose flag fell (ClaimFlag): White, Black or BothFlags.
	Flag  Colour
	Moves string // the moves as typed, "" if none
	FEN   string // the final position as a FEN, "" if none
	At    time.Time
	IP    string
	Dev   string
	// Replaced is when a later claim of the same player replaced this
	// one; zero for the claim that counts.
	Replaced time.Time
}

// ClaimInput is a claim typed on a player's phone. The claim is the
// player's that Proof proves: no seat is taken from what was typed.
type ClaimInput struct {
	Proof Proof
	Kind  string
	Flag  Colour // whose flag fell (ClaimFlag): White, Black or BothFlags
	Moves string
	FEN   string
}

// Ruling is the organizer's decision on a disputed board.
type Ruling struct {
	ReportID     int64
	Round, Board int
	Result       Result
	Text         string // what the players are told: a phrase as stored (phrase.Text.Stored)
	At           time.Time
	By           string
}

// The kinds of a presence mark.
const (
	Here  = "here"  // present from the round on
	Skip  = "skip"  // asked to skip the round (a requested bye)
	Leave = "leave" // left: withdrawn from the round on
)

// PresenceMark is one mark standing: who, what, for which round, when,
// from where, and the event that logged it (for undo).
type PresenceMark struct {
	PN     int
	Name   string
	Kind   string // Here, Skip or Leave
	Round  int    // Here: present from; Skip: the round skipped; Leave: withdrawn from
	At     time.Time
	Who    string
	IP     string
	Device string
	Phone  bool // said from the player's phone, not by the organizer
	Event  int64
}

// Roll is who is present for the next round to pair: what the organizer
// and the projector show before pairing it.
type Roll struct {
	// Round is the next round to pair; 0 when every round is paired.
	Round    int
	Required bool // the tournament pairs only the players present
	// Pairing numbers, in order: present; missing (to play, not
	// present: absent if presence is required); skipping Round (a bye
	// asked for, or absent at check-in); left (withdrawn by Round).
	Present, Missing, Skipping, Left []int
	// Marks are the presence marks standing, the latest first.
	Marks []PresenceMark
	// Paired is the last round paired, and LeftOut its players without
	// a game but the pairing-allocated bye, each with the pairing's
	// explanation (a phrase as stored).
	Paired  int
	LeftOut []LeftOut
}

// LeftOut is a player the pairing of a round left out, and why.
type LeftOut struct {
	PN   int
	Kind ByeKind
	Note string
}

// The states of a late-entry request.
const (
	LatePending  = "pending"
	LateAccepted = "accepted"
	LateRefused  = "refused"
)

// Why the phone takes no entries (LateWindow.Why).
const (
	LateOff    = "off"    // no cut-off set: the organizer has not opened entries from the phone
	LatePast   = "past"   // the cut-off has passed
	LateClosed = "closed" // the organizer closed registration
	LateFull   = "full"   // every round is paired: no one can enter now
)

// LateWindow says whether the phone takes entries at a moment.
type LateWindow struct {
	Open  bool
	Until time.Time // the cut-off, zero when none is set
	Why   string    // when closed: LateOff, LatePast, LateClosed or LateFull
	Next  int       // the round a player entered now joins with
}

// LateRequest is a newcomer's request to enter the tournament, and its
// answer.
type LateRequest struct {
	ID     int64
	Token  string // the address of the newcomer's own page
	Name   string
	Rating int
	Club   string
	// PlayerID is the club player the newcomer said they are; once
	// accepted, the player entered. 0: none.
	PlayerID int64
	// Roster is the club player of PlayerID as the roster has them.
	Roster string
	// New: the newcomer said they are none of the club players offered.
	New      bool
	Status   string // LatePending, LateAccepted or LateRefused
	At       time.Time
	IP       string
	Device   string
	ClosedAt time.Time
	ClosedBy string
	// PN, PIN and Joined are the accepted player's pairing number now,
	// PIN, and the round they joined with.
	PN     int
	PIN    string
	Joined int
}
