"""The engine's entry point: `pair(state, config) -> RoundPairing` (C.04.3)."""

from __future__ import annotations

from pairing.engine.api import DoubleSwissConfig, DutchConfig, InvalidState, RoundPairing
from pairing.engine.doubleswiss.rounds import pair_round as pair_match
from pairing.engine.dutch.edition import rules_for
from pairing.engine.dutch.rounds import pair_round
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import TournamentState


def pair(state: TournamentState, config: DutchConfig | None = None) -> RoundPairing:
    """Pair round `state.next_round` by the FIDE (Dutch) system of `config.edition`.

    Raises `NoValidPairing` when no complete round-pairing exists (A.9: the arbiter decides),
    `InvalidState` when the tournament has no round left to pair.
    """
    config = config or DutchConfig()
    if state.rounds_played >= state.total_rounds:
        raise InvalidState(
            Message(
                gettext_noop("all %(count)s rounds are already played; there is no round to pair"),
                count=state.total_rounds,
            )
        )
    return pair_round(state, explain=config.explain, rules=rules_for(config.edition))


def pair_double_swiss(
    state: TournamentState, config: DoubleSwissConfig | None = None
) -> RoundPairing:
    """Pair the next match of a Double-Swiss tournament (C.04.5). The state holds games: two
    columns per match (docs/double-swiss.md). Each board's White plays game 1 with White.

    Raises `NoValidPairing` when no complete pairing exists, `InvalidState` when the columns
    are not whole matches or every match is played.
    """
    config = config or DoubleSwissConfig()
    return pair_match(state, explain=config.explain)
