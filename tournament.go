package arbiter

import (
	"fmt"
	"strings"
	"time"
)

// MaxPlayers is the most players a tournament holds: the pairing number
// of the FIDE tournament report (TRF-16 and TRF-26, record 001, columns
// 5-8) has four digits, and every tournament can be reported to FIDE.
// Pairing the first round of that many players takes about 220 MB (see
// pairing's BenchmarkPairLargest).
const MaxPlayers = 9999

// Pace is the time-control category of the FIDE Laws: it decides which
// appendix applies to claims and illegal moves.
type Pace int8

// Paces. Stored in the database: never reorder.
const (
	Standard Pace = iota
	Rapid
	Blitz
)

// String returns "standard", "rapid" or "blitz".
func (p Pace) String() string {
	switch p {
	case Rapid:
		return "rapid"
	case Blitz:
		return "blitz"
	}
	return "standard"
}

// ParsePace reads "standard", "rapid" or "blitz".
func ParsePace(text string) (Pace, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "standard", "classical", "std":
		return Standard, nil
	case "rapid":
		return Rapid, nil
	case "blitz":
		return Blitz, nil
	}
	return Standard, fmt.Errorf("unknown pace %q: type standard, rapid or blitz", text)
}

// Tournament holds a tournament's identity and settings. The zero value is
// not useful; start from NewTournament, which fills in the defaults.
type Tournament struct {
	ID          int64
	Name        string
	Date        string // start date, YYYY-MM-DD, or "" if unknown
	Venue       string
	Rounds      int    // rounds planned (C.04.1 art. 1)
	TimeControl string // as printed, e.g. "10'" or "90'+30\""
	Pace        Pace   // which appendix of the Laws applies

	LawsEdition     int // FIDE Laws of Chess edition year, e.g. 2023
	TiebreakEdition int // C.07 edition: 2026 (capped dummy, default for new tournaments), 2023 (dummy opponent) or 2009 (virtual opponent); pinned per tournament
	PairingEdition  int // C.04.3 Dutch text: 2025 (in force) or 2017

	PABValue     Score // pairing-allocated bye, One by default
	HalfByeValue Score // requested bye, Half by default (Zero allowed)
	LateValue    Score // per round missed by a late entry, Zero by default

	Tiebreaks []string // tie-break chain as C.07 codes, e.g. BH, DE, SB

	Deadline    string // registration deadline, "21:15", or ""
	FirstColour Colour // colour of the top player in round 1; NoColour = by lot
	Seed        int64  // seed of the lot for the first colour

	// Language of the printed sheets and the workbook, as an ISO 639-1
	// code: "en" (also for "") or "it". The database and the files of the
	// standards (TRF, PGN) do not depend on it.
	Language string

	System      System // Swiss (the zero value) or RoundRobin
	Cycles      int    // a round robin is played once (1, also for 0) or twice (2)
	FitRounds   bool   // propose the rounds that fit the field when registration closes
	Closed      bool   // registration closed: the rounds were checked against the field
	AbsentValue Score  // points for a player marked absent at check-in: Zero or Half
	// AllPlayAll is the all-play-all a Swiss continues as from a round
	// that could not be paired (C.04.3 1.9); the zero value for none.
	AllPlayAll Continuation

	// Accelerated names the accelerated pairing method (C.04.7 of the
	// 2026 rules, C.04.5 before): "" for none, or "baku" (the Baku
	// acceleration).
	Accelerated string
	// UnratedRating is the rating an unrated player counts with in ARO,
	// TPR and the other rating tie-breaks, as the tournament regulations
	// say (C.07); 0 when they say nothing and unrated
	// opponents are left out.
	UnratedRating int

	// What the tournament report submitted to FIDE carries (TRF-26).
	Federation   string   // organising federation, FIDE code (032)
	City         string   // city (022); the venue when empty
	ChiefArbiter string   // chief arbiter (102), "Name, First FIDE-ID" as written
	Deputies     []string // deputy chief arbiters (112), one each
	EndDate      string   // date of end, YYYY-MM-DD, or "" (052)
	RoundDates   []string // round r's date (YYYY-MM-DD or "") in RoundDates[r-1] (132)
	TimeCode     string   // encoded time control, e.g. "5400+30" (222)
	RatingType   string   // rating the ranking uses (172): FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER or ""
}

// RatingTypes are the TRF-26 172 codes of the rating a tournament ranks
// its players by: FIDE only, national only, FIDE else national, national
// else FIDE, the higher, the lower, or another method.
var RatingTypes = []string{"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"}

// DefaultTiebreaks is the Labyrinth chain: Buchholz, direct encounter,
// Sonneborn-Berger.
var DefaultTiebreaks = []string{"BH", "DE", "SB"}

// NewTournament returns a tournament named name with arbiter's defaults:
// FIDE Laws 2023, C.07 2026 (in force from 1 March 2026), Dutch 2025, PAB worth a win, requested byes
// worth half a point, late entries scoring nothing for missed rounds, and
// the chain BH, DE, SB.
func NewTournament(name string) Tournament {
	return Tournament{
		Name:            name,
		Rounds:          7,
		Pace:            Standard,
		LawsEdition:     2023,
		TiebreakEdition: 2026,
		PairingEdition:  2025,
		PABValue:        One,
		HalfByeValue:    Half,
		LateValue:       Zero,
		Tiebreaks:       append([]string(nil), DefaultTiebreaks...),
		Language:        "en",
	}
}

// Labyrinth applies the Labyrinth club preset: 7 rounds, 10 minutes per
// player (blitz under the Laws' definitions), PAB worth 1, chain BH, DE,
// SB, registration closing at 21:15.
func (t *Tournament) Labyrinth() {
	t.Rounds = 7
	t.TimeControl = "10'"
	t.Pace = Blitz
	t.PABValue = One
	t.HalfByeValue = Half
	t.Tiebreaks = append([]string(nil), DefaultTiebreaks...)
	t.Deadline = "21:15"
	// "The organization may change the number of rounds depending on the
	// number of participants": the rounds are proposed when registration
	// closes.
	t.FitRounds = true
}

// ByeValue returns the points a bye of kind k is worth in t.
func (t Tournament) ByeValue(k ByeKind) Score {
	switch k {
	case PAB:
		return t.PABValue
	case HalfBye:
		return t.HalfByeValue
	case FullBye:
		if t.System == DoubleSwiss {
			return 2 * One // a match won: both games (C.04.5 Preface)
		}
		return One
	}
	return Zero
}

// Title is a FIDE title. Titles order entries of equal rating (C.04.2
// art. 2.2): GM, IM, WGM, FM, WIM, CM, WFM, WCM, then untitled.
type Title string

// titleRank gives the C.04.2 order; untitled players come last.
var titleRank = map[Title]int{"GM": 1, "IM": 2, "WGM": 3, "FM": 4, "WIM": 5, "CM": 6, "WFM": 7, "WCM": 8}

// ParseTitle reads a title in any case, including the one-letter TRF-06
// forms (g, m, f, wg, wm, wf, c). The empty string is no title.
func ParseTitle(text string) (Title, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	switch t {
	case "G":
		t = "GM"
	case "M":
		t = "IM"
	case "F":
		t = "FM"
	case "C":
		t = "CM"
	case "WG":
		t = "WGM"
	case "WM":
		t = "WIM"
	case "WF":
		t = "WFM"
	case "WC":
		t = "WCM"
	}
	if t == "" {
		return "", nil
	}
	if _, ok := titleRank[Title(t)]; !ok {
		return "", fmt.Errorf("unknown title %q: type GM, IM, WGM, FM, WIM, CM, WFM, WCM or nothing", text)
	}
	return Title(t), nil
}

// rank returns the title's place in the C.04.2 order (9 for no title).
func (t Title) rank() int {
	if r, ok := titleRank[t]; ok {
		return r
	}
	return 9
}

// Player is a member of the club roster, reused across tournaments.
type Player struct {
	ID         int64
	Name       string // as written, UTF-8, e.g. "Rossi, Mario" or "Mario Rossi"
	Rating     int    // 0 means unrated
	Club       string
	Federation string // three letters, e.g. ITA
	FIDEID     string
	BirthYear  int // 0 if unknown
	Sex        string
	Title      Title // FIDE title only; a national category is Category

	// The FIDE rating lists beside the standard rating (Rating): rapid
	// and blitz ratings (0 unrated) and the development coefficient K of
	// the standard rating as the list gives it (0 unknown).
	RapidRating int
	BlitzRating int
	K           int

	// The national identity, beside the FIDE one: the national ID (for
	// Italy the ID FSI), national rating (Elo Italia, 0 unrated) and its
	// K, the national category (FSI: NC, 3N, 2N, 1N, CM, M, ...), the
	// province (or region, TRF-26 "origin").
	NationalID     string
	NationalRating int
	NationalK      int
	Category       Category
	Province       string

	// BirthDate is the full date of birth, YYYY-MM-DD, when known (the
	// FIDE report writes it, TRF-26 001 columns 70-79); "" otherwise.
	// When set, BirthYear is its year.
	BirthDate string
}

// BirthDateYear checks a date of birth written YYYY-MM-DD and returns its
// year. The error says what is wrong with text.
func BirthDateYear(text string) (int, error) {
	d, err := time.Parse("2006-01-02", strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("%q is not a date such as 1990-05-17", text)
	}
	return d.Year(), nil
}

// EntryStatus is an entry's state in a tournament. Stored: never reorder.
type EntryStatus int8

// Entry states.
const (
	Active EntryStatus = iota
	Withdrawn
)

// String returns "active" or "withdrawn".
func (s EntryStatus) String() string {
	if s == Withdrawn {
		return "withdrawn"
	}
	return "active"
}

// Entry is a player entered in a tournament.
type Entry struct {
	PN            int // pairing number (TPN), 1-based
	Player        Player
	Status        EntryStatus
	WithdrawnFrom int // first round the player no longer plays, 0 if not withdrawn
	JoinedRound   int // first round the player can be paired: 1, or later for a late entry
	// FIDERating is the FIDE rating of the tournament's pace the player
	// entered with, which the FIDE rating change starts from; Player.Rating
	// is the rating the entry is seeded by (SeedRating), and
	// Player.NationalRating the national rating entered with.
	FIDERating int
}

// Plays reports whether the entry is available for pairing in round r
// (entered by then and not withdrawn). Requested byes are separate.
func (e Entry) Plays(r int) bool {
	if e.JoinedRound > r {
		return false
	}
	if e.Status == Withdrawn && e.WithdrawnFrom <= r {
		return false
	}
	return true
}

// InitialOrderLess reports whether a comes before b in the initial order of
// C.04.2 art. 2.2 (the general handling rules applied from 1 February 2026,
// as the earlier text): higher rating first (2.2.1, the strength), then
// higher title (2.2.2: GM, IM, WGM, FM, WIM, CM, WFM, WCM), then name
// (2.2.3, alphabetical, accents and case folded), then roster ID for a
// stable order.
func InitialOrderLess(a, b Player) bool {
	if a.Rating != b.Rating {
		return a.Rating > b.Rating
	}
	if ra, rb := a.Title.rank(), b.Title.rank(); ra != rb {
		return ra < rb
	}
	if na, nb := FoldName(a.Name), FoldName(b.Name); na != nb {
		return na < nb
	}
	return a.ID < b.ID
}

// Round is one round of a tournament: its boards and its byes. A player of
// the tournament found in neither list did not take part in the round.
type Round struct {
	Number int
	Boards []Board
	Byes   []Bye
}

// Board is one game of a round, identified by its board number. In a
// Double-Swiss tournament (FIDE C.04.5) a board is a match of two games:
// Result is game 1, in which White has White, and Second is game 2, in
// which Black has White, each in its own game's colours (see Match).
type Board struct {
	Number int
	White  int // pairing number
	Black  int // pairing number
	Result Result
	Second Result // game 2 of a Double-Swiss match; NoResult otherwise
}

// Match returns the board as a Double-Swiss match: Result is game 1,
// Second game 2.
func (b Board) Match() Match { return Match{First: b.Result, Second: b.Second} }

// Bye is a player without an opponent in a round.
type Bye struct {
	PN   int
	Kind ByeKind
}

// Complete reports whether every board of the round has a result.
func (r Round) Complete() bool {
	for _, b := range r.Boards {
		if b.Result == NoResult {
			return false
		}
	}
	return true
}
