// Package prizes decides who wins what: the place prizes of the general
// standings and of categories of players (rating bands, ages, women,
// a club, the unrated), shared among players level on points by the rule
// the organizer announced, one prize to a player. It has no I/O: the
// standings come in already ranked by the tie-break chain (tiebreak.Rank),
// and the rules as values.
//
// # Categories
//
// A Category admits the players who meet every one of its criteria
// (Criterion): a rating band by the rating the tournament seeds with
// (RatingBelow, RatingFrom), an age by the year of birth (BornAfter,
// BornBefore; Age turns "U16" or "O50" into one), the sex, the club, the
// unrated or the rated. A player may belong to several categories. A new
// kind of criterion (a national rating band, a national category) is one
// more Kind, one more field of Member, and one more case in Check and
// Admits: categories, their storage and the commands carry criteria as
// kind and value and need no other change.
//
// # Sharing
//
// Sharing says what players level on points get (Allot):
//
//   - None: the tie-breaks decide; each place's prize goes to the player
//     in that place. Players level on points and on every tie-break share
//     the prizes of the places they hold equally, as nothing separates
//     them.
//   - Equal: the money prizes of the places the level players hold are
//     added up and split equally among them.
//   - Hort: each level player keeps half of the money prize of the place
//     the tie-breaks give them; the other halves of the prizes of the
//     places the group holds are added up and split equally among the
//     group. A player level with no one keeps the whole prize; players
//     level on every tie-break too split the halves of their places
//     equally, as nothing gives one of them the better place. This is
//     the system proposed by Vlastimil Hort, as Swiss-Manager, Vega and
//     Sharly Chess apply it (see the worked example of the German
//     Wikipedia article "Hort-System": prizes 1000, 500, ...; players A
//     and B level on 8 points take 500 + 375 and 250 + 375).
//
// A named prize (a cup, a book) cannot be split: it goes to the player in
// its place whatever the sharing. Money is counted in hundredths, and a
// hundredth that does not divide goes to the first players of the group in
// the order of the tie-breaks, so that the shares add up to the prizes.
//
// # One prize per player
//
// A player wins at most one prize. When the lists give a player more than
// one, the player keeps the one of higher value, and at equal value the
// one of the general standings (or of the category, when the rules say
// CategoryFirst: some regulations give the category first), then the
// category defined first; the lists the player leaves are given again
// without the player, the players below moving up. The conflicts are
// settled from the most valuable prize down, as the prize lists are read
// at the prize-giving.
//
// # What is at stake
//
// InReach gives, before the last round (or any round), the places each
// player can still reach in each list from the points they can still
// score, and the prizes of those places.
package prizes
