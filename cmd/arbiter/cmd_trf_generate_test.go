package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTRFGenerate checks that a generated tournament is the same for the
// same seed, differs for another, and passes arbiter's own pairing and
// tie-break checkers.
func TestTRFGenerate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gen := func(name string, args ...string) []byte {
		t.Helper()
		fn := filepath.Join(dir, name)
		code, _, errs := runTRFCommand(t, append([]string{"trf", "generate", "-o", fn}, args...)...)
		if code != 0 {
			t.Fatalf("trf generate %v: exit %d: %s", args, code, errs)
		}
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	args := []string{"--players", "15", "--rounds", "6", "--forfeits", "0.05", "--byes", "0.05"}
	a := gen("a.trf", append(args, "--seed", "11")...)
	b := gen("b.trf", append(args, "--seed", "11")...)
	c := gen("c.trf", append(args, "--seed", "12")...)
	if !bytes.Equal(a, b) {
		t.Error("the same seed gave two different files")
	}
	if bytes.Equal(a, c) {
		t.Error("seeds 11 and 12 gave the same file")
	}
	if bytes.Contains(a, []byte("\n")) || !bytes.Contains(a, []byte("\r142 6\r")) {
		t.Errorf("want TRF-26 with CR line ends and a 142 line:\n%q", a[:200])
	}
	acc := gen("acc.trf", append(args, "--seed", "13", "--accelerated", "baku")...)
	if !bytes.Contains(acc, []byte("\r192 FIDE_DUTCH_2025_BAKU\r")) || !bytes.Contains(acc, []byte("\r250       1.0   1   2    1    8\r")) {
		t.Errorf("--accelerated baku: want the Baku system and 250 lines (rounds 1-2 worth a win for players 1-8):\n%s", bytes.ReplaceAll(acc, []byte("\r"), []byte("\n")))
	}
	for _, name := range []string{"a.trf", "c.trf", "acc.trf"} {
		fn := filepath.Join(dir, name)
		if code, out, errs := runTRFCommand(t, "trf", "check", fn); code != 0 {
			t.Errorf("trf check %s: exit %d\n%s%s", name, code, out, errs)
		}
		if code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--check", fn); code != 0 || !strings.HasSuffix(out, "no differences\n") {
			t.Errorf("trf tiebreaks --check %s: exit %d\n%s%s", name, code, out, errs)
		}
	}
}

// TestTRFTiebreaksCheck checks that a rank changed in the file is reported
// with the player, the ranks and the article, and exits 1.
func TestTRFTiebreaksCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fn := filepath.Join(dir, "t.trf")
	if code, _, errs := runTRFCommand(t, "trf", "generate", "--players", "8", "--rounds", "4", "--seed", "5", "-o", fn); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(fn)
	lines := strings.Split(string(data), "\r")
	swapped := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "001") {
			continue
		}
		switch strings.TrimSpace(l[85:89]) {
		case "1":
			lines[i] = l[:85] + "   2" + l[89:]
			swapped++
		case "2":
			lines[i] = l[:85] + "   1" + l[89:]
			swapped++
		}
	}
	if swapped != 2 {
		t.Fatalf("found %d players ranked 1 and 2, want 2", swapped)
	}
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte(strings.Join(lines, "\r")), 0o644)
	code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--check", bad)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, w := range []string{"rank in the file 2, computed 1", "rank in the file 1, computed 2", "C.07 4.2"} {
		if !strings.Contains(out, w) {
			t.Errorf("output does not say %q:\n%s", w, out)
		}
	}
	if !strings.Contains(errs, "2 of 8 ranks differ") {
		t.Errorf("stderr %q does not count the differences", errs)
	}

	// No list in the file and none given: a clear error.
	nolist := filepath.Join(dir, "nolist.trf")
	var kept []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "212") && !strings.HasPrefix(l, "202") {
			kept = append(kept, l)
		}
	}
	os.WriteFile(nolist, []byte(strings.Join(kept, "\r")), 0o644)
	if code, _, errs := runTRFCommand(t, "trf", "tiebreaks", nolist); code == 0 || !strings.Contains(errs, "--tiebreaks") {
		t.Errorf("file without 202/212: exit %d, stderr %q", code, errs)
	}
	if code, out, _ := runTRFCommand(t, "trf", "tiebreaks", "--tiebreaks", "BH,SB", nolist); code != 0 || !strings.Contains(out, "BH") {
		t.Errorf("--tiebreaks BH,SB: exit %d\n%s", code, out)
	}
}

// TestImportGeneratedTRF imports a generated TRF-26 file: the tie-break
// list of its 212 line becomes the tournament's, so do its federation,
// end date and pairing system (192), and nothing is left out.
func TestImportGeneratedTRF(t *testing.T) {
	t.Parallel()
	fn := filepath.Join(t.TempDir(), "g.trf")
	if code, _, errs := runTRFCommand(t, "trf", "generate", "--players", "10", "--rounds", "5", "--seed", "3", "-o", fn); code != 0 {
		t.Fatal(errs)
	}
	c := newCLI(t)
	errs := c.okErr("import", "trf", fn)
	if strings.Contains(errs, "Not kept") {
		t.Errorf("import notice leaves something out:\n%s", errs)
	}
	show := c.ok("tournament", "show")
	for _, w := range []string{"Federation:", "End date:"} {
		if !strings.Contains(show, w) {
			t.Errorf("tournament show has no %q:\n%s", w, show)
		}
	}
	if !strings.Contains(show, "BH-C1, BH, SB, DE, WIN, BPG, PS, ARO") {
		t.Errorf("tournament show does not list the file's tie-breaks:\n%s", show)
	}
}

// TestBakuNinePlayers checks the Baku groups end to end for 9 players, where
// half the players rounded up (5) and the text's 2·⌈N/4⌉ (6) differ: trf
// generate writes 250 lines for players 1 to 6, its own checker agrees
// with them, and import trf keeps them as the Baku acceleration of 192.
func TestBakuNinePlayers(t *testing.T) {
	t.Parallel()
	fn := filepath.Join(t.TempDir(), "nine.trf")
	if code, _, errs := runTRFCommand(t, "trf", "generate", "--players", "9", "--rounds", "5", "--accelerated", "baku", "-o", fn); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(fn)
	// 5 rounds: 3 accelerated, 2 at a win's points, 1 at half a win's.
	for _, w := range []string{"\r192 FIDE_DUTCH_2025_BAKU\r", "\r250       1.0   1   2    1    6\r", "\r250       0.5   3   3    1    6\r"} {
		if !bytes.Contains(data, []byte(w)) {
			t.Errorf("no line %q:\n%s", strings.Trim(w, "\r"), bytes.ReplaceAll(data, []byte("\r"), []byte("\n")))
		}
	}
	if code, out, errs := runTRFCommand(t, "trf", "check", fn); code != 0 {
		t.Errorf("trf check: exit %d\n%s%s", code, out, errs)
	}
	c := newCLI(t)
	if errs := c.okErr("import", "trf", fn); strings.Contains(errs, "not kept") || strings.Contains(errs, "Not kept") {
		t.Errorf("import trf does not keep the Baku lines: %s", errs)
	}
	var got tournamentJSON
	if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Accelerated != "baku" {
		t.Errorf("imported acceleration %q, want baku", got.Accelerated)
	}
	out := c.exportTRF("--format", "trf26")
	if !bytes.Contains(out, []byte("\r192 FIDE_DUTCH_2025_BAKU\r")) || !bytes.Contains(out, []byte("\r250       1.0   1   2    1    6\r")) {
		t.Errorf("export after import lost the Baku acceleration:\n%s", bytes.ReplaceAll(out, []byte("\r"), []byte("\n")))
	}
}

// TestTRFGenerateStdout checks that trf generate writes the file to the
// standard output byte for byte: lines ended by a bare CR (TRF-26 remark
// 1), not the six characters \u000d the terminal-safe output would make of
// it, and the same bytes as -o FILE.
func TestTRFGenerateStdout(t *testing.T) {
	t.Parallel()
	args := []string{"trf", "generate", "--players", "4", "--rounds", "3"}
	code, out, errs := runTRFCommand(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Contains(out, `\u000d`) || !strings.HasPrefix(out, "012 Random tournament, seed 1\r022 Nowhere\r") {
		t.Errorf("stdout %q, want lines ended by CR", out[:min(len(out), 80)])
	}
	fn := filepath.Join(t.TempDir(), "g.trf")
	if code, _, errs := runTRFCommand(t, append(args, "-o", fn)...); code != 0 {
		t.Fatal(errs)
	}
	if data, _ := os.ReadFile(fn); string(data) != out {
		t.Errorf("stdout differs from the file written with -o")
	}
	if code, dash, _ := runTRFCommand(t, append(args, "-o", "-")...); code != 0 || dash != out {
		t.Errorf("-o - differs from the standard output")
	}
}
