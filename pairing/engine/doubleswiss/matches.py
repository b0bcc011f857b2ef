"""A Double-Swiss state read as matches (C.04.5 Preface, 1.2-1.6).

The state holds games: the TRF columns of match m are rounds 2m-1 (game 1) and 2m (game 2),
with the same opponent, or the same kind of bye, in both (docs/double-swiss.md). A match is a
forfeit only when at least one player forfeits both games; then it is not a meeting and the
pair may meet again. Every other match counts as played (Preface).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.api import InvalidState
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)


@dataclass(frozen=True, slots=True)
class Contender:
    """A player to be paired in the match being paired, as the criteria see them.

    `score` (1.2.1) counts the points of every game and bye so far; `colours` has one entry per
    earlier match: the colour of game 1 when at least one game of the match was played, else
    NONE (1.6); `met` the opponents of matches that were not forfeits ([C1], Preface);
    `pab_barred` whether [C2] forbids the PAB (a PAB, a match won by forfeit or a full-point bye
    before); `matches_played` the matches that were not forfeits or byes (3.4.3); `floated`
    whether the player was a floater in the previous match (1.5: paired against an opponent with
    a different score), for [C7] and [C8]; `rank` the position for the TPN parity of 4.3.1 among
    the players who took part in a pairing or are to be paired now (the reading of the Dutch
    engine and of the SPP for C.04.3 5.2.5: a player who has not arrived holds no number yet).
    """

    id: PlayerId
    rank: int
    score: Points
    colours: tuple[Color, ...]
    met: frozenset[PlayerId]
    pab_barred: bool
    matches_played: int
    floated: bool

    @property
    def whites(self) -> int:
        """Matches in which the player had White (1.6), for 4.3.2."""
        return sum(1 for colour in self.colours if colour is Color.WHITE)


@dataclass(frozen=True, slots=True)
class MatchRound:
    """The match to pair: its number (1-based), whether it is the last one planned (the float
    criteria [C7] and [C8] then lapse), and the contenders in the order of 1.2 (score, then
    TPN)."""

    number: int
    last: bool
    contenders: tuple[Contender, ...]


def _invalid(template: str, **values: object) -> InvalidState:
    return InvalidState(Message(template, **values))


def _games(player: PlayerState, match: int) -> tuple[RoundRecord, RoundRecord]:
    return player.history[2 * match - 2], player.history[2 * match - 1]


def _forfeited_both(first: RoundRecord, second: RoundRecord) -> bool:
    """The player forfeited both games of the match (Preface)."""
    return first.outcome is Outcome.FORFEIT_LOSS and second.outcome is Outcome.FORFEIT_LOSS


def match_colour(first: RoundRecord, second: RoundRecord) -> Color:
    """1.6: the colour the player had in game 1, if at least one game of the match was played."""
    if not (first.played or second.played):
        return Color.NONE
    if first.color is not Color.NONE:
        return first.color
    return second.color.opposite


def _scores_before(state: TournamentState, player: PlayerState, matches: int) -> list[Points]:
    """The player's score before each match 1..matches+1 (1.2.1)."""
    scores = [Points(0)]
    for match in range(1, matches + 1):
        first, second = _games(player, match)
        gained = state.scoring.points(first.outcome) + state.scoring.points(second.outcome)
        scores.append(Points(scores[-1] + gained))
    return scores


def match_round(state: TournamentState) -> MatchRound:
    """The state's matches, checked: two columns per match, both naming the same opponent (or
    none), game 2's colours the reverse of game 1's. Raises InvalidState otherwise, or when
    every planned match is already played."""
    if state.rounds_played % 2 or state.total_rounds % 2:
        raise _invalid(
            gettext_noop(
                "a Double-Swiss file holds two game columns for each match; "
                "%(played)s of %(planned)s columns is not whole matches"
            ),
            played=state.rounds_played,
            planned=state.total_rounds,
        )
    played, planned = state.rounds_played // 2, state.total_rounds // 2
    if played >= planned:
        raise _invalid(
            gettext_noop("all %(count)s matches are already played; there is no match to pair"),
            count=planned,
        )
    by_id = {player.id: player for player in state.players}
    before = {p.id: _scores_before(state, p, played) for p in state.players}
    counted = [
        p.id
        for p in sorted(state.players, key=lambda p: p.id)
        if p.id not in state.not_paired
        or any(r.opponent or r.outcome is Outcome.PAIRING_BYE for r in p.history)
    ]
    rank_of = {player_id: index for index, player_id in enumerate(counted, start=1)}
    contenders = []
    for player in state.to_pair():
        colours: list[Color] = []
        met: set[PlayerId] = set()
        barred, matches_played, floated = False, 0, False
        for match in range(1, played + 1):
            first, second = _games(player, match)
            if first.opponent != second.opponent:
                raise _invalid(
                    gettext_noop(
                        "player %(player)s has different opponents in the two games of match "
                        "%(match)s"
                    ),
                    player=player.id,
                    match=match,
                )
            opponent = first.opponent
            if opponent is None:
                kinds = {first.outcome, second.outcome}
                barred |= bool(kinds & {Outcome.PAIRING_BYE, Outcome.FULL_BYE})
                colours.append(Color.NONE)
                continue
            if opponent not in by_id:
                raise _invalid(
                    gettext_noop("player %(player)s has an unknown opponent %(opponent)s"),
                    player=player.id,
                    opponent=opponent,
                )
            if first.color is not Color.NONE and second.color not in (
                Color.NONE,
                first.color.opposite,
            ):
                raise _invalid(
                    gettext_noop(
                        "player %(player)s has the same colour in both games of match %(match)s"
                    ),
                    player=player.id,
                    match=match,
                )
            own = _forfeited_both(first, second)
            theirs = _forfeited_both(*_games(by_id[opponent], match))
            if own or theirs:
                barred |= theirs and not own
                colours.append(Color.NONE)
            else:
                met.add(opponent)
                matches_played += 1
                colours.append(match_colour(first, second))
            if match == played:
                floated = before[player.id][match - 1] != before[opponent][match - 1]
        contenders.append(
            Contender(
                id=player.id,
                rank=rank_of[player.id],
                score=before[player.id][played],
                colours=tuple(colours),
                met=frozenset(met),
                pab_barred=barred,
                matches_played=matches_played,
                floated=floated,
            )
        )
    contenders.sort(key=lambda c: (-c.score, c.id))
    return MatchRound(number=played + 1, last=played + 1 == planned, contenders=tuple(contenders))
