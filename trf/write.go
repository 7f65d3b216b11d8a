package trf

import (
	"bufio"
	"fmt"
	"github.com/labyrinth-chess/arbiter/text"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Version selects the output format.
type Version int

// Output formats. TRF16 writes the extensions as TRFx lines (XXR, XXC,
// BBx and XXS); TRF26 writes the numbered tags 142, 152 and 162 instead.
const (
	TRF16 Version = 16
	TRF26 Version = 26
)

// Writer writes files in the fixed columns of the format. Set Version and
// LineEnd before the first Write.
type Writer struct {
	Version Version // TRF16 unless set
	LineEnd string  // "\r\n" unless set; the FIDE text ends lines with "\r"
	w       io.Writer
}

// NewWriter returns a Writer that writes TRF-16 with CRLF line ends to w.
func NewWriter(w io.Writer) *Writer { return &Writer{Version: TRF16, LineEnd: "\r\n", w: w} }

// Write writes f. Names longer than the 33 columns of the format are cut;
// numbers that do not fit their columns are an error.
func (w *Writer) Write(f *File) error {
	bw := bufio.NewWriter(w.w)
	end := w.LineEnd
	if end == "" {
		end = "\r\n"
	}
	line := func(s string) {
		// No control character reaches a TRF: it would end a line early
		// or reach the terminal of whoever reads the file.
		bw.WriteString(strings.TrimRight(text.Spaces(s), " "))
		bw.WriteString(end)
	}
	h := f.Header
	for _, hl := range []struct{ din, v string }{
		{"012", h.Name}, {"022", h.City}, {"032", h.Federation}, {"042", h.StartDate},
		{"052", h.EndDate}, {"062", h.Players}, {"072", h.Rated}, {"082", h.Teams},
		{"092", h.Type}, {"102", h.Arbiter},
	} {
		if hl.v != "" {
			line(hl.din + " " + hl.v)
		}
	}
	for _, d := range h.Deputies {
		line("112 " + d)
	}
	if h.TimeControl != "" {
		line("122 " + h.TimeControl)
	}
	if len(h.RoundDates) > 0 {
		// Columns count characters, not bytes (as the reader counts them).
		b := []rune(strings.Repeat(" ", 91+10*len(h.RoundDates)))
		copy(b, []rune("132"))
		for r, d := range h.RoundDates {
			copy(b[91+10*r:], []rune(d))
		}
		line(string(b))
	}
	if h.RankMethod != "" {
		line(fmt.Sprintf("172 %-3s %s", h.RankFederation, h.RankMethod))
	}
	if h.Controller != "" {
		line("182 " + h.Controller)
	}
	if h.System != "" {
		line("192 " + h.System)
	}
	if h.Tiebreaks != "" {
		line("202 " + h.Tiebreaks)
	}
	if h.Standings != "" {
		line("212 " + h.Standings)
	}
	if h.TimeCode != "" {
		line("222 " + h.TimeCode)
	}
	for i := range f.Players {
		s, err := playerLine(&f.Players[i])
		if err != nil {
			return err
		}
		line(s)
		for _, nr := range f.Players[i].National {
			s, err := nationalLine(f.Players[i].ID, nr)
			if err != nil {
				return err
			}
			line(s)
		}
	}
	v26 := w.Version == TRF26
	if f.Rounds > 0 {
		if v26 {
			line("142 " + strconv.Itoa(f.Rounds))
		} else {
			line("XXR " + strconv.Itoa(f.Rounds))
		}
	}
	var xxc []string
	if f.UseRank {
		xxc = append(xxc, "rank")
	}
	switch {
	case f.InitialColour == arbiter.White && v26:
		line("152 W")
	case f.InitialColour == arbiter.Black && v26:
		line("152 B")
	case f.InitialColour == arbiter.White:
		xxc = append(xxc, "white1")
	case f.InitialColour == arbiter.Black:
		xxc = append(xxc, "black1")
	}
	if len(xxc) > 0 {
		line("XXC " + strings.Join(xxc, " "))
	}
	withX := f.UnknownPoints || f.Points.Unknown != 0 || f.hasUnknown()
	if f.PointLines || f.Points != f.defaultPoints() || withX && v26 {
		writePoints(line, f.Points, v26, withX)
	}
	if len(f.Absent) > 0 {
		line("XXZ " + joinIDs(f.Absent, " "))
	}
	for _, fp := range f.Forbidden {
		line("XXP " + joinIDs(fp, " "))
	}
	for _, b := range f.Byes {
		var ids []string
		for _, id := range b.Players {
			ids = append(ids, fmt.Sprintf("%4d", id))
		}
		line(fmt.Sprintf("240 %c %3d %s", b.Kind, b.Round, strings.Join(ids, " ")))
	}
	for _, a := range f.Abnormal {
		s := fmt.Sprintf("299 %c  %4s  %4s  %03d", a.Kind, a.MatchPoints, a.Points, a.Round)
		for _, id := range a.Players {
			s += fmt.Sprintf(" %4d", id)
		}
		line(s)
	}
	ids := make([]int, 0, len(f.Accelerations))
	for id := range f.Accelerations {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	if v26 {
		write250(line, f.Accelerations, ids)
		ids = nil
	}
	for _, id := range ids {
		s := fmt.Sprintf("XXA %4d", id)
		for _, p := range f.Accelerations[id] {
			s += fmt.Sprintf(" %4s", p)
		}
		line(s)
	}
	for _, c := range f.Comments {
		line("###" + c)
	}
	for _, x := range f.Extra {
		line(x)
	}
	return bw.Flush()
}

func joinIDs(ids []int, sep string) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, sep)
}

// writePoints writes the point system: TRF-26 162 or, for TRF-16, the
// bbpPairings BBx lines followed by JaVaFo's XXS line (each program skips
// the other's lines).
func writePoints(line func(string), ps PointSystem, v26, withX bool) {
	if v26 {
		s := fmt.Sprintf("162  W%4s    D%4s    L%4s    A%4s    P%4s", ps.Win(), ps.Draw(), ps.Loss(), ps.ZeroBye, ps.PAB)
		if withX {
			s += fmt.Sprintf("    X%4s", ps.Unknown)
		}
		line(s)
		return
	}
	for _, b := range []struct {
		din string
		v   Points
	}{{"BBW", ps.Win()}, {"BBD", ps.Draw()}, {"BBL", ps.Loss()}, {"BBZ", ps.ZeroBye}, {"BBF", ps.ForfeitLoss}, {"BBU", ps.PAB}} {
		line(fmt.Sprintf("%s %4s", b.din, b.v))
	}
	line(fmt.Sprintf("XXS WW=%s BW=%s WD=%s BD=%s WL=%s BL=%s ZPB=%s HPB=%s FPB=%s PAB=%s FW=%s FL=%s",
		ps.WinWhite, ps.WinBlack, ps.DrawWhite, ps.DrawBlack, ps.LossWhite, ps.LossBlack,
		ps.ZeroBye, ps.HalfBye, ps.FullBye, ps.PAB, ps.ForfeitWin, ps.ForfeitLoss))
	if withX {
		// Neither BBx nor XXS scores a game whose result is not known
		// yet: TRF-26's 162 line with its X code alone carries it, as
		// the 299 lines are carried (programs of TRF-16 skip both).
		line(fmt.Sprintf("162  X%4s", ps.Unknown))
	}
}

// nationalLine formats a National Rating Support record of player id: the
// rating federation, then cols 4-79 in the layout of the 001 line.
func nationalLine(id int, nr National) (string, error) {
	if len(nr.Federation) != 3 || strings.ToUpper(nr.Federation) != nr.Federation {
		return "", fmt.Errorf("trf: player %d: national record of federation %q: want a three-letter code", id, nr.Federation)
	}
	if nr.Rating < 0 || nr.Rating > 9999 {
		return "", fmt.Errorf("trf: player %d: national rating %d does not fit 4 columns", id, nr.Rating)
	}
	rating := ""
	if nr.Rating > 0 {
		rating = strconv.Itoa(nr.Rating)
	}
	return fmt.Sprintf("%s %4d %1.1s%3.3s %-33.33s %4s %-3.3s %11.11s %-10.10s",
		nr.Federation, id, nr.Sex, nr.Class, nr.Name, rating, nr.Origin, nr.ID, nr.Birth), nil
}

// playerLine formats a 001 line.
func playerLine(p *Player) (string, error) {
	if p.ID < 1 || p.ID > 9999 {
		return "", fmt.Errorf("trf: player %d: starting rank must be from 1 to 9999", p.ID)
	}
	if p.Rating < 0 || p.Rating > 9999 {
		return "", fmt.Errorf("trf: player %d: rating %d does not fit 4 columns", p.ID, p.Rating)
	}
	if p.Points < 0 || p.Points > 999 {
		return "", fmt.Errorf("trf: player %d: points %v do not fit 4 columns", p.ID, p.Points)
	}
	if p.Rank < 0 || p.Rank > 9999 {
		return "", fmt.Errorf("trf: player %d: rank %d does not fit 4 columns", p.ID, p.Rank)
	}
	rating, rank := "", ""
	if p.Rating > 0 {
		rating = strconv.Itoa(p.Rating)
	}
	if p.Rank > 0 {
		rank = strconv.Itoa(p.Rank)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "001 %4d %1.1s%3.3s %-33.33s %4s %-3.3s %11.11s %-10.10s %4s %4s  ",
		p.ID, p.Sex, p.Title, p.Name, rating, p.Federation, p.FIDEID, p.Birth, p.Points, rank)
	for _, g := range p.Games {
		if g.Opponent < 0 || g.Opponent > 9999 {
			return "", fmt.Errorf("trf: player %d: opponent %d does not fit 4 columns", p.ID, g.Opponent)
		}
		res := g.Result
		if res == 0 {
			res = Blank
		}
		if g.Empty() {
			b.WriteString("          ")
			continue
		}
		opp := "0000"
		if g.Opponent != 0 {
			opp = fmt.Sprintf("%4d", g.Opponent)
		}
		fmt.Fprintf(&b, "%s %s %c  ", opp, g.Colour.Letter(), res)
	}
	return b.String(), nil
}

// hasUnknown reports whether some round block holds an X (result not
// known yet).
func (f *File) hasUnknown() bool {
	for _, p := range f.Players {
		for _, g := range p.Games {
			if g.Result == Unknown {
				return true
			}
		}
	}
	return false
}

// accelRun is one 250 line: points for rounds from..to of players
// first..last.
type accelRun struct {
	pts         Points
	from, to    int
	first, last int
}

// write250 writes the accelerations as TRF-26 250 lines: game points in
// cols 10-13 (the match points, cols 5-8, stay blank in an individual
// event), first and last round in cols 15-17 and 19-21, first and last
// player in cols 23-26 and 28-31. Runs of rounds with the same points
// make one line; consecutive players with the same runs share it.
func write250(line func(string), acc map[int][]Points, ids []int) {
	runsOf := func(pts []Points) []accelRun {
		var out []accelRun
		for r := 0; r < len(pts); r++ {
			if pts[r] == 0 {
				continue
			}
			if n := len(out); n > 0 && out[n-1].pts == pts[r] && out[n-1].to == r {
				out[n-1].to = r + 1
				continue
			}
			out = append(out, accelRun{pts: pts[r], from: r + 1, to: r + 1})
		}
		return out
	}
	var open []accelRun
	flush := func() {
		for _, a := range open {
			line(fmt.Sprintf("250 %4s %4s %3d %3d %4d %4d", "", a.pts, a.from, a.to, a.first, a.last))
		}
		open = nil
	}
	for _, id := range ids {
		runs := runsOf(acc[id])
		same := len(runs) == len(open) && len(open) > 0 && open[0].last == id-1
		for i := 0; same && i < len(runs); i++ {
			same = runs[i].pts == open[i].pts && runs[i].from == open[i].from && runs[i].to == open[i].to
		}
		if same {
			for i := range open {
				open[i].last = id
			}
			continue
		}
		flush()
		for _, r := range runs {
			r.first, r.last = id, id
			open = append(open, r)
		}
	}
	flush()
}
