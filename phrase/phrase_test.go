package phrase

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestJSONRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   Text
	}{
		{"zero", Text{}},
		{"plain", New("a.b")},
		{"args", New("a.b", "N", 3, "S", "x, y", "F", Num(2.5), "G", Num(-0.25))},
		{"nested", New("a", "Colour", New("colour.white"), "Inner", New("b", "N", 7))},
		{"joined", Join("; ", New("a", "N", 1), Join(": ", New("b"), New("c", "F", Num(0.5))))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var got Text
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatalf("Unmarshal(%s): %v", data, err)
			}
			if !reflect.DeepEqual(got, tt.in) {
				t.Errorf("Unmarshal(%s) = %#v, want %#v", data, got, tt.in)
			}
		})
	}
}

func TestJoin(t *testing.T) {
	a := New("a")
	if got := Join("; ", Text{}, a, Text{}); !reflect.DeepEqual(got, a) {
		t.Errorf("Join of one part = %#v, want the part", got)
	}
	if got := Join("; "); !got.IsZero() {
		t.Errorf("Join() = %#v, want zero", got)
	}
}

func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte(`{"id":"a","args":{"N":1,"F":0.5,"S":"x","T":{"id":"b"}}}`))
	f.Add([]byte(`{"sep":"; ","parts":[{"id":"a"},{"id":"b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var x Text
		if json.Unmarshal(data, &x) != nil {
			return
		}
		again, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("Marshal(%#v): %v", x, err)
		}
		var y Text
		if err := json.Unmarshal(again, &y); err != nil {
			t.Fatalf("Unmarshal(%s): %v", again, err)
		}
		if got := x.Stored(); got != string(again) {
			t.Errorf("Stored() = %s, json.Marshal = %s", got, again)
		}
	})
}

// TestStoredIsJSON checks that Stored writes what json.Marshal writes,
// byte for byte, for every byte value and the characters JSON escapes in
// strings, figures large, small and negative, nesting, and an argument
// of another type (written by json.Marshal itself).
func TestStoredIsJSON(t *testing.T) {
	var texts []Text
	for c := 0; c < 256; c++ {
		s := "a" + string([]byte{byte(c)}) + "b"
		texts = append(texts, New(s, "S", s), Text{Sep: s, Parts: []Text{New("x"), New("y")}})
	}
	for _, s := range []string{"<a href=\"x\">&amp;</a>", "line\u2028para\u2029", "Niccolò 🏆", "\xff\xfe", "tab\there", "\u007f\u0080\u009b", "\ufffd"} {
		texts = append(texts, New("s", "S", s, s, 1))
	}
	for _, f := range []float64{0, -0.0, 1, -2.5, 0.1, 1e-7, 1.5e-9, 123456789, 1e20, 1e21, 1.25e22, -3e-12, 0.000001} {
		texts = append(texts, New("n", "F", Num(f), "I", -42))
	}
	texts = append(texts,
		Join("; ", New("pair.note", "Bracket", New("pair.bracket", "Points", Num(1.5)), "Text", New("x", "N", 3))),
		New("odd", "Big", int64(7), "Flag", true),
		New("deep", "T", New("mid", "T", New("low", "L", []int{1}))),
		Text{})
	for _, x := range texts {
		want, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		if got := x.Stored(); got != string(want) {
			t.Errorf("Stored() = %s, want %s", got, want)
		}
	}
}

// BenchmarkStored measures storing the explanation of one board.
func BenchmarkStored(b *testing.B) {
	x := New("pair.note", "Bracket", New("pair.bracket", "Points", Num(1.5), "Players", 24),
		"Text", Join("; ", New("pair.s1s2", "Player", 12, "S1", 3, "Opponent", 40, "S2", 3), New("pair.skipped", "List", Join("; ", New("pair.skip.c1", "Player", 33)))))
	b.ReportAllocs()
	for b.Loop() {
		_ = x.Stored()
	}
}

func TestStoredParse(t *testing.T) {
	in := Join("; ", New("pair.note", "Bracket", New("pair.bracket", "Points", Num(1.5)), "Text", New("x", "N", 3)))
	got, ok := Parse(in.Stored())
	if !ok || !reflect.DeepEqual(got, in) {
		t.Errorf("Parse(%s) = %#v, %v; want %#v", in.Stored(), got, ok, in)
	}
	for _, s := range []string{"", "Bracket 1 points: 4 meets 2.", "{not json", "{}"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) reports a phrase", s)
		}
	}
}
