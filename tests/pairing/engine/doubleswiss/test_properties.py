"""Invariants of the Double-Swiss engine on generated tournaments (hypothesis): every player to
be paired is on one board or has the PAB, nobody meets an opponent of a match played ([C1]),
the PAB goes to a player allowed it ([C2]) and only when the number is odd, and the checker
finds the same pairing."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.checker.doubleswiss import NoPairing, check_double_swiss
from pairing.engine import NoValidPairing, RoundPairing, pair_double_swiss
from pairing.generator.config_reader import read_config
from pairing.generator.doubleswiss import generate_double_swiss
from tournaments.domain.state import Outcome, PlayerId, TournamentState


def _met(state: TournamentState) -> set[frozenset[PlayerId]]:
    """The pairs of the matches played (not forfeited on both games by a player)."""
    pairs: set[frozenset[PlayerId]] = set()
    by_id = {p.id: p for p in state.players}
    for player in state.players:
        for match in range(state.rounds_played // 2):
            one, two = player.history[2 * match : 2 * match + 2]
            if one.opponent is None:
                continue
            theirs = by_id[one.opponent].history[2 * match : 2 * match + 2]
            forfeited = any(
                all(r.outcome is Outcome.FORFEIT_LOSS for r in games)
                for games in ((one, two), theirs)
            )
            if not forfeited:
                pairs.add(frozenset((player.id, one.opponent)))
    return pairs


def _barred(state: TournamentState, player: PlayerId) -> bool:
    history = state.player(player).history
    return any(r.outcome in (Outcome.PAIRING_BYE, Outcome.FULL_BYE) for r in history)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=1, max_value=10**6),
    players=st.integers(min_value=2, max_value=11),
    matches=st.integers(min_value=1, max_value=6),
    frequent=st.booleans(),
)
def test_every_match_keeps_the_absolute_rules_and_agrees_with_the_checker(
    seed: int, players: int, matches: int, frequent: bool
) -> None:
    text = f"PlayersNumber={players}\nRoundsNumber={matches}\n"
    if frequent:
        text += "ForfeitRate=4\nHalfPointByeRate=3\nLateEntryRate=3\nRetiredRate=4\n"
    config = replace(read_config(text, random.Random(seed)), edition=None, baku=False)

    def pair(state: TournamentState) -> RoundPairing:
        try:
            pairing = pair_double_swiss(state)
        except NoValidPairing:
            with pytest.raises(NoPairing):
                check_double_swiss(state)
            raise
        checked = check_double_swiss(state)
        assert tuple((b.white, b.black) for b in pairing.boards) == checked.boards
        assert pairing.bye == checked.bye
        seated = [p for b in pairing.boards for p in (b.white, b.black)]
        if pairing.bye is not None:
            assert len(state.to_pair()) % 2 == 1
            assert not _barred(state, pairing.bye)
            seated.append(pairing.bye)
        assert sorted(seated) == sorted(p.id for p in state.to_pair())
        met = _met(state)
        assert not any(frozenset((b.white, b.black)) in met for b in pairing.boards)
        return pairing

    with contextlib.suppress(NoValidPairing):  # no pairing (both agree): the tournament ends
        generate_double_swiss(config, seed, pair)
