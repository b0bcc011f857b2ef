"""What a round robin's round made or changed by hand breaks (VCL Q101-Q102; C.05 Annex 1).

A round from the Berger table breaks nothing; a round edited by hand is judged on the round
robin's own rules instead of the Swiss ones (C.04.3): every pair meets once per cycle (Q101), an
odd field's bye goes to each player once per cycle, and nobody gets one colour three games
running (Q102; byes and forfeits skipped, as the tables guarantee with the swap of the first
cycle's last two rounds).
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine import RuleWarning
from pairing.roundrobin.berger import rounds_per_cycle
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Color, Outcome, PlayerId, TournamentState

ONCE_PER_CYCLE = "C.05 Annex 1; VCL Q101"
THIRD_COLOUR = "C.05 Annex 1; VCL Q102"


def round_robin_warnings(
    state: TournamentState,
    boards: Iterable[tuple[int, PlayerId, PlayerId]],
    bye: PlayerId | None,
) -> list[RuleWarning]:
    """Every warning of a round robin's round `state.next_round`: each board `(number, white,
    black)`, then the bye."""
    first = _cycle_start(state)
    met = {
        frozenset({player.id, record.opponent})
        for player in state.players
        for record in player.history[first - 1 :]
        if record.opponent is not None
    }
    warnings: list[RuleWarning] = []
    for board, white, black in boards:
        if frozenset({white, black}) in met:
            warnings.append(
                RuleWarning(
                    board,
                    ONCE_PER_CYCLE,
                    Message(
                        gettext_noop("%(white)s and %(black)s already met in this cycle"),
                        white=white,
                        black=black,
                    ),
                )
            )
        for player, colour in ((white, Color.WHITE), (black, Color.BLACK)):
            if _last_two_colours(state, player) == (colour, colour):
                template = (
                    gettext_noop("%(player)s would have White three times running")
                    if colour is Color.WHITE
                    else gettext_noop("%(player)s would have Black three times running")
                )
                warnings.append(RuleWarning(board, THIRD_COLOUR, Message(template, player=player)))
    if bye is not None and any(
        record.outcome is Outcome.PAIRING_BYE for record in state.player(bye).history[first - 1 :]
    ):
        warnings.append(
            RuleWarning(
                None,
                ONCE_PER_CYCLE,
                Message(gettext_noop("%(player)s already had the bye in this cycle"), player=bye),
            )
        )
    return warnings


def _cycle_start(state: TournamentState) -> int:
    """The first round of the cycle the next round belongs to."""
    per_cycle = rounds_per_cycle(len(state.players))
    return (state.rounds_played // per_cycle) * per_cycle + 1


def _last_two_colours(state: TournamentState, player: PlayerId) -> tuple[Color, ...]:
    """The colours of the player's last two games played over the board, the latest last."""
    colours = [record.played_color for record in state.player(player).history if record.played]
    return tuple(colours[-2:])
