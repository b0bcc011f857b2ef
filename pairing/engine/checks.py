"""Rule warnings for a pairing edited by hand: which rules of C.04.1/C.04.3 a board breaks.

Pure, and judged by the engine's own predicates for the tournament's edition (`EditionRules`,
`PlayerFacts`, `dutch.absolute`), so a warning means exactly what the engine would refuse:
C.1 (a rematch of a game played over the board; D.6: a forfeit is no meeting; the forbidden
pairs), C.2 (who may receive the pairing-allocated bye: 2017 C.2 or C.04.3 (2025) 2.2 [C2]),
C.3 (two non-topscorers with the same absolute colour preference) and the absolute colour rules
of C.04.1 f/g, which a topscorer pair of the final round may break (C.8, C.9). The engine never
breaks these rules on its own; an arbiter's edit may, and must be told.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pairing.engine.api import Edition
from pairing.engine.dutch.absolute import (
    forbidden,
    forbidden_groups,
    rematch,
    same_absolute_preference,
)
from pairing.engine.dutch.colours import colour_breaches
from pairing.engine.dutch.edition import rules_for
from pairing.engine.dutch.players import PlayerFacts, build_facts
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Color, Outcome, PlayerId, TournamentState


@dataclass(frozen=True, slots=True)
class RuleWarning:
    """One rule a board (or the bye) breaks; `board` is None for the bye. `text` is a sentence
    of `tournaments.domain.messages` (a `Message`: English, with its template and values for the
    pages to translate)."""

    board: int | None
    rule: str
    text: str

    def __str__(self) -> str:
        where = f"Board {self.board}" if self.board is not None else "Bye"
        return f"{where}: {self.text} ({self.rule})"


def _facts(state: TournamentState, edition: Edition) -> Mapping[PlayerId, PlayerFacts]:
    """Every player as the engine sees them before the round, by the edition's rules (the
    players of an edited pairing are judged even if the state leaves them out)."""
    everyone = dataclasses.replace(state, not_paired={})
    return {player.id: player for player in build_facts(everyone, rules_for(edition))}


def _colour_warnings(board: int, player: PlayerFacts, colour: Color) -> list[RuleWarning]:
    wide, third = colour_breaches(player, colour)
    warnings: list[RuleWarning] = []
    if wide:
        difference = player.colour_difference + (1 if colour is Color.WHITE else -1)
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 A.6",
                Message(
                    gettext_noop("%(player)s would have a colour difference of %(difference)s"),
                    player=player.id,
                    difference=f"{difference:+d}",
                ),
            )
        )
    if third:
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 A.6",
                Message(
                    gettext_noop("%(player)s would have white three times in a row")
                    if colour is Color.WHITE
                    else gettext_noop("%(player)s would have black three times in a row"),
                    player=player.id,
                ),
            )
        )
    return warnings


def _board_warnings(
    state: TournamentState,
    facts: Mapping[PlayerId, PlayerFacts],
    board: int,
    white: PlayerId,
    black: PlayerId,
) -> list[RuleWarning]:
    first, second = facts[white], facts[black]
    warnings: list[RuleWarning] = []
    if rematch(first, second):
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 C.1",
                Message(
                    gettext_noop("%(white)s and %(black)s already played"), white=white, black=black
                ),
            )
        )
    if forbidden(forbidden_groups(state), first, second):
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 C.1",
                Message(
                    gettext_noop("%(white)s and %(black)s must not be paired together"),
                    white=white,
                    black=black,
                ),
            )
        )
    if same_absolute_preference(first, second):
        warnings.append(
            RuleWarning(
                board,
                "C.04.3 C.3",
                Message(
                    gettext_noop(
                        "%(white)s and %(black)s both have an absolute preference for white"
                    )
                    if first.preference is Color.WHITE
                    else gettext_noop(
                        "%(white)s and %(black)s both have an absolute preference for black"
                    ),
                    white=white,
                    black=black,
                ),
            )
        )
    if not (first.topscorer or second.topscorer):
        warnings += _colour_warnings(board, first, Color.WHITE)
        warnings += _colour_warnings(board, second, Color.BLACK)
    return warnings


def board_warnings(
    state: TournamentState, board: int, white: PlayerId, black: PlayerId, *, edition: Edition
) -> list[RuleWarning]:
    """What the game `white`–`black` on `board` breaks, given the history before the round."""
    return _board_warnings(state, _facts(state, edition), board, white, black)


def wrong_colours_warnings(
    state: TournamentState, board: int, white: PlayerId, black: PlayerId, *, edition: Edition
) -> list[RuleWarning]:
    """Both players of the board get the colour opposite to the one each is due (VCL4THP
    Q67): a player with a colour preference (A.6) who gets the other colour misses it (C.10);
    one player missing it is often unavoidable, both missing it never is, since swapping the
    colours would give both their preference."""
    facts = _facts(state, edition)
    first, second = facts[white], facts[black]
    if first.preference is not Color.BLACK or second.preference is not Color.WHITE:
        return []
    return [
        RuleWarning(
            board,
            "C.04.3 C.10",
            Message(
                gettext_noop(
                    "%(white)s is due black and %(black)s is due white: both get the wrong colour"
                ),
                white=white,
                black=black,
            ),
        )
    ]


def _bye_reason(state: TournamentState, player: PlayerId) -> Message:
    outcomes = {record.outcome for record in state.player(player).history}
    if Outcome.PAIRING_BYE in outcomes:
        template = gettext_noop("%(player)s already had a pairing-allocated bye")
    elif Outcome.FORFEIT_WIN in outcomes:
        template = gettext_noop("%(player)s already won a game by forfeit")
    elif Outcome.FULL_BYE in outcomes:
        template = gettext_noop("%(player)s already had a full-point bye")
    else:
        template = gettext_noop("%(player)s already scored a win without playing")
    return Message(template, player=player)


def _bye_warnings(
    state: TournamentState, facts: Mapping[PlayerId, PlayerFacts], player: PlayerId
) -> list[RuleWarning]:
    if facts[player].bye_eligible:
        return []
    return [RuleWarning(None, "C.04.3 C.2", _bye_reason(state, player))]


def bye_warnings(
    state: TournamentState, player: PlayerId, *, edition: Edition
) -> list[RuleWarning]:
    """C.04.3 C.2 as the edition words it: no pairing-allocated bye after a PAB or a forfeit
    win (2017), or after a PAB or any round scored as a win without playing (2025 [C2])."""
    return _bye_warnings(state, _facts(state, edition), player)


def pairing_warnings(
    state: TournamentState,
    boards: Iterable[tuple[int, PlayerId, PlayerId]],
    bye: PlayerId | None,
    *,
    edition: Edition,
) -> list[RuleWarning]:
    """Every warning of a round's pairing: each board `(number, white, black)`, then the bye."""
    facts = _facts(state, edition)
    warnings = [
        warning
        for number, white, black in boards
        for warning in _board_warnings(state, facts, number, white, black)
    ]
    if bye is not None:
        warnings += _bye_warnings(state, facts, bye)
    return warnings
