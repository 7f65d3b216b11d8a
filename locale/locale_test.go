package locale

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// catalog reads the embedded catalogs of a language as message id to its
// forms: "" for a message without plural forms, else "one", "other", ...
// An id in two files of the language is an error.
func catalog(t *testing.T, names ...string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, name := range names {
		readCatalog(t, name, out)
	}
	return out
}

func readCatalog(t *testing.T, name string, out map[string]map[string]string) {
	t.Helper()
	data, ok := catalogText(name)
	if !ok {
		t.Fatalf("no catalog %s", name)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(data), &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for id, v := range raw {
		if _, dup := out[id]; dup {
			t.Errorf("%s: message %s is in another catalog of the language too", name, id)
		}
		switch v := v.(type) {
		case string:
			out[id] = map[string]string{"": v}
		case map[string]any:
			forms := map[string]string{}
			for k, s := range v {
				str, ok := s.(string)
				if !ok {
					t.Fatalf("%s: %s.%s is not text", name, id, k)
				}
				forms[k] = str
			}
			out[id] = forms
		default:
			t.Fatalf("%s: %s is neither text nor plural forms", name, id)
		}
	}
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders returns the sorted, distinct placeholders of a message.
func placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogs checks that every message is in both catalogs, with the
// plural forms each language needs and the same placeholders in every form
// and language, and that each one words to something other than its id.
func TestCatalogs(t *testing.T) {
	en, it := catalog(t, englishFiles...), catalog(t, italianFiles...)
	ids := slices.Sorted(maps.Keys(en))
	for id := range it {
		if _, ok := en[id]; !ok {
			t.Errorf("message %s is in it.json but not in en.json", id)
		}
	}
	locs := map[Lang]*Localizer{English: New(English), Italian: New(Italian)}
	for _, id := range ids {
		if _, ok := it[id]; !ok {
			t.Errorf("message %s is in en.json but not in it.json", id)
			continue
		}
		want := ""
		for lang, forms := range map[Lang]map[string]string{English: en[id], Italian: it[id]} {
			plural := len(forms) > 1 || forms[""] == ""
			if plural {
				for _, f := range []string{"one", "other"} {
					if _, ok := forms[f]; !ok {
						t.Errorf("%s %s: no plural form %q", lang, id, f)
					}
				}
			}
			for form, text := range forms {
				got := fmtList(placeholders(text))
				if want == "" {
					want = got
				}
				if got != want {
					t.Errorf("%s %s %s: placeholders %s, want %s as in the other texts", lang, id, form, got, want)
				}
			}
			var out string
			if plural {
				out = locs[lang].N(id, 2, "Label", "x", "Points", "2")
			} else {
				out = locs[lang].T(id, "Round", 3, "Board", 1, "Page", 1, "Pages", 2, "Date", "d", "Time", "t", "Status", "s")
			}
			if out == id || out == "" {
				t.Errorf("%s %s words to %q", lang, id, out)
			}
		}
	}
}

func fmtList(s []string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestWords(t *testing.T) {
	en, it := New(English), New(Italian)
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"en title", en.T("pairings.title", "Round", 3), "Round 3 pairings"},
		{"it title", it.T("pairings.title", "Round", 3), "Abbinamenti del 3° turno"},
		{"it signature", it.T("slips.whitesig"), "Firma del Bianco"},
		{"en one", en.N("absence.points", 1, "Label", "bye", "Points", "1"), "bye: 1 point"},
		{"en other", en.N("absence.points", 2, "Label", "bye", "Points", "2"), "bye: 2 points"},
		{"it one", it.N("absence.points", 1, "Label", "riposo", "Points", "1"), "riposo: 1 punto"},
		{"it other", it.N("absence.points", 0, "Label", "riposo", "Points", "0"), "riposo: 0 punti"},
		{"missing", it.T("no.such.message"), "no.such.message"},
		{"nil is English", (*Localizer)(nil).T("col.white"), "White"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestDates(t *testing.T) {
	d := time.Date(2026, time.May, 12, 21, 15, 0, 0, time.UTC)
	en, it := New(English), New(Italian)
	tests := []struct{ got, want string }{
		{en.Date(d), "12 May 2026"},
		{it.Date(d), "12 maggio 2026"},
		{en.Day(d), "Tuesday 12 May 2026"},
		{it.Day(d), "martedì 12 maggio 2026"},
		{it.Day(d.AddDate(0, 0, 5)), "domenica 17 maggio 2026"},
		{en.Clock(d), "21:15"},
		{it.Clock(d), "21.15"},
		{it.ISODate("2026-01-01"), "1 gennaio 2026"},
		{it.ISODate("2026-02-30"), "2026-02-30"},
		{it.ISODate("spring"), "spring"},
		{en.Decimal(24.25, 2), "24.25"},
		{it.Decimal(24.25, 2), "24,25"},
		{it.Decimal(-3, 1), "-3,0"},
		{en.Signed(5.6, 1), "+5.6"},
		{it.Signed(-26.4, 2), "-26,40"},
		{en.Signed(0, 1), "0.0"},
		{en.Signed(-0.04, 1), "0.0"},
		{it.Signed(0.04, 1), "0,0"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestFigure: one format per language for every table of figures, the
// one the sheets print: halves with ½, other columns with two decimals and
// the language's mark.
func TestFigure(t *testing.T) {
	en, it := New(English), New(Italian)
	tests := []struct {
		name   string
		l      *Localizer
		x      float64
		halves bool
		want   string
	}{
		{"whole", it, 27, true, "27"},
		{"half", it, 27.5, true, "27½"},
		{"half alone", en, 0.5, true, "½"},
		{"zero", en, 0, true, "0"},
		{"negative half", it, -1.5, true, "-1½"},
		{"negative half alone", it, -0.5, true, "-½"},
		{"same in English", en, 27.5, true, "27½"},
		{"column of decimals, Italian", it, 27.5, false, "27,50"},
		{"column of decimals, English", en, 27.5, false, "27.50"},
		{"decimal in a column said halves", it, 10.25, true, "10,25"},
		{"rounded to two", it, 10.333333, false, "10,33"},
	}
	for _, tt := range tests {
		if got := tt.l.Figure(tt.x, tt.halves); got != tt.want {
			t.Errorf("%s: Figure(%v, %v) in %s = %q, want %q", tt.name, tt.x, tt.halves, tt.l.Lang(), got, tt.want)
		}
	}
	for _, tt := range []struct {
		xs   []float64
		want bool
	}{
		{nil, true}, {[]float64{1, 2.5, 0}, true}, {[]float64{1, 2.25}, false}, {[]float64{1833.67}, false},
	} {
		if got := Halves(tt.xs); got != tt.want {
			t.Errorf("Halves(%v) = %v, want %v", tt.xs, got, tt.want)
		}
	}
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
		err  bool
	}{
		{"it", Italian, false},
		{"IT", Italian, false},
		{"it_IT.UTF-8", Italian, false},
		{"en-GB", English, false},
		{"", English, false},
		{"de", English, true},
		{"C.UTF-8", English, true},
	}
	for _, tt := range tests {
		got, err := ParseLang(tt.in)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseLang(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		want   Lang
		chosen bool // EnvLang's second result
	}{
		{"nothing", nil, English, false},
		{"LANG Italian", map[string]string{"LANG": "it_IT.UTF-8"}, Italian, true},
		{"LANG German", map[string]string{"LANG": "de_DE.UTF-8"}, English, true},
		{"LANG C", map[string]string{"LANG": "C.UTF-8"}, English, false},
		{"LC_ALL first", map[string]string{"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, English, false},
		{"ARBITER_LANG wins", map[string]string{"ARBITER_LANG": "it", "LANG": "en_US.UTF-8"}, Italian, true},
		{"ARBITER_LANG en", map[string]string{"ARBITER_LANG": "en", "LANG": "it_IT.UTF-8"}, English, true},
		{"ARBITER_LANG unknown", map[string]string{"ARBITER_LANG": "xx", "LANG": "it_IT.UTF-8"}, Italian, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string { return tt.env[k] }
			if got := FromEnv(getenv); got != tt.want {
				t.Errorf("FromEnv = %v, want %v", got, tt.want)
			}
			if got, chosen := EnvLang(getenv); got != tt.want || chosen != tt.chosen {
				t.Errorf("EnvLang = %v, %v; want %v, %v", got, chosen, tt.want, tt.chosen)
			}
		})
	}
}

// TestNewShared checks that the catalogs are parsed once per language:
// every New of a language returns the same Localizer, safe to share
// between goroutines, and Italian falls back to English for a message
// it lacks.
func TestNewShared(t *testing.T) {
	for _, l := range Langs() {
		if a, b := New(l), New(l); a != b {
			t.Errorf("New(%s) twice = %p, %p, want the same Localizer", l, a, b)
		}
	}
	if New("fr") != New(English) {
		t.Errorf("New(fr) is not the English Localizer")
	}
	en, it := New(English), New(Italian)
	if it.Lang() != Italian || en.Lang() != English {
		t.Fatalf("Lang = %s, %s, want it, en", it.Lang(), en.Lang())
	}
	done := make(chan string, 8)
	for range 8 {
		go func() { done <- it.T("pairings.title", "Round", 3) }()
	}
	want := it.T("pairings.title", "Round", 3)
	for range 8 {
		if got := <-done; got != want {
			t.Errorf("concurrent T = %q, want %q", got, want)
		}
	}
	if got := it.T("no.such.message"); got != "no.such.message" {
		t.Errorf("T of a missing id = %q, want the id", got)
	}
	// An id in English only is worded in English (the fallback).
	bare := build(Italian, "en.json")
	if got, want := bare.T("pairings.title", "Round", 3), en.T("pairings.title", "Round", 3); got != want {
		t.Errorf("Italian without it.json = %q, want the English %q", got, want)
	}
}

// BenchmarkParse measures what the first message worded in a process
// costs: both catalogs indexed, as for Italian, and the message parsed.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		build(Italian, "en.json", "it.json").T("pairings.title", "Round", 3)
	}
}

// BenchmarkNew measures New after the first: the shared Localizer.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		New(Italian)
	}
}

// BenchmarkT measures wording one message with a placeholder.
func BenchmarkT(b *testing.B) {
	l := New(Italian)
	b.ReportAllocs()
	for b.Loop() {
		l.T("pairings.title", "Round", 3)
	}
}

func TestOrdinal(t *testing.T) {
	en, it := New(English), New(Italian)
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := en.Ordinal(n); got != want {
			t.Errorf("English Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
	if got := it.Ordinal(3); got != "3°" {
		t.Errorf("Italian Ordinal(3) = %q, want 3°", got)
	}
}

// TestIndexedAsParsed checks that wording from the indexed catalogs, each
// message parsed when first asked for, gives what a bundle with the
// whole catalogs parsed up front gives: every message of both languages,
// in the singular and the plural, with every placeholder filled.
func TestIndexedAsParsed(t *testing.T) {
	for _, tt := range []struct {
		lang  Lang
		files []string
	}{
		{English, englishFiles},
		{Italian, append(append([]string{}, englishFiles...), italianFiles...)},
	} {
		t.Run(string(tt.lang), func(t *testing.T) {
			b := i18n.NewBundle(language.English)
			for _, name := range tt.files {
				data, ok := catalogText(name)
				if !ok {
					t.Fatalf("no catalog %s", name)
				}
				if _, err := b.ParseMessageFileBytes([]byte(data), name); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			whole := i18n.NewLocalizer(b, string(tt.lang))
			indexed := build(tt.lang, tt.files...)
			ids := catalog(t, englishFiles...)
			for _, id := range slices.Sorted(maps.Keys(ids)) {
				data := map[string]any{}
				var args, plural []any // plural leaves Count to N
				for _, form := range ids[id] {
					for _, p := range placeholders(form) {
						data[p] = "<" + p + ">"
						args = append(args, p, "<"+p+">")
						if p != "Count" {
							plural = append(plural, p, "<"+p+">")
						}
					}
				}
				if _, plural := ids[id]["other"]; !plural {
					want, err := whole.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, TemplateParser: fillParser{}})
					if err != nil {
						t.Fatalf("whole catalog: %s: %v", id, err)
					}
					if got := indexed.T(id, args...); got != want {
						t.Errorf("T(%s) = %q, want %q", id, got, want)
					}
					continue
				}
				for _, n := range []int{1, 2} {
					data["Count"] = n
					want, err := whole.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: n, TemplateParser: fillParser{}})
					if err != nil {
						t.Fatalf("whole catalog: %s: %v", id, err)
					}
					if got := indexed.N(id, n, plural...); got != want {
						t.Errorf("N(%s, %d) = %q, want %q", id, n, got, want)
					}
				}
			}
			if got := indexed.T("no.such.message"); got != "no.such.message" {
				t.Errorf("T of a missing id = %q, want the id", got)
			}
		})
	}
}

// TestIndexCatalog checks the splitting of a catalog into messages, and
// that a broken catalog is an error, not a panic.
func TestIndexCatalog(t *testing.T) {
	good := []byte(" {\n \"a\": \"x \\\"y\\\" {}\" ,\"b\\u0041\":{\"one\":\"}\",\"other\":\"{\"} }\n")
	m, err := indexCatalog(string(good))
	if err != nil {
		t.Fatalf("indexCatalog: %v", err)
	}
	want := map[string]string{"a": `"x \"y\" {}"`, "bA": `{"one":"}","other":"{"}`}
	if len(m) != len(want) {
		t.Errorf("indexCatalog = %d messages, want %d", len(m), len(want))
	}
	for id, w := range want {
		if got := string(m[id]); got != w {
			t.Errorf("indexCatalog[%s] = %s, want %s", id, got, w)
		}
	}
	for _, bad := range []string{``, `[]`, `{"a"}`, `{"a":1}`, `{"a":"x"`, `{"a":"x",}`, `{"a":{"one":"x"}`, `{"a":"x"} x`, `{"a":"x`} {
		if _, err := indexCatalog(bad); err == nil {
			t.Errorf("indexCatalog(%s) = nil error, want one", bad)
		}
	}
}
