package reports

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestFastZip: the files written to fastZip's writer read back from the
// zip whole, in the order they were created, compressed.
func TestFastZip(t *testing.T) {
	want := map[string]string{}
	var names []string
	var b bytes.Buffer
	zw := fastZip(&b)
	for i := range 23 {
		name := fmt.Sprintf("xl/worksheets/sheet%d.xml", (i*7)%23)
		body := strings.Repeat(fmt.Sprintf("<row r=\"%d\"><c>Dvořák ½</c></row>", i), i*i*10)
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		// In two writes, as a stream is copied.
		io.WriteString(w, body[:len(body)/2])
		io.WriteString(w, body[len(body)/2:])
		want[name] = body
		names = append(names, name)
	}
	if err := zw.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatalf("the zip does not read back: %v", err)
	}
	if len(zr.File) != len(names) {
		t.Fatalf("the zip has %d files, want %d", len(zr.File), len(names))
	}
	for i, f := range zr.File {
		if f.Name != names[i] {
			t.Errorf("file %d is %s, want %s", i, f.Name, names[i])
		}
		if f.Method != zip.Deflate {
			t.Errorf("%s is stored with method %d, want deflate", f.Name, f.Method)
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r) // checks the CRC-32 too
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if string(got) != want[f.Name] {
			t.Errorf("%s reads back %d bytes, want %d", f.Name, len(got), len(want[f.Name]))
		}
	}
}
