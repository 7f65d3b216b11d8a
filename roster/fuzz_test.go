package roster

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"runtime"
	"testing"

	"github.com/xuri/excelize/v2"
)

// xlsxOf returns a workbook whose first sheet holds rows.
func xlsxOf(tb testing.TB, rows [][]any) []byte {
	tb.Helper()
	x := excelize.NewFile()
	defer x.Close()
	sheet := x.GetSheetList()[0]
	for i, r := range rows {
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			tb.Fatal(err)
		}
		if err := x.SetSheetRow(sheet, cell, &r); err != nil {
			tb.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzReadXLSX checks that ReadXLSX returns an error rather than failing
// on any bytes, and that the players it accepts are written by WriteCSV in
// a form ReadCSV reads back to the same players.
func FuzzReadXLSX(f *testing.F) {
	for _, rows := range [][][]any{
		{{"Name", "Rating", "Club", "Title", "Birth date"}, {"Neri, Paolo", 2000, "Labyrinth", "FM", "1990-03-04"}, {}, {"Conti, Sara", nil, "Labyrinth"}},
		{{"Cognome", "Nome", "Elo", "Sesso", "ID FIDE"}, {"Rossi", "Mario", "1850.0", "m", 12345678}},
		{{"player", "fed"}, {"D'Amato, Nicolò", "ita"}},
		{{"rating"}, {1800}},
	} {
		f.Add(xlsxOf(f, rows))
	}
	f.Add([]byte("PK\x03\x04"))
	f.Add(claimingZip(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadXLSX(bytes.NewReader(data))
		if err != nil {
			return
		}
		checkCSVRoundTrip(t, a.Rows)
	})
}

// claimingZip returns a tiny zip whose central directory claims that
// each of its two entries unpacks to 3.75 GiB.
func claimingZip(tb testing.TB) []byte {
	tb.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "docProps/app.xml"} {
		w, err := z.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write([]byte("<x/>"))
	}
	if err := z.Close(); err != nil {
		tb.Fatal(err)
	}
	b := buf.Bytes()
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte("PK\x01\x02"))
		if j < 0 {
			break
		}
		i += j
		binary.LittleEndian.PutUint32(b[i+24:], 0xF0000000) // uncompressed size
		i += 4
	}
	return b
}

// TestReadXLSXClaimedSize checks that a workbook claiming gigabytes in its
// zip headers is refused without setting that memory aside: a 300-byte
// file must not be able to stop arbiter for lack of memory.
func TestReadXLSXClaimedSize(t *testing.T) {
	data := claimingZip(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadXLSX(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("ReadXLSX of a zip claiming 7.5 GiB succeeded, want an error")
	}
	var pe *ParseError
	if errors.As(err, &pe) {
		t.Errorf("ReadXLSX error %v is a row error, want a file error", err)
	}
	if got := (after.TotalAlloc - before.TotalAlloc) >> 20; got > xlsxLimit>>20 {
		t.Errorf("ReadXLSX allocated %d MiB for a %d-byte file, want at most %d MiB", got, len(data), xlsxLimit>>20)
	}
}
