"""Who may receive the pairing-allocated bye under C.04.3 (2025) 2.5 [C5] and 2.9 [C9].

Both criteria only narrow the players eligible under [C2]: [C5] ranks above every quality
criterion, so the lowest PAB score the whole round allows is found first and enforced as
eligibility; [C9] applies, by its note, to a bracket that downfloats one player, who gets the
PAB: here the last bracket, where the pairs and the downfloater's score are already fixed by
[C4]-[C7] (a higher bracket at the PAB's score applies it among its single downfloaters,
`downfloaters`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from pairing.engine.dutch.players import PlayerFacts

Completable = Callable[[Sequence[PlayerFacts]], bool]
"""Whether the players can complete the round, the PAB only to those `bye_eligible`."""


def _narrowed(
    players: Sequence[PlayerFacts], key: Callable[[PlayerFacts], int], value: int
) -> list[PlayerFacts]:
    """The players, eligible for the PAB only when `key` gives `value`."""
    return [
        p if not p.bye_eligible or key(p) == value else dataclasses.replace(p, bye_eligible=False)
        for p in players
    ]


def _score(player: PlayerFacts) -> int:
    return int(player.score)


def _unplayed(player: PlayerFacts) -> int:
    return player.unplayed


def lowest_pab_score(
    players: Sequence[PlayerFacts], completable: Completable
) -> tuple[list[PlayerFacts], int | None]:
    """C.04.3 (2025) 2.5 [C5]: only players with the lowest score for which the round can
    still be completed stay eligible for the PAB; returns them and that score (None when the
    number of players is even or nobody qualifies)."""
    if len(players) % 2 == 0:
        return list(players), None
    for score in sorted({p.score for p in players if p.bye_eligible}):
        narrowed = _narrowed(players, _score, int(score))
        if completable(narrowed):
            return narrowed, int(score)
    return list(players), None


def fewest_unplayed(
    players: Sequence[PlayerFacts], completable: Completable
) -> tuple[list[PlayerFacts], int | None]:
    """C.04.3 (2025) 2.9 [C9], in the last bracket: of the players eligible for the PAB,
    only those with the fewest unplayed rounds for which the bracket can still be completed;
    returns them and that number (None when nothing is narrowed)."""
    if len(players) % 2 == 0:
        return list(players), None
    for count in sorted({p.unplayed for p in players if p.bye_eligible}):
        narrowed = _narrowed(players, _unplayed, count)
        if completable(narrowed):
            return narrowed, count
    return list(players), None
