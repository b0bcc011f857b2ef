"""The public names of the C.07 tie-breaks, e.g. `BH/C1` → "Buchholz cut 1"."""

from __future__ import annotations

from standings.tiebreaks import Family, TiebreakCode

FAMILY_NAMES: dict[Family, str] = {
    Family.PTS: "Points",
    Family.DE: "Direct encounter",
    Family.WIN: "Number of wins",
    Family.WON: "Games won over the board",
    Family.BPG: "Games played with Black",
    Family.BWG: "Games won with Black",
    Family.PS: "Progressive scores",
    Family.GE: "Games one elected to play",
    Family.REP: "Rounds one elected to play",
    Family.VUR: "Voluntary unplayed rounds",
    Family.BH: "Buchholz",
    Family.AOB: "Average of opponents' Buchholz",
    Family.FB: "Fore Buchholz",
    Family.SB: "Sonneborn-Berger",
    Family.KS: "Koya system",
    Family.ARO: "Average rating of opponents",
    Family.TPR: "Tournament performance rating",
    Family.PTP: "Perfect tournament performance",
    Family.APRO: "Average performance rating of opponents",
    Family.APPO: "Average perfect performance of opponents",
    Family.ABH: "Adjusted score for the opponents' Buchholz",
    Family.AFB: "Adjusted score for the opponents' Fore Buchholz",
    Family.RTG: "Rating used",
    Family.STD: "Standard points",
    Family.TPN: "Pairing number",
    Family.RTNG: "Rating",
    Family.MAN: "Manual tie-break",
}

FAMILY_RULES: dict[Family, str] = {
    Family.PTS: "the points scored in every round",
    Family.DE: "the place inside the tied group by the games between its players (1 = best; "
    "0 when the games separated nobody)",
    Family.WIN: "rounds worth a win, played or not: wins, forfeit wins, full-point byes and "
    "the pairing-allocated bye",
    Family.WON: "games won over the board",
    Family.BPG: "games played over the board with Black",
    Family.BWG: "games won over the board with Black",
    Family.PS: "the sum of the running scores after each round",
    Family.GE: "rounds played or made available, without voluntary unplayed rounds",
    Family.REP: "rounds played or made available, without voluntary unplayed rounds",
    Family.VUR: "requested byes, absences and forfeit losses",
    Family.BH: "the sum of the opponents' scores; an own unplayed round counts a virtual "
    "opponent with the player's own score",
    Family.AOB: "the average Buchholz of the opponents met over the board",
    Family.FB: "Buchholz with every game of the final round counted as a draw",
    Family.SB: "the sum of each opponent's score times the points scored against them",
    Family.KS: "points scored against the opponents with at least half the maximum score",
    Family.ARO: "the average rating of the opponents met over the board",
    Family.TPR: "the average rating of the opponents plus the FIDE rating difference for "
    "the percentage scored",
    Family.PTP: "the lowest rating whose expected score reaches the score made",
    Family.APRO: "the average performance rating of the opponents met over the board",
    Family.APPO: "the average perfect performance of the opponents met over the board",
    Family.ABH: "the score this player gives to the opponents' Buchholz",
    Family.AFB: "the score this player gives to the opponents' Fore Buchholz",
    Family.RTG: "the rating the rating-based tie-breaks use",
    Family.STD: "the points under standard scoring: 1 for a win, ½ for a draw, 0 for a loss",
    Family.TPN: "the pairing number, the lower first",
    Family.RTNG: "the rating, the higher first (an unrated player's by the tournament's rule)",
    Family.MAN: "a value computed elsewhere and entered by the arbiter, the higher first",
}


def tiebreak_name(code: TiebreakCode) -> str:
    """ "Buchholz cut 1" for `BH/C1`, "Koya system limit +1" for `KS/L+1`."""
    name = FAMILY_NAMES[code.family]
    if code.cut_high:
        return f"{name} median {code.cut_high}"
    if code.cut_low:
        return f"{name} cut {code.cut_low}"
    if code.limit:
        return f"{name} limit {code.limit:+d}"
    if code.reverse:
        return f"{name} reversed"
    return name


def tiebreak_rule(code: TiebreakCode) -> str:
    """What the value counts, in one phrase, with the modifier spelled out."""
    rule = FAMILY_RULES[code.family]
    if code.cut_high:
        return f"{rule}, without the {code.cut_low} lowest and {code.cut_high} highest values"
    if code.cut_low == 1:
        return f"{rule}, without the lowest value"
    if code.cut_low:
        return f"{rule}, without the {code.cut_low} lowest values"
    if code.limit:
        return f"{rule} (threshold moved by {code.limit:+d} half-points)"
    if code.reverse:
        return f"{rule}, in reverse order"
    return rule
