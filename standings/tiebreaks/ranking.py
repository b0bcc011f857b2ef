"""The ranking by an ordered tie-break list (C.07 4.2), ending with a drawing of lots.

The players are sorted by points, and each group still tied is split by the next tie-break;
DE (type A) is recomputed inside each group. Ties left when the list is exhausted are broken
by a drawing of lots that is seeded, recorded and reproducible: each player draws
SHA-256(seed:pairing number), and the lower draw ranks higher.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.domain.state import PlayerId, TournamentState

from .breakdown import Breakdown
from .codes import Family, TiebreakCode
from .direct_encounter import direct_encounter
from .editions import Edition
from .results import Results
from .values import player_breakdown

_POINTS = TiebreakCode(Family.PTS)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings: the place and the value of each tie-break (None: undefined)."""

    player_id: PlayerId
    rank: int
    values: dict[str, Fraction | None]
    lot: int | None
    """The player's place in the drawing of lots among those still tied, or None."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked players, with every value's working (`breakdown`).

    `codes` are the tie-breaks in the order applied; `lots_seed` the seed of the drawing of
    lots, recorded so that anyone can repeat the draw.
    """

    rows: tuple[Row, ...]
    codes: tuple[TiebreakCode, ...]
    edition: Edition
    lots_seed: str
    breakdowns: dict[str, dict[PlayerId, Breakdown]]

    def breakdown(self, player_id: PlayerId, code: str) -> Breakdown:
        """How the player's value of `code` (as written in `codes`) was made."""
        return self.breakdowns[code][player_id]


def lot(seed: str, player_id: PlayerId) -> int:
    """The player's draw in the drawing of lots for `seed` (lower ranks higher)."""
    digest = hashlib.sha256(f"{seed}:{player_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _split(
    groups: list[list[PlayerId]], values: dict[PlayerId, Fraction | None]
) -> list[list[PlayerId]]:
    """Each group sorted by the values, higher first and undefined last, then cut into runs
    of equal values."""
    split: list[list[PlayerId]] = []
    for group in groups:
        if len(group) == 1:
            split.append(group)
            continue
        defined = {p: value for p in group if (value := values[p]) is not None}
        ordered = sorted(defined, key=defined.__getitem__, reverse=True)
        ordered += [player_id for player_id in group if values[player_id] is None]
        run = [ordered[0]]
        for player_id in ordered[1:]:
            if values[player_id] == values[run[0]]:
                run.append(player_id)
            else:
                split.append(run)
                run = [player_id]
        split.append(run)
    return split


def _direct_encounter_split(
    results: Results, groups: list[list[PlayerId]], breakdowns: dict[PlayerId, Breakdown]
) -> list[list[PlayerId]]:
    split: list[list[PlayerId]] = []
    for group in groups:
        found = direct_encounter(results, group)
        breakdowns.update(found)
        if len(group) > 1:
            places = {p: -(b.value or Fraction(0)) for p, b in found.items()}
            split.extend(_split([group], dict[PlayerId, Fraction | None](places)))
        else:
            split.append(group)
    return split


def rank(results: Results, codes: Sequence[TiebreakCode], lots_seed: str = "") -> Standings:
    """Rank the players: points first, then the tie-breaks in order, then the lots."""
    groups = [sorted(results.players)]
    breakdowns: dict[str, dict[PlayerId, Breakdown]] = {}
    applied = list(codes) if codes and codes[0] == _POINTS else [_POINTS, *codes]
    for code in applied:
        found: dict[PlayerId, Breakdown] = {}
        if code.family is Family.DE:
            groups = _direct_encounter_split(results, groups, found)
        else:
            for player_id in results.players:
                found[player_id] = player_breakdown(results, player_id, code)
            groups = _split(groups, {p: b.value for p, b in found.items()})
        breakdowns.setdefault(code.text, found)
    rows: list[Row] = []
    texts = [code.text for code in codes]
    for group in groups:
        drawn = sorted(group, key=lambda player_id: lot(lots_seed, player_id))
        for number, player_id in enumerate(drawn, start=1):
            rows.append(
                Row(
                    player_id,
                    len(rows) + 1,
                    {text: breakdowns[text][player_id].value for text in texts},
                    number if len(group) > 1 else None,
                )
            )
    return Standings(tuple(rows), tuple(codes), results.edition, lots_seed, breakdowns)


def compute_standings(
    state: TournamentState,
    codes: Sequence[TiebreakCode],
    *,
    edition: Edition,
    unrated_rating: int | None = None,
    lots_seed: str = "",
) -> Standings:
    """The standings after the last round of `state` for an ordered tie-break list."""
    return rank(Results(state, edition, unrated_rating), codes, lots_seed)
