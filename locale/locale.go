package locale

import (
	_ "embed" // the catalogs
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Lang is a language arbiter prints in. Its value is the ISO 639-1 code
// stored in the tournament's settings.
type Lang string

// The languages of the catalogs.
const (
	English Lang = "en"
	Italian Lang = "it"
)

// Langs lists the languages with a catalog, English first.
func Langs() []Lang { return []Lang{English, Italian} }

// String returns the language's code, "en" or "it".
func (l Lang) String() string { return string(l) }

// ParseLang reads a language given by an organizer: "en" or "it", in any
// case, also as a locale name such as "it_IT.UTF-8" or "en-GB". The empty
// string is English. It returns an error naming s for anything else.
func ParseLang(s string) (Lang, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return English, nil
	}
	if i := strings.IndexAny(t, "_-.@"); i >= 0 {
		t = t[:i]
	}
	switch t {
	case "en", "english", "inglese":
		return English, nil
	case "it", "italian", "italiano":
		return Italian, nil
	}
	return English, fmt.Errorf("unknown language %q: type it or en", s)
}

// FromEnv returns the language of the organizer's terminal: ARBITER_LANG
// when it names a language, else the POSIX locale (LC_ALL, LC_MESSAGES,
// LANG, the first one set) when it is Italian, else English. getenv is
// os.Getenv or a stand-in.
func FromEnv(getenv func(string) string) Lang {
	l, _ := EnvLang(getenv)
	return l
}

// EnvLang is FromEnv that also reports whether the environment chose the
// language: false when ARBITER_LANG names none and no locale variable is
// set, or only to C or POSIX, which choose nothing (English is then the
// default, and a front end may prefer a language of its own, such as the
// tournament's).
func EnvLang(getenv func(string) string) (Lang, bool) {
	if v := getenv("ARBITER_LANG"); v != "" {
		if l, err := ParseLang(v); err == nil {
			return l, true
		}
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(k)
		if v == "" {
			continue
		}
		if l, err := ParseLang(v); err == nil {
			return l, true
		}
		switch base, _, _ := strings.Cut(v, "."); base {
		case "C", "POSIX":
			return English, false
		}
		return English, true
	}
	return English, false
}

// The catalogs, embedded as strings: indexing one takes substrings of
// it, and nothing is copied.
var (
	//go:embed en.json
	enJSON string
	//go:embed help.en.json
	helpEnJSON string
	//go:embed it.json
	itJSON string
	//go:embed help.it.json
	helpItJSON string
)

// catalogText returns the catalog file name; ok is false for no such
// file.
func catalogText(name string) (text string, ok bool) {
	switch name {
	case "en.json":
		return enJSON, true
	case "help.en.json":
		return helpEnJSON, true
	case "it.json":
		return itJSON, true
	case "help.it.json":
		return helpItJSON, true
	}
	return "", false
}

// The catalogs of each language: the messages, and the help of the
// commands (help.en.json is written from the command tree, see
// cmd/arbiter/help.go). Each message id is in one file of a language.
var (
	englishFiles = []string{"en.json", "help.en.json"}
	italianFiles = []string{"it.json", "help.it.json"}
)

// Localizer words messages in one language. Build it with New; the zero
// value and nil print English. A Localizer is safe for concurrent use.
type Localizer struct {
	lang Lang
	loc  *i18n.Localizer
	// plain keeps each message asked for without arguments, as worded
	// the first time: the same words every time, and a command that
	// words many games or boards asks for the same labels over and over.
	plain sync.Map // id -> string

	// The catalogs are indexed, not parsed: a command words a few dozen
	// of their two thousand messages, so each message is parsed into the
	// bundle the first time it is asked for, found through the index go
	// generate made of its catalog (or, for a catalog changed since, one
	// made the first time a message is looked for in it). mu guards the
	// bundle and the indexes: a reader holds it shared, a message being
	// added holds it alone.
	mu     sync.RWMutex
	bundle *i18n.Bundle
	files  []*catalogFile
	added  map[string]bool // ids looked up in files, guarded by mu
}

// catalogFile is one catalog: its language, its text, the index go
// generate made of it if it was made of this text, and, once read whole,
// each message id's JSON value, unparsed.
type catalogFile struct {
	name  string
	tag   language.Tag
	text  string
	fixed catalogIndex      // the index made by go generate (index.go)
	ok    bool              // whether fixed is the index of text
	raw   map[string]string // nil until indexed
}

// value returns the JSON value of message id, unparsed, found through
// the index made by go generate, or, for a catalog changed since, by
// reading the catalog whole.
func (f *catalogFile) value(id string) (string, bool) {
	if f.ok {
		return f.fixed.find(f.text, id)
	}
	f.index()
	raw, found := f.raw[id]
	return raw, found
}

// index indexes f, the first time it is called.
func (f *catalogFile) index() {
	if f.raw != nil {
		return
	}
	raw, err := indexCatalog(f.text)
	if err != nil {
		// The catalogs are part of the binary and TestCatalogs
		// parses them: this is a broken build, not bad input.
		panic(fmt.Sprintf("locale: catalog %s: %v", f.name, err))
	}
	f.raw = raw
}

// The catalogs are indexed once per process, on first use, and only those
// a language needs: English alone, or English under Italian (a message
// missing in Italian falls back to English). This is the package's only
// process-wide value, a sync.OnceValue cache of data read from the binary:
// only the messages asked for are added to it, each parsed once, and
// every Localizer of a language shares it, so building one more Localizer
// costs nothing.
var (
	englishWords = sync.OnceValue(func() *Localizer { return build(English, englishFiles...) })
	italianWords = sync.OnceValue(func() *Localizer { return build(Italian, append(englishFiles, italianFiles...)...) })
)

// build indexes the named catalogs and returns a Localizer for l on a
// bundle that holds the languages of the catalogs, in their order, and
// none of their messages yet.
func build(l Lang, names ...string) *Localizer {
	b := i18n.NewBundle(language.English)
	loc := &Localizer{lang: l, bundle: b, added: make(map[string]bool)}
	for _, name := range names {
		text, ok := catalogText(name)
		if !ok {
			panic(fmt.Sprintf("locale: no catalog %s", name))
		}
		tag := language.Make(catalogLang(name))
		// Registering the language now, without messages, keeps the
		// order in which the bundle matches languages the catalogs'.
		if err := b.AddMessages(tag); err != nil {
			panic(fmt.Sprintf("locale: catalog %s: %v", name, err))
		}
		fixed, ok := openIndex(indexData(name), text)
		loc.files = append(loc.files, &catalogFile{name: name, tag: tag, text: text, fixed: fixed, ok: ok})
	}
	loc.loc = i18n.NewLocalizer(b, string(l))
	return loc
}

// catalogLang returns the language code of a catalog's file name: "it"
// for it.json and help.it.json.
func catalogLang(name string) string {
	name = strings.TrimSuffix(name, ".json")
	return name[strings.LastIndexByte(name, '.')+1:]
}

// lookUp adds message id, in each language that has it, to the bundle,
// the first time it is asked for. A message id is in one catalog of a
// language (TestCatalogs), so the catalogs of a language after the one
// that has it are not looked in.
func (l *Localizer) lookUp(id string) {
	l.mu.RLock()
	done := l.added[id]
	l.mu.RUnlock()
	if done {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.added[id] {
		return
	}
	var found []language.Tag
	for _, f := range l.files {
		if slices.Contains(found, f.tag) {
			continue
		}
		raw, ok := f.value(id)
		if !ok {
			continue
		}
		found = append(found, f.tag)
		m, err := parseMessage(id, raw)
		if err == nil {
			err = l.bundle.AddMessages(f.tag, m)
		}
		if err != nil {
			panic(fmt.Sprintf("locale: catalog %s: message %s: %v", f.name, id, err))
		}
	}
	l.added[id] = true
}

// parseMessage parses the JSON value of message id: a string, or an
// object of plural forms.
func parseMessage(id string, raw string) (*i18n.Message, error) {
	var v any
	if s, ok := plainString(raw); ok {
		v = s
	} else if err := json.Unmarshal([]byte(raw), &v); err != nil {
		return nil, err
	}
	m, err := i18n.NewMessage(v)
	if err != nil {
		return nil, err
	}
	if m.ID == "" {
		m.ID = id
	}
	return m, nil
}

// plainString returns the JSON string raw without its quotes when it
// has no escape, which is all it needs.
func plainString(raw string) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	inner := raw[1 : len(raw)-1]
	for i := 0; i < len(inner); i++ {
		if c := inner[i]; c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	return inner, true
}

// indexCatalog splits a catalog, a JSON object of message ids, into each
// id's value, unparsed; the values are checked when parsed.
func indexCatalog(data string) (map[string]string, error) {
	m := make(map[string]string, 2048)
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, fmt.Errorf("not a JSON object")
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return m, nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, fmt.Errorf("offset %d: want a message id", i)
		}
		end, err := stringEnd(data, i)
		if err != nil {
			return nil, err
		}
		id, ok := plainString(data[i:end])
		if !ok {
			if err := json.Unmarshal([]byte(data[i:end]), &id); err != nil {
				return nil, fmt.Errorf("offset %d: %w", i, err)
			}
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, fmt.Errorf("offset %d: want a colon after %q", i, id)
		}
		i = skipSpace(data, i+1)
		start := i
		switch {
		case i < len(data) && data[i] == '"':
			i, err = stringEnd(data, i)
		case i < len(data) && data[i] == '{':
			i, err = objectEnd(data, i)
		default:
			err = fmt.Errorf("offset %d: message %q is neither a string nor an object", i, id)
		}
		if err != nil {
			return nil, err
		}
		m[id] = data[start:i]
		i = skipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
			continue
		}
		if i < len(data) && data[i] == '}' {
			if skipSpace(data, i+1) != len(data) {
				return nil, fmt.Errorf("offset %d: text after the object", i+1)
			}
			return m, nil
		}
		return nil, fmt.Errorf("offset %d: want a comma or the end of the object", i)
	}
}

func skipSpace(data string, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the offset just past the JSON string at data[i].
func stringEnd(data string, i int) (int, error) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("offset %d: unterminated string", i)
}

// objectEnd returns the offset just past the JSON object at data[i].
func objectEnd(data string, i int) (int, error) {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			end, err := stringEnd(data, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("offset %d: unterminated object", i)
}

// New returns the Localizer for l; an unknown l gives English. Every call
// for a language returns the same Localizer: the catalogs are parsed on
// the first.
func New(l Lang) *Localizer {
	if l == Italian {
		return italianWords()
	}
	return englishWords()
}

// Lang returns the language of l.
func (l *Localizer) Lang() Lang {
	if l == nil || l.loc == nil {
		return English
	}
	return l.lang
}

func (l *Localizer) ready() *Localizer {
	if l == nil || l.loc == nil {
		return New(English)
	}
	return l
}

// T returns message id with its placeholders filled from args, given as
// pairs of name and value: T("round.title", "Round", 3). A message that is
// missing prints as its id, so that a gap shows instead of vanishing.
func (l *Localizer) T(id string, args ...any) string {
	l = l.ready()
	if len(args) == 0 {
		if s, ok := l.plain.Load(id); ok {
			return s.(string)
		}
		s := l.localize(id, nil, nil)
		l.plain.Store(id, s)
		return s
	}
	return l.localize(id, nil, args)
}

// N is T for a message whose wording depends on the count n, which it
// also passes as the placeholder Count: N("boards", 3) is "3 boards".
func (l *Localizer) N(id string, n int, args ...any) string {
	return l.ready().localize(id, n, append([]any{"Count", n}, args...))
}

func (l *Localizer) localize(id string, count any, args []any) string {
	data := make(map[string]any, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		k, ok := args[i].(string) // the placeholder's name, as a rule
		if !ok {
			k = fmt.Sprint(args[i])
		}
		data[k] = args[i+1]
	}
	l.lookUp(id)
	l.mu.RLock()
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count, TemplateParser: fillParser{}})
	l.mu.RUnlock()
	if err != nil {
		return id
	}
	return s
}

// months and weekdays of the Italian calendar, as written in running text:
// lower case.
var (
	itMonths   = [...]string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"}
	itWeekdays = [...]string{"domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"}
)

// Date writes d as people write it: "12 May 2026", "12 maggio 2026".
func (l *Localizer) Date(d time.Time) string {
	if l.Lang() == Italian {
		return fmt.Sprintf("%d %s %d", d.Day(), itMonths[d.Month()-1], d.Year())
	}
	return d.Format("2 January 2006")
}

// Day writes d with its weekday: "Tuesday 12 May 2026", "martedì 12
// maggio 2026".
func (l *Localizer) Day(d time.Time) string {
	if l.Lang() == Italian {
		return itWeekdays[d.Weekday()] + " " + l.Date(d)
	}
	return d.Format("Monday ") + l.Date(d)
}

// Clock writes the time of day of d: "21:15", "21.15" (the Italian
// usage, as in "alle 21.15").
func (l *Localizer) Clock(d time.Time) string {
	if l.Lang() == Italian {
		return d.Format("15.04")
	}
	return d.Format("15:04")
}

// ISODate writes a YYYY-MM-DD date as Date does; other text, and dates
// that do not exist, are kept as they are.
func (l *Localizer) ISODate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return l.Date(d)
}

// Decimal writes x with prec decimals and the language's decimal mark:
// "24.25", "24,25".
func (l *Localizer) Decimal(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if l.Lang() == Italian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Signed writes x as Decimal does with a sign in front of a gain,
// "+5.6", "-12,0", and none on zero, "0.0": a rating change.
func (l *Localizer) Signed(x float64, prec int) string {
	s := l.Decimal(x, prec)
	switch {
	case strings.Trim(s, "-0.,") == "":
		return strings.TrimPrefix(s, "-") // -0.0 prints as 0.0
	case x > 0:
		return "+" + s
	}
	return s
}

// Ordinal writes the place n as the language does: "1st", "2nd",
// "3rd", "11th", "22nd"; "1°", "2°" in Italian.
func (l *Localizer) Ordinal(n int) string {
	if l.Lang() == Italian {
		return strconv.Itoa(n) + "°"
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Figure writes a number of points or a tie-break value as every table
// of arbiter prints it, on the pages, in the terminal and on the sheets
// alike: in a column whose values are all whole or half numbers (halves,
// see Halves), with the ½ sign as points are written ("12", "12½", "½");
// otherwise with two decimals and the language's decimal mark, so that
// the column lines up ("12.50", "10,33"). Running text uses Decimal.
func (l *Localizer) Figure(x float64, halves bool) string {
	if halves && isHalf(x) {
		n := int64(math.Round(x * 2))
		sign := ""
		if n < 0 {
			sign, n = "-", -n
		}
		switch {
		case n%2 == 0:
			return sign + strconv.FormatInt(n/2, 10)
		case n == 1:
			return sign + "½"
		}
		return sign + strconv.FormatInt(n/2, 10) + "½"
	}
	return l.Decimal(x, 2)
}

// Halves reports whether every value of a column is a whole or half
// number, to be written with the ½ sign (Figure).
func Halves(xs []float64) bool {
	for _, x := range xs {
		if !isHalf(x) {
			return false
		}
	}
	return true
}

// joinParts words each part of t, a text joined of parts, with word and
// joins them with t's separator.
func joinParts(t phrase.Text, word func(phrase.Text) string) string {
	parts := make([]string, len(t.Parts))
	for i, p := range t.Parts {
		parts[i] = word(p)
	}
	return strings.Join(parts, t.Sep)
}

func isHalf(x float64) bool { return x*2 == math.Round(x*2) }

// Word writes a phrase of the pure packages in l's language: its
// arguments worded first (figures with the decimal mark, phrases inside
// it in turn), the argument Count choosing the plural form.
func (l *Localizer) Word(t phrase.Text) string {
	if t.ID == "" {
		return joinParts(t, l.Word)
	}
	args := make([]any, 0, 2*len(t.Args))
	var count any
	for k, v := range t.Args {
		switch v := v.(type) {
		case phrase.Num:
			args = append(args, k, l.Decimal(float64(v), -1))
		case phrase.Text:
			args = append(args, k, l.Word(v))
		default:
			args = append(args, k, v)
		}
		if k == "Count" {
			count = v
		}
	}
	return l.ready().localize(t.ID, count, args)
}

// Stored words a text the database keeps: a phrase (phrase.Text.Stored)
// in l's language, anything else, such as a note stored in English by an
// earlier version, as it is.
func (l *Localizer) Stored(s string) string {
	if t, ok := phrase.Parse(s); ok {
		return l.Word(t)
	}
	return s
}
