"""The ranking by an ordered tie-break list (C.07 4.2), ending with a drawing of lots.

The players are sorted by points, and each group still tied is split by the next tie-break;
DE (type A) is recomputed inside each group. Ties left when the list is exhausted are broken
by a drawing of lots that is seeded, recorded and reproducible: each player draws
SHA-256(seed:pairing number), and the lower draw ranks higher. Without the drawing of lots
(`lots=False`: the tournament's rules do not ask for it) the players left tied share the
place (checklist Q203), listed by pairing number.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.domain.state import PlayerId, TournamentState

from .breakdown import Breakdown
from .codes import Family, TiebreakCode, parse_code
from .direct_encounter import direct_encounter, direct_encounter_order, places
from .editions import Edition
from .results import Results
from .values import player_breakdown, player_value

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
    """The ranked players; `breakdown` shows how any value was made.

    `codes` are the tie-breaks in the order applied; `lots_seed` the seed of the drawing of
    lots, recorded so that anyone can repeat the draw. `direct_encounter_groups` holds, for
    each player, the tied group in which DE was applied.
    """

    rows: tuple[Row, ...]
    codes: tuple[TiebreakCode, ...]
    edition: Edition
    lots_seed: str
    results: Results
    direct_encounter_groups: dict[PlayerId, tuple[PlayerId, ...]]

    def breakdowns(self, player_id: PlayerId) -> dict[str, Breakdown]:
        """The working of each of the player's values, in the order of the list."""
        return {code.text: self.breakdown(player_id, code.text) for code in self.codes}

    def breakdown(self, player_id: PlayerId, code: str) -> Breakdown:
        """How the player's value of `code` (for example `BH/C1`) was made."""
        parsed = parse_code(code)
        if parsed.family is Family.DE:
            group = self.direct_encounter_groups.get(player_id, (player_id,))
            return direct_encounter(self.results, group)[player_id]
        return player_breakdown(self.results, player_id, parsed)


def lot(seed: str, player_id: PlayerId) -> int:
    """The player's draw in the drawing of lots for `seed` (lower ranks higher)."""
    digest = hashlib.sha256(f"{seed}:{player_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _integer_keys(values: dict[PlayerId, Fraction | None]) -> dict[PlayerId, int]:
    """The defined values scaled to integers over a common denominator: the same order and
    equalities, and much faster to sort than fractions."""
    defined = [value for value in values.values() if value is not None]
    scale = math.lcm(*{value.denominator for value in defined})
    return {
        player_id: value.numerator * (scale // value.denominator)
        for player_id, value in values.items()
        if value is not None
    }


def _split(
    groups: list[list[PlayerId]], values: dict[PlayerId, Fraction | None], ascending: bool
) -> list[list[PlayerId]]:
    """Each group sorted by the values, higher first (lower first when `ascending`: TPN,
    RTNG/R) and undefined last, then cut into runs of equal values."""
    keys = _integer_keys(values)
    split: list[list[PlayerId]] = []
    for group in groups:
        if len(group) == 1:
            split.append(group)
            continue
        ordered = sorted(
            (p for p in group if p in keys), key=keys.__getitem__, reverse=not ascending
        )
        undefined = [player_id for player_id in group if player_id not in keys]
        run: list[PlayerId] = []
        for player_id in ordered:
            if run and keys[player_id] != keys[run[0]]:
                split.append(run)
                run = []
            run.append(player_id)
        split.extend(part for part in (run, undefined) if part)
    return split


def _direct_encounter_split(
    results: Results,
    groups: list[list[PlayerId]],
    values: dict[PlayerId, Fraction | None],
    applied_in: dict[PlayerId, tuple[PlayerId, ...]],
) -> list[list[PlayerId]]:
    """Apply DE inside each group: its value is the place in the group (0: no separation)."""
    split: list[list[PlayerId]] = []
    for group in groups:
        if len(group) == 1:
            values[group[0]] = Fraction(0)
            split.append(group)
            continue
        order = direct_encounter_order(results, group)
        for player_id, place in places(order).items():
            values[player_id] = Fraction(place)
            applied_in.setdefault(player_id, tuple(group))
        split.extend(list(part) for part in order)
    return split


def rank(
    results: Results, codes: Sequence[TiebreakCode], lots_seed: str = "", *, lots: bool = True
) -> Standings:
    """Rank the players: points first, then the tie-breaks in order, then the lots (or, with
    `lots=False`, a place shared by the players still tied)."""
    groups = [sorted(results.players)]
    values_of: dict[str, dict[PlayerId, Fraction | None]] = {}
    applied_in: dict[PlayerId, tuple[PlayerId, ...]] = {}
    applied = list(codes) if codes and codes[0] == _POINTS else [_POINTS, *codes]
    for code in applied:
        values: dict[PlayerId, Fraction | None] = {}
        if code.family is Family.DE:
            groups = _direct_encounter_split(results, groups, values, applied_in)
        else:
            values = {p: player_value(results, p, code) for p in results.players}
            groups = _split(groups, values, code.ascending)
        values_of.setdefault(code.text, values)
    rows: list[Row] = []
    texts = [code.text for code in codes]
    for group in groups:
        shared_place = len(rows) + 1
        drawn = (
            sorted(group, key=lambda player_id: lot(lots_seed, player_id))
            if lots
            else sorted(group)
        )
        for number, player_id in enumerate(drawn, start=1):
            rows.append(
                Row(
                    player_id,
                    len(rows) + 1 if lots else shared_place,
                    {text: values_of[text][player_id] for text in texts},
                    number if lots and len(group) > 1 else None,
                )
            )
    return Standings(tuple(rows), tuple(codes), results.edition, lots_seed, results, applied_in)


def compute_standings(
    state: TournamentState,
    codes: Sequence[TiebreakCode],
    *,
    edition: Edition,
    unrated_rating: int | None = None,
    round_ratings: Mapping[tuple[int, PlayerId], int] | None = None,
    manual: Mapping[PlayerId, Fraction] | None = None,
    lots_seed: str = "",
    lots: bool = True,
    round_robin: bool = False,
) -> Standings:
    """The standings after the last round of `state` for an ordered tie-break list; the
    rating-based tie-breaks rate unrated players `unrated_rating` and use `round_ratings`
    when given, and MAN the `manual` values; `round_robin` applies C.07 15.2 (`Results`)."""
    results = Results(state, edition, unrated_rating, round_ratings, manual, round_robin)
    return rank(results, codes, lots_seed, lots=lots)
