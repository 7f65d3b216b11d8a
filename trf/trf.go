package trf

import (
	"errors"
	"fmt"
	"github.com/labyrinth-chess/arbiter/text"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Points are counted in tenths of a point, the resolution of the TRF
// points column (cols 81-84, "11.5"): Points(10) is one point.
type Points int

// String formats p as the TRF writes it: "1.0", "0.5", "11.5".
func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return fmt.Sprintf("%s%d.%d", sign, int(p)/10, int(p)%10)
}

// ParsePoints reads a decimal number of points with at most one decimal
// ("1", "1.0", "0.5", "11.5", ".5"); a comma is accepted for the point.
func ParsePoints(s string) (Points, error) {
	t := []byte(s)
	for i, c := range t {
		if c == ',' {
			t[i] = '.'
		}
	}
	whole, frac := string(t), ""
	for i, c := range t {
		if c == '.' {
			whole, frac = string(t[:i]), string(t[i+1:])
			break
		}
	}
	if whole == "" && frac == "" || len(frac) > 1 {
		return 0, fmt.Errorf("%q is not a number of points such as 1.0 or 0.5", s)
	}
	n := 0
	if whole != "" {
		v, err := strconv.Atoi(whole)
		if err != nil || v < 0 || whole[0] == '+' || whole[0] == '-' {
			return 0, fmt.Errorf("%q is not a number of points such as 1.0 or 0.5", s)
		}
		n = v
	}
	d := 0
	if frac != "" {
		if frac[0] < '0' || frac[0] > '9' {
			return 0, fmt.Errorf("%q is not a number of points such as 1.0 or 0.5", s)
		}
		d = int(frac[0] - '0')
	}
	return Points(n*10 + d), nil
}

// FromScore converts a domain score (half-points) to tenths.
func FromScore(s arbiter.Score) Points { return Points(s) * 5 }

// Score converts p to half-points. It reports false if p is not a whole
// number of half-points.
func (p Points) Score() (arbiter.Score, bool) {
	if p%5 != 0 {
		return 0, false
	}
	return arbiter.Score(p / 5), true
}

// Result is the result code of a round block (TRF-16, column c+7),
// always stored in upper case.
type Result byte

// Result codes of a round block.
const (
	Win         Result = '1' // game won
	Draw        Result = '=' // game drawn
	Loss        Result = '0' // game lost
	ShortWin    Result = 'W' // won, game shorter than one move: played for pairing, not rated
	ShortDraw   Result = 'D' // drawn, shorter than one move
	ShortLoss   Result = 'L' // lost, shorter than one move
	ForfeitWin  Result = '+' // won by forfeit (with the scheduled opponent), or a TRF-06 full-point bye with 0000
	ForfeitLoss Result = '-' // lost by forfeit
	HalfBye     Result = 'H' // requested half-point bye
	FullBye     Result = 'F' // requested full-point bye
	PAB         Result = 'U' // pairing-allocated bye
	ZeroBye     Result = 'Z' // zero-point bye, known absence
	Blank       Result = ' ' // nothing recorded: same as Z
	// Unknown is TRF-26's X: a game paired and on (or adjourned) whose
	// result is not known yet. It counts as played for pairing and scores
	// the points the 162 line gives X (none unless it says so).
	Unknown Result = 'X'
)

// Played reports whether the code is a game played over the board
// (1 = 0 W D L); only such games count as played for pairing.
func (r Result) Played() bool {
	switch r {
	case Win, Draw, Loss, ShortWin, ShortDraw, ShortLoss, Unknown:
		return true
	}
	return false
}

// valid reports whether r is a known code.
func (r Result) valid() bool {
	switch r {
	case Win, Draw, Loss, ShortWin, ShortDraw, ShortLoss, ForfeitWin, ForfeitLoss, HalfBye, FullBye, PAB, ZeroBye, Blank, Unknown:
		return true
	}
	return false
}

// Game is one round block of a player line: opponent, colour and result.
// The zero Game (no opponent, no colour, blank result) is an empty block.
type Game struct {
	Opponent int            // opponent's starting rank, 0 for none (0000 or blank)
	Colour   arbiter.Colour // w or b; NoColour for "-" or blank
	Result   Result
}

// Played reports whether the block records a game played over the board.
func (g Game) Played() bool { return g.Opponent != 0 && g.Result.Played() }

// Empty reports whether the block records nothing at all.
func (g Game) Empty() bool { return g == Game{Result: Blank} || g == Game{} }

// Player is a 001 line.
type Player struct {
	ID         int    // starting rank (pairing number), cols 5-8
	Sex        string // col 10: "m", "w" or ""
	Title      string // cols 11-13, as written ("GM", "g", ...)
	Name       string // cols 15-47
	Rating     int    // cols 49-52, 0 if unrated
	Federation string // cols 54-56
	FIDEID     string // cols 58-68
	Birth      string // cols 70-79
	Points     Points // cols 81-84
	Rank       int    // cols 86-89, 0 if blank
	Games      []Game // round r in Games[r-1], from col 92; trailing empty blocks dropped

	// National are the player's TRF-26 National Rating Support records:
	// lines in the layout of cols 1-79 of the 001 line, introduced by the
	// rating federation's code instead of 001, written after it.
	National []National

	line int // line number in the parsed file, 0 if not parsed
}

// National is a TRF-26 National Rating Support record ("ITA    1 ..."):
// the player's national data, in the columns of the 001 line.
type National struct {
	Federation string // cols 1-3: the rating federation, e.g. ITA
	Sex        string // col 10, optional if as in 001
	Class      string // cols 11-13: national classification
	Name       string // cols 15-47, optional if as in 001
	Rating     int    // cols 49-52: national rating, 0 if none
	Origin     string // cols 54-56: federation, region, county...
	ID         string // cols 58-68: national number
	Birth      string // cols 70-79, optional if as in 001
}

// Abnormal is a TRF-26 299 record: points assigned outside the point
// system. Kind is the type of assignment (W D L F H Z + -), or ' ' for a
// penalty or bonus; Round 0 means every round; Players empty means every
// player. Points may be negative (a penalty).
type Abnormal struct {
	Kind        byte
	MatchPoints string // cols 8-11, as written: team events only
	Points      Points // cols 14-17
	Round       int    // cols 20-22
	Players     []int  // cols 24-27, 29-32, ...

	line int // line number in the parsed file
}

// Line returns the line number of the player's 001 line in the parsed file,
// or 0 for a player not read from a file.
func (p *Player) Line() int { return p.line }

// PointSystem gives the points of each kind of round, in tenths. The zero
// value is not useful: start from DefaultPoints.
type PointSystem struct {
	WinWhite, WinBlack   Points // game won (1, W)
	DrawWhite, DrawBlack Points // game drawn (=, D)
	LossWhite, LossBlack Points // game lost (0, L)
	ForfeitWin           Points // +
	ForfeitLoss          Points // - with an opponent
	ZeroBye              Points // Z, blank, and "0000 - -"
	HalfBye              Points // H, and the TRF-06 "0000 - ="
	FullBye              Points // F
	PAB                  Points // U, and the TRF-06 "0000 - +"
	Unknown              Points // X (TRF-26 162): a game whose result is not known yet; 0 unless the file says
}

// DefaultPoints is 1 for a win, ½ for a draw, 0 for a loss, and a
// pairing-allocated or full-point bye worth a win.
var DefaultPoints = PointSystem{
	WinWhite: 10, WinBlack: 10, DrawWhite: 5, DrawBlack: 5,
	ForfeitWin: 10, HalfBye: 5, FullBye: 10, PAB: 10,
}

// Of returns the points g is worth under ps.
func (ps PointSystem) Of(g Game) Points {
	black := g.Colour == arbiter.Black
	pick := func(w, b Points) Points {
		if black {
			return b
		}
		return w
	}
	switch g.Result {
	case Win, ShortWin:
		return pick(ps.WinWhite, ps.WinBlack)
	case Draw, ShortDraw:
		if g.Opponent == 0 {
			return ps.HalfBye
		}
		return pick(ps.DrawWhite, ps.DrawBlack)
	case Loss, ShortLoss:
		return pick(ps.LossWhite, ps.LossBlack)
	case ForfeitWin:
		if g.Opponent == 0 {
			return ps.PAB
		}
		return ps.ForfeitWin
	case ForfeitLoss:
		if g.Opponent == 0 {
			return ps.ZeroBye
		}
		return ps.ForfeitLoss
	case HalfBye:
		return ps.HalfBye
	case FullBye:
		return ps.FullBye
	case PAB:
		return ps.PAB
	case Unknown:
		return ps.Unknown
	}
	return ps.ZeroBye
}

// Win returns the points of a game won (the larger of the colours' values).
func (ps PointSystem) Win() Points { return max(ps.WinWhite, ps.WinBlack) }

// Draw returns the points of a game drawn (the larger of the colours' values).
func (ps PointSystem) Draw() Points { return max(ps.DrawWhite, ps.DrawBlack) }

// Loss returns the points of a game lost (the larger of the colours' values).
func (ps PointSystem) Loss() Points { return max(ps.LossWhite, ps.LossBlack) }

// Header holds the tournament header lines (DIN ??2), text as written.
type Header struct {
	Name        string   // 012
	City        string   // 022
	Federation  string   // 032
	StartDate   string   // 042
	EndDate     string   // 052
	Players     string   // 062
	Rated       string   // 072
	Teams       string   // 082
	Type        string   // 092
	Arbiter     string   // 102
	Deputies    []string // 112, one line each
	TimeControl string   // 122
	RoundDates  []string // 132: round r's date in RoundDates[r-1], "" if blank
	System      string   // 192 (TRF-26): pairing system, e.g. FIDE_DUTCH_2025
	Tiebreaks   string   // 202 (TRF-26): the tie-breaks that break ties, e.g. "BH/C1 DE SB"
	Standings   string   // 212 (TRF-26): the order of the standings, points first: "PTS BH/C1 DE SB"
	Controller  string   // 182 (TRF-26): the program or user making the pairings
	TimeCode    string   // 222 (TRF-26): the time control encoded, e.g. "5400+30"
	// RankFederation and RankMethod are the 172 line (TRF-26): the
	// federation of the national ratings (cols 5-7) and how the starting
	// rank uses them (cols 9-13: FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER).
	RankFederation string
	RankMethod     string
}

// Chain returns the tie-break list of the header as written: the 212 line
// without its leading points code (PTS, MPTS or GPTS), else the 202 line;
// nil if the file has neither. Codes are separated by spaces or commas.
func (h Header) Chain() []string {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	}
	if f := split(h.Standings); len(f) > 0 {
		switch strings.ToUpper(f[0]) {
		case "PTS", "MPTS", "GPTS":
			f = f[1:]
		}
		return f
	}
	if f := split(h.Tiebreaks); len(f) > 0 {
		return f
	}
	return nil
}

// Bye is a TRF-26 240 line: players who do not play round Round.
type Bye struct {
	Kind    Result // H, F, Z (or U)
	Round   int
	Players []int
}

// File is a tournament report file: the header, the players with their
// round blocks, and the pairing extensions. The zero File is empty and
// valid to write.
type File struct {
	Header  Header
	Players []Player // in file order

	// Encoding is how Read decoded the file's bytes; Auto for a File not
	// read.
	Encoding text.Encoding

	// Rounds is the total number of rounds (XXR or 142), 0 if not given.
	Rounds int
	// InitialColour is the colour of the first player in round 1 (XXC
	// white1|black1 or 152), NoColour if not given.
	InitialColour arbiter.Colour
	// UseRank is XXC rank: pair by position in the file, not by ID.
	UseRank bool
	// Absent lists players who skip the round being paired (XXZ).
	Absent []int
	// Forbidden lists groups of players who may not meet (XXP, 260).
	Forbidden [][]int
	// Byes are TRF-26 240 lines.
	Byes []Bye
	// Accelerations are XXA lines: player ID to fictitious points per round.
	Accelerations map[int][]Points
	// Points is the point system: DefaultPoints unless XXS, BBx or 162
	// lines say otherwise.
	Points PointSystem
	// PointLines records whether the file gave the point system
	// explicitly; the writer then writes it back.
	PointLines bool
	// UnknownPoints records whether the 162 line scored X; the writer then
	// writes it back, as it does when some block holds an X.
	UnknownPoints bool
	// Abnormal are TRF-26 299 lines, in file order.
	Abnormal []Abnormal
	// Comments are TRF-26 "###" lines, without the ### prefix.
	Comments []string
	// Extra holds lines the reader does not know, verbatim, in file order.
	Extra []string
}

// Player returns the player with starting rank id, or nil.
func (f *File) Player(id int) *Player {
	for i := range f.Players {
		if f.Players[i].ID == id {
			return &f.Players[i]
		}
	}
	return nil
}

// PlayedRounds returns the number of rounds that have a pairing in the
// file: the last round in which some player was paired (has an opponent
// or a pairing-allocated bye), or that precedes a recorded block. A last
// column holding only byes (H, F, Z) is the round being paired, not a
// played one.
func (f *File) PlayedRounds() int {
	n := 0
	for _, p := range f.Players {
		for r, g := range p.Games {
			if r > n && !g.Empty() {
				n = r // a block in round r+1 means round r was played
			}
			if r+1 > n && (g.Opponent != 0 || g.Result == PAB || g.Result == ForfeitWin) {
				n = r + 1
			}
		}
	}
	return n
}

// Errors wrapped by ParseError.
var (
	ErrSyntax       = errors.New("malformed field")
	ErrPoints       = errors.New("points do not match the results")
	ErrInconsistent = errors.New("round blocks contradict each other")
	ErrDuplicate    = errors.New("pairing number repeated")
	ErrUnknown      = errors.New("unknown pairing number")
)

// ParseError is an error in a TRF file, at a 1-based line and column
// (Col is 0 when the whole line is at fault).
type ParseError struct {
	Line int
	Col  int
	Err  error
}

func (e *ParseError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("trf: line %d, column %d: %v", e.Line, e.Col, e.Err)
	}
	return fmt.Sprintf("trf: line %d: %v", e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }
