"""The round-pairing of a Double-Swiss match (C.04.5 3.3).

The PAB first (3.4); then, again and again, the top scoregroup of the players not yet paired
with its upfloaters (3.5) is paired by its first Pairing Identifier (3.6), until everybody is
paired; then the colours (Article 4) and the board order (C.04.2 3.6).
"""

from __future__ import annotations

from pairing.engine.api import Board, NoValidPairing, RoundPairing, UnsupportedFeature
from pairing.engine.doubleswiss.colours import board_order, match_board
from pairing.engine.doubleswiss.criteria import Criteria
from pairing.engine.doubleswiss.identifiers import first_identifier
from pairing.engine.doubleswiss.matches import match_round
from pairing.engine.doubleswiss.upfloaters import choose_bracket, pairing_allocated_bye
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import PlayerId, TournamentState, points_text


def pair_round(state: TournamentState, *, explain: bool = False) -> RoundPairing:
    """The pairing of the next match of `state` (two game columns per match). Acceleration
    (virtual points, C.04.7) is not implemented for the Double-Swiss System: UnsupportedFeature.
    """
    if any(player.acceleration for player in state.players):
        raise UnsupportedFeature(
            Message(gettext_noop("acceleration is not implemented for the Double-Swiss System"))
        )
    match = match_round(state)
    criteria = Criteria(state, match)
    by_id = criteria.by_id
    lines: list[str] = [f"C.04.5 match {match.number}{' (the last)' if match.last else ''}"]
    players = [c.id for c in match.contenders]
    if len(players) % 2 == 0 and not criteria.pairable(players):
        raise NoValidPairing(
            Message(gettext_noop("the players cannot all be paired (C.04.5 [C1], [C3])"))
        )
    bye = pairing_allocated_bye(criteria, players)
    if bye is not None:
        lines.append(f"3.4: the pairing-allocated bye goes to {bye}")
    unpaired = [p for p in players if p != bye]
    boards: list[Board] = []
    while unpaired:
        bracket = choose_bracket(criteria, unpaired)
        pairs = first_identifier(criteria, bracket.players, bracket.upfloaters)
        if explain:
            lines.extend(_describe(criteria, bracket.residents, bracket.upfloaters, pairs))
            lines.append(
                f"  [C6] {'complied with' if bracket.c6 else 'not complied with'}, "
                f"[C7] {bracket.c7}"
            )
        boards.extend(match_board(by_id[a], by_id[b], state.initial_color) for a, b in pairs)
        done = set(bracket.players)
        unpaired = [p for p in unpaired if p not in done]
    ordered = board_order(boards, by_id)
    return RoundPairing(boards=ordered, bye=bye, explanation=tuple(lines) if explain else ())


def _describe(
    criteria: Criteria,
    residents: tuple[PlayerId, ...],
    upfloaters: tuple[PlayerId, ...],
    pairs: tuple[tuple[PlayerId, PlayerId], ...],
) -> list[str]:
    by_id = criteria.by_id
    score = points_text(by_id[residents[0]].score)

    def name(player: PlayerId) -> str:
        floated = "*" if by_id[player].floated else ""
        return f"{player}{floated} ({points_text(by_id[player].score)})"

    identifier = " ".join(str(p) for p in [*(a for a, _ in pairs), *(b for _, b in pairs)])
    return [
        f"bracket {score}: residents {', '.join(name(p) for p in residents)}; "
        f"upfloaters {', '.join(name(p) for p in upfloaters) or 'none'} (3.5)",
        f"  first identifier {identifier} (3.6); * floated in the previous match",
    ]
