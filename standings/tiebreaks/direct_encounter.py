"""Direct encounter (C.07 6), a type-A tie-break: it ranks a group of tied players by the games
they played against each other, and is recomputed within every smaller group (C.07 4.2).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import PlayerId

from .breakdown import Breakdown, Item, Source
from .display import format_value
from .results import Results
from .rounds import Round

Group = tuple[PlayerId, ...]


def _counts(results: Results, played: Round) -> bool:
    """Whether a round is a game for DE: played over the board (forfeits are left out, 6.1.1),
    or in a round robin any paired round, forfeits included (15.2: there they are treated as
    regular games in every tie-break but the rating-based and type-B ones)."""
    return played.played or (results.round_robin and played.opponent is not None)


def _results_against(
    results: Results, player_id: PlayerId, members: set[PlayerId]
) -> dict[PlayerId, list[int]]:
    """The player's points in each game against each member (`_counts`)."""
    found: dict[PlayerId, list[int]] = defaultdict(list)
    for played in results.history[player_id]:
        if _counts(results, played) and played.opponent in members:
            found[played.opponent].append(played.points)
    return found


def mini_standings(
    results: Results, group: Sequence[PlayerId]
) -> tuple[dict[PlayerId, Fraction], dict[PlayerId, int]]:
    """Each player's points (in half-points) against the others of the group (6.1), and the
    number of the others it has not met over the board.

    Forfeits are left out (6.1.1; a round robin counts them, `_counts`); two players who met
    more than once count the average of their results (6.1.2).
    """
    members = set(group)
    scores: dict[PlayerId, Fraction] = {}
    unmet: dict[PlayerId, int] = {}
    for player_id in group:
        found = _results_against(results, player_id, members)
        single = sum(points[0] for points in found.values() if len(points) == 1)
        repeated = sum(
            (Fraction(sum(points), len(points)) for points in found.values() if len(points) > 1),
            Fraction(single),
        )
        scores[player_id] = repeated
        unmet[player_id] = len(group) - 1 - len(found)
    return scores, unmet


def _certain_leader(
    candidates: Sequence[PlayerId],
    scores: dict[PlayerId, Fraction],
    unmet: dict[PlayerId, int],
    win: int,
) -> PlayerId | None:
    """The one candidate alone at the top whatever the results of the missing games (6.3):
    its own missing games lost, each other's missing games won. Only the candidate with the
    best score can be."""
    leader = max(candidates, key=scores.__getitem__)
    if all(
        scores[leader] > scores[other] + win * unmet[other]
        for other in candidates
        if other != leader
    ):
        return leader
    return None


def direct_encounter_order(results: Results, group: Sequence[PlayerId]) -> list[Group]:
    """The group split into places, best first; players still tied share a part (C.07 6).

    If everyone met everyone (6.2), the mini-standings rank them and DE is applied again to
    every smaller tied subgroup. Otherwise (6.3, Swiss) places are assigned from the top while
    a player is first whatever the missing games; then DE restarts with the others.
    """
    if len(group) < 2:
        return [tuple(group)]
    scores, unmet = mini_standings(results, group)
    if not any(unmet.values()):
        order: list[Group] = []
        for score in sorted(set(scores.values()), reverse=True):
            tied = tuple(p for p in group if scores[p] == score)
            order.extend(
                direct_encounter_order(results, tied) if len(tied) < len(group) else [tied]
            )
        return order
    placed: list[Group] = []
    remaining = list(group)
    while len(remaining) > 1:
        leader = _certain_leader(remaining, scores, unmet, results.scoring.win)
        if leader is None:
            break
        placed.append((leader,))
        remaining.remove(leader)
    if not placed:
        return [tuple(group)]
    return placed + direct_encounter_order(results, remaining)


def places(order: Sequence[Group]) -> dict[PlayerId, int]:
    """The DE value of each player: the place of its part inside the group, 1 = best; 0 for
    everyone when DE separated nobody (the oracle's notation)."""
    if len(order) < 2:
        return {player_id: 0 for part in order for player_id in part}
    values: dict[PlayerId, int] = {}
    place = 1
    for part in order:
        for player_id in part:
            values[player_id] = place
        place += len(part)
    return values


def direct_encounter(results: Results, group: Sequence[PlayerId]) -> dict[PlayerId, Breakdown]:
    """Each player's DE value inside its tied group, with the games against the others."""
    order = direct_encounter_order(results, group)
    place_of = places(order)
    scores, _ = mini_standings(results, group)
    members = set(group)
    breakdowns: dict[PlayerId, Breakdown] = {}
    for player_id in group:
        items: tuple[Item, ...] = tuple(
            (played.number, played.opponent, played.points, Source.GAME, 0, False)
            for played in results.history[player_id]
            if _counts(results, played) and played.opponent in members
        )
        if results.round_robin:
            template = gettext_noop(
                "score against the other %(count)s tied: %(points)s (forfeits counted (round "
                "robin), repeated games averaged)"
            )
        else:
            template = gettext_noop(
                "score against the other %(count)s tied: %(points)s (forfeits left out, repeated "
                "games averaged)"
            )
        note = Message(
            template,
            count=len(group) - 1,
            points=format_value(scores[player_id] / 2),
        )
        breakdowns[player_id] = Breakdown(
            "DE", Fraction(place_of[player_id]), items, unit=2, note=note
        )
    return breakdowns
