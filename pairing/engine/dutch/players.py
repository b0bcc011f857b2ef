"""What the Dutch rules need to know about each player before a round (C.04.3 A.2-A.7, C.2).

`PlayerFacts` is derived once per round from the `TournamentState`: pairing score, played
opponents (C.1), colour difference and preference (A.6), the floats of the last two rounds
(A.4), PAB eligibility (C.2) and topscorer status (A.7).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from pairing.engine.dutch.edition import DUTCH_2017_RULES, EditionRules
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    TournamentState,
)


class Strength(enum.IntEnum):
    """Strength of a colour preference (A.6): absolute > strong > mild > none."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(enum.Enum):
    """The float a player received in one round (A.4)."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """One player to be paired, as the Dutch rules see them this round.

    `rank` is the 1-based position among the players that count for the E.5 parity;
    `colours` the colours of the games played over the board (A.6, C.04.2 D.5);
    `floats` the floats of rounds r-1 and r-2 (index 0 is r-1).
    """

    id: PlayerId
    rank: int
    score: Points
    opponents: frozenset[PlayerId]
    colours: tuple[Color, ...]
    preference: Color
    strength: Strength
    floats: tuple[Float, Float]
    bye_eligible: bool
    topscorer: bool
    unplayed: int = 0

    @property
    def colour_difference(self) -> int:
        """CD: games played with White minus games played with Black (A.6)."""
        return sum(1 if c is Color.WHITE else -1 for c in self.colours)

    @property
    def repeated_colour(self) -> Color:
        """The colour of the last two played games when they are equal, else NONE."""
        if len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]:
            return self.colours[-1]
        return Color.NONE


def colour_preference(colours: tuple[Color, ...]) -> tuple[Color, Strength]:
    """The colour preference and its strength from the played-colour sequence (A.6.a-d)."""
    if not colours:
        return Color.NONE, Strength.NONE
    cd = sum(1 if c is Color.WHITE else -1 for c in colours)
    if cd > 1:
        return Color.BLACK, Strength.ABSOLUTE
    if cd < -1:
        return Color.WHITE, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Strength.ABSOLUTE
    if cd == 1:
        return Color.BLACK, Strength.STRONG
    if cd == -1:
        return Color.WHITE, Strength.STRONG
    return colours[-1].opposite, Strength.MILD


def pairing_score(state: TournamentState, player: PlayerState, rounds: int) -> Points:
    """The score for pairing before round `rounds + 1`: points plus acceleration (A.1)."""
    return Points(player.score(state.scoring, rounds) + player.acceleration_in(rounds + 1))


def _float_in(
    state: TournamentState,
    player: PlayerState,
    round_number: int,
    rules: EditionRules,
    by_id: Mapping[PlayerId, PlayerState],
) -> Float:
    """The float received in `round_number` (1-based), A.4.b; a round not played over the
    board by the edition's rule (`EditionRules.unplayed_downfloat`). `by_id`: every player
    of the tournament by id."""
    record = player.history[round_number - 1]
    if not record.played or record.opponent is None:
        if rules.unplayed_downfloat(record.outcome, state.scoring):
            return Float.DOWN
        return Float.NONE
    opponent = by_id[record.opponent]
    own = pairing_score(state, player, round_number - 1)
    other = pairing_score(state, opponent, round_number - 1)
    if own > other:
        return Float.DOWN
    if own < other:
        return Float.UP
    return Float.NONE


def _took_part(player: PlayerState) -> bool:
    """Whether the player was ever part of a pairing (a game, forfeit or PAB)."""
    return any(
        record.opponent is not None or record.outcome is Outcome.PAIRING_BYE
        for record in player.history
    )


def build_facts(
    state: TournamentState, rules: EditionRules = DUTCH_2017_RULES
) -> list[PlayerFacts]:
    """The facts of every player to be paired in round `state.next_round`, in A.2 order.

    The E.5 rank skips players who never took part in a pairing and are absent now (the reading
    shared by the reference engines).
    """
    rounds = state.rounds_played
    counted = [
        p
        for p in sorted(state.players, key=lambda p: p.id)
        if p.id not in state.not_paired or _took_part(p)
    ]
    rank_of = {p.id: index + 1 for index, p in enumerate(counted)}
    last_round = state.next_round >= state.total_rounds
    by_id = {p.id: p for p in state.players}
    facts: list[PlayerFacts] = []
    for player in state.to_pair():
        score = pairing_score(state, player, rounds)
        colours = tuple(r.played_color for r in player.history if r.played)
        preference, strength = colour_preference(colours)
        floats = tuple(
            _float_in(state, player, rounds - back, rules, by_id)
            if rounds - back >= 1
            else Float.NONE
            for back in (0, 1)
        )
        facts.append(
            PlayerFacts(
                id=player.id,
                rank=rank_of[player.id],
                score=score,
                opponents=frozenset(
                    r.opponent for r in player.history if r.played and r.opponent is not None
                ),
                colours=colours,
                preference=preference,
                strength=strength,
                floats=(floats[0], floats[1]),
                bye_eligible=rules.pab_eligible(player.history, state.scoring),
                topscorer=last_round and 2 * score > rounds * state.scoring.win,
                unplayed=rules.unplayed_rounds(player.history),
            )
        )
    facts.sort(key=lambda f: (-f.score, f.id))
    return facts
