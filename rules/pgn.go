package rules

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Tag is a PGN tag pair, such as [White "Rossi, Mario"].
type Tag struct {
	Name, Value string
}

// Game is a game as read from PGN: its tags, the moves of the main line as
// written, with their comments, annotation glyphs and variations, and the
// game termination marker. Moves are text; Check replays them.
type Game struct {
	Tags     []Tag    // in the order read
	Comments []string // comments before the first move
	Moves    []Node   // the main line
	Result   string   // termination marker: "1-0", "0-1", "1/2-1/2", "*", or "" if none
	Line     int      // line of the input where the game starts, from 1
}

// Node is one move of a line, as written.
type Node struct {
	Text       string      // the move as written, "Cxe5+", "exd6 e.p."
	Line, Col  int         // where it was read, from 1; 0 for a game built in code
	NAGs       []int       // numeric annotation glyphs: $1, or ! ? !! ?? !? ?! written apart
	Comments   []string    // comments after the move
	Variations []Variation // alternatives to this move
}

// Variation is an alternative line (recursive annotation variation).
type Variation struct {
	Comments []string // comments before its first move
	Moves    []Node
}

// Tag returns the value of the first tag called name, or "".
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the value of tag name, adding the tag if it is missing.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// StartPosition returns the position the game starts from: the FEN tag
// when there is one (PGN standard 9.7; SetUp "0" turns it off), else the
// initial position. It fails with a *FENError when the FEN is bad.
func (g *Game) StartPosition() (Position, error) {
	if !g.setUp() {
		return StartPosition(), nil
	}
	return ParseFEN(g.Tag("FEN"))
}

// setUp reports whether the game starts from a position of its own, its
// FEN tag, rather than the standard start (PGN standard 9.7.1, 9.7.2).
func (g *Game) setUp() bool { return g.Tag("FEN") != "" && g.Tag("SetUp") != "0" }

// ErrPGN is wrapped by the SyntaxError a Reader returns.
var ErrPGN = errors.New("bad PGN")

// SyntaxError is PGN text that cannot be read: an unterminated comment or
// tag, an unbalanced variation. Line and Col (from 1) point at it.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("rules: bad PGN at line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Unwrap returns ErrPGN.
func (e *SyntaxError) Unwrap() error { return ErrPGN }

// Reader reads games from PGN text, one at a time, without holding more
// than one game in memory. It accepts export format and what people and
// programs actually write: no tags at all (a bare "1.e4 e5 2.Cf3" line is
// a game), move numbers in any form (3.-Cc3, 16 Db4, 12..., 1.e4) or none,
// comments in braces or after a semicolon, variations, NAGs, a byte order
// mark, CRLF line ends, and names in Latin-1 (converted to UTF-8).
type Reader struct {
	src  io.Reader
	buf  []byte
	pos  int
	end  int
	eof  bool
	err  error // read error of src
	line int
	col  int
	// A tag or a "1." that began the next game while the previous one was
	// being read, and the line where it stood.
	pending    *Tag
	pendingNum bool
	pendingTok string // the rest of a "1.e4" token that began the next game
	pendCol    int
	pendLn     int
	scratch    []byte
	// strs interns the short strings that games repeat (moves, tag names,
	// clock comments), so that reading allocates little.
	strs  *[4096]string
	main  []Node // the main line of the game being read
	own   []Node // the buffer of the main line when the game's is not reused
	tags  []Tag  // the tags of the game being read
	reuse bool   // the game being read reuses the caller's (ReadInto)
	kept  int    // with reuse, how many moves the caller's game held before
	// notes holds the first comment of each move of the game being read,
	// so that a move's comments take no allocation of their own; with
	// reuse it serves game after game.
	notes []string
}

// intern returns b as a string, shared with an earlier equal string when
// b is short and the cache still holds it.
func (r *Reader) intern(b []byte) string {
	if len(b) > 32 {
		return string(b)
	}
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &r.strs[h%uint32(len(r.strs))]
	if *slot != string(b) {
		*slot = string(b)
	}
	return *slot
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{src: r, buf: make([]byte, 64<<10), line: 1, col: 1, strs: new([4096]string)}
}

const eofByte = -1

// peek returns the next byte, or eofByte.
func (r *Reader) peek() int {
	if r.pos < r.end {
		return int(r.buf[r.pos])
	}
	if !r.fill() {
		return eofByte
	}
	return int(r.buf[r.pos])
}

// peekAt returns the byte i positions ahead, or eofByte.
func (r *Reader) peekAt(i int) int {
	for r.pos+i >= r.end {
		if r.eof {
			return eofByte
		}
		r.fill()
	}
	return int(r.buf[r.pos+i])
}

// next consumes and returns the next byte, or eofByte.
func (r *Reader) next() int {
	c := r.peek()
	if c == eofByte {
		return c
	}
	r.pos++
	if c == '\n' {
		r.line++
		r.col = 1
	} else if c&0xc0 != 0x80 {
		r.col++ // count characters, not UTF-8 continuation bytes
	}
	return c
}

// fill reads more input, keeping unread bytes; it reports whether any byte
// is available.
func (r *Reader) fill() bool {
	if r.eof {
		return r.pos < r.end
	}
	if r.pos > 0 {
		n := copy(r.buf, r.buf[r.pos:r.end])
		r.pos, r.end = 0, n
	}
	if r.end == len(r.buf) {
		r.buf = append(r.buf, make([]byte, len(r.buf))...)
	}
	for {
		n, err := r.src.Read(r.buf[r.end:])
		r.end += n
		if err != nil {
			r.eof = true
			if err != io.EOF {
				r.err = err
			}
			return r.pos < r.end
		}
		if n > 0 {
			return true
		}
	}
}

// Byte classes of PGN text.
const (
	classSpace  = 1 << iota // white space
	classSymbol             // continues a move, number or result token
)

var byteClass = func() (t [256]uint8) {
	for _, c := range " \t\n\r\f\v" {
		t[c] = classSpace
	}
	for c := 0; c < 256; c++ {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 ||
			strings.IndexByte("-+#=:!?/._@~", byte(c)) >= 0 {
			t[c] = classSymbol
		}
	}
	return t
}()

func isSpace(c int) bool  { return c >= 0 && byteClass[c&0xff]&classSpace != 0 }
func isSymbol(c int) bool { return c >= 0 && byteClass[c&0xff]&classSymbol != 0 }

// skipSpace skips white space.
func (r *Reader) skipSpace() {
	for {
		if r.pos >= r.end && !r.fill() {
			return
		}
		c := r.buf[r.pos]
		if byteClass[c]&classSpace == 0 {
			return
		}
		r.pos++
		if c == '\n' {
			r.line++
			r.col = 1
		} else {
			r.col++
		}
	}
}

// take appends the next n buffered bytes to scratch and consumes them.
func (r *Reader) take(n int) {
	chunk := r.buf[r.pos : r.pos+n]
	r.scratch = append(r.scratch, chunk...)
	for _, c := range chunk {
		if c == '\n' {
			r.line++
			r.col = 1
		} else if c&0xc0 != 0x80 {
			r.col++
		}
	}
	r.pos += n
}

// Read returns the next game. At the end of the input it returns nil and
// io.EOF. A game that cannot be read is returned as far as it was read,
// with a *SyntaxError; reading can go on with the next game. An error of
// the underlying reader is returned as is.
func (r *Reader) Read() (*Game, error) { return r.read(&Game{}, false) }

// ReadInto is Read into g, reusing its storage: the slices of the game
// read into g before are overwritten (the strings they held stay valid).
// A caller that handles one game at a time, such as a check of a whole
// file, saves allocating and copying each game. At the end of the input
// it returns io.EOF.
func (r *Reader) ReadInto(g *Game) error {
	_, err := r.read(g, true)
	return err
}

// read reads the next game into g; with reuse, g's slices are kept and
// overwritten.
func (r *Reader) read(g *Game, reuse bool) (*Game, error) {
	r.reuse, r.kept = reuse, len(g.Moves)
	*g = Game{Tags: g.Tags[:0], Comments: g.Comments[:0], Moves: g.Moves[:0]}
	var synErr error
	fail := func(line, col int, format string, args ...any) {
		if synErr == nil {
			synErr = &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
	}
	// The main line and the tags are gathered in buffers kept from game to
	// game, and copied to slices of the right size at the end; with reuse,
	// the main line is read straight into the caller's game.
	r.main, r.tags = r.own[:0], r.tags[:0]
	if reuse {
		r.main = g.Moves
		clear(r.notes)
		r.notes = r.notes[:0]
	} else {
		r.notes = nil // the games Read returns share nothing
	}
	started := false // anything of the game read
	inMoves := false // movetext begun
	if r.pending != nil || r.pendingNum {
		if r.pending != nil {
			r.tags = append(r.tags, *r.pending)
		}
		g.Line = r.pendLn
		r.pending, r.pendingNum = nil, false
		started = true
	}
	// stack[0] is the main line; each open variation adds a level.
	type level struct {
		moves    *[]Node
		comments *[]string // where comments before the first move go
	}
	stack := []level{{&r.main, &g.Comments}}
	top := func() *level { return &stack[len(stack)-1] }
	addComment := func(c string) {
		l := top()
		if n := len(*l.moves); n > 0 {
			nd := &(*l.moves)[n-1]
			if len(nd.Comments) == 0 {
				// A slice of notes with no room to grow: a second
				// comment is appended to a copy.
				r.notes = append(r.notes, c)
				k := len(r.notes)
				nd.Comments = r.notes[k-1 : k : k]
			} else {
				nd.Comments = append(nd.Comments, c)
			}
		} else {
			*l.comments = append(*l.comments, c)
		}
	}
	lastNode := func() *Node {
		l := top()
		if n := len(*l.moves); n > 0 {
			return &(*l.moves)[n-1]
		}
		return nil
	}
	// symbol handles a move, number, result or glyph token; it reports
	// true when the token ends the game.
	symbol := func(tok []byte, line, col int) bool {
		for first := true; ; first = false {
			if res := resultBytes(tok); res != "" {
				if len(stack) > 1 {
					return false // a result inside a variation ends nothing
				}
				g.Result = res
				return true
			}
			n, black, size := moveNumber(tok)
			if size == 0 {
				break
			}
			if first && n == 1 && !black && len(stack) == 1 && len(r.main) > 1 && !r.hasTag("FEN") {
				// Bare movetext: a new "1." starts the next game.
				r.pendingNum, r.pendLn = true, line
				if size < len(tok) {
					r.pendingTok, r.pendCol = string(tok[size:]), col+size
				}
				return true
			}
			if size == len(tok) {
				return false
			}
			// A number glued to a move: 1.e4, 12...Cf3, 3.-Cc3.
			tok = tok[size:]
			col += size
		}
		text := r.intern(tok)
		if nag := suffixNAG(text); nag > 0 {
			if nd := lastNode(); nd != nil {
				nd.NAGs = append(nd.NAGs, nag)
				return false
			}
		}
		if nd := lastNode(); nd != nil && attachesToMove(text) {
			// Once each: a mark written again adds nothing.
			switch {
			case text == "e.p." || text == "ep":
				if !strings.Contains(nd.Text, " e") {
					nd.Text += " " + text
				}
			case !strings.HasSuffix(nd.Text, "+") && !strings.HasSuffix(nd.Text, "#"):
				nd.Text += text
			}
			return false
		}
		l := top()
		*l.moves = append(*l.moves, Node{Text: text, Line: line, Col: col})
		return false
	}
	if r.pendingTok != "" {
		tok := r.pendingTok
		r.pendingTok = ""
		inMoves = true
		if symbol([]byte(tok), g.Line, r.pendCol) {
			return r.finish(g, synErr)
		}
	}
	for {
		c := r.peek()
		if c == eofByte {
			break
		}
		if isSpace(c) {
			r.skipSpace()
			continue
		}
		if c == 0xef && r.peekAt(1) == 0xbb && r.peekAt(2) == 0xbf {
			r.pos += 3 // a byte order mark, also where files were joined
			continue
		}
		line, col := r.line, r.col
		if !started {
			g.Line = line
			started = true
		}
		switch {
		case c == '%' && col == 1:
			r.skipLine()
		case c == '[' && len(stack) == 1:
			if inMoves {
				// A tag after movetext: the game ended without a result.
				t, ok := r.readTag()
				if ok {
					r.pending, r.pendLn = &t, line
				}
				return r.finish(g, synErr)
			}
			t, ok := r.readTag()
			if !ok {
				fail(line, col, "unterminated tag: write [Name \"value\"]")
				continue
			}
			r.tags = append(r.tags, t)
		case c == '{':
			r.next()
			if !r.readUntil('}') {
				fail(line, col, "comment opened here is never closed with }")
			}
			addComment(r.comment())
			inMoves = true
		case c == ';':
			r.next()
			r.readUntil('\n')
			addComment(r.comment())
			inMoves = true
		case c == '(':
			if r.peekAt(1) == '=' && r.peekAt(2) == ')' {
				r.next()
				r.next()
				r.next()
				addComment("(=)") // draw offer (appendix C); PGN keeps it as a comment
				continue
			}
			r.next()
			inMoves = true
			nd := lastNode()
			if nd == nil {
				fail(line, col, "a variation must follow the move it replaces")
				nd = &Node{}
			}
			nd.Variations = append(nd.Variations, Variation{})
			v := &nd.Variations[len(nd.Variations)-1]
			stack = append(stack, level{&v.Moves, &v.Comments})
		case c == ')':
			r.next()
			if len(stack) == 1 {
				fail(line, col, "closing bracket ) without an opening one")
				continue
			}
			stack = stack[:len(stack)-1]
		case c == '$':
			r.next()
			n := 0
			digits := 0
			for d := r.peek(); d >= '0' && d <= '9'; d = r.peek() {
				r.next()
				if n < 1000 {
					n = n*10 + d - '0'
				}
				digits++
			}
			if digits == 0 || n > 255 {
				fail(line, col, "a NAG is $ followed by a number from 0 to 255")
				continue
			}
			if nd := lastNode(); nd != nil {
				nd.NAGs = append(nd.NAGs, n)
			} else {
				fail(line, col, "NAG $%d before any move", n)
			}
			inMoves = true
		case c == '*' || isSymbol(c):
			inMoves = true
			if symbol(r.readSymbol(), line, col) {
				return r.finish(g, synErr)
			}
		default:
			r.next()
			fail(line, col, "unexpected %q", rune(c))
		}
	}
	if r.err != nil || !started {
		if reuse {
			clear(g.Moves[:r.kept]) // no node of an earlier game kept alive
		}
		if r.err != nil {
			return nil, r.err
		}
		return nil, io.EOF
	}
	if len(stack) > 1 {
		fail(r.line, r.col, "variation never closed with )")
	}
	return r.finish(g, synErr)
}

func (r *Reader) hasTag(name string) bool {
	for _, t := range r.tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

func (r *Reader) finish(g *Game, err error) (*Game, error) {
	if r.reuse {
		if len(r.main) < r.kept {
			// Read over the earlier game's moves: no node of it is kept
			// alive.
			clear(r.main[len(r.main):r.kept])
		}
		g.Moves = r.main
	} else {
		g.Moves = append([]Node(nil), r.main...)
		r.own = r.main
	}
	g.Tags = append(g.Tags, r.tags...)
	for i := range g.Tags {
		g.Tags[i].Value = toUTF8(g.Tags[i].Value)
	}
	if err != nil {
		return g, err
	}
	return g, nil
}

func (r *Reader) skipLine() {
	for c := r.next(); c != eofByte && c != '\n'; c = r.next() {
	}
}

// readUntil reads up to the closing byte, which it consumes, into
// scratch; it reports false when the input ends first. A comment left
// open stops before a line that starts a new game with [Event ", so that
// one missing brace does not swallow the rest of a file.
func (r *Reader) readUntil(close byte) bool {
	r.scratch = r.scratch[:0]
	for {
		if r.pos >= r.end && !r.fill() {
			return false
		}
		i := r.pos
		for i < r.end && r.buf[i] != close && r.buf[i] != '\n' {
			i++
		}
		r.take(i - r.pos)
		if r.pos >= r.end {
			continue
		}
		if r.buf[r.pos] == close {
			r.next()
			return true
		}
		r.take(1) // a line end
		if close == '}' && r.peek() == '[' && r.peekAt(1) == 'E' && r.peekAt(2) == 'v' &&
			r.peekAt(3) == 'e' && r.peekAt(4) == 'n' && r.peekAt(5) == 't' && r.peekAt(6) == ' ' {
			return false
		}
	}
}

// readSymbol reads a move, number or result token into scratch. A
// promotion in brackets, (Q), glued to a move stays with it.
func (r *Reader) readSymbol() []byte {
	r.scratch = r.scratch[:0]
	if r.peek() == '*' {
		r.next()
		return append(r.scratch, '*')
	}
	for {
		if r.pos >= r.end && !r.fill() {
			break
		}
		i := r.pos
		for i < r.end && byteClass[r.buf[i]]&classSymbol != 0 {
			i++
		}
		r.take(i - r.pos)
		if r.pos < r.end {
			break
		}
	}
	if n := len(r.scratch); n > 0 && r.peek() == '(' && r.scratch[n-1] >= '1' && r.scratch[n-1] <= '8' {
		a, b := r.peekAt(1), r.peekAt(2)
		if b == ')' && (a >= 'A' && a <= 'Z' || a >= 'a' && a <= 'z') {
			r.scratch = append(r.scratch, byte(r.next()), byte(r.next()), byte(r.next()))
		}
	}
	return r.scratch
}

// readTag reads [Name "value"]. It reports false if the tag is not closed
// on its line.
func (r *Reader) readTag() (Tag, bool) {
	r.next() // [
	for isSpace(r.peek()) && r.peek() != '\n' {
		r.next()
	}
	r.scratch = r.scratch[:0]
	for {
		if r.pos >= r.end && !r.fill() {
			break
		}
		i := r.pos
		for i < r.end && byteClass[r.buf[i]]&classSpace == 0 && r.buf[i] != '"' && r.buf[i] != ']' {
			i++
		}
		r.take(i - r.pos)
		if r.pos < r.end {
			break
		}
	}
	name := r.intern(r.scratch)
	for c := r.peek(); c == ' ' || c == '\t'; c = r.peek() {
		r.next()
	}
	if r.peek() != '"' {
		r.skipTag()
		return Tag{Name: name}, false
	}
	r.next()
	r.scratch = r.scratch[:0]
	for {
		// Plain characters in bulk, then the special ones one by one.
		if r.pos < r.end {
			i := r.pos
			for i < r.end && r.buf[i] != '"' && r.buf[i] != '\\' && r.buf[i] != '\n' {
				i++
			}
			r.take(i - r.pos)
		}
		c := r.next()
		if c == eofByte || c == '\n' {
			return Tag{Name: name, Value: r.intern(r.scratch)}, false
		}
		if c == '\\' && (r.peek() == '"' || r.peek() == '\\') {
			c = r.next()
		} else if c == '"' {
			// The value ends at a quote followed by ]; a stray quote inside
			// a value is kept.
			i := 0
			for s := r.peekAt(i); s == ' ' || s == '\t' || s == '\r'; s = r.peekAt(i) {
				i++
			}
			switch r.peekAt(i) {
			case ']':
				for ; i >= 0; i-- {
					r.next()
				}
				return Tag{Name: name, Value: r.intern(r.scratch)}, name != ""
			case '\n', eofByte:
				return Tag{Name: name, Value: r.intern(r.scratch)}, false
			}
		}
		r.scratch = append(r.scratch, byte(c))
	}
}

// skipTag skips the rest of a malformed tag, to the end of its line.
func (r *Reader) skipTag() {
	for c := r.peek(); c != eofByte && c != '\n'; c = r.peek() {
		r.next()
		if c == ']' {
			return
		}
	}
}

// resultBytes is resultToken for a token being read, without converting
// the token to a string.
func resultBytes(tok []byte) string {
	switch string(tok) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2", "1/2", "½-½", "0.5-0.5", "=-=":
		return "1/2-1/2"
	case "*":
		return "*"
	}
	return ""
}

// resultToken returns the game termination marker tok stands for, or "".
func resultToken(tok string) string {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*":
		return tok
	case "1/2", "½-½", "0.5-0.5", "=-=":
		return "1/2-1/2"
	}
	return ""
}

// moveNumber reads the move number a token starts with: "12.", "12...",
// "12", "3.-", "12…", alone or glued to a move ("1.e4", "3.-Cc3"). size is
// the length of the number (0 for none); black reports a number that
// announces Black's move. Digits not followed by a dot ("0-0") are a
// number only when they are the whole token ("16" in "16 Db4").
func moveNumber[T string | []byte](tok T) (n int, black bool, size int) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		if n < 1<<20 {
			n = n*10 + int(tok[i]-'0')
		}
		i++
	}
	if i == 0 {
		return 0, false, 0
	}
	if i == len(tok) {
		return n, false, i
	}
	j := i
	for j < len(tok) && tok[j] == '.' {
		j++
	}
	if len(tok) >= j+3 && string(tok[j:j+3]) == "…" {
		j += 3
	}
	if j == i {
		return 0, false, 0 // 0-0, 1-0 and other digits without a dot
	}
	black = j-i > 1
	if j < len(tok) && tok[j] == '-' {
		j++ // 3.-Cc3: Black's move
		black = true
	}
	return n, black, j
}

// suffixNAG returns the NAG of an annotation written apart from its move
// (! ? !! ?? !? ?! and the evaluation signs), or 0.
func suffixNAG(tok string) int {
	switch tok {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	case "=":
		return 10
	case "∞":
		return 13
	case "+=", "+/=", "⩲":
		return 14
	case "=+", "=/+", "⩱":
		return 15
	case "+/-", "±":
		return 16
	case "-/+", "∓":
		return 17
	case "+-", "+--":
		return 18
	case "-+", "--+":
		return 19
	}
	return 0
}

// attachesToMove reports whether a token written apart belongs to the
// move before it: a check or mate sign, or the en passant mark.
func attachesToMove(tok string) bool {
	switch tok {
	case "+", "++", "#", "e.p.", "ep":
		return true
	}
	return false
}

// comment returns the comment in scratch, trimmed and with each run of
// white space turned into a single space, so that comments survive line
// wrapping unchanged.
func (r *Reader) comment() string {
	b := r.scratch
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	for i, c := range b {
		if byteClass[c]&classSpace != 0 && (c != ' ' || i == 0 || i == len(b)-1 || b[i+1] == ' ') || c >= 0x80 {
			return cleanComment(string(b))
		}
	}
	return r.intern(b)
}

// cleanComment trims a comment, turns each run of white space into a
// single space and converts Latin-1 to UTF-8.
func cleanComment(s string) string {
	s = toUTF8(s)
	return strings.Join(strings.Fields(s), " ")
}

// cp1252 gives the characters of Windows-1252 for bytes 0x80 to 0x9f,
// which Latin-1 files from Windows use for typographic signs.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8d, 'Ž', 0x8f,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9d, 'ž', 'Ÿ',
}

// toUTF8 returns s unchanged if it is valid UTF-8; otherwise each byte
// that is not part of a valid UTF-8 sequence is read as Latin-1
// (Windows-1252 for 0x80 to 0x9f).
func toUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			c := s[i]
			if c >= 0x80 && c < 0xa0 {
				b.WriteRune(cp1252[c-0x80])
			} else {
				b.WriteRune(rune(c))
			}
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
