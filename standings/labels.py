"""The public names of the C.07 tie-breaks, e.g. `BH/C1` → "Buchholz cut 1", in the active
language (the names are FIDE's terms in each language; see docs/translations.md)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from standings.tiebreaks import CutReason, Family, Source, TiebreakCode

FAMILY_NAMES: dict[Family, Promise] = {
    Family.PTS: gettext_lazy("Points"),
    Family.DE: gettext_lazy("Direct encounter"),
    Family.WIN: gettext_lazy("Number of wins"),
    Family.WON: gettext_lazy("Games won over the board"),
    Family.BPG: gettext_lazy("Games played with Black"),
    Family.BWG: gettext_lazy("Games won with Black"),
    Family.PS: gettext_lazy("Progressive scores"),
    Family.GE: gettext_lazy("Games one elected to play"),
    Family.REP: gettext_lazy("Rounds one elected to play"),
    Family.VUR: gettext_lazy("Voluntary unplayed rounds"),
    Family.BH: gettext_lazy("Buchholz"),
    Family.AOB: gettext_lazy("Average of opponents' Buchholz"),
    Family.FB: gettext_lazy("Fore Buchholz"),
    Family.SB: gettext_lazy("Sonneborn-Berger"),
    Family.KS: gettext_lazy("Koya system"),
    Family.ARO: gettext_lazy("Average rating of opponents"),
    Family.TPR: gettext_lazy("Tournament performance rating"),
    Family.PTP: gettext_lazy("Perfect tournament performance"),
    Family.APRO: gettext_lazy("Average performance rating of opponents"),
    Family.APPO: gettext_lazy("Average perfect performance of opponents"),
    Family.ABH: gettext_lazy("Adjusted score for the opponents' Buchholz"),
    Family.AFB: gettext_lazy("Adjusted score for the opponents' Fore Buchholz"),
    Family.RTG: gettext_lazy("Rating used"),
    Family.STD: gettext_lazy("Standard points"),
    Family.TPN: gettext_lazy("Pairing number"),
    Family.RTNG: gettext_lazy("Rating"),
    Family.MAN: gettext_lazy("Manual tie-break"),
}

FAMILY_RULES: dict[Family, Promise] = {
    Family.PTS: gettext_lazy("the points scored in every round"),
    Family.DE: gettext_lazy(
        "the place inside the tied group by the games between its players (1 = best; "
        "0 when the games separated nobody)"
    ),
    Family.WIN: gettext_lazy(
        "rounds worth a win, played or not: wins, forfeit wins, full-point byes and "
        "the pairing-allocated bye"
    ),
    Family.WON: gettext_lazy("games won over the board"),
    Family.BPG: gettext_lazy("games played over the board with Black"),
    Family.BWG: gettext_lazy("games won over the board with Black"),
    Family.PS: gettext_lazy("the sum of the running scores after each round"),
    Family.GE: gettext_lazy("rounds played or made available, without voluntary unplayed rounds"),
    Family.REP: gettext_lazy("rounds played or made available, without voluntary unplayed rounds"),
    Family.VUR: gettext_lazy("requested byes, absences and forfeit losses"),
    Family.BH: gettext_lazy(
        "the sum of the opponents' scores; an own unplayed round counts a virtual "
        "opponent with the player's own score (from the 2026 edition capped: a forfeit at "
        "the scheduled opponent's score, a bye at a draw in every round so far)"
    ),
    Family.AOB: gettext_lazy("the average Buchholz of the opponents met over the board"),
    Family.FB: gettext_lazy("Buchholz with every game of the final round counted as a draw"),
    Family.SB: gettext_lazy(
        "the sum of each opponent's score times the points scored against them"
    ),
    Family.KS: gettext_lazy(
        "points scored against the opponents with at least half the maximum score"
    ),
    Family.ARO: gettext_lazy("the average rating of the opponents met over the board"),
    Family.TPR: gettext_lazy(
        "the average rating of the opponents plus the FIDE rating difference for "
        "the percentage scored"
    ),
    Family.PTP: gettext_lazy("the lowest rating whose expected score reaches the score made"),
    Family.APRO: gettext_lazy("the average performance rating of the opponents met over the board"),
    Family.APPO: gettext_lazy(
        "the average perfect performance of the opponents met over the board"
    ),
    Family.ABH: gettext_lazy("the score this player gives to the opponents' Buchholz"),
    Family.AFB: gettext_lazy("the score this player gives to the opponents' Fore Buchholz"),
    Family.RTG: gettext_lazy("the rating the rating-based tie-breaks use"),
    Family.STD: gettext_lazy(
        "the points under standard scoring: 1 for a win, ½ for a draw, 0 for a loss"
    ),
    Family.TPN: gettext_lazy("the pairing number, the lower first"),
    Family.RTNG: gettext_lazy(
        "the rating, the higher first (an unrated player's by the tournament's rule)"
    ),
    Family.MAN: gettext_lazy(
        "a value computed elsewhere and entered by the arbiter, the higher first"
    ),
}


def tiebreak_name(code: TiebreakCode) -> str:
    """ "Buchholz cut 1" for `BH/C1`, "Koya system limit +1" for `KS/L+1`."""
    name = str(FAMILY_NAMES[code.family])
    if code.cut_high:
        return _("%(name)s median %(count)d") % {"name": name, "count": code.cut_high}
    if code.cut_low:
        return _("%(name)s cut %(count)d") % {"name": name, "count": code.cut_low}
    if code.limit:
        return _("%(name)s limit %(limit)+d") % {"name": name, "limit": code.limit}
    if code.reverse:
        return _("%(name)s reversed") % {"name": name}
    return name


def tiebreak_rule(code: TiebreakCode) -> str:
    """What the value counts, in one phrase, with the modifier spelled out."""
    rule = str(FAMILY_RULES[code.family])
    if code.cut_high:
        return _("%(rule)s, without the %(low)d lowest and %(high)d highest values") % {
            "rule": rule,
            "low": code.cut_low,
            "high": code.cut_high,
        }
    if code.cut_low == 1:
        return _("%(rule)s, without the lowest value") % {"rule": rule}
    if code.cut_low:
        return _("%(rule)s, without the %(count)d lowest values") % {
            "rule": rule,
            "count": code.cut_low,
        }
    if code.limit:
        return _("%(rule)s (threshold moved by %(limit)+d half-points)") % {
            "rule": rule,
            "limit": code.limit,
        }
    if code.reverse:
        return _("%(rule)s, in reverse order") % {"rule": rule}
    return rule


SOURCE_WORDS: dict[Source, Promise] = {
    Source.GAME: gettext_lazy("game played over the board"),
    Source.FORFEIT: gettext_lazy("forfeited game"),
    Source.OWN_SCORE: gettext_lazy(
        "own unplayed round: a dummy opponent with the player's own score (16)"
    ),
    Source.CAPPED_OWN_SCORE: gettext_lazy(
        "own unplayed round: the dummy's score capped (2026, 16)"
    ),
    Source.ROUND: gettext_lazy("the round's result"),
}
"""Where a round's contribution comes from (C.07 16), as the working shows it."""

CUT_WORDS: dict[CutReason, Promise] = {
    CutReason.VOLUNTARY_FIRST: gettext_lazy(
        "voluntary unplayed round (requested bye or forfeit loss), cut first (16)"
    ),
    CutReason.LEAST_SIGNIFICANT: gettext_lazy("least significant value (14.1, 14.2)"),
    CutReason.MOST_SIGNIFICANT: gettext_lazy("most significant value (14.3, 14.4)"),
}
"""Why a modifier removed a value (C.07 14, 16)."""
