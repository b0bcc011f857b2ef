"""The first best candidate found from the players' kinds (`dutch.optimal`) is the one the
weighted matchings find (`dutch.bracket`): random brackets with MDPs, colour histories, floats,
rematches and a PAB, each paired both ways."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pairing.engine.api import NoValidPairing
from pairing.engine.dutch import optimal, perfect
from pairing.engine.dutch.absolute import same_absolute_preference
from pairing.engine.dutch.bracket import BracketPairing, BracketSearch
from pairing.engine.dutch.criteria import Layout, Weights
from pairing.engine.dutch.players import Float, PlayerFacts, colour_preference
from tournaments.domain.state import Color, PlayerId, Points


def compatible(a: PlayerFacts, b: PlayerFacts) -> bool:
    """C.1 and C.3, as the engine's `absolute_criteria`."""
    return b.id not in a.opponents and not same_absolute_preference(a, b)


@st.composite
def brackets(draw: st.DrawFn) -> tuple[list[PlayerFacts], int, int, bool]:
    """Players in A.2 order (the MDPs first, one or two points above the residents), the
    number of MDPs, the rounds played and whether the bracket completes the round."""
    rounds = draw(st.integers(1, 4))
    size = draw(st.integers(2, 14))
    mdps = draw(st.integers(0, min(2, size // 2)))
    pairs = draw(
        st.sets(st.tuples(st.integers(1, size), st.integers(1, size)).filter(lambda p: p[0] < p[1]))
    )
    players = []
    for pid in range(1, size + 1):
        colours = tuple(
            draw(st.lists(st.sampled_from([Color.WHITE, Color.BLACK]), max_size=rounds))
        )
        preference, strength = colour_preference(colours)
        floats = draw(st.tuples(*[st.sampled_from(list(Float))] * 2))
        players.append(
            PlayerFacts(
                id=PlayerId(pid),
                rank=pid,
                score=Points(
                    2 * rounds - (0 if pid <= mdps else 2) + draw(st.integers(0, 1)) * (pid <= mdps)
                ),
                opponents=frozenset(
                    PlayerId(b if a == pid else a) for a, b in pairs if pid in (a, b)
                ),
                colours=colours,
                preference=preference,
                strength=strength,
                floats=floats,
                bye_eligible=draw(st.booleans()),
                topscorer=False,
            )
        )
    players.sort(key=lambda p: (-p.score, p.id))
    return players, mdps, rounds, draw(st.booleans())


def solve(
    players: list[PlayerFacts], mdps: int, rounds: int, completing: bool
) -> BracketPairing | type[Exception]:
    layout = Layout(players, len(players), with_bye=completing and len(players) % 2 == 1)
    weights = Weights(layout, Color.WHITE, rounds)
    search = BracketSearch(layout, weights, compatible, mdps, [], False)
    try:
        return search.solve(completing=completing)
    except NoValidPairing as error:
        return type(error)


@settings(max_examples=300, deadline=None)
@given(brackets())
def test_the_kinds_find_the_candidate_the_matchings_find(
    bracket: tuple[list[PlayerFacts], int, int, bool],
) -> None:
    decided: list[bool] = []
    found = optimal.optimal_candidate

    def recorded(search: BracketSearch) -> list[tuple[int, int]] | None:
        pairs = found(search)
        decided.append(pairs is not None)
        return pairs

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(perfect, "optimal_candidate", recorded)
        by_kinds = solve(*bracket)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(perfect, "optimal_candidate", lambda search: None)
        by_matchings = solve(*bracket)

    event(("decided by kinds" if any(decided) else "not decided by kinds") + f" mdps={bracket[1]}")
    assert by_kinds == by_matchings
