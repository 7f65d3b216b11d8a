package roster

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// Format is a kind of list of players.
type Format int

// The lists Read and Scan recognise.
const (
	CSV      Format = iota // a spreadsheet saved as text, with a header row (the FSI list among them)
	XLSX                   // an Excel workbook, header row first
	FIDEText               // FIDE's rating list, fixed-width TXT ("ID Number      Name ...")
	FIDEXML                // FIDE's rating list, XML (<playerslist><player>...)
	Vega                   // Vega's players archive (NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;KCOEFF)
)

// String names the format for people.
func (f Format) String() string {
	switch f {
	case XLSX:
		return "XLSX"
	case FIDEText:
		return "FIDE rating list (TXT)"
	case FIDEXML:
		return "FIDE rating list (XML)"
	case Vega:
		return "Vega players archive"
	}
	return "CSV"
}

// Detect tells the format of a list from its first bytes: a zip archive
// is a workbook; "<?xml" or "<playerslist" FIDE's XML list; a first line
// "ID Number  Name" FIDE's TXT list; a first line starting with
// "NAME;COUNTRY;BIRTHDAY" Vega's archive; anything else CSV.
func Detect(head []byte) Format {
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return XLSX
	}
	h := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	h = bytes.TrimLeft(h, " \t\r\n")
	if bytes.HasPrefix(h, []byte("<?xml")) || bytes.HasPrefix(h, []byte("<playerslist")) {
		return FIDEXML
	}
	first, _, _ := bytes.Cut(h, []byte("\n"))
	up := strings.ToUpper(strings.ReplaceAll(string(first), " ", ""))
	switch {
	case strings.HasPrefix(up, "IDNUMBERNAME"):
		return FIDEText
	case strings.HasPrefix(up, "NAME;COUNTRY;BIRTHDAY"):
		return Vega
	}
	return CSV
}

// errNotList is the error for a file that is no list of players.
var errNotList = errors.New("roster: unknown kind of file: give a .csv or .xlsx file, FIDE's rating list (TXT or XML) or Vega's players archive")

// notList reports whether head starts a file that is no list of players:
// a PDF.
func notList(head []byte) bool {
	return bytes.HasPrefix(head, []byte("%PDF"))
}

// PaceOfName says which rating a FIDE list of one kind holds from its
// file name, as FIDE names them ("standard_rating_list.txt",
// "rapid_jan26frl.txt", "blitz_rating_list_xml.zip"): rapid or blitz
// where the name says so, else standard.
func PaceOfName(name string) arbiter.Pace {
	n := strings.ToLower(filepath.Base(name))
	switch {
	case strings.Contains(n, "rapid"):
		return arbiter.Rapid
	case strings.Contains(n, "blitz"):
		return arbiter.Blitz
	}
	return arbiter.Standard
}

// Scan reads a list of players of any format row by row, calling fn for
// each, without holding the list: a FIDE list of hundreds of thousands
// of players takes the memory of one line. It returns the format found
// and, for a text list, the encoding its bytes were read in. An error of
// fn stops the scan and is returned.
func Scan(r io.Reader, opt Options, fn func(Row) error) (Format, text.Encoding, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4096)
	if notList(head) {
		return CSV, text.Auto, errNotList
	}
	format := Detect(head)
	switch format {
	case XLSX:
		f, err := readXLSX(br, opt.Columns)
		if err != nil {
			return format, text.Auto, err
		}
		for _, row := range f.Rows {
			if err := fn(row); err != nil {
				return format, text.Auto, err
			}
		}
		return format, text.Auto, nil
	case CSV:
		enc, err := scanCSV(br, opt, fn)
		return format, enc, err
	}
	enc, err := scanText(format, br, opt, fn)
	return format, enc, err
}

// lineDecoder turns the bytes of a line into text: UTF-8 as it is, else
// Windows-1252 (FIDE's and Vega's files are Latin), remembering which.
type lineDecoder struct {
	force text.Encoding
	used  text.Encoding
	dec   *encoding.Decoder
}

func (d *lineDecoder) text(b []byte) string {
	if !ascii(b) && (d.force == text.Windows1252 || (d.force != text.UTF8 && !utf8.Valid(b))) {
		d.used = text.Windows1252
		if d.dec == nil {
			d.dec = charmap.Windows1252.NewDecoder()
		}
		out, err := d.dec.Bytes(b)
		if err == nil {
			return string(out)
		}
	}
	if d.used == text.Auto {
		d.used = text.UTF8
	}
	return string(b)
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// scanText reads a FIDE TXT or XML list or a Vega archive.
func scanText(format Format, r *bufio.Reader, opt Options, fn func(Row) error) (text.Encoding, error) {
	d := &lineDecoder{force: opt.Encoding}
	var err error
	switch format {
	case FIDEText:
		err = scanFIDEText(r, d, opt, fn)
	case FIDEXML:
		err = scanFIDEXML(r, d, opt, fn)
	case Vega:
		err = scanVega(r, d, opt, fn)
	default:
		err = fmt.Errorf("roster: %v is not a text list", format)
	}
	return d.used, err
}

// lines calls fn with each line of r, numbered from 1, without its end.
// A line longer than 64 KB is an error: no list of players has one.
func lines(r io.Reader, fn func(n int, line []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<10)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimRight(sc.Bytes(), "\r")
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		if err := fn(n, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return &ParseError{Line: n + 1, Err: fmt.Errorf("%w: a line longer than 64 KB", ErrBadRow)}
		}
		return fmt.Errorf("roster: %w", err)
	}
	return nil
}

// scanCSV reads a CSV list row by row (see Scan); bytes that are not
// UTF-8 are read as Windows-1252, field by field.
func scanCSV(r *bufio.Reader, opt Options, fn func(Row) error) (text.Encoding, error) {
	d := &lineDecoder{force: opt.Encoding}
	tr := bufio.NewReader(text.NewReader(r, opt.Encoding))
	first, _ := tr.Peek(4096)
	cr := csv.NewReader(tr)
	cr.Comma = sniff(first)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	var sh *sheet
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return d.used, &ParseError{Line: pe.Line, Err: bad("%v", pe.Err)}
			}
			return d.used, fmt.Errorf("roster: %w", err)
		}
		line, _ := cr.FieldPos(0)
		for i, f := range rec {
			rec[i] = d.text([]byte(f))
		}
		if blank(rec) {
			continue
		}
		if sh == nil {
			if sh, err = newSheet(append([]string(nil), rec...), opt.Columns); err != nil {
				if errors.Is(err, ErrNoName) {
					return d.used, &ParseError{Line: line, Err: err}
				}
				return d.used, err
			}
			continue
		}
		p, err := sh.row(rec, line)
		if err != nil {
			return d.used, err
		}
		if err := fn(Row{Line: line, Player: p}); err != nil {
			return d.used, err
		}
	}
	return d.used, nil
}

// fideColumn is a column of FIDE's TXT list: where its header starts,
// where the next one starts (-1: end of line) and what it holds.
type fideColumn struct {
	start, end int
	key        string
}

// fideColumns reads the header of FIDE's TXT list ("ID Number      Name
// ... Fed Sex Tit  WTit OTit  FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK
// B-day Flag", or with one rating "... FOA JAN26 Gms K B-day Flag"): each
// column runs from its header to the next.
func fideColumns(head string) []fideColumn {
	var cols []fideColumn
	for i := 0; i < len(head); {
		if head[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(head) && head[j] != ' ' {
			j++
		}
		word := head[i:j]
		if word == "ID" && strings.HasPrefix(head[j:], " Number") {
			j += len(" Number")
			word = "ID Number"
		}
		cols = append(cols, fideColumn{start: i, key: word})
		i = j
	}
	for k := range cols {
		cols[k].end = -1
		if k+1 < len(cols) {
			cols[k].end = cols[k+1].start
		}
	}
	return cols
}

// scanFIDEText reads FIDE's fixed-width TXT list.
func scanFIDEText(r io.Reader, d *lineDecoder, opt Options, fn func(Row) error) error {
	var cols []fideColumn
	rec := map[string]string{}
	return lines(r, func(n int, raw []byte) error {
		line := d.text(raw)
		if n == 1 {
			cols = fideColumns(line)
			return nil
		}
		if strings.TrimSpace(line) == "" {
			return nil
		}
		// Columns count characters: slice bytes when every character is
		// one byte, runes otherwise.
		var rs []rune
		if !ascii([]byte(line)) {
			rs = []rune(line)
		}
		size := len(line)
		if rs != nil {
			size = len(rs)
		}
		get := func(c fideColumn) string {
			if c.start >= size {
				return ""
			}
			end := c.end
			if end < 0 || end > size {
				end = size
			}
			if rs != nil {
				return strings.TrimSpace(string(rs[c.start:end]))
			}
			return strings.TrimSpace(line[c.start:end])
		}
		clear(rec)
		for _, c := range cols {
			rec[c.key] = get(c)
		}
		p, col, err := fidePlayer(rec, opt.Pace)
		if err != nil {
			return &ParseError{Line: n, Column: col, Err: err}
		}
		return fn(Row{Line: n, Player: p})
	})
}

// fidePlayer makes a player of one entry of a FIDE list, keyed by the
// TXT headers (ID Number, Name, Fed, Sex, Tit, WTit, SRtng, SK, ...).
// A column of one rating (its header is the month, "JAN26", or "Rtng")
// holds the rating of pace; Gms and K go with it.
func fidePlayer(rec map[string]string, pace arbiter.Pace) (arbiter.Player, string, error) {
	var p arbiter.Player
	var err error
	if p.FIDEID, err = parseFIDEID(rec["ID Number"]); err != nil || p.FIDEID == "" {
		return p, "ID Number", bad("%q is not a FIDE ID", rec["ID Number"])
	}
	p.Name = strings.Join(strings.Fields(rec["Name"]), " ")
	if p.Name == "" {
		return p, "Name", bad("no name: every player needs a name")
	}
	if err := text.Check("", p.Name, text.MaxName); err != nil {
		return p, "Name", bad("%v", err)
	}
	if fed := rec["Fed"]; fed != "" {
		if p.Federation, err = parseFederation(fed); err != nil {
			return p, "Fed", err
		}
	}
	switch strings.ToUpper(rec["Sex"]) {
	case "M":
		p.Sex = "M"
	case "F", "W":
		p.Sex = "F"
	}
	t := rec["Tit"]
	if t == "" {
		t = rec["WTit"]
	}
	// FIDE's own list: CM here is the FIDE title. Other codes it may
	// carry (honorary titles) are not titles of play.
	if title, err := arbiter.ParseTitle(t); err == nil {
		p.Title = title
	}
	rating := func(key string, dst *int) error {
		v := rec[key]
		if v == "" {
			return nil
		}
		n, err := parseRating(v)
		if err != nil {
			return err
		}
		*dst = n
		return nil
	}
	var one, k int
	for key := range rec {
		if key == "Rtng" || isMonth(key) {
			if err := rating(key, &one); err != nil {
				return p, key, err
			}
		}
	}
	for _, c := range []struct {
		key string
		dst *int
	}{{"SRtng", &p.Rating}, {"RRtng", &p.RapidRating}, {"BRtng", &p.BlitzRating}} {
		if err := rating(c.key, c.dst); err != nil {
			return p, c.key, err
		}
	}
	if v := rec["SK"]; v != "" {
		if p.K, err = parseK(v); err != nil {
			return p, "SK", err
		}
	}
	if v := rec["K"]; v != "" {
		if k, err = parseK(v); err != nil {
			return p, "K", err
		}
	}
	switch pace {
	case arbiter.Rapid:
		p.RapidRating = max(p.RapidRating, one)
	case arbiter.Blitz:
		p.BlitzRating = max(p.BlitzRating, one)
	default:
		p.Rating = max(p.Rating, one)
		if k != 0 {
			p.K = k
		}
	}
	if v := rec["B-day"]; v != "" && v != "0" && v != "0000" {
		if y, err := strconv.Atoi(v); err == nil && y >= 1880 && y <= 2200 {
			p.BirthYear = y
		}
	}
	return p, "", nil
}

// isMonth reports whether a header is a list's month, "JAN26", "SEP24".
func isMonth(h string) bool {
	if len(h) != 5 {
		return false
	}
	for _, r := range h[:3] {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	_, err := strconv.Atoi(h[3:])
	return err == nil
}

// xmlKeys maps the tags of FIDE's XML list to the TXT headers.
var xmlKeys = map[string]string{
	"fideid": "ID Number", "name": "Name", "country": "Fed", "sex": "Sex", "title": "Tit", "w_title": "WTit",
	"rating": "Rtng", "k": "K", "rapid_rating": "RRtng", "blitz_rating": "BRtng", "birthday": "B-day",
}

// scanFIDEXML reads FIDE's XML list: <playerslist> with one <player>
// element per player, each holding <fideid>, <name>, <country>, <sex>,
// <title>, <w_title>, <rating>, <games>, <k>, <birthday>, <flag> (and in
// the combined list <rapid_rating>, <blitz_rating>). It scans the tags
// itself, one player at a time: encoding/xml would build every token.
func scanFIDEXML(r *bufio.Reader, d *lineDecoder, opt Options, fn func(Row) error) error {
	line := 1
	rec := map[string]string{}
	start := 0
	in := false
	var val []byte
	for {
		b, err := r.ReadByte()
		if err == io.EOF {
			if in {
				return &ParseError{Line: start, Err: fmt.Errorf("%w: the list ends inside a <player> element", ErrBadRow)}
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("roster: %w", err)
		}
		if b == '\n' {
			line++
		}
		if b != '<' {
			val = append(val, b)
			continue
		}
		tag, err := r.ReadSlice('>')
		if err != nil {
			return &ParseError{Line: line, Err: fmt.Errorf("%w: a tag without its '>'", ErrBadRow)}
		}
		line += bytes.Count(tag, []byte("\n"))
		name := strings.TrimSpace(string(tag[:len(tag)-1]))
		switch {
		case name == "player":
			in, start = true, line
			clear(rec)
		case name == "/player":
			if !in {
				return &ParseError{Line: line, Err: fmt.Errorf("%w: </player> without <player>", ErrBadRow)}
			}
			in = false
			p, col, err := fidePlayer(rec, opt.Pace)
			if err != nil {
				return &ParseError{Line: start, Column: col, Err: err}
			}
			if err := fn(Row{Line: start, Player: p}); err != nil {
				return err
			}
		case in && strings.HasPrefix(name, "/"):
			if key, ok := xmlKeys[name[1:]]; ok {
				rec[key] = strings.TrimSpace(unescapeXML(d.text(val)))
			}
		case in && strings.HasSuffix(name, "/"):
			// <title/>: empty.
		}
		val = val[:0]
	}
}

// unescapeXML replaces the five predefined entities and character
// references.
func unescapeXML(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := strings.IndexByte(s, ';')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		ent := s[1:j]
		switch {
		case ent == "amp":
			b.WriteByte('&')
		case ent == "lt":
			b.WriteByte('<')
		case ent == "gt":
			b.WriteByte('>')
		case ent == "apos":
			b.WriteByte('\'')
		case ent == "quot":
			b.WriteByte('"')
		case strings.HasPrefix(ent, "#x"):
			if n, err := strconv.ParseInt(ent[2:], 16, 32); err == nil {
				b.WriteRune(rune(n))
			}
		case strings.HasPrefix(ent, "#"):
			if n, err := strconv.Atoi(ent[1:]); err == nil {
				b.WriteRune(rune(n))
			}
		default:
			b.WriteString(s[:j+1])
		}
		s = s[j+1:]
	}
}

// scanVega reads Vega's players archive: a header row, then one player
// a line, fields separated by semicolons and padded with spaces: NAME
// (surname first, in capitals, at most 30 characters), COUNTRY,
// BIRTHDAY (dd.mm.yy or ddmmyyyy, 00.00.00 unknown), GENDER (m or f),
// TITLE (a FIDE title, IGM for GM, or an FSI category), IDFIDE, ELOFIDE,
// IDNAT, ELONAT, KCOEFF (the K of the FIDE rating), and an optional
// ORIGIN (the province). Vega's own manual (Appendix on exporting
// players) gives the layout. Columns are found by the header's names.
func scanVega(r io.Reader, d *lineDecoder, opt Options, fn func(Row) error) error {
	var head []string
	return lines(r, func(n int, raw []byte) error {
		line := d.text(raw)
		if strings.TrimSpace(line) == "" {
			return nil
		}
		f := strings.Split(line, ";")
		if n == 1 {
			for _, h := range f {
				head = append(head, strings.ToUpper(strings.TrimSpace(h)))
			}
			return nil
		}
		p, col, err := vegaPlayer(head, f, opt.Year)
		if err != nil {
			return &ParseError{Line: n, Column: col, Err: err}
		}
		return fn(Row{Line: n, Player: p})
	})
}

func vegaPlayer(head, f []string, year int) (arbiter.Player, string, error) {
	var p arbiter.Player
	for i, raw := range f {
		if i >= len(head) {
			break
		}
		v := strings.TrimSpace(raw)
		if err := text.Check("", v, text.MaxName); err != nil {
			return p, head[i], bad("%v", err)
		}
		var err error
		switch head[i] {
		case "NAME":
			p.Name = NameFromCapitals(v)
		case "COUNTRY":
			if len(v) == 3 {
				p.Federation, err = parseFederation(v)
			}
		case "BIRTHDAY":
			p.BirthYear, p.BirthDate = birth(v, year)
		case "GENDER", "G":
			p.Sex, err = parseSex(v)
		case "TITLE":
			p.Title, p.Category, err = arbiter.TitleOrCategory(v)
			if err != nil {
				err = bad("%v", err)
			}
		case "IDFIDE":
			p.FIDEID, err = parseFIDEID(v)
		case "ELOFIDE":
			p.Rating, err = parseRating(v)
		case "IDNAT":
			p.NationalID, err = parseNationalID(v)
		case "ELONAT":
			p.NationalRating, err = parseRating(v)
		case "KCOEFF", "K":
			p.K, err = parseK(v)
		case "ORIGIN":
			p.Province = strings.ToUpper(v)
		}
		if err != nil {
			return p, head[i], err
		}
	}
	if p.Name == "" {
		return p, "NAME", bad("no name: every player needs a name")
	}
	return p, "", nil
}
