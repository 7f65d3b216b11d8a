package prizes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Sharing is how level players share prizes. Stored by name: never
// rename one.
type Sharing int8

// The rules of sharing (see the package comment).
const (
	None  Sharing = iota // the tie-breaks decide
	Equal                // the money of the places held is split equally
	Hort                 // half by place, half split equally
)

// Sharings lists the rules in the order the help lists them.
var Sharings = []Sharing{None, Equal, Hort}

// String returns "none", "equal" or "hort".
func (s Sharing) String() string {
	switch s {
	case Equal:
		return "equal"
	case Hort:
		return "hort"
	}
	return "none"
}

// ParseSharing reads "none", "equal" or "hort", in any case.
func ParseSharing(s string) (Sharing, error) {
	for _, x := range Sharings {
		if strings.EqualFold(strings.TrimSpace(s), x.String()) {
			return x, nil
		}
	}
	return None, fmt.Errorf("prizes: sharing %q: type none, equal or hort", s)
}

// Prize is a place prize of the general standings or of a category.
type Prize struct {
	Category string // the category's name; "" for the general standings
	Place    int    // 1 is first
	Value    Value
}

// Rules are a tournament's prizes and how they are given.
type Rules struct {
	Sharing Sharing
	// CategoryFirst gives a player who wins two prizes of equal value
	// the category's rather than the general standings'.
	CategoryFirst bool
	Categories    []Category // in the order they were defined
	Prizes        []Prize
}

// Category returns the category named name (case and accents aside), or
// nil.
func (r Rules) Category(name string) *Category {
	for i, c := range r.Categories {
		if arbiter.FoldName(c.Name) == arbiter.FoldName(name) {
			return &r.Categories[i]
		}
	}
	return nil
}

// Line is a player of the general standings, which Allot reads in rank
// order.
type Line struct {
	PN     int
	Rank   int // the place in the standings; players level on points and every tie-break share it
	Points arbiter.Score
	Member Member
}

// Award is what one player wins.
type Award struct {
	Category string // "" for the general standings
	PN       int
	// Place is the player's place in the list, by the tie-breaks; From
	// and To are the places held by the players sharing with the player
	// (From == To == Place when the player shares nothing).
	Place, From, To int
	Cents           int64    // money won, in hundredths
	Currency        string   // the currency of that money, "" if none was typed
	Items           []string // the named prizes won
	Worth           int64    // Cents plus the worth of Items: what the award is compared by
	// Group holds the players who share the money, this one among
	// them, in the order of the list; nil when the money is not shared.
	// The awards of a group hold the same slice: read only.
	Group []int
}

// SharedWith returns the other players the money of a is shared with,
// in the order of the list; none when it is not shared.
func (a Award) SharedWith() []int {
	var out []int
	for _, pn := range a.Group {
		if pn != a.PN {
			out = append(out, pn)
		}
	}
	return out
}

// Text writes what a is: the money and the named prizes, "45 €",
// "coppa", "20 € + coppa"; mark is the decimal mark.
func (a Award) Text(mark string) string {
	s := ""
	if a.Cents > 0 {
		s = Amount(a.Cents, a.Currency, mark)
	}
	for _, it := range a.Items {
		if s != "" {
			s += " + "
		}
		s += it
	}
	return s
}

// Why a prize is given to no one.
type Reason int8

// Reasons a prize is given to no one.
const (
	NoOne  Reason = iota // fewer players in the list than places (or all took another prize)
	TooFew               // the category has fewer players than its minimum
)

// Unawarded is a prize given to no one, and why.
type Unawarded struct {
	Prize   Prize
	Reason  Reason
	Players int // for TooFew: the players the category has
}

// Outcome is who wins what.
type Outcome struct {
	// Awards lists the general standings' awards, then each category's
	// in the order of the rules, each list by place.
	Awards    []Award
	Unawarded []Unawarded // in the order of Rules.Prizes
	// Players holds how many players each category has, by its name
	// ("" for the general standings).
	Players map[string]int
}

// Of returns the award of player pn, if any.
func (o Outcome) Of(pn int) (Award, bool) {
	for _, a := range o.Awards {
		if a.PN == pn {
			return a, true
		}
	}
	return Award{}, false
}

// list is the general standings or a category, with its prizes by place.
type list struct {
	name    string
	members []int         // indexes into the lines, in rank order
	prizes  map[int]Value // by place
	last    int           // the last place with a prize
}

// Allot gives the prizes of r to the players of lines, which are the
// general standings in rank order (tiebreak.Rank): each list shared as
// r.Sharing says, then one prize to a player (see the package comment).
func Allot(r Rules, lines []Line) Outcome {
	out := Outcome{Players: map[string]int{"": len(lines)}}
	lists := buildLists(r, lines, out.Players)
	excluded := make([]map[int]bool, len(lists))
	dirty := make([]bool, len(lists))
	for i := range excluded {
		excluded[i] = map[int]bool{}
		dirty[i] = true
	}
	byList := make([][]Award, len(lists))
	held := map[int][]Award{} // by player, made again each turn
	// Each turn excludes a player from at least one list: the loop ends
	// after at most players × lists turns. Only the lists a turn changed
	// are given again.
	for {
		for i, l := range lists {
			if dirty[i] {
				byList[i], dirty[i] = distribute(r.Sharing, l, lines, excluded[i]), false
			}
		}
		clear(held)
		for _, as := range byList {
			for _, a := range as {
				held[a.PN] = append(held[a.PN], a)
			}
		}
		// The most valuable award of a player who holds more than one
		// settles the first conflict.
		var keep *Award
		for _, as := range held {
			if len(as) < 2 {
				continue
			}
			for i := range as {
				if keep == nil || better(r, lists, as[i], *keep) {
					keep = &as[i]
				}
			}
		}
		if keep == nil {
			for _, as := range byList {
				out.Awards = append(out.Awards, withShared(as)...)
			}
			out.Unawarded = unawarded(r, lists, byList, out.Players)
			return out
		}
		for _, a := range held[keep.PN] {
			if a.Category != keep.Category {
				i := listIndex(lists, a.Category)
				excluded[i][a.PN], dirty[i] = true, true
			}
		}
	}
}

// buildLists returns the general standings and the categories with
// prizes that have their minimum of players, counting each category's
// players into sizes.
func buildLists(r Rules, lines []Line, sizes map[string]int) []list {
	general := list{name: "", prizes: map[int]Value{}}
	for i := range lines {
		general.members = append(general.members, i)
	}
	lists := []list{general}
	for _, c := range r.Categories {
		l := list{name: c.Name, prizes: map[int]Value{}}
		for i, x := range lines {
			if c.Admits(x.Member) {
				l.members = append(l.members, i)
			}
		}
		sizes[c.Name] = len(l.members)
		if len(l.members) >= c.MinPlayers {
			lists = append(lists, l)
		}
	}
	for _, p := range r.Prizes {
		name := p.Category
		if c := r.Category(name); c != nil {
			name = c.Name
		} else if name != "" {
			continue // a prize of no category the rules know
		}
		if i := listIndex(lists, name); i >= 0 {
			lists[i].prizes[p.Place] = p.Value
			lists[i].last = max(lists[i].last, p.Place)
		}
	}
	return lists
}

func listIndex(lists []list, name string) int {
	for i, l := range lists {
		if l.name == name {
			return i
		}
	}
	return -1
}

// better reports whether award a is kept rather than b: the higher
// worth, then the general standings before a category (or the category
// first, as r says), then the category defined first, then the better
// place.
func better(r Rules, lists []list, a, b Award) bool {
	if a.Worth != b.Worth {
		return a.Worth > b.Worth
	}
	ga, gb := a.Category == "", b.Category == ""
	if ga != gb {
		return ga != r.CategoryFirst
	}
	if ia, ib := listIndex(lists, a.Category), listIndex(lists, b.Category); ia != ib {
		return ia < ib
	}
	return a.Place < b.Place || (a.Place == b.Place && a.PN < b.PN)
}

// distribute gives the prizes of list l to its members but the excluded,
// level players sharing as s says.
func distribute(s Sharing, l list, lines []Line, excluded map[int]bool) []Award {
	if l.last == 0 {
		return nil // a list without prizes
	}
	level := func(i, j int) bool {
		if s == None {
			return lines[i].Rank == lines[j].Rank && lines[i].Points == lines[j].Points
		}
		return lines[i].Points == lines[j].Points
	}
	// The players who can share a prize: down to the last place with a
	// prize, and those level with the player there.
	var in []int
	for _, i := range l.members {
		if excluded[lines[i].PN] {
			continue
		}
		if len(in) >= l.last && !level(in[len(in)-1], i) {
			break
		}
		in = append(in, i)
	}
	var out []Award
	for a := 0; a < len(in) && a < l.last; {
		b := a + 1
		for b < len(in) && level(in[a], in[b]) {
			b++
		}
		out = append(out, shareGroup(s, l, lines, in[a:b], a+1)...)
		a = b
	}
	return out
}

// shareGroup shares the prizes of the places from, from+1, ... among the
// level players group (indexes into lines, in rank order).
func shareGroup(s Sharing, l list, lines []Line, group []int, from int) []Award {
	n := int64(len(group))
	to := from + len(group) - 1
	money := func(place int) int64 {
		if v, ok := l.prizes[place]; ok && v.Money() {
			return v.Cents
		}
		return 0
	}
	currency := ""
	var pool int64
	for p := from; p <= to; p++ {
		if v, ok := l.prizes[p]; ok && v.Money() && currency == "" {
			currency = v.Currency
		}
		switch s {
		case Hort:
			pool += money(p) / 2
		default:
			pool += money(p)
		}
	}
	// Hort: the halves kept by place. Players level on every tie-break
	// too hold their places together: they split those halves equally.
	kept := make([]int64, len(group))
	if s == Hort {
		for a := 0; a < len(group); {
			b := a + 1
			for b < len(group) && lines[group[b]].Rank == lines[group[a]].Rank {
				b++
			}
			var sum int64
			for k := a; k < b; k++ {
				sum += money(from+k) - money(from+k)/2
			}
			m := int64(b - a)
			for k := a; k < b; k++ {
				kept[k] = sum / m
				if int64(k-a) < sum%m {
					kept[k]++
				}
			}
			a = b
		}
	}
	awards := make([]Award, len(group))
	for k, i := range group {
		place := from + k
		a := Award{Category: l.name, PN: lines[i].PN, Place: place, From: from, To: to, Currency: currency}
		a.Cents = pool/n + kept[k]
		if int64(k) < pool%n {
			a.Cents++
		}
		if v, ok := l.prizes[place]; ok && !v.Money() {
			a.Items = append(a.Items, v.Name)
			a.Worth += v.Cents
		}
		a.Worth += a.Cents
		awards[k] = a
	}
	// The players who share money keep the places of the group (From,
	// To); whom each shares with is written once the lists are settled
	// (withShared).
	sharing := 0
	for _, a := range awards {
		if a.Cents > 0 {
			sharing++
		}
	}
	var out []Award
	for _, a := range awards {
		if a.Cents == 0 && len(a.Items) == 0 {
			continue
		}
		if pool == 0 || sharing < 2 || a.Cents == 0 {
			a.From, a.To = a.Place, a.Place
		}
		out = append(out, a)
	}
	return out
}

// withShared gives each award of a list whose money is shared (To
// wider than one place) the players of its group, those of the list's
// awards with the same From, in order.
func withShared(as []Award) []Award {
	group := map[int][]int{} // From: the players
	for _, a := range as {
		if a.To > a.From {
			group[a.From] = append(group[a.From], a.PN)
		}
	}
	for i, a := range as {
		if a.To > a.From {
			as[i].Group = group[a.From]
		}
	}
	return as
}

// unawarded returns the prizes of r that no award holds, in the order
// of r.Prizes: those of a category below its minimum, and places beyond
// the players of their list.
func unawarded(r Rules, lists []list, byList [][]Award, sizes map[string]int) []Unawarded {
	var out []Unawarded
	for _, p := range r.Prizes {
		name := p.Category
		if c := r.Category(name); c != nil {
			name = c.Name
			if sizes[name] < c.MinPlayers {
				out = append(out, Unawarded{Prize: p, Reason: TooFew, Players: sizes[name]})
				continue
			}
		}
		i := listIndex(lists, name)
		if i < 0 {
			continue // a prize of no category the rules know
		}
		held := slices.ContainsFunc(byList[i], func(a Award) bool { return a.From <= p.Place && p.Place <= a.To })
		if !held {
			out = append(out, Unawarded{Prize: p, Reason: NoOne})
		}
	}
	return out
}

// List is a tournament's prize list at one moment: its rules, who wins
// what in the standings after round Round, and, while only the last round
// is left to play, what each player can still win.
type List struct {
	Rules   Rules
	Round   int  // the awards are those of the standings after this round
	Rounds  int  // the rounds planned
	Final   bool // Round is the last round planned, with every result in
	Outcome Outcome
	// Stake holds, by pairing number, the prizes each player can still
	// win (InReach) while the last round is the one left to play; nil
	// otherwise.
	Stake map[int][]Reach
}

// Empty reports whether the tournament has no prizes.
func (l *List) Empty() bool { return l == nil || len(l.Rules.Prizes) == 0 }

// Section is one list of a prize list as it prints: the general
// standings or a category, each place with a prize or an award once, in
// order.
type Section struct {
	Category string // "" for the general standings
	Rows     []Row
}

// Row is a place of a section: the prize announced for it (nil for a
// place without one, whose player shares the money of others), its award
// (nil when no one has it), and why it is given to no one.
type Row struct {
	Place     int
	Prize     *Value
	Award     *Award
	Unawarded *Unawarded
}

// Sections returns the lists of l that have prizes, the general
// standings first, then the categories in order.
func (l *List) Sections() []Section {
	var out []Section
	names := []string{""}
	for _, c := range l.Rules.Categories {
		names = append(names, c.Name)
	}
	for _, name := range names {
		sec := Section{Category: name}
		at := func(place int) *Row {
			for i := range sec.Rows {
				if sec.Rows[i].Place == place {
					return &sec.Rows[i]
				}
			}
			sec.Rows = append(sec.Rows, Row{Place: place})
			return &sec.Rows[len(sec.Rows)-1]
		}
		for i, p := range l.Rules.Prizes {
			if p.Category == name {
				at(p.Place).Prize = &l.Rules.Prizes[i].Value
			}
		}
		if len(sec.Rows) == 0 {
			continue
		}
		for i, a := range l.Outcome.Awards {
			if a.Category == name {
				at(a.Place).Award = &l.Outcome.Awards[i]
			}
		}
		for i, u := range l.Outcome.Unawarded {
			if u.Prize.Category == name {
				at(u.Prize.Place).Unawarded = &l.Outcome.Unawarded[i]
			}
		}
		slices.SortFunc(sec.Rows, func(a, b Row) int { return a.Place - b.Place })
		out = append(out, sec)
	}
	return out
}
