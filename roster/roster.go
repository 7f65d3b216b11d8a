// Package roster reads and writes lists of players as organizers keep
// them: CSV (comma, semicolon or tab separated) or XLSX spreadsheets with
// a header row. Columns are found by their header, in English or Italian
// ("name" or "surname" and "first name", "rating" or "elo", "club",
// "federation", "fide id", "birth year", "sex", "title"); other columns
// are ignored and reported. A bad row is a *ParseError naming its line.
package roster

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
	"github.com/xuri/excelize/v2"
)

// ErrBadRow is wrapped by every *ParseError about a row's content;
// ErrNoName by the error for a header without a name column.
var (
	ErrBadRow = errors.New("bad row")
	ErrNoName = errors.New("no name column")
	// ErrTooLarge is wrapped by the error for a file beyond MaxRows or
	// the size limit.
	ErrTooLarge = errors.New("too large")
)

// MaxRows is the most players one file may list. A tournament holds at
// most arbiter.MaxPlayers (9,999) and a club roster a few hundred; a
// national rating list of tens of thousands still fits, while a file of
// no list of players (or a hostile one) is refused before it reaches
// the database.
const MaxRows = 50_000

// sizeLimit caps the bytes of a CSV file and the unpacked size of a
// workbook: MaxRows rows of ordinary length take a few megabytes.
const sizeLimit = 16 << 20

// ParseError is a problem at one line (for XLSX, one row) of a file.
type ParseError struct {
	Line   int    // 1 is the header row
	Column string // the header of the column at fault, or ""
	Err    error
}

func (e *ParseError) Error() string {
	if e.Column != "" {
		return fmt.Sprintf("line %d, column %q: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// rowError is the message of a bad value; it wraps ErrBadRow.
type rowError struct{ msg string }

func (e *rowError) Error() string { return e.msg }
func (e *rowError) Unwrap() error { return ErrBadRow }

func bad(format string, args ...any) error { return &rowError{fmt.Sprintf(format, args...)} }

// Row is a player read from a file and the line it was on.
type Row struct {
	Line   int
	Player arbiter.Player
}

// File is what a list of players held.
type File struct {
	Rows     []Row
	Ignored  []string      // headers of the columns not understood
	Encoding text.Encoding // how a CSV file's bytes were read; Auto for XLSX
	Format   Format        // the kind of list, found from its content
}

// Options say how to read a list. The zero value reads any list, finding
// its kind and encoding from its content.
type Options struct {
	// Encoding of a text list, or text.Auto to find it.
	Encoding text.Encoding
	// Pace is the rating a FIDE list of one kind holds (standard, rapid or
	// blitz): FIDE's lists of one kind do not say which in their content,
	// their file names do (see PaceOfName).
	Pace arbiter.Pace
	// Columns maps headers (or 1-based column numbers) of a spreadsheet
	// to FieldNames, before the headers arbiter knows.
	Columns map[string]string
	// Year is this year, for a two-digit year of birth (Vega's dd.mm.yy);
	// 0 puts 00-29 in this century.
	Year int
}

// Read reads a list of players, of the kind its content shows (Detect):
// a FIDE rating list (TXT or XML), a Vega players archive, a CSV or XLSX
// spreadsheet (the Italian federation's list among them). A list of more
// than MaxRows players is refused: read a whole national or FIDE list
// with Scan.
func Read(r io.Reader, opt Options) (*File, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4096)
	if notList(head) {
		return nil, errNotList
	}
	format := Detect(head)
	var f *File
	var err error
	switch format {
	case XLSX:
		f, err = readXLSX(br, opt.Columns)
	case CSV:
		f, err = readCSV(br, opt.Encoding, opt.Columns)
	default:
		f = &File{}
		f.Encoding, err = scanText(format, br, opt, func(row Row) error {
			if len(f.Rows) == MaxRows {
				return &ParseError{Line: row.Line, Err: fmt.Errorf("%w: more than %d players in one file: refresh the roster from a whole list by ID instead", ErrTooLarge, MaxRows)}
			}
			f.Rows = append(f.Rows, row)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if f != nil {
		f.Format = format
	}
	return f, err
}

// ReadCSV reads players from CSV text in an encoding text.Decode
// recognises (UTF-8 with or without byte order mark, UTF-16 with one,
// else Windows-1252). The separator (comma, semicolon or tab) is the one
// the header row uses most.
func ReadCSV(r io.Reader) (*File, error) { return ReadCSVEncoding(r, text.Auto) }

// ReadCSVEncoding is ReadCSV with the encoding forced, unless enc is
// text.Auto.
func ReadCSVEncoding(r io.Reader, enc text.Encoding) (*File, error) { return readCSV(r, enc, nil) }

func readCSV(r io.Reader, enc text.Encoding, columns map[string]string) (*File, error) {
	raw, err := io.ReadAll(io.LimitReader(r, sizeLimit+1))
	if err != nil {
		return nil, fmt.Errorf("roster: %w", err)
	}
	if len(raw) > sizeLimit {
		return nil, fmt.Errorf("roster: %w: the file is larger than %d MB, far more than a list of players takes", ErrTooLarge, sizeLimit>>20)
	}
	s, enc, err := text.Decode(raw, enc)
	if err != nil {
		return nil, fmt.Errorf("roster: %w", err)
	}
	data := []byte(s)
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = sniff(data)
	cr.FieldsPerRecord = -1
	var lines [][]string
	var nums []int
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &ParseError{Line: pe.Line, Err: bad("%v", pe.Err)}
			}
			return nil, fmt.Errorf("roster: %w", err)
		}
		line, _ := cr.FieldPos(0)
		lines = append(lines, rec)
		nums = append(nums, line)
	}
	f, err := parse(lines, nums, columns)
	if f != nil {
		f.Encoding = enc
		f.Format = CSV
	}
	return f, err
}

// sniff picks the separator the first line uses most.
func sniff(data []byte) rune {
	first, _, _ := bufio.NewReader(bytes.NewReader(data)).ReadLine()
	best, n := ',', bytes.Count(first, []byte(","))
	for _, c := range []rune{';', '\t'} {
		if k := bytes.Count(first, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	return best
}

// xlsxLimit caps the unpacked size of a workbook. A list of players
// takes kilobytes; a damaged or hostile file may claim gigabytes in its
// zip headers, which excelize would otherwise set aside in memory.
const xlsxLimit = sizeLimit

// ReadXLSX reads players from the first sheet of an XLSX workbook; line
// numbers are row numbers. A workbook that unpacks to more than 16 MB is
// refused.
func ReadXLSX(r io.Reader) (*File, error) { return readXLSX(r, nil) }

func readXLSX(r io.Reader, columns map[string]string) (*File, error) {
	f, err := excelize.OpenReader(r, excelize.Options{UnzipSizeLimit: xlsxLimit, UnzipXMLSizeLimit: xlsxLimit / 4})
	if err != nil {
		return nil, fmt.Errorf("roster: not a readable XLSX file: %w", err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, fmt.Errorf("roster: the workbook has no sheet")
	}
	rows, err := f.GetRows(sheets[0])
	if err != nil {
		return nil, fmt.Errorf("roster: sheet %q: %w", sheets[0], err)
	}
	nums := make([]int, len(rows))
	for i := range rows {
		nums[i] = i + 1
	}
	return parse(rows, nums, columns)
}

// field is a column arbiter understands.
type field int

const (
	fNone field = iota
	fName
	fLast
	fFirst
	fRating
	fClub
	fFederation
	fFIDEID
	fBirth
	fSex
	fTitle
	fTitolo // an Italian "Titolo": FIDE title or FSI category
	fNatID
	fNatRating
	fNatK
	fCategory
	fProvince
	fK
	fRapid
	fBlitz
	fCapsName  // the federation's "COGNOME NOME": surname first, in capitals
	fBirthDate // a column of dates of birth, beside a year column
)

// headers maps folded header words (spaces removed) to fields. "nome" is
// the whole name, unless a "cognome" column is there too.
var headers = map[string]field{
	"name": fName, "player": fName, "fullname": fName, "playername": fName, "nome": fName, "giocatore": fName, "nominativo": fName,
	"cognomenome": fCapsName, "cognomeenome": fCapsName,
	"surname": fLast, "lastname": fLast, "familyname": fLast, "cognome": fLast,
	"firstname": fFirst, "givenname": fFirst, "forename": fFirst,
	"rating": fRating, "elo": fRating, "rtg": fRating, "fiderating": fRating, "elofide": fRating, "elorating": fRating, "ratingfide": fRating,
	"club": fClub, "circolo": fClub, "societa": fClub, "team": fClub,
	"federation": fFederation, "fed": fFederation, "country": fFederation, "federazione": fFederation, "nation": fFederation,
	"fideid": fFIDEID, "idfide": fFIDEID, "fidenumber": fFIDEID, "fide": fFIDEID,
	"birthyear": fBirth, "born": fBirth, "yearofbirth": fBirth, "yob": fBirth, "birth": fBirth, "nascita": fBirth, "annodinascita": fBirth, "annonascita": fBirth, "anno": fBirth,
	"birthdate": fBirthDate, "birthday": fBirthDate, "dateofbirth": fBirthDate, "datadinascita": fBirthDate, "datanascita": fBirthDate, "natail": fBirthDate, "natoil": fBirthDate,
	"sex": fSex, "gender": fSex, "sesso": fSex, "genere": fSex,
	"title": fTitle, "fidetitle": fTitle, "titolofide": fTitle, "titolo": fTitolo,
	"idfsi": fNatID, "tesserafsi": fNatID, "codicefsi": fNatID, "idnazionale": fNatID, "nationalid": fNatID, "idnat": fNatID,
	"eloitalia": fNatRating, "eloitaliano": fNatRating, "nationalrating": fNatRating, "elonat": fNatRating, "elonazionale": fNatRating,
	"knazionale": fNatK, "kitalia": fNatK, "nationalk": fNatK,
	"categoria": fCategory, "category": fCategory, "categorianazionale": fCategory, "cat": fCategory,
	"provincia": fProvince, "prov": fProvince, "province": fProvince, "region": fProvince, "origin": fProvince, "origine": fProvince,
	"k": fK, "kfide": fK, "kcoeff": fK,
	"rapid": fRapid, "rapidrating": fRapid, "elorapid": fRapid, "rrtng": fRapid,
	"blitz": fBlitz, "blitzrating": fBlitz, "eloblitz": fBlitz, "brtng": fBlitz,
}

// fsiHeaders are the headers of the Italian federation's own lists
// ("ID;COGNOME NOME;CAT;ELO;..."): in a file that has one of them, ID is
// the ID FSI, ELO the Elo Italia and K its coefficient.
var fsiHeaders = map[string]field{"id": fNatID, "elo": fNatRating, "k": fNatK}

// FieldNames are the names of the fields a --columns mapping gives a
// column: the Go-free names a user types.
var FieldNames = map[string]field{
	"name": fName, "surname": fLast, "first_name": fFirst, "rating": fRating, "fide_rating": fRating,
	"club": fClub, "federation": fFederation, "fide_id": fFIDEID, "birth": fBirth, "birth_date": fBirthDate, "sex": fSex,
	"title": fTitle, "national_id": fNatID, "national_rating": fNatRating, "national_k": fNatK,
	"category": fCategory, "province": fProvince, "k": fK, "rapid_rating": fRapid, "blitz_rating": fBlitz,
}

func headerKey(h string) string {
	return strings.ReplaceAll(arbiter.FoldName(h), " ", "")
}

// sheet maps the columns of a header row to fields.
type sheet struct {
	head    []string
	cols    []field
	ignored []string
}

// newSheet maps the header row head, with the user's mapping columns
// (header or 1-based column number to a FieldNames name) first.
func newSheet(head []string, columns map[string]string) (*sheet, error) {
	sh := &sheet{head: head, cols: make([]field, len(head))}
	fsi := false
	for _, h := range head {
		switch headerKey(h) {
		case "cognomenome", "cat":
			fsi = true
		}
	}
	user := map[string]field{}
	for k, v := range columns {
		f, ok := FieldNames[strings.ToLower(strings.TrimSpace(v))]
		if !ok {
			return nil, fmt.Errorf("roster: unknown field %q in the column mapping: type one of %s", v, fieldList())
		}
		user[headerKey(k)] = f
	}
	where := map[field]int{}
	for i, h := range head {
		k := fNone
		key := headerKey(h)
		if v, ok := user[key]; ok {
			k = v
		} else if v, ok := user[strconv.Itoa(i+1)]; ok {
			k = v
		} else if v, ok := fsiHeaders[key]; ok && fsi {
			k = v
		} else if v, ok := headers[key]; ok {
			k = v
		}
		if k == fNone || where[k] != 0 {
			if strings.TrimSpace(h) != "" {
				sh.ignored = append(sh.ignored, strings.TrimSpace(h))
			}
			continue
		}
		sh.cols[i] = k
		where[k] = i + 1
	}
	// Italian lists write "Cognome" and "Nome": then nome is the first name.
	if where[fLast] != 0 && where[fName] != 0 && where[fFirst] == 0 {
		sh.cols[where[fName]-1] = fFirst
		where[fFirst], where[fName] = where[fName], 0
	}
	if where[fName] == 0 && where[fCapsName] != 0 {
		where[fName] = where[fCapsName]
	}
	if where[fName] == 0 && where[fLast] == 0 {
		return nil, fmt.Errorf("%w: the header row needs a column called name (or surname and first name)", ErrNoName)
	}
	return sh, nil
}

func fieldList() string {
	names := make([]string, 0, len(FieldNames))
	for k := range FieldNames {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// parse maps the header row and reads every other non-empty row.
func parse(rows [][]string, nums []int, columns map[string]string) (*File, error) {
	f := &File{}
	hi := -1
	for i, r := range rows {
		if !blank(r) {
			hi = i
			break
		}
	}
	if hi < 0 {
		return f, nil
	}
	sh, err := newSheet(rows[hi], columns)
	if err != nil {
		if errors.Is(err, ErrNoName) {
			return nil, &ParseError{Line: nums[hi], Err: err}
		}
		return nil, err
	}
	f.Ignored = sh.ignored
	for i := hi + 1; i < len(rows); i++ {
		if blank(rows[i]) {
			continue
		}
		if len(f.Rows) == MaxRows {
			return nil, &ParseError{Line: nums[i], Err: fmt.Errorf("%w: more than %d players in one file; split it", ErrTooLarge, MaxRows)}
		}
		p, err := sh.row(rows[i], nums[i])
		if err != nil {
			return nil, err
		}
		f.Rows = append(f.Rows, Row{Line: nums[i], Player: p})
	}
	return f, nil
}

func blank(r []string) bool {
	for _, c := range r {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// row reads one player; its error is a *ParseError naming line and
// column.
func (sh *sheet) row(r []string, line int) (arbiter.Player, error) {
	p, col, err := readRow(r, sh.cols)
	if err != nil {
		pe := &ParseError{Line: line, Err: err}
		if col >= 0 && col < len(sh.head) {
			pe.Column = strings.TrimSpace(sh.head[col])
		}
		return p, pe
	}
	return p, nil
}

// readRow reads one player; on error it returns the column at fault.
func readRow(r []string, cols []field) (arbiter.Player, int, error) {
	var p arbiter.Player
	var last, first string
	for i, c := range r {
		if i >= len(cols) || cols[i] == fNone {
			continue
		}
		v := unquoteFormula(strings.TrimSpace(c))
		if err := text.Check("", v, text.MaxName); err != nil {
			return p, i, bad("%v", err)
		}
		var err error
		switch cols[i] {
		case fName:
			p.Name = v
		case fCapsName:
			p.Name = NameFromCapitals(v)
		case fLast:
			last = v
		case fFirst:
			first = v
		case fRating:
			p.Rating, err = parseRating(v)
		case fRapid:
			p.RapidRating, err = parseRating(v)
		case fBlitz:
			p.BlitzRating, err = parseRating(v)
		case fNatRating:
			p.NationalRating, err = parseRating(v)
		case fK:
			p.K, err = parseK(v)
		case fNatK:
			p.NationalK, err = parseK(v)
		case fClub:
			p.Club = v
		case fFederation:
			p.Federation, err = parseFederation(v)
		case fFIDEID:
			p.FIDEID, err = parseFIDEID(v)
		case fNatID:
			p.NationalID, err = parseNationalID(v)
		case fBirth, fBirthDate:
			var y int
			var d string
			if y, d, err = parseBirth(v); y != 0 {
				p.BirthYear = y
			}
			if d != "" {
				p.BirthDate = d
			}
		case fSex:
			p.Sex, err = parseSex(v)
		case fProvince:
			p.Province = strings.ToUpper(v)
		case fCategory:
			p.Category, err = arbiter.ParseCategory(v)
			if err != nil {
				err = bad("%v", err)
			}
		case fTitolo:
			p.Title, p.Category, err = arbiter.TitleOrCategory(v)
			if err != nil {
				err = bad("%v", err)
			}
		case fTitle:
			var t arbiter.Title
			t, err = arbiter.ParseTitle(v)
			if err != nil && arbiter.IsFSICategory(v) {
				// A national category in the title column: the category.
				p.Category, err = arbiter.Category(strings.ToUpper(v)), nil
			}
			if err != nil {
				err = bad("%v", err)
			}
			p.Title = t
		}
		if err != nil {
			return p, i, err
		}
	}
	if p.Name == "" {
		last, first = fromCapitals(last), fromCapitals(first)
		switch {
		case last != "" && first != "":
			p.Name = last + ", " + first
		case last != "":
			p.Name = last
		default:
			return p, -1, bad("no name: every player needs a name")
		}
	}
	return p, -1, nil
}

// fromCapitals writes a surname or a first name given in capitals in
// lower case with capitals, accents restored.
func fromCapitals(s string) string {
	if Capitals(s) {
		return titleCase(strings.Join(strings.Fields(s), " "))
	}
	return restoreAccents(s)
}

func parseRating(v string) (int, error) {
	if v == "" || v == "-" {
		return 0, nil
	}
	v = strings.TrimSuffix(strings.TrimSuffix(v, ".0"), ",0")
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 3500 {
		return 0, bad("%q is not a rating: type a whole number from 0 (unrated) to 3500", v)
	}
	return n, nil
}

func parseFederation(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	if len(v) != 3 || strings.IndexFunc(v, func(r rune) bool { return r < 'A' || r > 'z' || (r > 'Z' && r < 'a') }) >= 0 {
		return "", bad("%q is not a federation: type three letters such as ITA", v)
	}
	return strings.ToUpper(v), nil
}

func parseFIDEID(v string) (string, error) {
	v = strings.TrimSuffix(v, ".0")
	if v == "" || v == "0" {
		return "", nil
	}
	if strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }) >= 0 || len(v) > 12 {
		return "", bad("%q is not a FIDE ID: type the digits only, e.g. 12345678", v)
	}
	return strings.TrimLeft(v, "0"), nil
}

// parseBirth takes a year, or a date such as 1990-05-12, 1990/05/12,
// 12/05/1990, 12.05.1990 or Vega's 12.05.90 and 12051990, and returns
// the year and, for a whole date, the date as YYYY-MM-DD.
func parseBirth(v string) (int, string, error) {
	v = strings.TrimSuffix(v, ".0")
	if v == "" || v == "0" || strings.Trim(v, "0./- ") == "" {
		return 0, "", nil
	}
	y, d := birth(v, 0)
	if y == 0 {
		return 0, "", bad("%q is not a birth year: type a year such as 1987", v)
	}
	return y, d, nil
}

// birth reads a birth year or date (see parseBirth); a two-digit year is
// in the century that puts it at most thisYear (2000 + the two digits
// when thisYear is 0 and they are below 30). It returns 0 for none.
func birth(v string, thisYear int) (int, string) {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "0./- ") == "" {
		return 0, "" // Vega's 00.00.00: not known
	}
	if len(v) == 8 && strings.Trim(v, "0123456789") == "" && !(v[:2] == "19" || v[:2] == "20") {
		v = v[:2] + "." + v[2:4] + "." + v[4:] // Vega's ddmmyyyy
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '/' || r == '.' || r == ' ' })
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			return -1
		}
		return n
	}
	okYear := func(y int) bool { return y >= 1880 && y <= 2200 }
	switch len(parts) {
	case 1:
		if y := num(parts[0]); len(parts[0]) == 4 && okYear(y) {
			return y, ""
		}
	case 3:
		var y, m, d int
		switch {
		case len(parts[0]) == 4:
			y, m, d = num(parts[0]), num(parts[1]), num(parts[2])
		case len(parts[2]) == 4:
			d, m, y = num(parts[0]), num(parts[1]), num(parts[2])
		case len(parts[2]) == 2:
			d, m, y = num(parts[0]), num(parts[1]), num(parts[2])
			if y < 0 {
				return 0, ""
			}
			switch {
			case thisYear > 0 && 2000+y <= thisYear:
				y += 2000
			case thisYear == 0 && y < 30:
				y += 2000
			default:
				y += 1900
			}
		default:
			return 0, ""
		}
		if !okYear(y) {
			return 0, ""
		}
		if m < 1 || m > 12 || d < 1 || d > 31 {
			return y, "" // the year is clear, the day is not
		}
		return y, fmt.Sprintf("%04d-%02d-%02d", y, m, d)
	}
	for _, part := range parts {
		if y := num(part); len(part) == 4 && okYear(y) {
			return y, ""
		}
	}
	return 0, ""
}

// parseK reads a development coefficient K: a whole number from 0 to 100.
func parseK(v string) (int, error) {
	if v == "" || v == "-" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v, ".0"))
	if err != nil || n < 0 || n > 100 {
		return 0, bad("%q is not a K coefficient: type a whole number such as 20", v)
	}
	return n, nil
}

// parseNationalID reads a national ID: letters and digits, at most 12.
func parseNationalID(v string) (string, error) {
	v = strings.TrimSuffix(v, ".0")
	if v == "" || strings.Trim(v, "0") == "" {
		return "", nil
	}
	if len(v) > 12 || strings.IndexFunc(v, func(r rune) bool {
		return (r < '0' || r > '9') && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z')
	}) >= 0 {
		return "", bad("%q is not a national ID: type letters and digits only, at most 12", v)
	}
	return strings.ToUpper(v), nil
}

func parseSex(v string) (string, error) {
	switch strings.ToLower(v) {
	case "":
		return "", nil
	case "m", "male", "man", "maschio", "uomo", "maschile":
		return "M", nil
	case "f", "w", "female", "woman", "femmina", "donna", "femminile":
		return "F", nil
	}
	return "", bad("%q is not a sex: type M or F", v)
}

// Columns are the headers WriteCSV writes, in order.
var Columns = []string{"name", "rating", "club", "federation", "fide_id", "birth_year", "sex", "title",
	"birth_date", "rapid_rating", "blitz_rating", "k", "national_id", "national_rating", "national_k", "category", "province"}

// quoteFormula puts an apostrophe before text a spreadsheet would take
// for a formula: text starting with =, +, -, @, a tab or a carriage
// return, after any apostrophes (OWASP, "CSV Injection"). Spreadsheets
// show the text without the apostrophe; ReadCSV removes it.
func quoteFormula(s string) string {
	if formulaLike(s) {
		return "'" + s
	}
	return s
}

// unquoteFormula undoes quoteFormula.
func unquoteFormula(s string) string {
	if strings.HasPrefix(s, "'") && formulaLike(s) {
		return s[1:]
	}
	return s
}

func formulaLike(s string) bool {
	s = strings.TrimLeft(s, "'")
	return s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0]))
}

// WriteCSV writes players as comma-separated text with a header row, in
// the form ReadCSV reads back. A name or club a spreadsheet would
// evaluate as a formula is written with an apostrophe in front.
func WriteCSV(w io.Writer, ps []arbiter.Player) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	for _, p := range ps {
		by := ""
		if p.BirthYear != 0 {
			by = strconv.Itoa(p.BirthYear)
		}
		num := func(n int) string {
			if n == 0 {
				return ""
			}
			return strconv.Itoa(n)
		}
		rec := []string{quoteFormula(p.Name), strconv.Itoa(p.Rating), quoteFormula(p.Club), p.Federation, p.FIDEID, by, p.Sex, string(p.Title),
			p.BirthDate, num(p.RapidRating), num(p.BlitzRating), num(p.K), p.NationalID, num(p.NationalRating), num(p.NationalK),
			string(p.Category), quoteFormula(p.Province)}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
