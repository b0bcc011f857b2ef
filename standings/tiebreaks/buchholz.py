"""The Buchholz family (C.07 8): Buchholz, Fore Buchholz and the average of opponents'
Buchholz, with the unplayed-round rules of C.07 16.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Outcome, PlayerId

from .breakdown import VALUE, Breakdown, Item, Source
from .codes import Family, TiebreakCode
from .modifiers import select_cuts, total_kept
from .results import Results
from .unplayed import dummy_score

HALF_POINTS = 2
"""Contributions are in half-points: two make a point."""


def opponent_scores(results: Results, player_id: PlayerId) -> tuple[Item, ...]:
    """Each round's value in the player's Buchholz (C.07 8.1, 16).

    A game played over the board gives the opponent's adjusted score (16.A); an own unplayed
    round gives the score of a dummy opponent (16.B), cut first when voluntary (16.C). In a
    round robin a forfeit counts as a game against its opponent and the rest round of an odd
    field is no round at all: no game, no unplayed round, no value (15.2).
    """
    adjusted = results.adjusted
    own = results.points[player_id]
    items: list[Item] = []
    for played in results.history[player_id]:
        opponent = played.opponent
        if opponent is None and results.round_robin and played.outcome is Outcome.PAIRING_BYE:
            continue
        if opponent is not None and (played.played or results.round_robin):
            score = adjusted[opponent]
            items.append((played.number, opponent, score, Source.GAME, score, False))
            continue
        scheduled = None if opponent is None else adjusted[opponent]
        score, source = dummy_score(own, scheduled, results.draw_in_every_round, results.edition)
        items.append((played.number, opponent, score, source, score, played.voluntary))
    return tuple(items)


def every_opponent_scores(results: Results) -> dict[PlayerId, tuple[Item, ...]]:
    """`opponent_scores` of every player (Buchholz, its cuts and Sonneborn-Berger share it)."""
    return {player_id: opponent_scores(results, player_id) for player_id in results.players}


def buchholz(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """BH (C.07 8.1): the sum of the opponents' scores, after the code's modifier (14)."""
    items = results.memo(every_opponent_scores)[player_id]
    cuts = select_cuts(items, code, results.edition)
    value = Fraction(total_kept(items, cuts), HALF_POINTS)
    return Breakdown(code.text, value, items, cuts, HALF_POINTS)


def fore_buchholz(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """FB (C.07 8.3): Buchholz with every game paired in the final round counted as a draw."""
    return buchholz(results.fore, player_id, code)


def every_buchholz(results: Results) -> dict[PlayerId, int]:
    """Every player's plain Buchholz, in half-points (AOB reads it for each opponent)."""
    return {
        player_id: sum(item[VALUE] for item in items)
        for player_id, items in results.memo(every_opponent_scores).items()
    }


def average_of_opponents_buchholz(
    results: Results, player_id: PlayerId, code: TiebreakCode
) -> Breakdown:
    """AOB (C.07 8.2): the average Buchholz of the opponents met over the board."""
    buchholz_of = results.memo(every_buchholz)
    items = tuple(
        (played.number, opponent, buchholz_of[opponent], Source.GAME, 0, False)
        for played in results.history[player_id]
        if played.played and (opponent := played.opponent) is not None
    )
    if not items:
        return Breakdown(
            code.text, None, note=Message(gettext_noop("no game played over the board"))
        )
    value = Fraction(sum(item[VALUE] for item in items), HALF_POINTS * len(items))
    return Breakdown(code.text, value, items, unit=HALF_POINTS)


def adjusted_score_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """ABH / AFB: the adjusted score the player gives to its opponents (C.07 16.A)."""
    source = results.fore if code.family is Family.AFB else results
    return Breakdown(code.text, Fraction(source.adjusted[player_id], HALF_POINTS))
