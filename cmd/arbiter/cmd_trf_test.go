package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runArbiter runs the command line with args and returns the exit code,
// stdout and stderr.
func runTRFCommand(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	return code, out.String(), errb.String()
}

// writeTRF writes text to a file in a temporary directory.
func writeTRF(t *testing.T, name, text string) string {
	t.Helper()
	fn := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(fn, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return fn
}

// exampleRound1 is the example file before round 1: player 4 has asked for
// a half-point bye.
func exampleRound1(t *testing.T) string {
	data, err := os.ReadFile("testdata/trf-example.trf")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(l, "001") {
			l = l[:80] + " 0.0"
			if strings.HasPrefix(l, "001    4") {
				l = l[:80] + " 0.5       0000 - H"
			}
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestTRFPair(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		text string
		code int
		out  string
		err  string
	}{
		{"round 1 of the example", nil, "", 0, "2\n1 2\n3 0\n", ""},
		{"round 2 of the example", []string{"--round", "2"}, "example", 0, "2\n3 1\n2 4\n", ""},
		{"json", []string{"--json", "--round", "2"}, "example", 0, `"white": 3`, ""},
		{"explain", []string{"--explain"}, "", 0, "# 3 gets the pairing-allocated bye", ""},
		{"malformed", nil, "012 x\n001    1      A                                 2000                             1.0    1\nXXR 3\nXXC white1\n", 1, "", "line 2, column 81"},
		{"no legal pairing", nil, "012 x\n" +
			"001    1      A                                 2000                             2.0    1     3 w 1     4 w 1\n" +
			"001    2      B                                 1900                             2.0    2     4 w 1     3 w 1\n" +
			"001    3      C                                 1800                             0.0    3     1 b 0     2 b 0\n" +
			"001    4      D                                 1700                             0.0    4     2 b 0     1 b 0\n" +
			"XXR 5\n", 1, "", "C3"},
		{"bad edition", []string{"--edition", "1999"}, "", 2, "", "--edition 1999"},
		// The example plans 2 rounds (XXR 2) and holds both.
		{"every round played", nil, "example", 1, "", "all 2 rounds the file plans (XXR or 142) are played: there is no next round to pair; give --round N"},
		{"round beyond those planned", []string{"--round", "3"}, "example", 1, "", "--round 3: the file plans 2 rounds (XXR or 142); type a round from 1 to 2"},
		{"round after the next", []string{"--round", "4"}, "9 rounds", 1, "", "--round 4: the file holds 2 rounds; type a round from 1 to 3"},
		{"next round of a longer tournament", nil, "9 rounds", 0, "2\n", ""},
		{"round 1 again", []string{"--round", "1"}, "example", 0, "2\n1 2\n3 0\n", ""},
		{"negative round", []string{"--round", "-1"}, "example", 2, "", "--round -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			switch text {
			case "":
				text = exampleRound1(t)
			case "example", "9 rounds":
				data, _ := os.ReadFile("testdata/trf-example.trf")
				text = string(data)
				if tt.text == "9 rounds" {
					text = strings.Replace(text, "XXR 2\n", "XXR 9\n", 1)
				}
			}
			fn := writeTRF(t, "t.trf", text)
			code, out, errs := runTRFCommand(t, append(append([]string{"trf", "pair"}, tt.args...), fn)...)
			if code != tt.code {
				t.Fatalf("exit code = %d, want %d (stderr %q)", code, tt.code, errs)
			}
			if !strings.Contains(out, tt.out) {
				t.Errorf("stdout = %q, want %q in it", out, tt.out)
			}
			if !strings.Contains(errs, tt.err) {
				t.Errorf("stderr = %q, want %q in it", errs, tt.err)
			}
		})
	}
}

func TestTRFCheck(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/trf-example.trf")
	if err != nil {
		t.Fatal(err)
	}
	good := writeTRF(t, "good.trf", string(data))
	if code, out, errs := runTRFCommand(t, "trf", "check", good); code != 0 || out != "no differences\n" {
		t.Errorf("check of a Dutch tournament: exit %d, stdout %q, stderr %q; want 0 and \"no differences\"", code, out, errs)
	}
	// Swap the colours of round 2's game 3-1.
	bad := strings.Replace(strings.Replace(string(data), "     1 w 1\n", "     1 b 1\n", 1), "     3 b 0\n", "     3 w 0\n", 1)
	fn := writeTRF(t, "bad.trf", bad)
	code, out, errs := runTRFCommand(t, "trf", "check", fn)
	if code != 1 || !strings.Contains(out, "round 2 differs") || !strings.Contains(errs, "1 of 2 rounds differ") {
		t.Errorf("check of a wrong round: exit %d, stdout %q, stderr %q; want 1 and round 2 listed", code, out, errs)
	}
	code, out, _ = runTRFCommand(t, "trf", "check", "--json", fn)
	if code != 1 || !strings.Contains(out, `"round": 2`) {
		t.Errorf("check --json: exit %d, stdout %q", code, out)
	}
}
