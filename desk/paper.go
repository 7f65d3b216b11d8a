package desk

import (
	"context"
	"strconv"

	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/rules"
)

// The paper of an evening (the pairing sheet, the slips, the standings,
// the crosstable, the prizes, the PIN cards, the workbook) is drawn by the
// reports package from one reports.Event; Sheet assembles it, for every
// front end.

// SheetParts says what a sheet needs besides the standings (ReportEvent).
type SheetParts struct {
	// Codes: the board codes of a published round, whose QR codes the
	// result slips carry.
	Codes bool
	// Cards: each player's own PIN, made now for those who have none (a
	// write), and the address of their own page, for the PIN cards.
	Cards bool
	// Prizes: the prize list of the standings.
	Prizes bool
	// Ratings: whether each player's FIDE rating change is shown.
	Ratings RatingShow
	// Base is the address the QR codes lead to when the tournament stores
	// none (WebSettings.PublicURL): the server's, without a final slash.
	Base string
}

// Sheet returns what the sheets of tournament s after round n (0: before
// round 1) are drawn from: ReportEvent, with the parts p asks for. Its
// Locale and Warn are the caller's to set. ReportEvent's errors are
// returned as they are.
func (d *Desk) Sheet(ctx context.Context, s *Snapshot, n int, p SheetParts) (*reports.Event, error) {
	ev, st, err := reportEvent(s, n)
	if err != nil {
		return nil, err
	}
	tid := s.Tournament.ID
	base := p.Base
	if p.Codes || p.Cards {
		ws, err := d.db.WebSettings(ctx, tid)
		if err != nil {
			return nil, err
		}
		if ws.PublicURL != "" {
			base = ws.PublicURL
		}
	}
	if p.Codes {
		tokens, err := d.db.BoardTokens(ctx, tid, n)
		if err != nil {
			return nil, err
		}
		if len(tokens) > 0 {
			ev.Codes = make(map[int]reports.SlipCode, len(tokens))
			for b, token := range tokens {
				ev.Codes[b] = reports.SlipCode{URL: base + "/b/" + token}
			}
		}
	}
	if p.Cards {
		pins, err := d.PlayerPINs(ctx, tid)
		if err != nil {
			return nil, err
		}
		ev.Cards = map[int]reports.PINCard{}
		for pn, pin := range pins {
			ev.Cards[pn] = reports.PINCard{PIN: pin, URL: base + "/player/" + strconv.Itoa(pn) + "/me"}
		}
	}
	if p.Prizes {
		// As d.Prizes, with the standings already ranked.
		r, err := d.db.PrizeRules(ctx, tid)
		if err != nil {
			return nil, err
		}
		if ev.Prizes, err = RankedPrizeList(s, r, st, n); err != nil {
			return nil, err
		}
	}
	show := p.Ratings == RatingsShown
	if p.Ratings == RatingsByOption {
		if show, err = d.ShowRatingChange(ctx, tid); err != nil {
			return nil, err
		}
	}
	if show {
		if ev.Ratings, err = RatingChangeMap(s, n); err != nil {
			return nil, err
		}
	}
	return ev, nil
}

// RatingShow says whether a sheet shows the FIDE rating change.
type RatingShow int

const (
	// RatingsHidden: the sheet shows no rating change.
	RatingsHidden RatingShow = iota
	// RatingsShown: the sheet shows it.
	RatingsShown
	// RatingsByOption: as the tournament's option rating-change, else
	// the club's, says (ShowRatingChange).
	RatingsByOption
)

// The letters of the moves ExportPGN writes: English, those of PGN (Laws
// appendix C), or Italian.
const (
	EnglishLetters = rules.English
	ItalianLetters = rules.Italian
)
