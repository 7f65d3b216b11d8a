package trf

import (
	"bytes"
	"os"
	"testing"
)

func TestQuickExample(t *testing.T) {
	b, _ := os.ReadFile("testdata/example.trf")
	f, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	w.LineEnd = "\n"
	if err := w.Write(f); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(b) {
		t.Errorf("got\n%s\nwant\n%s", out.String(), b)
	}
}
