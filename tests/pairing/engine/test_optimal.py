"""The first best candidate found from the players' kinds (`dutch.optimal`) is the one the
weighted matchings find (`dutch.bracket`): random brackets with MDPs, colour histories, floats,
rematches, topscorers, a PAB and a next scoregroup (C.7), each paired both ways."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Bracket:
    """A bracket in A.2 order (its MDPs first, above its residents), the next scoregroup one
    point lower (C.7), the rounds played and whether the bracket completes the round."""

    players: list[PlayerFacts]
    mdps: int
    following: list[PlayerFacts]
    next_is_last: bool
    rounds: int
    completing: bool


@st.composite
def brackets(draw: st.DrawFn) -> Bracket:
    rounds = draw(st.integers(1, 4))
    size = draw(st.integers(2, 14))
    following = draw(st.integers(0, 4))
    mdps = draw(st.integers(0, min(2, size // 2)))
    everyone = size + following
    played = draw(
        st.sets(
            st.tuples(st.integers(1, everyone), st.integers(1, everyone)).filter(
                lambda p: p[0] < p[1]
            )
        )
    )
    players = []
    for pid in range(1, everyone + 1):
        colours = tuple(
            draw(st.lists(st.sampled_from([Color.WHITE, Color.BLACK]), max_size=rounds))
        )
        preference, strength = colour_preference(colours)
        if pid <= mdps:
            score = 2 * rounds + draw(st.integers(0, 1))
        else:
            score = 2 * rounds - (2 if pid <= size else 4)
        players.append(
            PlayerFacts(
                id=PlayerId(pid),
                rank=pid,
                score=Points(score),
                opponents=frozenset(
                    PlayerId(b if a == pid else a) for a, b in played if pid in (a, b)
                ),
                colours=colours,
                preference=preference,
                strength=strength,
                floats=draw(st.tuples(*[st.sampled_from(list(Float))] * 2)),
                bye_eligible=draw(st.booleans()),
                topscorer=draw(st.integers(0, 9)) == 0,
            )
        )
    bracket = sorted(players[:size], key=lambda p: (-p.score, p.id))
    return Bracket(bracket, mdps, players[size:], draw(st.booleans()), rounds, draw(st.booleans()))


def solve(bracket: Bracket) -> BracketPairing | type[Exception]:
    players = bracket.players
    layout = Layout(players, len(players), with_bye=bracket.completing and len(players) % 2 == 1)
    weights = Weights(layout, Color.WHITE, bracket.rounds)
    search = BracketSearch(
        layout, weights, compatible, bracket.mdps, bracket.following, bracket.next_is_last
    )
    try:
        return search.solve(completing=bracket.completing)
    except NoValidPairing as error:
        return type(error)


@settings(max_examples=300, deadline=None)
@given(brackets())
def test_the_kinds_find_the_candidate_the_matchings_find(bracket: Bracket) -> None:
    decided: list[bool] = []
    found = optimal.optimal_candidate

    def recorded(search: BracketSearch) -> list[tuple[int, int]] | None:
        pairs = found(search)
        decided.append(pairs is not None)
        return pairs

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(perfect, "optimal_candidate", recorded)
        by_kinds = solve(bracket)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(perfect, "optimal_candidate", lambda search: None)
        by_matchings = solve(bracket)

    event(
        ("decided by kinds" if any(decided) else "not decided by kinds") + f" mdps={bracket.mdps}"
    )
    assert by_kinds == by_matchings
