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
	})
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
