"""C.7's value of the next bracket for one downfloater: the cardinality argument
(`NextBracketQuality._ideal_with`), when it decides, gives what the weighted matching gives,
in the last bracket (C.2, PAB eligibility) and before it."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pairing.engine.dutch.next_bracket import NextBracketQuality
from pairing.engine.dutch.players import Float, PlayerFacts, Strength
from tournaments.domain.state import Color, PlayerId, Points


def player(pid: int, score: int, eligible: bool) -> PlayerFacts:
    return PlayerFacts(
        id=PlayerId(pid),
        rank=pid,
        score=Points(score),
        opponents=frozenset(),
        colours=(),
        preference=Color.NONE,
        strength=Strength.NONE,
        floats=(Float.NONE, Float.NONE),
        bye_eligible=eligible,
        topscorer=False,
    )


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 9),
    st.integers(1, 4),
    st.lists(st.booleans(), min_size=10, max_size=10),
    st.sets(st.tuples(st.integers(0, 10), st.integers(0, 10))),
    st.booleans(),
)
def test_the_cardinality_argument_agrees_with_the_weighted_matching(
    count: int,
    above: int,
    eligible: list[bool],
    barred: set[tuple[int, int]],
    last: bool,
) -> None:
    residents = [player(k + 1, 4, eligible[k]) for k in range(count)]
    floater = player(100, 4 + above, True)
    everyone = [*residents, floater]

    def compatible(a: PlayerFacts, b: PlayerFacts) -> bool:
        i, j = everyone.index(a), everyone.index(b)
        return (i, j) not in barred and (j, i) not in barred

    quality = NextBracketQuality([floater], residents, compatible, last)
    decided = quality._ideal_with(floater)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(NextBracketQuality, "_ideal_with", lambda self, floater: None)
        weighed = NextBracketQuality([floater], residents, compatible, last)([floater])

    event("decided" if decided is not None else "weighed")
    assert decided is None or decided == weighed
