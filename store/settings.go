package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
)

// loadSettings reads the report settings of tournament t.ID into t (schema
// version 9, tournament_settings); a tournament without a row has none.
func loadSettings(ctx context.Context, q queryer, t *arbiter.Tournament) error {
	var deputies, dates string
	err := q.QueryRowContext(ctx, `SELECT accelerated, unrated_rating, federation, city, chief_arbiter, deputies,
		end_date, round_dates, time_code, rating_type FROM tournament_settings WHERE tournament_id = ?`, t.ID).Scan(
		&t.Accelerated, &t.UnratedRating, &t.Federation, &t.City, &t.ChiefArbiter, &deputies, &t.EndDate, &dates, &t.TimeCode, &t.RatingType)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: read the settings of tournament %d: %w", t.ID, err)
	}
	t.Deputies = splitList(deputies, "\n")
	t.RoundDates = splitList(dates, ",")
	return nil
}

func splitList(s, sep string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, sep)
}

// hasSettings reports whether t has any report setting, so that a
// tournament without them stores no row.
func hasSettings(t arbiter.Tournament) bool {
	return t.Accelerated != "" || t.UnratedRating != 0 || t.Federation != "" || t.City != "" || t.ChiefArbiter != "" ||
		len(t.Deputies) > 0 || t.EndDate != "" || len(t.RoundDates) > 0 || t.TimeCode != "" || t.RatingType != ""
}

// saveSettings writes the report settings of tournament t.ID.
func saveSettings(ctx context.Context, tx *sql.Tx, t arbiter.Tournament) error {
	if !hasSettings(t) {
		_, err := tx.ExecContext(ctx, `DELETE FROM tournament_settings WHERE tournament_id = ?`, t.ID)
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_settings (tournament_id, accelerated, unrated_rating, federation, city,
		chief_arbiter, deputies, end_date, round_dates, time_code, rating_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id) DO UPDATE SET accelerated = excluded.accelerated, unrated_rating = excluded.unrated_rating,
		federation = excluded.federation, city = excluded.city, chief_arbiter = excluded.chief_arbiter, deputies = excluded.deputies,
		end_date = excluded.end_date, round_dates = excluded.round_dates, time_code = excluded.time_code, rating_type = excluded.rating_type`,
		t.ID, t.Accelerated, t.UnratedRating, t.Federation, t.City, t.ChiefArbiter, strings.Join(t.Deputies, "\n"),
		t.EndDate, strings.Join(t.RoundDates, ","), t.TimeCode, t.RatingType)
	if err != nil {
		return fmt.Errorf("store: save the settings of tournament %d: %w", t.ID, err)
	}
	return nil
}

// checkSettings refuses report settings that cannot be stored: text
// that cannot be, a deputy of no name (the list would not read back, a
// plain error). Which settings the TRF can carry is the desk's
// (SetupRule).
func checkSettings(t arbiter.Tournament) error {
	for _, f := range []struct{ name, value string }{
		{"federation", t.Federation}, {"city", t.City}, {"chief arbiter", t.ChiefArbiter}, {"encoded time control", t.TimeCode},
	} {
		if err := text.Check(f.name, f.value, text.MaxTournament); err != nil {
			return invalid("%v", err)
		}
	}
	for _, d := range t.Deputies {
		if err := text.Check("deputy arbiter", d, text.MaxTournament); err != nil {
			return invalid("%v", err)
		}
		if strings.TrimSpace(d) == "" {
			return fmt.Errorf("store tournament %q: a deputy arbiter of no name: %w", t.Name, ErrInvalid)
		}
	}
	for _, d := range t.RoundDates {
		if strings.Contains(d, ",") {
			return fmt.Errorf("store tournament %q: round date %q: %w", t.Name, d, ErrInvalid)
		}
	}
	return nil
}

// diffSettings lists the report settings that differ between a and b.
func diffSettings(a, b arbiter.Tournament) []change {
	var cs []change
	add := func(field, x, y string) {
		if x != y {
			cs = append(cs, change{field, x, y})
		}
	}
	add("acceleration", a.Accelerated, b.Accelerated)
	add("unrated rating", strconv.Itoa(a.UnratedRating), strconv.Itoa(b.UnratedRating))
	add("federation", a.Federation, b.Federation)
	add("city", a.City, b.City)
	add("chief arbiter", a.ChiefArbiter, b.ChiefArbiter)
	add("deputy arbiters", strings.Join(a.Deputies, "; "), strings.Join(b.Deputies, "; "))
	add("end date", a.EndDate, b.EndDate)
	add("round dates", strings.Join(a.RoundDates, ","), strings.Join(b.RoundDates, ","))
	add("encoded time control", a.TimeCode, b.TimeCode)
	add("rating type", a.RatingType, b.RatingType)
	return cs
}
