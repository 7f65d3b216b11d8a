package text

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func utf16le(s string, bom bool) []byte {
	var b []byte
	if bom {
		b = append(b, 0xFF, 0xFE)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func utf16be(s string) []byte {
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return b
}

func TestDecode(t *testing.T) {
	const want = "Niccolò;Zoë €"
	tests := []struct {
		name    string
		data    []byte
		force   Encoding
		wantEnc Encoding
	}{
		{"utf-8", []byte(want), Auto, UTF8},
		{"utf-8 bom", append([]byte("\xEF\xBB\xBF"), want...), Auto, UTF8},
		{"windows-1252", []byte("Niccol\xf2;Zo\xeb \x80"), Auto, Windows1252},
		{"utf-16le bom", utf16le(want, true), Auto, UTF16},
		{"utf-16be bom", utf16be(want), Auto, UTF16},
		{"forced windows-1252", []byte("Niccol\xf2;Zo\xeb \x80"), Windows1252, Windows1252},
		{"forced utf-16 without bom", utf16le(want, false), UTF16, UTF16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, enc, err := Decode(tt.data, tt.force)
			if err != nil || got != want || enc != tt.wantEnc {
				t.Errorf("Decode = %q, %v, %v, want %q, %v", got, enc, err, want, tt.wantEnc)
			}
		})
	}
	if _, _, err := Decode([]byte("ok\xf2"), UTF8); err == nil || !strings.Contains(err.Error(), "byte 3") {
		t.Errorf("forced UTF-8 of bad bytes: err = %v, want one naming byte 3", err)
	}
	// Forced Windows-1252 reads UTF-8 bytes as two characters each: the
	// user asked for it.
	if got, _, _ := Decode([]byte("ò"), Windows1252); got != "Ã²" {
		t.Errorf("forced Windows-1252 of UTF-8 ò = %q, want %q", got, "Ã²")
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string // "" for accepted; else a part of the message
	}{
		{"plain", "Niccolò Ferrè", MaxName, ""},
		{"emoji", "Emoji 🏆", MaxName, ""},
		{"math letter", "𝕷ong, Anna", MaxName, ""},
		{"vietnamese", "Nguyễn Văn", MaxName, ""},
		{"nul", "A\x00B", MaxName, "character 2 is NUL (U+0000), a control character"},
		{"esc", "Evil\x1b]0;pwned\x07 Name", MaxName, "character 5 is ESC (U+001B)"},
		{"tab", "A\tB", MaxName, "character 2 is TAB"},
		{"del", "AB\x7f", MaxName, "character 3 is DEL (U+007F)"},
		{"c1", "A\u009bB", MaxName, "character 2 is CSI (U+009B), a control character"},
		{"bidi", "A\u202eB", MaxName, "character 2 is U+202E, a bidirectional formatting character"},
		{"isolate", "\u2066A", MaxName, "character 1 is U+2066"},
		{"line separator", "A\u2028", MaxName, "character 2 is U+2028, a control character"},
		{"bad utf-8", "Niccol\xf2", MaxName, "character 7 is the byte 0xF2, which is not UTF-8"},
		{"incomplete utf-8", "Club night\xc3", MaxName, "character 11 is the byte 0xC3"},
		{"long", strings.Repeat("é", 101), MaxName, "is 101 characters long: at most 100"},
		{"longest", strings.Repeat("é", 100), MaxName, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check("name", tt.in, tt.max)
			if tt.want == "" {
				if err != nil {
					t.Errorf("Check(%q) = %v, want nil", tt.in, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrNotText) || !strings.HasPrefix(err.Error(), "name") {
				t.Errorf("Check(%q) = %v, want an error containing %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Niccolò", "Niccolò"},
		{"Niccol\xf2", "Niccolò"},
		{"Ferr\xe8, Zo\xeb", "Ferrè, Zoë"},
		{"Evil\x1b]0;pwned\x07 Name", "Evil ]0;pwned Name"},
		{"A\u202eB\u0000", "A B"},
		{"Club\xc3", "ClubÃ"},
	}
	for _, tt := range tests {
		got := Clean(tt.in)
		if got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if err := Check("name", got, 0); err != nil {
			t.Errorf("Check(Clean(%q)) = %v, want nil", tt.in, err)
		}
	}
}

func TestVisible(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Niccolò 🏆", "Niccolò 🏆"},
		{"A\x1b]0;owned\x07\x1b[2J", `A\u001b]0;owned\u0007\u001b[2J`},
		{"A\u009bB\u202eC\x7f", `A\u009bB\u202eC\u007f`},
		{"Club\xc3", `Club\xc3`},
		{"a\r\nb\tc", `a\u000d\u000ab\u0009c`},
	}
	for _, tt := range tests {
		if got := Visible(tt.in); got != tt.want {
			t.Errorf("Visible(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWriter(t *testing.T) {
	in := "Zoë\r\nA\x1b[2J\tB\rC\u202e\n"
	want := "Zoë\r\nA\\u001b[2J\tB\\u000dC\\u202e\n"
	// Every split of the input into two writes gives the same output.
	for cut := 0; cut <= len(in); cut++ {
		var b bytes.Buffer
		w := NewWriter(&b)
		w.Write([]byte(in[:cut]))
		w.Write([]byte(in[cut:]))
		w.Flush()
		if b.String() != want {
			t.Errorf("split at %d: wrote %q, want %q", cut, b.String(), want)
		}
	}
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Write([]byte("end\xc3"))
	w.Flush()
	if b.String() != `end\xc3` {
		t.Errorf("incomplete end: wrote %q, want %q", b.String(), `end\xc3`)
	}
}

func TestEscapeJSON(t *testing.T) {
	v := map[string]string{"name": "A\u009bB\u202eC\x7fD\x1bé"}
	js, _ := json.Marshal(v)
	got := EscapeJSON(js)
	for _, r := range string(got) {
		if Class(r) != "" {
			t.Errorf("EscapeJSON left %U in %s", r, got)
		}
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["name"] != v["name"] {
		t.Errorf("EscapeJSON changed the value: %q, %v", back["name"], err)
	}
	if !utf8.Valid(got) {
		t.Errorf("EscapeJSON gave invalid UTF-8")
	}
}

// visibleSpec is visible written rune by rune, as the rule reads: the
// byte-wise fast path must agree with it on every input.
func visibleSpec(s string, keepLines bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLines && (r == '\n' || r == '\t' || r == '\r' && strings.HasPrefix(s[i+n:], "\n")):
			b.WriteRune(r)
		case Class(r) == "":
			b.WriteString(s[i : i+n])
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// TestVisibleFastPath compares visible, and the Writer fed in pieces,
// with visibleSpec on every byte value alone and within text, and on
// text whose only faults come late.
func TestVisibleFastPath(t *testing.T) {
	var ins []string
	for c := 0; c < 256; c++ {
		ins = append(ins, string([]byte{byte(c)}), "ab"+string([]byte{byte(c)})+"cd\r\n")
	}
	ins = append(ins, "", "plain text\n", "Niccolò Zoë 🏆\r\n\tend", "\r", "a\rb", "\r\n\r\n",
		strings.Repeat("board 1 1-0\n", 100)+"\x1b[2J", "é\xc3", "\u202e\u2028\u0085\ufeff", "\xf0\x9f\x8f")
	for _, in := range ins {
		for _, keep := range []bool{false, true} {
			if got, want := visible(in, keep), visibleSpec(in, keep); got != want {
				t.Errorf("visible(%q, %v) = %q, want %q", in, keep, got, want)
			}
		}
		want := visibleSpec(in, true)
		if strings.HasSuffix(in, "\r") || !utf8.ValidString(in) {
			// A final CR or an unfinished sequence is held back and
			// flushed without keeping lines.
			continue
		}
		for _, size := range []int{1, 3, 7, len(in) + 1} {
			var b bytes.Buffer
			w := NewWriter(&b)
			for i := 0; i < len(in); i += size {
				w.Write([]byte(in[i:min(i+size, len(in))]))
			}
			w.Flush()
			if b.String() != want {
				t.Errorf("Writer, writes of %d bytes, of %q = %q, want %q", size, in, b.String(), want)
			}
		}
	}
}

// TestEscapeJSONPlain checks that EscapeJSON returns plain JSON as it is,
// the same slice, and escapes every other byte value.
func TestEscapeJSONPlain(t *testing.T) {
	plain := []byte("{\"name\": \"Niccolò 🏆\"}\n")
	if got := EscapeJSON(plain); &got[0] != &plain[0] {
		t.Errorf("EscapeJSON copied plain JSON")
	}
	for c := 0; c < 0x80; c++ {
		in := []byte{'"', byte(c), '"'}
		got := EscapeJSON(in)
		changed := !bytes.Equal(got, in)
		if want := Class(rune(c)) != "" && c != '\n'; changed != want {
			t.Errorf("EscapeJSON(%q) = %q: changed %v, want %v", in, got, changed, want)
		}
	}
}

// BenchmarkWriter measures the terminal filter on a game check report:
// plain ASCII lines with a few accented names.
func BenchmarkWriter(b *testing.B) {
	line := []byte("Game 12: Niccolò Rossi - Zoë Bianchi 1-0: every move legal; result: consistent\n")
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	w := NewWriter(io.Discard)
	for b.Loop() {
		w.Write(line)
	}
}
