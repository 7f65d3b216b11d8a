// Package season computes the standings of a club season: a championship
// over the evenings (tournaments) of one database. Each evening's final
// ranking, made by the evening's own rules and tie-breaks (C.07), is
// turned into season points by a Scoring: points per place, the evening's
// game points, or its percentage. A setting says whether players still
// sharing a place after the evening's tie-breaks share the points of the
// places (their average) or take them in the order the evening lists
// them. Points for taking part may be added to every evening played; the
// best N evenings count; and players level on the total are separated by
// the season's tie-breaks: evenings played, evenings won, best single
// evening, and head-to-head across the evenings.
//
// The package is pure: it reads nothing and prints nothing. Players are
// known by their club roster ID, the same person in every evening.
package season
