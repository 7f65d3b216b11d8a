package pairing

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// TestTypes re-pairs the corpus tournaments (one file in three; one in
// twelve with -short) with two checks of the type machinery (edges.go,
// typeinit.go) that the corpus's small brackets would not reach: every
// weight of each bracket's type table is compared with the criteria
// formula applied to the pair itself, and every bracket, however small,
// starts its matching from the type-level problem. Each round must still
// be paired as recorded.
func TestTypes(t *testing.T) {
	tweak := func(r *round) { r.checkWeights, r.alwaysTypes = true, true }
	pair := func(in Input) (Result, error) { return pairWith(&in, false, tweak) }
	for _, c := range []struct {
		dir     string
		edition int
	}{{"testdata/corpus", 2025}, {"testdata/corpus2017", 2017}} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(c.dir, "*.trf"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no corpus: %v", err)
			}
			step := 3
			if testing.Short() {
				step = 12
			}
			rounds := 0
			for i := 0; i < len(files); i += step {
				data, err := os.ReadFile(files[i])
				if err != nil {
					t.Fatal(err)
				}
				f, err := trf.Read(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%s: %v", files[i], err)
				}
				diffs, err := checkTRF(f, c.edition, pair)
				if err != nil {
					t.Errorf("%s: %v", filepath.Base(files[i]), err)
					continue
				}
				for _, d := range diffs {
					t.Errorf("%s: round %d: recorded %s, ours %s %v", filepath.Base(files[i]), d.Round, resultString(d.Recorded), resultString(d.Ours), d.Err)
				}
				rounds += f.PlayedRounds()
			}
			t.Logf("%d rounds checked", rounds)
		})
	}
}

// TestTypeLP solves random type-level problems and checks the certificate
// of optimality: duals feasible on every edge, flow only on tight edges
// and within the capacities, and every copy with a positive dual
// saturated.
func TestTypeLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for trial := 0; trial < 500; trial++ {
		n := 1 + rng.IntN(8)
		cnt := make([]int, n)
		for a := range cnt {
			cnt[a] = 1 + rng.IntN(6)
		}
		w := make([]uint64, n*n)
		for a := 0; a < n; a++ {
			for b := a; b < n; b++ {
				if rng.IntN(4) > 0 {
					w[a*n+b] = uint64(1 + rng.IntN(20))
					w[b*n+a] = w[a*n+b]
				}
			}
		}
		lp := newTypeLP(n, 1, cnt, func(a, b int) []uint64 { return w[a*n+b : a*n+b+1] })
		if !lp.solve() {
			t.Fatalf("trial %d: no solution", trial)
		}
		u := func(a int) int64 { return int64(lp.u[a][0]) }
		v := func(b int) int64 { return int64(lp.v[b][0]) }
		for a := 0; a < n; a++ {
			if u(a) < 0 || v(a) < 0 {
				t.Fatalf("trial %d: negative dual at %d: u %d, v %d", trial, a, u(a), v(a))
			}
			out, in := 0, 0
			for b := 0; b < n; b++ {
				out += lp.f[a*n+b]
				in += lp.f[b*n+a]
				edge := w[a*n+b] != 0 && (a != b || cnt[a] >= 2)
				if lp.f[a*n+b] < 0 || lp.f[a*n+b] > 0 && !edge {
					t.Fatalf("trial %d: flow %d on %d-%d", trial, lp.f[a*n+b], a, b)
				}
				if !edge {
					continue
				}
				if s := u(a) + v(b) - int64(w[a*n+b]); s < 0 || s > 0 && lp.f[a*n+b] > 0 {
					t.Fatalf("trial %d: edge %d-%d: slack %d, flow %d", trial, a, b, s, lp.f[a*n+b])
				}
			}
			if out > cnt[a] || in > cnt[a] || u(a) > 0 && out < cnt[a] || v(a) > 0 && in < cnt[a] {
				t.Fatalf("trial %d: type %d (count %d): out %d (u %d), in %d (v %d)", trial, a, cnt[a], out, u(a), in, v(a))
			}
		}
	}
}
