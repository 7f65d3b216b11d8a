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
	"path/filepath"
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
}

// Read reads a CSV or XLSX file, chosen by the extension of name. enc
// is the encoding of a CSV file, or text.Auto to let text.Decode choose.
func Read(name string, r io.Reader, enc text.Encoding) (*File, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv", ".txt", ".tsv":
		return ReadCSVEncoding(r, enc)
	case ".xlsx", ".xlsm":
		return ReadXLSX(r)
	}
	return nil, fmt.Errorf("roster: %s: unknown kind of file: give a .csv or .xlsx file", name)
}

// ReadCSV reads players from CSV text in an encoding text.Decode
// recognises (UTF-8 with or without byte order mark, UTF-16 with one,
// else Windows-1252). The separator (comma, semicolon or tab) is the one
// the header row uses most.
func ReadCSV(r io.Reader) (*File, error) { return ReadCSVEncoding(r, text.Auto) }

// ReadCSVEncoding is ReadCSV with the encoding forced, unless enc is
// text.Auto.
func ReadCSVEncoding(r io.Reader, enc text.Encoding) (*File, error) {
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
	f, err := parse(lines, nums)
	if f != nil {
		f.Encoding = enc
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
func ReadXLSX(r io.Reader) (*File, error) {
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
	return parse(rows, nums)
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
)

// headers maps folded header words (spaces removed) to fields. "nome" is
// the whole name, unless a "cognome" column is there too.
var headers = map[string]field{
	"name": fName, "player": fName, "fullname": fName, "playername": fName, "nome": fName, "giocatore": fName, "nominativo": fName,
	"surname": fLast, "lastname": fLast, "familyname": fLast, "cognome": fLast,
	"firstname": fFirst, "givenname": fFirst, "forename": fFirst,
	"rating": fRating, "elo": fRating, "rtg": fRating, "fiderating": fRating, "elofide": fRating, "elorating": fRating,
	"club": fClub, "circolo": fClub, "societa": fClub, "team": fClub,
	"federation": fFederation, "fed": fFederation, "country": fFederation, "federazione": fFederation, "nation": fFederation,
	"fideid": fFIDEID, "idfide": fFIDEID, "fidenumber": fFIDEID, "fide": fFIDEID,
	"birthyear": fBirth, "born": fBirth, "yearofbirth": fBirth, "yob": fBirth, "birth": fBirth, "birthdate": fBirth,
	"dateofbirth": fBirth, "datadinascita": fBirth, "datanascita": fBirth, "nascita": fBirth, "natail": fBirth, "annodinascita": fBirth, "annonascita": fBirth, "anno": fBirth, "natoil": fBirth,
	"sex": fSex, "gender": fSex, "sesso": fSex,
	"title": fTitle, "titolo": fTitle,
}

func headerKey(h string) string {
	return strings.ReplaceAll(arbiter.FoldName(h), " ", "")
}

// parse maps the header row and reads every other non-empty row.
func parse(rows [][]string, nums []int) (*File, error) {
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
	head := rows[hi]
	cols := make([]field, len(head))
	where := map[field]int{}
	for i, h := range head {
		k := fNone
		if v, ok := headers[headerKey(h)]; ok {
			k = v
		}
		if k == fNone || where[k] != 0 {
			if strings.TrimSpace(h) != "" {
				f.Ignored = append(f.Ignored, strings.TrimSpace(h))
			}
			continue
		}
		cols[i] = k
		where[k] = i + 1
	}
	// Italian lists write "Cognome" and "Nome": then nome is the first name.
	if where[fLast] != 0 && where[fName] != 0 && where[fFirst] == 0 {
		cols[where[fName]-1] = fFirst
		where[fFirst], where[fName] = where[fName], 0
	}
	if where[fName] == 0 && where[fLast] == 0 {
		return nil, &ParseError{Line: nums[hi], Err: fmt.Errorf("%w: the header row needs a column called name (or surname and first name)", ErrNoName)}
	}
	for i := hi + 1; i < len(rows); i++ {
		if blank(rows[i]) {
			continue
		}
		if len(f.Rows) == MaxRows {
			return nil, &ParseError{Line: nums[i], Err: fmt.Errorf("%w: more than %d players in one file; split it", ErrTooLarge, MaxRows)}
		}
		p, col, err := readRow(rows[i], cols)
		if err != nil {
			pe := &ParseError{Line: nums[i], Err: err}
			if col >= 0 && col < len(head) {
				pe.Column = strings.TrimSpace(head[col])
			}
			return nil, pe
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
		case fLast:
			last = v
		case fFirst:
			first = v
		case fRating:
			p.Rating, err = parseRating(v)
		case fClub:
			p.Club = v
		case fFederation:
			p.Federation, err = parseFederation(v)
		case fFIDEID:
			p.FIDEID, err = parseFIDEID(v)
		case fBirth:
			p.BirthYear, err = parseBirth(v)
		case fSex:
			p.Sex, err = parseSex(v)
		case fTitle:
			var t arbiter.Title
			t, err = arbiter.ParseTitle(v)
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

// parseBirth takes a year, or the year out of a date such as 1990-05-12
// or 12/05/1990.
func parseBirth(v string) (int, error) {
	if v == "" || v == "0" {
		return 0, nil
	}
	v = strings.TrimSuffix(v, ".0")
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '/' || r == '.' || r == ' ' }) {
		if len(part) == 4 {
			if y, err := strconv.Atoi(part); err == nil && y >= 1880 && y <= 2200 {
				return y, nil
			}
		}
	}
	return 0, bad("%q is not a birth year: type a year such as 1987", v)
}

func parseSex(v string) (string, error) {
	switch strings.ToLower(v) {
	case "":
		return "", nil
	case "m", "male", "man", "maschio", "uomo":
		return "M", nil
	case "f", "w", "female", "woman", "femmina", "donna":
		return "F", nil
	}
	return "", bad("%q is not a sex: type M or F", v)
}

// Columns are the headers WriteCSV writes, in order.
var Columns = []string{"name", "rating", "club", "federation", "fide_id", "birth_year", "sex", "title"}

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
		rec := []string{quoteFormula(p.Name), strconv.Itoa(p.Rating), quoteFormula(p.Club), p.Federation, p.FIDEID, by, p.Sex, string(p.Title)}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
