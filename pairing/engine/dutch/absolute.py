"""The absolute criteria C.04.3 C.1-C.3 between two players, and the forbidden pairs (XXP).

The engine's compatibility test (`absolute_criteria`) and the rule checks of a hand-edited
pairing (`pairing.engine.checks`) both read these predicates, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.dutch.players import PlayerFacts, Strength
from tournaments.domain.state import PlayerId, TournamentState

Compatible = Callable[[PlayerFacts, PlayerFacts], bool]


def rematch(a: PlayerFacts, b: PlayerFacts) -> bool:
    """C.1: the two already played each other over the board (D.6: a forfeit is no meeting)."""
    return b.id in a.opponents


def same_absolute_preference(a: PlayerFacts, b: PlayerFacts) -> bool:
    """C.3: two non-topscorers with the same absolute colour preference (A.6, A.7); a pair with
    a topscorer (final round only) is allowed."""
    return (
        a.strength is Strength.ABSOLUTE
        and b.strength is Strength.ABSOLUTE
        and a.preference is b.preference
        and not (a.topscorer or b.topscorer)
    )


def forbidden_groups(state: TournamentState) -> list[frozenset[PlayerId]]:
    """The groups of players the tournament forbids to pair together in the next round."""
    return [g.players for g in state.forbidden if g.applies_to(state.next_round)]


def forbidden(groups: list[frozenset[PlayerId]], a: PlayerFacts, b: PlayerFacts) -> bool:
    """Whether the two belong to one of the forbidden `groups` (XXP)."""
    return any(a.id in group and b.id in group for group in groups)


def absolute_criteria(state: TournamentState) -> Compatible:
    """C.1 (no rematch of a played game), C.3 (no two non-topscorers with the same absolute
    colour preference) and the forbidden pairs of the tournament (XXP). The engine asks this
    for nearly every pair of players, so the test of forbidden pairs is left out when there
    are none."""
    groups = forbidden_groups(state)

    def allowed(a: PlayerFacts, b: PlayerFacts) -> bool:
        return not (rematch(a, b) or same_absolute_preference(a, b))

    def allowed_and_not_forbidden(a: PlayerFacts, b: PlayerFacts) -> bool:
        return allowed(a, b) and not forbidden(groups, a, b)

    return allowed_and_not_forbidden if groups else allowed
