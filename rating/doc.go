// Package rating computes ratings from results: the FIDE rating change
// of a player over an event, by the FIDE Rating Regulations in force
// (effective 1 March 2024, with the amendment of 1 October 2025 to the
// 400-point rule), and the club rating, by Mark Glickman's Glicko-2
// system, that a club keeps from its own evenings.
//
// # FIDE rating change
//
// For each game against a rated opponent the difference in rating D
// gives the player's expected score PD from the table of article 8.1.2
// (Expected); a difference of more than 400 points counts as 400 for a
// player rated below 2650, and as it is for a player rated 2650 or more
// (8.3.1, as amended from 1 October 2025). The change is K times the sum
// of score minus PD over the games (8.3.2), with K by article 8.3.3
// (KFactor): 40 for a player new to the list until 30 games and for a
// player until the end of the year of their 18th birthday while rated
// under 2300, 20 under 2400, 10 once the published rating has reached
// 2400; 20 for every player in rapid and blitz. K is lowered so that K
// times the games of the period does not exceed 700 (8.3.3). The change
// is rounded to the nearest whole number, 0.5 away from zero (8.3.4).
// Games against unrated opponents and games not played over the board
// (forfeits, byes) do not change a rated player's rating.
//
// # Club rating
//
// Glicko-2 (M. E. Glickman, "Example of the Glicko-2 system", Boston
// University, 2013; "Dynamic paired comparison models with stochastic
// variances", Journal of Applied Statistics 28, 2001) gives each player a
// rating, a rating deviation (how uncertain the rating is) and a
// volatility. Each evening is one rating period: the players who played
// are updated from their games of the evening, and the deviation of those
// who did not play grows. A newcomer starts at 1500 with deviation 350,
// so that a few evenings place them; see Club.
//
// The package is pure: it reads nothing and prints nothing.
package rating
