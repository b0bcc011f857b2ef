"""Rule warnings for a pairing edited by hand: what C.04.1/C.04.3 rules a board breaks.

Pure: reads the domain state before the round (`TournamentState`), no Django. The engine never
breaks these rules on its own; an arbiter's edit may, and must be told (C.04.3 C.1-C.3, C.8-C.9
and A.6 for colours; D.6: unplayed games are not meetings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pairing.engine.dutch.players import Strength, colour_preference
from tournaments.domain.state import Color, Outcome, PlayerId, PlayerState, TournamentState


@dataclass(frozen=True, slots=True)
class RuleWarning:
    """One rule a board (or the bye) breaks; `board` is None for the bye."""

    board: int | None
    rule: str
    text: str

    def __str__(self) -> str:
        where = f"Board {self.board}" if self.board is not None else "Bye"
        return f"{where}: {self.text} ({self.rule})"


def _played_colours(player: PlayerState) -> tuple[Color, ...]:
    """The colours of games played over the board, in order (C.04.2 D.5)."""
    return tuple(record.color for record in player.history if record.played)


def _met(player: PlayerState, other: PlayerId) -> bool:
    """Whether the two played a game over the board (forfeits are not meetings, D.6)."""
    return any(record.played and record.opponent == other for record in player.history)


def _forbidden(state: TournamentState, first: PlayerId, second: PlayerId) -> bool:
    number = state.next_round
    return any(
        {first, second} <= group.players
        and group.first_round <= number
        and (group.last_round is None or number <= group.last_round)
        for group in state.forbidden
    )


def _colour_warnings(board: int, player: PlayerState, colour: Color) -> list[RuleWarning]:
    colours = (*_played_colours(player), colour)
    difference = sum(1 if c is Color.WHITE else -1 for c in colours)
    warnings: list[RuleWarning] = []
    if abs(difference) > 2:
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 A.6",
                f"{player.id} would have a colour difference of {difference:+d}",
            )
        )
    if len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]:
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 A.6",
                f"{player.id} would have {colour.name.lower()} three times in a row",
            )
        )
    return warnings


def board_warnings(
    state: TournamentState, board: int, white: PlayerId, black: PlayerId
) -> list[RuleWarning]:
    """What the game `white`–`black` on `board` breaks, given the history before the round."""
    white_player, black_player = state.player(white), state.player(black)
    warnings: list[RuleWarning] = []
    if _met(white_player, black):
        warnings.append(RuleWarning(board, "C.04.3 C.1", f"{white} and {black} already played"))
    if _forbidden(state, white, black):
        warnings.append(
            RuleWarning(board, "C.04.3 C.1", f"{white} and {black} must not be paired together")
        )
    white_preference = colour_preference(_played_colours(white_player))
    black_preference = colour_preference(_played_colours(black_player))
    if (
        white_preference[1] is Strength.ABSOLUTE
        and black_preference[1] is Strength.ABSOLUTE
        and white_preference[0] is black_preference[0]
    ):
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 C.3",
                f"{white} and {black} both have an absolute preference for "
                f"{white_preference[0].name.lower()}",
            )
        )
    warnings += _colour_warnings(board, white_player, Color.WHITE)
    warnings += _colour_warnings(board, black_player, Color.BLACK)
    return warnings


def bye_warnings(state: TournamentState, player: PlayerId) -> list[RuleWarning]:
    """C.04.3 C.2: no pairing-allocated bye for a player who had one or won by forfeit."""
    outcomes = {record.outcome for record in state.player(player).history}
    if Outcome.PAIRING_BYE in outcomes:
        return [RuleWarning(None, "C.04.3 C.2", f"{player} already had a pairing-allocated bye")]
    if Outcome.FORFEIT_WIN in outcomes:
        return [RuleWarning(None, "C.04.3 C.2", f"{player} already won a game by forfeit")]
    return []


def pairing_warnings(
    state: TournamentState,
    boards: Iterable[tuple[int, PlayerId, PlayerId]],
    bye: PlayerId | None,
) -> list[RuleWarning]:
    """Every warning of a round's pairing: each board `(number, white, black)`, then the bye."""
    warnings = [
        w for number, white, black in boards for w in board_warnings(state, number, white, black)
    ]
    if bye is not None:
        warnings += bye_warnings(state, bye)
    return warnings
