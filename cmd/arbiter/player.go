package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newPlayerCmd returns the "player" noun.
func newPlayerCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "player <command>",
		RunE:  nounRun,
		Short: "Register players and record withdrawals and byes",
		Long: `Players are kept in the club roster, shared by every tournament in the
database, and entered in tournaments. In a tournament a player is named by
pairing number ("7"), by name ("Rossi" or "Mario Rossi", accents and case
ignored), or by roster ID ("id:12").

Pairing numbers follow the FIDE initial order (C.04.2: rating, then title,
then name) and are given again after each registration until round 1 is
paired; from then on they are fixed and a late entry gets the next number.`,
	}
	cmd.AddCommand(
		newPlayerAddCmd(a),
		newPlayerListCmd(a),
		newPlayerEditCmd(a),
		newPlayerWithdrawCmd(a),
		newPlayerByeCmd(a),
		newPlayerImportCmd(a),
		newPlayerReturnCmd(a),
		newPlayerRemoveCmd(a),
		newPlayerHistoryCmd(a),
	)
	return cmd
}

// playerJSON is the JSON form of an entry (desk.PlayerView).
type playerJSON = desk.PlayerView

func toPlayerJSON(e arbiter.Entry, reqs []desk.Request) playerJSON { return desk.PlayerViewOf(e, reqs) }

// playerFlags are the details shared by player add and edit.
type playerFlags struct {
	name, club, federation, fideID, sex, title string
	rating, birthYear                          int
	birthDate                                  string
}

func (f *playerFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.rating, "rating", 0, "rating (0 = unrated)")
	fs.StringVar(&f.club, "club", "", "club")
	fs.StringVar(&f.federation, "federation", "", "federation, three letters such as ITA")
	fs.StringVar(&f.fideID, "fide-id", "", "FIDE ID")
	fs.IntVar(&f.birthYear, "birth-year", 0, "year of birth")
	fs.StringVar(&f.birthDate, "birth-date", "", "date of birth, `YYYY-MM-DD`, for the FIDE report (sets the year too)")
	fs.StringVar(&f.sex, "sex", "", "sex: {M|F}")
	fs.StringVar(&f.title, "title", "", "FIDE title: {GM|IM|WGM|FM|WIM|CM|WFM|WCM}")
}

// check validates the flags given, returning a one-line error in
// English; see checkIn.
func (f *playerFlags) check(fs *pflag.FlagSet) error { return f.checkIn(nil, fs) }

// checkIn validates the flags given, returning a one-line error in l's
// words.
func (f *playerFlags) checkIn(l *locale.Localizer, fs *pflag.FlagSet) error {
	if fs.Changed("rating") && (f.rating < 0 || f.rating > 3500) {
		return errors.New(l.T("cli.player.rating", "Rating", f.rating))
	}
	if fs.Changed("federation") && f.federation != "" {
		if len(f.federation) != 3 {
			return errors.New(l.T("cli.player.federation", "Value", strconv.Quote(f.federation)))
		}
		f.federation = strings.ToUpper(f.federation)
	}
	if fs.Changed("fide-id") && f.fideID != "" {
		if _, err := strconv.ParseUint(f.fideID, 10, 64); err != nil {
			return errors.New(l.T("cli.player.fideid", "Value", strconv.Quote(f.fideID)))
		}
	}
	if fs.Changed("birth-year") && f.birthYear != 0 && (f.birthYear < 1880 || f.birthYear > 2200) {
		return errors.New(l.T("cli.player.birthyear", "Year", f.birthYear))
	}
	if fs.Changed("birth-date") && f.birthDate != "" {
		y, err := arbiter.BirthDateYear(f.birthDate)
		if err != nil || y < 1880 || y > 2200 {
			return errors.New(l.T("cli.player.birthdate", "Value", strconv.Quote(f.birthDate)))
		}
		if fs.Changed("birth-year") && f.birthYear != y {
			return errors.New(l.T("cli.player.birthboth", "Date", f.birthDate, "Year", f.birthYear))
		}
		f.birthDate = strings.TrimSpace(f.birthDate)
		f.birthYear = y
	}
	if fs.Changed("sex") {
		switch strings.ToUpper(f.sex) {
		case "M", "F", "":
			f.sex = strings.ToUpper(f.sex)
		case "W":
			f.sex = "F"
		default:
			return errors.New(l.T("cli.player.sex", "Value", strconv.Quote(f.sex)))
		}
	}
	if fs.Changed("title") {
		t, err := arbiter.ParseTitle(f.title)
		if err != nil {
			return fmt.Errorf("--title: %w", err)
		}
		f.title = string(t)
	}
	return nil
}

// player returns the details given as a Player (unset fields empty).
func (f *playerFlags) player(name string) arbiter.Player {
	return arbiter.Player{Name: name, Rating: f.rating, Club: f.club, Federation: f.federation,
		FIDEID: f.fideID, BirthYear: f.birthYear, BirthDate: f.birthDate, Sex: f.sex, Title: arbiter.Title(f.title)}
}

// change returns the details given as a desk.PlayerChange.
func (f *playerFlags) change(fs *pflag.FlagSet) desk.PlayerChange {
	var c desk.PlayerChange
	str := func(flag string, v *string) *string {
		if fs.Changed(flag) {
			return v
		}
		return nil
	}
	c.Name = str("name", &f.name)
	c.Club = str("club", &f.club)
	c.Federation = str("federation", &f.federation)
	c.FIDEID = str("fide-id", &f.fideID)
	c.Sex = str("sex", &f.sex)
	if fs.Changed("rating") {
		c.Rating = &f.rating
	}
	if fs.Changed("birth-year") {
		c.BirthYear = &f.birthYear
	}
	if fs.Changed("birth-date") {
		c.BirthDate = &f.birthDate
	}
	if fs.Changed("title") {
		t := arbiter.Title(f.title)
		c.Title = &t
	}
	return c
}

// entryLabel writes "7 Rossi, Mario (1850)".
func entryLabel(e arbiter.Entry) string {
	s := fmt.Sprintf("%d %s", e.PN, e.Player.Name)
	if e.Player.Rating != 0 {
		s += fmt.Sprintf(" (%d)", e.Player.Rating)
	}
	return s
}
