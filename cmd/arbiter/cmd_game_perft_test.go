package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/rules"
)

func TestGamePerftFlags(t *testing.T) {
	t.Parallel()
	kiwipete := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	tests := []struct {
		name  string
		args  []string
		want  gamePerftOptions
		usage bool
	}{
		{"depth", []string{"3"}, gamePerftOptions{FEN: rules.StartFEN, Depth: 3}, false},
		{"fen", []string{"--fen", kiwipete, "2"}, gamePerftOptions{FEN: kiwipete, Depth: 2}, false},
		{"divide json", []string{"--divide", "--json", "1"}, gamePerftOptions{FEN: rules.StartFEN, Depth: 1, Divide: true, JSON: true}, false},
		{"bad depth", []string{"x"}, gamePerftOptions{}, true},
		{"negative depth", []string{"--", "-1"}, gamePerftOptions{}, true},
		{"too deep", []string{"13"}, gamePerftOptions{}, true},
		{"bad fen", []string{"--fen", "8/8/8 w - - 0 1", "1"}, gamePerftOptions{}, true},
		{"no depth", nil, gamePerftOptions{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *gamePerftOptions
			a := &app{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, now: time.Now}
			cmd := newGamePerftCmd(a, func(_ context.Context, o *gamePerftOptions) error {
				got = o
				return nil
			})
			wrapArgs(cmd)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			usage, err := parseFlags(t, cmd, tt.args)
			if tt.usage {
				if !usage {
					t.Fatalf("args %q: error %v, want a usage error", tt.args, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("args %q: %v", tt.args, err)
			}
			if got.FEN != tt.want.FEN || got.Depth != tt.want.Depth || got.Divide != tt.want.Divide || got.JSON != tt.want.JSON {
				t.Errorf("args %q: options %+v, want %+v", tt.args, *got, tt.want)
			}
		})
	}
}

func TestRunGamePerft(t *testing.T) {
	t.Parallel()
	clock := time.Unix(0, 0)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	tests := []struct {
		name    string
		opts    gamePerftOptions
		stdout  string
		stderr  string
		divides int
	}{
		{"start 3", gamePerftOptions{FEN: rules.StartFEN, Depth: 3}, "8902\n", "perft 3: 8902 nodes in 1s, 8902 nodes/s\n", 0},
		{"depth 0", gamePerftOptions{FEN: rules.StartFEN, Depth: 0}, "1\n", "", 0},
		{"kiwipete divide", gamePerftOptions{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Depth: 2, Divide: true}, "2039\n", "", 48},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			o := tt.opts
			o.Stdout, o.Stderr, o.Now = &out, &errOut, now
			if err := runGamePerft(context.Background(), &o); err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(out.String(), "\n")
			if last := lines[len(lines)-2]; last != tt.stdout {
				t.Errorf("last line %q, want %q", last, tt.stdout)
			}
			if len(lines)-2 != tt.divides {
				t.Errorf("%d divide lines, want %d", len(lines)-2, tt.divides)
			}
			if tt.stderr != "" && errOut.String() != tt.stderr {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.stderr)
			}
		})
	}
	var out bytes.Buffer
	o := gamePerftOptions{FEN: rules.StartFEN, Depth: 2, Divide: true, JSON: true, Stdout: &out, Stderr: &bytes.Buffer{}, Now: now}
	if err := runGamePerft(context.Background(), &o); err != nil {
		t.Fatal(err)
	}
	var res perftResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Nodes != 400 || len(res.Divide) != 20 || res.Divide["e2e4"] != 20 {
		t.Errorf("JSON %s: %+v, %v", out.String(), res, err)
	}
}
