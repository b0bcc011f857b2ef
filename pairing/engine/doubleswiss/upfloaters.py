"""The pairing-allocated bye and the upfloaters of each bracket (C.04.5 3.4, 3.5).

3.4: with an odd number of players, the PAB goes to a player who may have it ([C2]) and whose
bye leaves the others pairable (3.4.1): the lowest score (3.4.2), then the most matches played
(3.4.3), then the largest TPN (3.4.4).

3.5: a bracket is the top scoregroup of the players not yet paired (its residents, all of them
paired in it) and upfloaters from lower scoregroups. Among the sets of upfloaters that leave the
bracket and the players below it pairable ([C1], [C3]) the chosen set has the fewest members
([C4]), the highest scores taken in ascending order ([C5]), then complies with [C6] and has the
fewest floaters of the previous round ([C7]); among equals, the first set in the order of 3.5.4:
each set sorted by score (descending) then TPN, the sets compared by these TPNs
lexicographically.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pairing.engine.api import NoValidPairing
from pairing.engine.doubleswiss.criteria import Criteria
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import PlayerId


def pairing_allocated_bye(criteria: Criteria, players: Sequence[PlayerId]) -> PlayerId | None:
    """3.4: the PAB of an odd number of `players`, None for an even number. Raises
    NoValidPairing when no player can have it ([C2], 3.4.1)."""
    if len(players) % 2 == 0:
        return None
    by_id = criteria.by_id
    candidates = sorted(
        (p for p in players if criteria.may_have_pab(p)),
        key=lambda p: (by_id[p].score, -by_id[p].matches_played, -p),
    )
    for candidate in candidates:
        if criteria.pairable(p for p in players if p != candidate):
            return candidate
    raise NoValidPairing(
        Message(
            gettext_noop(
                "no player may have the pairing-allocated bye and leave the others pairable "
                "(C.04.5 3.4.1, [C2])"
            )
        )
    )


@dataclass(frozen=True, slots=True)
class Bracket:
    """A bracket and how its upfloaters were chosen: the residents (TPN order), the upfloaters
    (in the order of 3.5.4), whether [C6] is complied with, and the [C7] count."""

    residents: tuple[PlayerId, ...]
    upfloaters: tuple[PlayerId, ...]
    c6: bool
    c7: int

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return self.residents + self.upfloaters


def _levels(criteria: Criteria, players: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """`players` grouped into scoregroups, the highest score first, each in TPN order."""
    by_score: dict[int, list[PlayerId]] = {}
    for player in sorted(players):
        by_score.setdefault(criteria.by_id[player].score, []).append(player)
    return [by_score[score] for score in sorted(by_score, reverse=True)]


def profiles(counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """How many upfloaters to take from each lower scoregroup (highest score first), `size` in
    all, best for [C5] first: the scores in ascending order, compared lexicographically, as high
    as possible. So the lowest scoregroup used is as high as possible, with as few members from
    it as possible, and the rest chosen by the same rule above it."""
    if size == 0:
        yield (0,) * len(counts)
        return
    for lowest in range(len(counts)):
        above = sum(counts[:lowest])
        for taken in range(1, min(counts[lowest], size) + 1):
            if above < size - taken:
                continue
            for rest in profiles(counts[:lowest], size - taken):
                yield rest + (taken,) + (0,) * (len(counts) - lowest - 1)


def _sets(
    levels: Sequence[Sequence[PlayerId]], profile: Sequence[int]
) -> Iterator[tuple[PlayerId, ...]]:
    """The sets of one profile in the order of 3.5.4 (score descending, then TPN)."""
    choices = [itertools.combinations(level, n) for level, n in zip(levels, profile, strict=True)]
    for parts in itertools.product(*choices):
        yield tuple(player for part in parts for player in part)


def _complies_with_c6(
    criteria: Criteria,
    following: Sequence[PlayerId],
    below: Sequence[PlayerId],
    upfloaters: Sequence[PlayerId],
) -> bool:
    """[C6]: unless the following scoregroup was emptied by upfloating, its players left can be
    paired in their own bracket with the fewest upfloaters its size allows (none when even, one
    when odd), the players below that bracket staying pairable ([C1], [C3], [C4])."""
    taken = set(upfloaters)
    left = [p for p in following if p not in taken]
    if not left:
        return True
    rest = [p for p in below if p not in taken]
    if len(left) % 2 == 0:
        return criteria.pairable(left) and criteria.pairable(rest)
    return any(
        criteria.pairable([*left, u]) and criteria.pairable(p for p in rest if p != u) for u in rest
    )


def choose_bracket(criteria: Criteria, unpaired: Sequence[PlayerId]) -> Bracket:
    """3.5: the bracket of the top scoregroup of `unpaired` with its best set of upfloaters.
    Raises NoValidPairing when no set leaves everybody pairable ([C3])."""
    levels = _levels(criteria, unpaired)
    residents, lower = tuple(levels[0]), levels[1:]
    below_following = [p for level in lower[1:] for p in level]
    counts = [len(level) for level in lower]
    for size in range(len(residents) % 2, sum(counts) + 1, 2):
        for profile in profiles(counts, size):
            best: Bracket | None = None
            for upfloaters in _sets(lower, profile):
                chosen = set(upfloaters)
                if not criteria.pairable((*residents, *upfloaters)):
                    continue
                if not criteria.pairable(p for level in lower for p in level if p not in chosen):
                    continue
                c6 = not lower or _complies_with_c6(criteria, lower[0], below_following, upfloaters)
                candidate = Bracket(residents, upfloaters, c6, criteria.floaters(upfloaters))
                if best is None or (not candidate.c6, candidate.c7) < (not best.c6, best.c7):
                    best = candidate
                if best.c6 and best.c7 == 0:
                    break
            if best is not None:
                return best
    raise NoValidPairing(
        Message(
            gettext_noop(
                "the players from %(player)s down cannot all be paired (C.04.5 [C1], [C3])"
            ),
            player=residents[0],
        )
    )
