"""The player lines checked against each other once all are read: both sides of every game agree
(opponent, colour, result), and each player's points settle against the file's scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Outcome, PlayerId, Points, Scoring
from tournaments.domain.trf.columns import format_points
from tournaments.domain.trf.model import TrfError, TrfPlayer, TrfRoundEntry
from tournaments.domain.trf.player_lines import (
    NO_GAME,
    OTHER_GAME,
    POINTS_COLUMNS,
    PlayerLine,
    is_pairing_entry,
    round_column,
)

# What the opponent's entry may say for each result of a game (TRF16; `-`/`-` is a double
# forfeit; `=`/`0` and `0`/`0` are the played games the arbiter scored ½-0 or 0-0, checklist
# Q180). Anything else (1-1, 1-½, a played score against a forfeit) is refused (Q181-Q184).
_COUNTERPARTS: dict[Outcome, frozenset[Outcome]] = {
    Outcome.WIN: frozenset({Outcome.LOSS}),
    Outcome.DRAW: frozenset({Outcome.DRAW, Outcome.LOSS}),
    Outcome.LOSS: frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS}),
    Outcome.FORFEIT_WIN: frozenset({Outcome.FORFEIT_LOSS}),
    Outcome.FORFEIT_LOSS: frozenset({Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS}),
    Outcome.UNRATED_WIN: frozenset({Outcome.UNRATED_LOSS}),
    Outcome.UNRATED_DRAW: frozenset({Outcome.UNRATED_DRAW}),
    Outcome.UNRATED_LOSS: frozenset({Outcome.UNRATED_WIN}),
    Outcome.ADJOURNED: frozenset({Outcome.ADJOURNED}),
}


def check_opponents(lines: Sequence[PlayerLine]) -> None:
    """Both entries of every game agree: reciprocal opponents, opposite colours, matching
    results (TRF16; bbpPairings `validatePairConsistency`); a round has at most one
    pairing-allocated bye (TRF16 code `U`; C.04.1 c)."""
    by_id: Mapping[PlayerId, PlayerLine] = {line.player.pairing_number: line for line in lines}
    pairing_byes: dict[int, PlayerId] = {}
    for line in lines:
        player = line.player
        for round_number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is not None:
                _check_game(line, round_number, entry, by_id)
            elif entry.outcome is Outcome.PAIRING_BYE:
                earlier = pairing_byes.setdefault(round_number, player.pairing_number)
                if earlier != player.pairing_number:
                    raise TrfError(
                        Message(
                            gettext_noop(
                                "round %(round)s: a second pairing-allocated bye "
                                "(player %(player)s has one)"
                            ),
                            round=round_number,
                            player=earlier,
                        ),
                        line=line.number,
                        column=round_column(round_number) + 7,
                    )


def _check_game(
    line: PlayerLine,
    round_number: int,
    entry: TrfRoundEntry,
    by_id: Mapping[PlayerId, PlayerLine],
) -> None:
    player = line.player.pairing_number
    opponent = entry.opponent
    start = round_column(round_number)
    other = by_id.get(opponent) if opponent is not None else None
    if other is None:
        raise TrfError(
            Message(
                gettext_noop("round %(round)s: opponent %(opponent)s is not a player of this file"),
                round=round_number,
                opponent=opponent,
            ),
            line=line.number,
            column=start,
        )
    game = {"round": round_number, "player": player, "opponent": opponent}
    answer = other.player.entry(round_number)
    if answer is None or answer.opponent is None:
        raise TrfError(Message(NO_GAME, **game), line=other.number, column=start)
    if answer.opponent != player:
        raise TrfError(
            Message(OTHER_GAME, other=answer.opponent, **game),
            line=other.number,
            column=start,
        )
    if answer.color is not entry.color.opposite:
        raise TrfError(
            Message(
                gettext_noop(
                    "round %(round)s: player %(player)s played %(opponent)s with colour "
                    "%(colour)s, so %(opponent)s needs %(needed)s, not %(found)s"
                ),
                colour=repr(entry.color.value),
                needed=repr(entry.color.opposite.value),
                found=repr(answer.color.value),
                **game,
            ),
            line=other.number,
            column=start + 5,
        )
    if answer.outcome not in _COUNTERPARTS[entry.outcome]:
        raise TrfError(
            Message(
                gettext_noop(
                    "round %(round)s: player %(player)s played %(opponent)s with result "
                    "%(result)s, which does not agree with %(opponent)s's result %(found)s"
                ),
                result=repr(entry.outcome.value),
                found=repr(answer.outcome.value),
                **game,
            ),
            line=other.number,
            column=start + 7,
        )


def settle_points(lines: Sequence[PlayerLine], scoring: Scoring) -> tuple[TrfPlayer, ...]:
    """Check that the points column (81-84) equals the score of the results under `scoring`
    (TRF16), and fill it in where the file left it blank. On a line with a result symbol read
    as unknown (VCL Q166) a points column that disagrees is replaced by the score: the program
    that wrote the file scored the symbol its own way.

    Rounds after the last paired round (nobody has a game or a pairing-allocated bye) hold
    announcements for the round to be paired (`0000 - H` in a file written before pairing);
    the points may count them or not.
    """
    last_paired = max(
        (
            round_number
            for line in lines
            for round_number, entry in enumerate(line.player.rounds, start=1)
            if is_pairing_entry(entry)
        ),
        default=0,
    )
    value = {outcome: scoring.points(outcome) for outcome in Outcome}
    players: list[TrfPlayer] = []
    for line in lines:
        player = line.player
        outcomes = [entry.outcome for entry in player.rounds]
        score = Points(sum(value[outcome] for outcome in outcomes))
        paired_score = sum(value[outcome] for outcome in outcomes[:last_paired])
        if not line.points_given or (
            line.unknown_codes and player.points not in (score, paired_score)
        ):
            player = replace(player, points=score)
        elif player.points not in (score, paired_score):
            raise TrfError(
                Message(
                    gettext_noop(
                        "player %(player)s has %(points)s points, but the results give %(score)s"
                    ),
                    player=player.pairing_number,
                    points=format_points(player.points),
                    score=format_points(score),
                ),
                line=line.number,
                column=POINTS_COLUMNS[0],
            )
        players.append(player)
    return tuple(players)
