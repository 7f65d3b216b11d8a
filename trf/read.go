package trf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
)

// Read parses a TRF-16 or TRF-26 file, with the TRFx (JaVaFo) and TRF(bx)
// (bbpPairings) extensions. Lines may end with CR, LF or CRLF; blank lines
// are ignored. Lines the reader does not know are kept in File.Extra.
//
// Read checks every field of every 001 line against the fixed columns of
// the format, that opponents name each other with opposite colours and
// matching results, and that the points in columns 81-84 equal the sum of
// the player's results under the file's point system (a player who has a
// bye recorded for the round being paired may count it or not). Errors
// are *ParseError values naming the line and column; they wrap ErrSyntax,
// ErrPoints, ErrInconsistent, ErrDuplicate or ErrUnknown.
//
// The bytes are decoded by text.Decode: UTF-8 with or without a byte
// order mark, UTF-16 with one, else Windows-1252 (as Swiss-Manager and
// Vega often write); File.Encoding says which.
func Read(r io.Reader) (*File, error) { return ReadEncoding(r, text.Auto) }

// ReadEncoding is Read with the encoding forced, unless enc is text.Auto.
func ReadEncoding(r io.Reader, enc text.Encoding) (*File, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("trf: %w", err)
	}
	decoded, enc, err := text.Decode(raw, enc)
	if err != nil {
		return nil, &ParseError{Line: 1, Err: fmt.Errorf("%v: %w", err, ErrSyntax)}
	}
	data := []byte(decoded)
	f := &File{Points: DefaultPoints, Encoding: enc}
	p := parser{f: f}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	sc.Split(scanLines)
	n := 0
	for sc.Scan() {
		n++
		if err := p.line(n, sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return f, nil
}

// extra keeps a line the reader does not know, as the writer will write
// it: control characters as spaces (text.Spaces), trailing blanks cut; a
// line left blank is dropped.
func (p *parser) extra(line string) {
	if s := asWritten(line); strings.TrimSpace(s) != "" {
		p.f.Extra = append(p.f.Extra, s)
	}
}

// asWritten returns line as Write writes a kept line: control characters
// as spaces (text.Spaces), trailing blanks cut.
func asWritten(line string) string { return strings.TrimRight(text.Spaces(line), " ") }

// scanLines splits at CR, LF or CRLF.
func scanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i, c := range data {
		switch c {
		case '\n':
			return i + 1, data[:i], nil
		case '\r':
			if i+1 < len(data) {
				if data[i+1] == '\n' {
					return i + 2, data[:i], nil
				}
				return i + 1, data[:i], nil
			}
			if atEOF {
				return i + 1, data[:i], nil
			}
			return 0, nil, nil // need one more byte to see a following LF
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

type parser struct {
	f          *File
	pointsSet  bool // BBU or a PAB code seen: BBW no longer moves the PAB value
	roundsLine int  // the line of XXR or 142, 0 if none
	colourLine int  // the line of XXC white1/black1 or 152, 0 if none
}

// setColour records the initial colour given on line n, refusing a file
// whose XXC and 152 lines disagree.
func (p *parser) setColour(n int, c arbiter.Colour) error {
	if p.colourLine != 0 && p.f.InitialColour != c {
		return p.errf(n, 5, ErrInconsistent, "initial colour %s, but line %d gives %s", c, p.colourLine, p.f.InitialColour)
	}
	p.f.InitialColour, p.colourLine = c, n
	return nil
}

func (p *parser) errf(line, col int, sentinel error, format string, args ...any) error {
	return &ParseError{Line: line, Col: col, Err: fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), sentinel)}
}

func (p *parser) line(n int, text string) error {
	if !utf8.ValidString(text) {
		return p.errf(n, 0, ErrSyntax, "not UTF-8 text")
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	text = strings.TrimRight(text, " \t")
	if strings.HasPrefix(text, "###") {
		p.f.Comments = append(p.f.Comments, strings.TrimPrefix(asWritten(text), "###"))
		return nil
	}
	if len(text) < 3 {
		p.extra(text)
		return nil
	}
	// Every line but a player's and the tournament's name is read as the
	// writer writes it back: control characters as spaces. Names keep
	// them, for an import to refuse by name; the other fields of a 001
	// line are cleaned field by field (plain).
	if text[:3] != "001" && text[:3] != "012" {
		if text = asWritten(text); len(text) < 3 {
			p.extra(text)
			return nil
		}
	}
	// The value starts after the space in column 4; a line without that
	// space keeps every character after the tag (never half of one).
	din, rest := text[:3], strings.TrimPrefix(text[3:], " ")
	h := &p.f.Header
	value := strings.TrimRight(rest, " \t")
	switch din {
	case "001":
		return p.player(n, text)
	case "012":
		h.Name = value
	case "022":
		h.City = value
	case "032":
		h.Federation = value
	case "042":
		h.StartDate = value
	case "052":
		h.EndDate = value
	case "062":
		h.Players = value
	case "072":
		h.Rated = value
	case "082":
		h.Teams = value
	case "092":
		h.Type = value
	case "102":
		h.Arbiter = value
	case "112":
		h.Deputies = append(h.Deputies, value)
	case "122":
		h.TimeControl = value
	case "132":
		h.RoundDates = roundDates(text)
	case "192":
		h.System = value
	case "202":
		h.Tiebreaks = value
	case "212":
		h.Standings = value
	case "182":
		h.Controller = value
	case "222":
		h.TimeCode = value
	case "172":
		// 172 FFF MMMMM: the federation of the national ratings (cols
		// 5-7) and the ranking method (cols 9-13).
		f := strings.Fields(value)
		if len(f) != 2 || len(f[0]) != 3 || !isRankMethod(strings.ToUpper(f[1])) {
			return p.errf(n, 5, ErrSyntax, "172 %q: want a federation and FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER", value)
		}
		h.RankFederation, h.RankMethod = strings.ToUpper(f[0]), strings.ToUpper(f[1])
	case "299":
		a, err := p.abnormal(n, text)
		if err != nil {
			return err
		}
		p.f.Abnormal = append(p.f.Abnormal, a)
	case "XXR", "142":
		v, err := strconv.Atoi(strings.TrimSpace(text[3:]))
		if err != nil || v < 1 || v > 99 {
			return p.errf(n, 5, ErrSyntax, "number of rounds %q: want a number from 1 to 99", strings.TrimSpace(text[3:]))
		}
		if p.roundsLine != 0 && p.f.Rounds != v {
			return p.errf(n, 5, ErrInconsistent, "%d rounds, but line %d gives %d", v, p.roundsLine, p.f.Rounds)
		}
		p.f.Rounds, p.roundsLine = v, n
	case "XXC":
		for _, tok := range strings.Fields(text[3:]) {
			switch strings.ToLower(tok) {
			case "rank":
				p.f.UseRank = true
			case "white1":
				if err := p.setColour(n, arbiter.White); err != nil {
					return err
				}
			case "black1":
				if err := p.setColour(n, arbiter.Black); err != nil {
					return err
				}
			default:
				return p.errf(n, 5, ErrSyntax, "XXC option %q: want white1, black1 or rank", tok)
			}
		}
	case "152":
		switch strings.ToUpper(strings.TrimSpace(text[3:])) {
		case "W":
			return p.setColour(n, arbiter.White)
		case "B":
			return p.setColour(n, arbiter.Black)
		default:
			return p.errf(n, 5, ErrSyntax, "initial colour %q: want W or B", strings.TrimSpace(text[3:]))
		}
	case "XXZ":
		ids, err := p.ids(n, text[3:])
		if err != nil {
			return err
		}
		p.f.Absent = append(p.f.Absent, ids...)
	case "XXP":
		ids, err := p.ids(n, text[3:])
		if err != nil {
			return err
		}
		p.f.Forbidden = append(p.f.Forbidden, ids)
	case "260":
		// 260 rrr rrr pppp pppp ...: first and last round, then players.
		// The rounds are not kept: the pairs are forbidden throughout.
		fields := strings.Fields(text[3:])
		if len(fields) < 2 {
			return p.errf(n, 5, ErrSyntax, "forbidden pairs: want first round, last round and players")
		}
		ids, err := p.ids(n, strings.Join(fields[2:], " "))
		if err != nil {
			return err
		}
		p.f.Forbidden = append(p.f.Forbidden, ids)
	case "240":
		b, err := p.bye(n, text)
		if err != nil {
			return err
		}
		p.f.Byes = append(p.f.Byes, b)
	case "XXA":
		return p.accel(n, text)
	case "250":
		return p.accel250(n, text)
	case "XXS":
		return p.xxs(n, text)
	case "162":
		return p.system26(n, text)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		v, err := ParsePoints(strings.TrimSpace(text[3:]))
		if err != nil {
			return p.errf(n, 5, ErrSyntax, "%s: %v", din, err)
		}
		ps := &p.f.Points
		switch din {
		case "BBW":
			ps.WinWhite, ps.WinBlack, ps.ForfeitWin, ps.FullBye = v, v, v, v
			if !p.pointsSet {
				ps.PAB = v
			}
		case "BBD":
			ps.DrawWhite, ps.DrawBlack, ps.HalfBye = v, v, v
		case "BBL":
			ps.LossWhite, ps.LossBlack = v, v
		case "BBZ":
			ps.ZeroBye = v
		case "BBF":
			ps.ForfeitLoss = v
		case "BBU":
			ps.PAB = v
			p.pointsSet = true
		}
		p.f.PointLines = true
	default:
		// Read as the writer will write it back, so that a line that is
		// not a national record now is not one after a round trip.
		if nr, id, ok := national(asWritten(text)); ok {
			if pl := p.f.Player(id); pl != nil {
				pl.National = append(pl.National, nr)
				return nil
			}
		}
		p.extra(text)
	}
	return nil
}

// RankMethods are the ranking methods of a 172 line (TRF-26).
var RankMethods = []string{"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"}

func isRankMethod(s string) bool {
	for _, m := range RankMethods {
		if s == m {
			return true
		}
	}
	return false
}

// national reads a TRF-26 National Rating Support record: a three-letter
// federation code in cols 1-3, then cols 4-79 as in a 001 line. A line
// that does not fit that layout (a TRFx DAT line, say) is not one.
func national(line string) (National, int, bool) {
	text := []rune(line)
	if len(text) < 8 || len(text) > 79 {
		return National{}, 0, false
	}
	for _, c := range text[:3] {
		if c < 'A' || c > 'Z' {
			return National{}, 0, false
		}
	}
	for _, c := range []int{4, 9, 14, 48, 53, 57, 69} {
		if c <= len(text) && text[c-1] != ' ' {
			return National{}, 0, false
		}
	}
	id, ok := number(field(text, 5, 8))
	if !ok || id < 1 {
		return National{}, 0, false
	}
	sex := strings.TrimSpace(field(text, 10, 10))
	switch sex {
	case "", "m", "w", "f", "M", "W", "F":
	default:
		return National{}, 0, false
	}
	rating, ok := number(field(text, 49, 52))
	if !ok {
		return National{}, 0, false
	}
	return National{
		Federation: string(text[:3]), Sex: sex, Class: plain(field(text, 11, 13)),
		Name: strings.TrimSpace(field(text, 15, 47)), Rating: rating, Origin: plain(field(text, 54, 56)),
		ID: plain(field(text, 58, 68)), Birth: plain(field(text, 70, 79)),
	}, id, true
}

// abnormal reads a TRF-26 299 line: the type of assignment in col 5,
// match points in cols 8-11, points in cols 14-17 (either may carry a
// minus sign), the round in cols 20-22 (000 or blank: every round), then
// players in 4-column fields from col 24, separated by one space.
func (p *parser) abnormal(n int, line string) (Abnormal, error) {
	text := []rune(line)
	a := Abnormal{Kind: ' ', line: n}
	switch k := field(text, 5, 5)[0]; k {
	case 'W', 'D', 'L', 'F', 'H', 'Z', '+', '-', ' ':
		a.Kind = k
	case 'w', 'd', 'l', 'f', 'h', 'z':
		a.Kind = upper(k)
	default:
		return a, p.errf(n, 5, ErrSyntax, "299 type %q: want W, D, L, F, H, Z, +, - or blank", k)
	}
	a.MatchPoints = strings.TrimSpace(field(text, 8, 11))
	if a.MatchPoints != "" {
		if _, err := signedPoints(a.MatchPoints); err != nil {
			return a, p.errf(n, 8, ErrSyntax, "299 match points: %v", err)
		}
	}
	pts, err := signedPoints(strings.TrimSpace(field(text, 14, 17)))
	if err != nil {
		return a, p.errf(n, 14, ErrSyntax, "299 points: %v", err)
	}
	a.Points = pts
	r, ok := number(field(text, 20, 22))
	if !ok {
		return a, p.errf(n, 20, ErrSyntax, "299 round %q: want a round number, 000 or blanks", strings.TrimSpace(field(text, 20, 22)))
	}
	a.Round = r
	for c := 24; c <= len(text); c += 5 {
		id, ok := number(field(text, c, c+3))
		if !ok || id < 1 && strings.TrimSpace(field(text, c, c+3)) != "" {
			return a, p.errf(n, c, ErrSyntax, "299 player %q: want a starting rank", strings.TrimSpace(field(text, c, c+3)))
		}
		if id > 0 {
			a.Players = append(a.Players, id)
		}
	}
	return a, nil
}

// signedPoints reads points with an optional minus sign; blank is 0.
func signedPoints(s string) (Points, error) {
	if s == "" {
		return 0, nil
	}
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		v, err := ParsePoints(rest)
		return -v, err
	}
	return ParsePoints(s)
}

// roundDates reads a 132 line: round r's date in cols 92+10(r-1) to +7.
func roundDates(text string) []string {
	var dates []string
	rs := []rune(text) // columns count characters, not bytes
	for c := 91; c < len(rs); c += 10 {
		end := min(c+8, len(rs))
		dates = append(dates, strings.TrimSpace(string(rs[c:end])))
	}
	for len(dates) > 0 && dates[len(dates)-1] == "" {
		dates = dates[:len(dates)-1]
	}
	return dates
}

func (p *parser) ids(n int, s string) ([]int, error) {
	var ids []int
	for _, tok := range strings.Fields(s) {
		v, err := strconv.Atoi(tok)
		if err != nil || v < 1 || v > 9999 {
			return nil, p.errf(n, 0, ErrSyntax, "player %q: want a starting rank from 1 to 9999", tok)
		}
		ids = append(ids, v)
	}
	return ids, nil
}

// bye reads a TRF-26 240 line: kind letter in col 5, round in cols 7-9,
// then players in 4-column fields separated by one space.
func (p *parser) bye(n int, text string) (Bye, error) {
	if len(text) < 9 {
		return Bye{}, p.errf(n, 0, ErrSyntax, "bye line too short: want 240 K RRR PPPP ...")
	}
	b := Bye{Kind: Result(upper(text[4]))}
	if !b.Kind.valid() || b.Kind.Played() {
		return Bye{}, p.errf(n, 5, ErrSyntax, "bye kind %q: want H, F, Z or U", text[4])
	}
	r, err := strconv.Atoi(strings.TrimSpace(text[6:9]))
	if err != nil || r < 1 {
		return Bye{}, p.errf(n, 7, ErrSyntax, "round %q: want a round number", strings.TrimSpace(text[6:9]))
	}
	b.Round = r
	if len(text) > 9 {
		ids, err := p.ids(n, text[9:])
		if err != nil {
			return Bye{}, err
		}
		b.Players = ids
	}
	return b, nil
}

// accel reads an XXA line: player in cols 5-8, then 4-column points fields
// starting at col 10, one per round, separated by one space.
func (p *parser) accel(n int, text string) error {
	if len(text) < 8 {
		return p.errf(n, 5, ErrSyntax, "acceleration line too short: want XXA PPPP pp.p ...")
	}
	id, err := strconv.Atoi(strings.TrimSpace(text[4:8]))
	if err != nil || id < 1 {
		return p.errf(n, 5, ErrSyntax, "player %q: want a starting rank", strings.TrimSpace(text[4:8]))
	}
	var pts []Points
	for c := 9; c < len(text); c += 5 {
		field := strings.TrimSpace(text[c:min(c+4, len(text))])
		if field == "" {
			pts = append(pts, 0)
			continue
		}
		v, err := ParsePoints(field)
		if err == nil && v > 999 {
			err = fmt.Errorf("%q: at most 99.9 points fit the 4 columns", field)
		}
		if err != nil {
			return p.errf(n, c+1, ErrSyntax, "acceleration: %v", err)
		}
		pts = append(pts, v)
	}
	if p.f.Accelerations == nil {
		p.f.Accelerations = map[int][]Points{}
	}
	p.f.Accelerations[id] = pts
	return nil
}

// xxs reads JaVaFo's point system line: CODE=value pairs.
func (p *parser) xxs(n int, text string) error {
	ps := &p.f.Points
	for _, tok := range strings.Fields(text[3:]) {
		code, val, ok := strings.Cut(tok, "=")
		if !ok {
			return p.errf(n, 0, ErrSyntax, "XXS entry %q: want CODE=points", tok)
		}
		v, err := ParsePoints(val)
		if err != nil {
			return p.errf(n, 0, ErrSyntax, "XXS %s: %v", code, err)
		}
		switch strings.ToUpper(code) {
		case "WW":
			ps.WinWhite = v
		case "BW":
			ps.WinBlack = v
		case "WD":
			ps.DrawWhite = v
		case "BD":
			ps.DrawBlack = v
		case "WL":
			ps.LossWhite = v
		case "BL":
			ps.LossBlack = v
		case "ZPB":
			ps.ZeroBye = v
		case "HPB":
			ps.HalfBye = v
		case "FPB":
			ps.FullBye = v
		case "PAB":
			ps.PAB = v
			p.pointsSet = true
		case "FW":
			ps.ForfeitWin = v
		case "FL":
			ps.ForfeitLoss = v
		case "W":
			ps.WinWhite, ps.WinBlack, ps.ForfeitWin, ps.FullBye = v, v, v, v
			if !p.pointsSet {
				ps.PAB = v
			}
		case "D":
			ps.DrawWhite, ps.DrawBlack, ps.HalfBye = v, v, v
		default:
			return p.errf(n, 0, ErrSyntax, "XXS code %q: want WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W or D", code)
		}
	}
	p.f.PointLines = true
	return nil
}

// system26 reads a TRF-26 162 line: codes W D L A (or Z) P X, each
// followed by its points. X is the score of a game whose result is not
// known yet.
func (p *parser) system26(n int, text string) error {
	ps := &p.f.Points
	toks := strings.Fields(text[3:])
	seen := map[string]bool{}
	for i := 0; i < len(toks); i++ {
		code, val := toks[i], ""
		if len(code) > 1 {
			code, val = code[:1], code[1:]
		} else if i+1 < len(toks) {
			i++
			val = toks[i]
		}
		v, err := ParsePoints(val)
		if err == nil && v > 999 {
			err = fmt.Errorf("%q: at most 99.9 points fit the 4 columns", val)
		}
		if err != nil {
			return p.errf(n, 0, ErrSyntax, "162 %s: %v", code, err)
		}
		c := strings.ToUpper(code)
		if c == "Z" {
			c = "A"
		}
		if seen[c] {
			return p.errf(n, 0, ErrSyntax, "162 gives the points of %s twice", code)
		}
		seen[c] = true
		switch strings.ToUpper(code) {
		case "W":
			ps.WinWhite, ps.WinBlack, ps.ForfeitWin, ps.FullBye = v, v, v, v
			if !p.pointsSet {
				ps.PAB = v
			}
		case "D":
			ps.DrawWhite, ps.DrawBlack, ps.HalfBye = v, v, v
		case "L":
			ps.LossWhite, ps.LossBlack = v, v
		case "Z", "A":
			ps.ZeroBye, ps.ForfeitLoss = v, v
		case "P":
			ps.PAB = v
			p.pointsSet = true
		case "X":
			ps.Unknown = v
			p.f.UnknownPoints = true
		default:
			return p.errf(n, 0, ErrSyntax, "162 code %q: want W, D, L, A (or Z), P or X", code)
		}
	}
	p.f.PointLines = true
	return nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// plain returns a field that is not a name as Write would write it back:
// control characters as spaces (text.Spaces), blanks trimmed. Names keep
// theirs, so that an import can refuse them by name (the store's text
// check).
func plain(s string) string { return strings.TrimSpace(text.Spaces(s)) }

// field returns cols from..to (1-based, inclusive) of a line given as
// runes (columns count characters, not bytes), padded with spaces if the
// line is shorter.
func field(text []rune, from, to int) string {
	if from > len(text) {
		return strings.Repeat(" ", to-from+1)
	}
	s := string(text[from-1 : min(to, len(text))])
	if to > len(text) {
		s += strings.Repeat(" ", to-len(text))
	}
	return s
}

// number reads a right-aligned unsigned integer field; blank gives 0.
func number(s string) (int, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, true
	}
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(t)
	return v, err == nil
}

func (p *parser) player(n int, line string) error {
	text := []rune(line)
	pl := Player{line: n}
	id, ok := number(field(text, 5, 8))
	if !ok || id < 1 {
		return p.errf(n, 5, ErrSyntax, "starting rank %q: want a number from 1 to 9999", strings.TrimSpace(field(text, 5, 8)))
	}
	pl.ID = id
	if c := field(text, 4, 4); c != " " {
		return p.errf(n, 4, ErrSyntax, "want a space after 001")
	}
	pl.Sex = plain(field(text, 10, 10))
	pl.Title = plain(field(text, 11, 13))
	pl.Name = strings.TrimSpace(field(text, 15, 47))
	rating, ok := number(field(text, 49, 52))
	if !ok {
		return p.errf(n, 49, ErrSyntax, "rating %q: want a number or blanks", strings.TrimSpace(field(text, 49, 52)))
	}
	pl.Rating = rating
	pl.Federation = plain(field(text, 54, 56))
	pl.FIDEID = plain(field(text, 58, 68))
	pl.Birth = plain(field(text, 70, 79))
	pts := strings.TrimSpace(field(text, 81, 84))
	if pts == "" {
		pts = "0"
	}
	v, err := ParsePoints(pts)
	if err == nil && v > 999 {
		err = fmt.Errorf("%q: at most 99.9 points fit the 4 columns", pts)
	}
	if err != nil {
		return p.errf(n, 81, ErrSyntax, "points: %v", err)
	}
	pl.Points = v
	rank, ok := number(field(text, 86, 89))
	if !ok {
		return p.errf(n, 86, ErrSyntax, "rank %q: want a number or blanks", strings.TrimSpace(field(text, 86, 89)))
	}
	pl.Rank = rank
	if c := strings.TrimSpace(field(text, 90, 91)); c != "" {
		return p.errf(n, 90, ErrSyntax, "unexpected %q before the first round block (column 92)", c)
	}
	for c, r := 92, 1; c <= len(text); c, r = c+10, r+1 {
		g, col, err := block(text, c, id)
		if err != nil {
			return p.errf(n, col, ErrSyntax, "round %d: %v", r, err)
		}
		pl.Games = append(pl.Games, g)
	}
	for len(pl.Games) > 0 && pl.Games[len(pl.Games)-1].Empty() {
		pl.Games = pl.Games[:len(pl.Games)-1]
	}
	if len(pl.Games) == 0 {
		pl.Games = nil // as for a line that ends before column 92
	}
	p.f.Players = append(p.f.Players, pl)
	return nil
}

// block reads the round block starting at column c. It returns the column
// at fault with an error.
func block(text []rune, c, self int) (Game, int, error) {
	g := Game{Result: Blank}
	opp := field(text, c, c+3)
	if strings.TrimSpace(field(text, c+4, c+4)+field(text, c+6, c+6)+field(text, c+8, c+9)) != "" {
		return g, c, fmt.Errorf("block %q: want OOOO C R in 10 columns", strings.TrimRight(field(text, c, c+9), " "))
	}
	if v, ok := number(opp); !ok {
		return g, c, fmt.Errorf("opponent %q: want a starting rank, 0000 or blanks", strings.TrimSpace(opp))
	} else {
		g.Opponent = v
	}
	if g.Opponent == self {
		return g, c, fmt.Errorf("player paired against the same player number")
	}
	switch field(text, c+5, c+5)[0] {
	case 'w', 'W':
		g.Colour = arbiter.White
	case 'b', 'B':
		g.Colour = arbiter.Black
	case '-', ' ':
	default:
		return g, c + 5, fmt.Errorf("colour %q: want w, b or -", field(text, c+5, c+5))
	}
	g.Result = Result(upper(field(text, c+7, c+7)[0]))
	if !g.Result.valid() {
		return g, c + 7, fmt.Errorf("result %q: want 1 = 0 W D L X + - H F U Z", field(text, c+7, c+7))
	}
	switch g.Result {
	case Blank:
		if g.Opponent != 0 {
			return g, c + 7, fmt.Errorf("the game against %d has no result: want 1 = 0 W D L + or -", g.Opponent)
		}
	case HalfBye, FullBye, PAB, ZeroBye:
		if g.Opponent != 0 {
			return g, c + 7, fmt.Errorf("result %c with opponent %d: byes have opponent 0000", g.Result, g.Opponent)
		}
	case ForfeitWin, ForfeitLoss:
	default:
		if g.Opponent == 0 && !(g.Result == Draw && g.Colour == arbiter.NoColour) {
			return g, c + 7, fmt.Errorf("result %c without an opponent", g.Result)
		}
		if g.Opponent != 0 && g.Colour == arbiter.NoColour {
			return g, c + 5, fmt.Errorf("game against %d without a colour", g.Opponent)
		}
	}
	if g.Opponent == 0 && g.Colour != arbiter.NoColour {
		return g, c + 5, fmt.Errorf("colour without an opponent")
	}
	return g, 0, nil
}

// finish checks the file as a whole: unique starting ranks, opponents that
// name each other, points that match the results.
func (p *parser) finish() error {
	// A national record read before its player's 001 line belongs to
	// that player too, as the writer puts it after the 001 line.
	kept := p.f.Extra[:0]
	for _, line := range p.f.Extra {
		if nr, id, ok := national(line); ok {
			if pl := p.f.Player(id); pl != nil {
				pl.National = append(pl.National, nr)
				continue
			}
		}
		kept = append(kept, line)
	}
	if len(kept) == 0 {
		kept = nil // as a file without such lines reads
	}
	p.f.Extra = kept
	f := p.f
	byID := make(map[int]*Player, len(f.Players))
	for i := range f.Players {
		pl := &f.Players[i]
		if prev, ok := byID[pl.ID]; ok {
			return p.errf(pl.line, 5, ErrDuplicate, "player %d already on line %d", pl.ID, prev.line)
		}
		byID[pl.ID] = pl
	}
	if played := f.PlayedRounds(); p.roundsLine != 0 && played > f.Rounds {
		return p.errf(p.roundsLine, 5, ErrInconsistent, "%d rounds planned, but the players' lines hold %d", f.Rounds, played)
	}
	for _, a := range f.Abnormal {
		for _, id := range a.Players {
			if byID[id] == nil {
				return p.errf(a.line, 24, ErrUnknown, "299 line names player %d, who has no 001 line", id)
			}
		}
	}
	for i := range f.Players {
		pl := &f.Players[i]
		for r, g := range pl.Games {
			if g.Opponent == 0 {
				continue
			}
			col := 92 + 10*r
			opp, ok := byID[g.Opponent]
			if !ok {
				return p.errf(pl.line, col, ErrUnknown, "round %d: opponent %d has no 001 line", r+1, g.Opponent)
			}
			var og Game
			if r < len(opp.Games) {
				og = opp.Games[r]
			}
			if og.Opponent != pl.ID {
				return p.errf(pl.line, col, ErrInconsistent, "round %d: player %d meets %d, but player %d (line %d) %s", r+1, pl.ID, g.Opponent, g.Opponent, opp.line, describeIn(og, r+1))
			}
			if g.Played() != og.Played() || (g.Played() && g.Colour == og.Colour) || !resultsAgree(g.Result, og.Result) {
				return p.errf(pl.line, col, ErrInconsistent, "round %d: player %d %s, player %d %s", r+1, pl.ID, describe(g), g.Opponent, describe(og))
			}
		}
	}
	if f.DoubleSwiss() && !p.pointsSet {
		// C.04.5 1.4: the PAB is worth a match with a game won and a game
		// drawn, unless the file says otherwise.
		f.Points.PAB = f.Points.Win() + f.Points.Draw()
	}
	return p.checkPoints()
}

// describeIn says what a player's block of round r holds: "has no
// block in round 3", "has "5 b 1"".
func describeIn(g Game, r int) string {
	if g.Empty() {
		return fmt.Sprintf("has no block in round %d", r)
	}
	return describe(g)
}

func describe(g Game) string {
	if g.Empty() {
		return "has no block"
	}
	opp := "0000"
	if g.Opponent != 0 {
		opp = strconv.Itoa(g.Opponent)
	}
	return fmt.Sprintf("has %q", fmt.Sprintf("%s %s %c", opp, g.Colour.Letter(), g.Result))
}

// resultsAgree reports whether two opponents' result codes fit together.
func resultsAgree(a, b Result) bool {
	switch a {
	case Win, ShortWin:
		return b == Loss || b == ShortLoss
	case Loss, ShortLoss:
		return b == Win || b == ShortWin
	case Draw, ShortDraw:
		return b == Draw || b == ShortDraw
	case Unknown:
		return b == Unknown
	case ForfeitWin:
		return b == ForfeitLoss
	case ForfeitLoss:
		return b == ForfeitWin || b == ForfeitLoss
	}
	return false
}

// checkPoints compares each player's points with the sum of the results.
// The block of the round being paired (after the last played round) may
// hold a bye (H, F, Z) that the points already count, or not; an XXA
// acceleration for that round may be included too.
func (p *parser) checkPoints() error {
	f := p.f
	played := f.PlayedRounds()
	ds := f.DoubleSwiss()
	if ds {
		played = 2 * f.PlayedMatches()
	}
	for i := range f.Players {
		pl := &f.Players[i]
		var sum, pending Points
		sum = f.Bonus(pl.ID)
		var byes [2]int // Double-Swiss PAB blocks, in played rounds and after
		for r, g := range pl.Games {
			v := f.PointsOf(pl.ID, r+1, g)
			if ds && g.Opponent == 0 && g.Result == PAB && v == f.Points.PAB {
				// A match's PAB fills both of its rounds: each counts half.
				v = 0
				if r < played {
					byes[0]++
				} else {
					byes[1]++
				}
			}
			if r < played {
				sum += v
			} else {
				pending += v
			}
		}
		sum += Points(byes[0]) * f.Points.PAB / 2
		pending += Points(byes[1]) * f.Points.PAB / 2
		var accel Points
		if a := f.Accelerations[pl.ID]; played < len(a) {
			accel = a[played]
		}
		ok := false
		for _, want := range []Points{sum, sum + pending, sum + accel, sum + pending + accel} {
			if pl.Points == want {
				ok = true
			}
		}
		if !ok {
			return p.errf(pl.line, 81, ErrPoints, "player %d has %v points, the results give %v", pl.ID, pl.Points, sum+pending)
		}
	}
	return nil
}

// accel250 reads a TRF-26 250 line: game points in cols 10-13 for rounds
// cols 15-17 to 19-21 and players cols 23-26 to 28-31 (the match points of
// cols 5-8 concern team events and must be blank or zero).
func (p *parser) accel250(n int, text string) error {
	if len(text) < 31 {
		return p.errf(n, 0, ErrSyntax, "250 line too short: want 250 MMMM GGGG RRR RRR PPPP PPPP")
	}
	num := func(a, b int) (int, error) {
		v := strings.TrimSpace(text[a:b])
		if v == "" {
			return 0, nil
		}
		return strconv.Atoi(v)
	}
	if mp := strings.TrimSpace(text[4:8]); mp != "" {
		if v, err := ParsePoints(mp); err != nil || v != 0 {
			return p.errf(n, 5, ErrSyntax, "250 match points %q: an individual event leaves them blank", mp)
		}
	}
	pts, err := ParsePoints(strings.TrimSpace(text[9:13]))
	if err != nil {
		return p.errf(n, 10, ErrSyntax, "250 game points: %v", err)
	}
	from, err1 := num(14, 17)
	to, err2 := num(18, 21)
	first, err3 := num(22, 26)
	last, err4 := num(27, 31)
	if to == 0 {
		to = from
	}
	if last == 0 {
		last = first
	}
	if err := errors.Join(err1, err2, err3, err4); err != nil || from < 1 || to < from || to > 99 || first < 1 || last < first {
		return p.errf(n, 15, ErrSyntax, "250 rounds %q to %q, players %q to %q: want 1 <= first <= last", text[14:17], text[18:21], text[22:26], text[27:31])
	}
	if p.f.Accelerations == nil {
		p.f.Accelerations = map[int][]Points{}
	}
	for id := first; id <= last; id++ {
		a := p.f.Accelerations[id]
		for len(a) < to {
			a = append(a, 0)
		}
		for r := from; r <= to; r++ {
			a[r-1] = pts
		}
		p.f.Accelerations[id] = a
	}
	return nil
}

// PointsOf returns the points block g of player id in round r is worth:
// the point system's value, unless a 299 line of the block's type assigns
// other points to that player in that round (or in every round).
func (f *File) PointsOf(id, r int, g Game) Points {
	v := f.Points.Of(g)
	for _, a := range f.Abnormal {
		if a.Kind != ' ' && (a.Round == 0 || a.Round == r) && names(a.Players, id) && a.Kind == kindOf(g) {
			v = a.Points
		}
	}
	return v
}

// Bonus returns the points 299 lines without a type (penalties and
// bonuses) give player id over the tournament.
func (f *File) Bonus(id int) Points {
	var b Points
	for _, a := range f.Abnormal {
		if a.Kind == ' ' && names(a.Players, id) {
			b += a.Points
		}
	}
	return b
}

// names reports whether a 299 line's players include id: an empty list
// names everyone.
func names(ids []int, id int) bool {
	if len(ids) == 0 {
		return true
	}
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// kindOf returns the 299 assignment type of a block.
func kindOf(g Game) byte {
	switch g.Result {
	case Win, ShortWin:
		return 'W'
	case Draw, ShortDraw:
		if g.Opponent == 0 {
			return 'H'
		}
		return 'D'
	case Loss, ShortLoss:
		return 'L'
	case FullBye:
		return 'F'
	case HalfBye:
		return 'H'
	case ForfeitWin:
		if g.Opponent == 0 {
			return 'U'
		}
		return '+'
	case ForfeitLoss:
		if g.Opponent == 0 {
			return 'Z'
		}
		return '-'
	case ZeroBye, Blank:
		return 'Z'
	}
	return 0
}
