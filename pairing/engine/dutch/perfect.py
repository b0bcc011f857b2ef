"""The "perfect" candidate of B.4: the first candidate in generation order, accepted at once
when it provably reaches the best value of every criterion, so no matching is needed.

It is the first legal transposition (D.1) of the original S1/S2 (for a heterogeneous
bracket: of the MDP-Pairing of the highest MDPs, then of the remainder). It is perfect when it
has the most pairs and MDP pairs possible (C.5, C.6), no colour failure (C.8-C.11), no repeated
float (C.12-C.19: no downfloater who downfloated in the last two rounds, no repeated upfloat),
and a next bracket that can pair every downfloater with a minimal PSD (C.7). Otherwise the
bracket is searched with the matching (`bracket`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.next_bracket import next_bracket_quality
from pairing.engine.dutch.optimal import optimal_candidate
from pairing.engine.dutch.players import Float, PlayerFacts

if TYPE_CHECKING:
    from pairing.engine.dutch.bracket import BracketSearch


def perfect_candidate(search: BracketSearch, *, completing: bool) -> list[tuple[int, int]] | None:
    """The bracket's first candidate when it is perfect, else None."""
    players = search.layout.players
    if completing and len(players) > search.size:
        return None  # a PPB: only the matching can tell which downfloaters complete the round
    if search.layout.collapsed and len({p.score for p in players}) > 1:
        return None  # a CLB of several scores: the first candidate's PSD (A.8) may not be best
    residents = list(range(search.mdps, search.size))
    paired_mdps = min(search.mdps, len(residents))
    pairs: list[tuple[int, int]] = []
    if paired_mdps:
        mdp_pairs = search.first_legal(list(range(paired_mdps)), residents, [])
        if mdp_pairs is None:
            return None
        pairs += mdp_pairs
    used = {j for _, j in pairs}
    rest = [r for r in residents if r not in used]
    half = len(rest) // 2
    if half:
        remainder = search.first_legal(rest[:half], rest[half:], [])
        if remainder is None:
            return None
        pairs += remainder
    pairs = [(min(i, j), max(i, j)) for i, j in pairs]
    paired = {v for pair in pairs for v in pair}
    floaters = [players[i] for i in range(search.size) if i not in paired]
    if not _flawless(search, pairs, floaters):
        # Not perfect: the first candidate with the best values, when the kinds prove it.
        best = optimal_candidate(search)
        if best is None:
            return None
        pairs = best
        paired = {v for pair in pairs for v in pair}
        floaters = [players[i] for i in range(search.size) if i not in paired]
    if search.pab_by_unplayed and len(floaters) == 1:
        # [C9] (2025): the single downfloater receives the PAB; fewest unplayed rounds first.
        eligible = [p.unplayed for p in players[: search.size] if p.bye_eligible]
        if eligible and floaters[0].unplayed > min(eligible):
            return None
    if completing:
        if len(floaters) > (1 if search.layout.with_bye else 0):
            return None
        if floaters and not floaters[0].bye_eligible:
            return None
    elif floaters and search.next_residents and not _ideal_next_bracket(search, floaters):
        return None
    return pairs


def _flawless(
    search: BracketSearch, pairs: list[tuple[int, int]], floaters: list[PlayerFacts]
) -> bool:
    """No failure of C.8-C.19 that any other candidate could avoid."""
    players = search.layout.players
    backs = range(min(2, search.weights.rounds_played))
    for i, j in pairs:
        higher, lower = players[i], players[j]
        if colour_failures(higher, lower, search.weights.initial) != (0, 0, 0, 0):
            return False
        if higher.score > lower.score and any(lower.floats[b] is Float.UP for b in backs):
            return False
    return not any(f.floats[b] is Float.DOWN for f in floaters for b in backs)


def _ideal_next_bracket(search: BracketSearch, floaters: list[PlayerFacts]) -> bool:
    """C.7 at its best: every downfloater paired in the next bracket, whose residents pair
    among themselves (one left over, eligible for the PAB, when their number is odd); in 2025
    ([C8], `lookahead.NextBracket`) with the lower players completing the round."""
    residents = search.next_residents
    if len(floaters) > len(residents):
        return False
    score = residents[0].score
    left = (len(residents) - len(floaters)) % 2
    if search.next_bracket is not None:
        # 2025 [C8]: the next bracket's value counts the completion of the round ([C4]).
        return search.next_bracket.value(floaters) == (left, 0, (int(score),) * left)
    ideal = sorted(
        [f.score - score for f in floaters]
        + [2] * left
        + [0] * ((len(residents) - len(floaters)) // 2),
        reverse=True,
    )
    value = next_bracket_quality(floaters, residents, search.compatible, search.next_is_last)
    return value == (left, 0, tuple(ideal))
