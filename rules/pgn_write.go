package rules

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sevenTagRoster lists the tags every exported game has, in export order
// (PGN standard 8.1.1), with the value written when a tag is missing.
var sevenTagRoster = [7]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// maxLine is the longest line the writer produces (PGN standard 8.2.1:
// lines of fewer than 80 characters).
const maxLine = 79

// Writer writes games in PGN export format: the Seven Tag Roster first and
// in order, the other tags sorted by name, an empty line, the movetext in
// lines of at most 79 characters, an empty line. Moves are written as they
// are in the Game; call Normalize first to write them in SAN.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game. The Result tag, when missing, is taken from the
// game's termination marker, and the marker from the tag; the game ends
// with "*" when both are missing.
func (w *Writer) Write(g *Game) error {
	w.buf = appendGame(w.buf[:0], g)
	_, err := w.w.Write(w.buf)
	return err
}

// AppendPGN appends g in PGN export format to b.
func AppendPGN(b []byte, g *Game) []byte { return appendGame(b, g) }

func appendGame(b []byte, g *Game) []byte {
	result := g.Result
	if result == "" {
		result = resultToken(g.Tag("Result"))
	}
	if result == "" {
		result = "*"
	}
	for _, t := range sevenTagRoster {
		v := g.Tag(t.Name)
		if v == "" {
			v = t.Value
			if t.Name == "Result" {
				v = result
			}
		}
		b = appendTag(b, t.Name, v)
	}
	var others []Tag
	for _, t := range g.Tags {
		if t.Name == "" || isRosterTag(t.Name) || slices.ContainsFunc(others, func(o Tag) bool { return o.Name == t.Name }) {
			continue
		}
		others = append(others, t)
	}
	slices.SortStableFunc(others, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) })
	for _, t := range others {
		b = appendTag(b, t.Name, t.Value)
	}
	b = append(b, '\n')

	// A game from the standard start begins at move 1, White to move;
	// only a set-up position says otherwise, and only it is worth setting
	// up (the tables of a first position cost a millisecond, and the PGN
	// of a published site is mostly games without moves).
	number, black := 1, false
	if g.setUp() {
		if p, err := g.StartPosition(); err == nil {
			number, black = p.FullmoveNumber(), p.Turn() == Black
		}
	}
	mw := movetextWriter{b: b}
	mw.comments(g.Comments)
	mw.line(g.Moves, number, black, len(g.Comments) > 0)
	mw.token(result)
	b = append(mw.b, '\n', '\n')
	return b
}

func isRosterTag(name string) bool {
	for _, t := range sevenTagRoster {
		if t.Name == name {
			return true
		}
	}
	return false
}

func appendTag(b []byte, name, value string) []byte {
	value = plainText(value)
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		default:
			b = append(b, c)
		}
	}
	return append(b, '"', ']', '\n')
}

// dropped reports the invisible characters plainText leaves out: bidi
// formatting characters, the byte order mark and the non-characters
// U+FFFE and U+FFFF.
func dropped(r rune) bool {
	return unicode.Is(unicode.Bidi_Control, r) || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF
}

// plainText returns s as a PGN file may carry it: control characters
// (line breaks and tabs too) become spaces, bidi formatting characters
// and a byte order mark are dropped and bytes that are not UTF-8 become U+FFFD, so no exported
// game carries an escape sequence to the terminal or program reading it.
func plainText(s string) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean || unicode.IsControl(r) || dropped(r) || r == 0x2028 || r == 0x2029 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case dropped(r):
		case unicode.IsControl(r), r == 0x2028, r == 0x2029:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// movetextWriter lays out movetext tokens in lines of at most maxLine
// characters.
type movetextWriter struct {
	b    []byte
	col  int  // characters on the current line
	glue bool // the next token follows an opening bracket directly
}

func (mw *movetextWriter) token(t string) {
	n := utf8.RuneCountInString(t)
	switch {
	case mw.col == 0:
	case mw.col+1+n > maxLine || mw.glue && mw.col+n > maxLine:
		mw.b = append(mw.b, '\n')
		mw.col = 0
	case !mw.glue:
		mw.b = append(mw.b, ' ')
		mw.col++
	}
	mw.glue = false
	mw.b = append(mw.b, t...)
	mw.col += n
}

func (mw *movetextWriter) open() {
	mw.token("(")
	mw.glue = true
}

func (mw *movetextWriter) close() {
	if mw.col+1 > maxLine {
		mw.b = append(mw.b, '\n')
		mw.col = 0
	}
	mw.b = append(mw.b, ')')
	mw.col++
	mw.glue = false
}

// comments writes each comment in braces, split into words so that long
// comments wrap.
func (mw *movetextWriter) comments(cs []string) {
	for _, c := range cs {
		c = plainText(c)
		if strings.Contains(c, "}") {
			// Only a comment to the end of the line can hold a brace.
			mw.token(";" + c)
			mw.b = append(mw.b, '\n')
			mw.col = 0
			continue
		}
		words := strings.Fields(c)
		if len(words) == 0 {
			mw.token("{}")
			continue
		}
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		for _, w := range words {
			mw.token(w)
		}
	}
}

// line writes a line of moves starting at move number and colour; after
// is true when a comment or variation came just before, so that a Black
// move needs its number.
func (mw *movetextWriter) line(moves []Node, number int, black, after bool) {
	for i := range moves {
		nd := &moves[i]
		// A move number stays on the line of its move.
		switch {
		case !black:
			mw.token(strconv.Itoa(number) + ". " + nd.Text)
		case i == 0 || after:
			mw.token(strconv.Itoa(number) + "... " + nd.Text)
		default:
			mw.token(nd.Text)
		}
		for _, n := range nd.NAGs {
			mw.token("$" + strconv.Itoa(n))
		}
		mw.comments(nd.Comments)
		after = len(nd.Comments) > 0
		for _, v := range nd.Variations {
			mw.open()
			mw.comments(v.Comments)
			mw.line(v.Moves, number, black, len(v.Comments) > 0)
			mw.close()
			after = true
		}
		if black {
			number++
		}
		black = !black
	}
}
