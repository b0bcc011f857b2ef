"""The tournament state every engine reads (pairing, tie-breaks, TRF).

Pure Python: frozen, slotted dataclasses and enums, no Django, no I/O. Scores are integers
counting half-points (`Points`); there are no floats anywhere in the domain.

A `TournamentState` is a snapshot *before* a round is paired: the history of every registered
player for rounds 1..n (n = `rounds_played`), plus what is already known of round n+1
(requested byes, absences, withdrawals). The pairing engine pairs round n+1 from it; the
tie-break package ranks the players after round n.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NewType

PlayerId = NewType("PlayerId", int)
"""A player's pairing number (C.04.2 B: the initial ranking list, 1 = highest ranked)."""

Points = NewType("Points", int)
"""A score in half-points: a win under standard scoring is `Points(2)`, a draw `Points(1)`."""


def points_text(points: int) -> str:
    """Half-points as players read them: 0, ½, 1, 1½, 2, -½. The one formatter of the pages,
    the documents and the messages (the TRF writes its own columns: `trf.columns`)."""
    sign = "-" if points < 0 else ""
    whole, half = divmod(abs(points), 2)
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole}½" if whole else f"{sign}½"


class Color(enum.Enum):
    """The colour a player had in a round; NONE for an unplayed round (TRF column 97)."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Color:
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Outcome(enum.Enum):
    """What one round gave one player: the TRF16 result codes (C.04 Annex 2, column 99).

    ABSENT is the TRF entry `0000 - -` (withdrawn or absent without notice); ZERO_BYE is `Z`
    (an announced absence, C.04.1 zero-point bye). Both score the zero-point-bye value.
    ADJOURNED is TRF-2026's `?`: a game whose result is not known yet (adjourned, or unknown in
    an imported file). The players have met; it scores the `X` value of `162`, a draw by
    default, for pairing (checklist Q157, Q165).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    PAIRING_BYE = "U"
    HALF_BYE = "H"
    FULL_BYE = "F"
    ZERO_BYE = "Z"
    ABSENT = " "
    ADJOURNED = "?"

    @property
    def is_game(self) -> bool:
        """The result of a game between two players, played or forfeited."""
        return self in _GAME_OUTCOMES

    @property
    def is_played(self) -> bool:
        """A game actually played over the board (C.04.2 D.5/D.6: forfeits are not played)."""
        return self in _PLAYED_OUTCOMES

    @property
    def is_bye(self) -> bool:
        """A round without an opponent: the pairing-allocated bye or a requested/absence bye."""
        return not self.is_game


_PLAYED_OUTCOMES = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.UNRATED_WIN,
        Outcome.UNRATED_DRAW,
        Outcome.UNRATED_LOSS,
        Outcome.ADJOURNED,
    }
)
_GAME_OUTCOMES = _PLAYED_OUTCOMES | {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS}

NOT_PAIRED_OUTCOMES = frozenset(
    {Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE, Outcome.ABSENT}
)
"""Outcomes known before a round is paired: the player is not to be paired (C.04.1 c/e)."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each outcome, in half-points (TRF `XXS`/`BBx`/`162`; C.04.1 defaults).

    The defaults are the standard 1 / ½ / 0 scoring; a pairing-allocated bye scores a win
    (C.04.1 c) and an announced absence a loss.
    """

    win: Points = Points(2)
    draw: Points = Points(1)
    loss: Points = Points(0)
    forfeit_win: Points = Points(2)
    forfeit_loss: Points = Points(0)
    pairing_bye: Points = Points(2)
    half_bye: Points = Points(1)
    full_bye: Points = Points(2)
    zero_bye: Points = Points(0)
    unknown: Points | None = None
    """An adjourned or unknown result (TRF-2026 `162` code `X`); None: the draw's value."""

    def points(self, outcome: Outcome) -> Points:
        """The points `outcome` scores under this system."""
        match outcome:
            case Outcome.WIN | Outcome.UNRATED_WIN:
                return self.win
            case Outcome.DRAW | Outcome.UNRATED_DRAW:
                return self.draw
            case Outcome.LOSS | Outcome.UNRATED_LOSS:
                return self.loss
            case Outcome.FORFEIT_WIN:
                return self.forfeit_win
            case Outcome.FORFEIT_LOSS:
                return self.forfeit_loss
            case Outcome.PAIRING_BYE:
                return self.pairing_bye
            case Outcome.HALF_BYE:
                return self.half_bye
            case Outcome.FULL_BYE:
                return self.full_bye
            case Outcome.ZERO_BYE | Outcome.ABSENT:
                return self.zero_bye
            case Outcome.ADJOURNED:
                return self.draw if self.unknown is None else self.unknown


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One player's round: opponent (None for a bye or absence), colour and outcome.

    A forfeited game keeps its opponent and colour as written in the TRF, but is not *played*:
    it gives no colour history and does not prevent a later pairing (C.04.2 D.5, D.6).
    """

    opponent: PlayerId | None
    color: Color
    outcome: Outcome

    @property
    def played(self) -> bool:
        """A game played over the board (C.04.3 A.6: only these count for colours)."""
        return self.opponent is not None and self.outcome.is_played

    @property
    def played_color(self) -> Color:
        """The colour that counts for colour history: NONE unless the game was played."""
        return self.color if self.played else Color.NONE


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A registered player and their history, round 1 first.

    `history` has one record for each round played so far; rounds before a late entry and rounds
    after a withdrawal are byes or absences. `acceleration` holds the virtual points added to the
    pairing score in each round, round 1 first (TRF `XXA`/`250`; C.04.2 acceleration), empty
    when the tournament is not accelerated.
    """

    id: PlayerId
    name: str = ""
    rating: int = 0
    history: tuple[RoundRecord, ...] = ()
    acceleration: tuple[Points, ...] = ()

    def score(self, scoring: Scoring, rounds: int | None = None) -> Points:
        """Standings points after the first `rounds` rounds (all of them by default)."""
        records = self.history if rounds is None else self.history[:rounds]
        return Points(sum(scoring.points(record.outcome) for record in records))

    def acceleration_in(self, round_number: int) -> Points:
        """Virtual points for pairing `round_number` (1-based); 0 when none are set."""
        if 1 <= round_number <= len(self.acceleration):
            return self.acceleration[round_number - 1]
        return Points(0)


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who must not be paired together (TRF `XXP`, TRF-2026 `260`; e.g. siblings).

    Each group is mutually forbidden, from `first_round` to `last_round` inclusive (None: to the
    end of the tournament).
    """

    players: frozenset[PlayerId]
    first_round: int = 1
    last_round: int | None = None

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class TournamentState:
    """Everything known before round `rounds_played + 1` is paired.

    `initial_color` is the colour drawn before round 1 (C.04.3 E.5), WHITE or BLACK.
    `not_paired` maps each player who must not be paired in the next round to the outcome
    they get instead (requested half-point or full-point bye, announced absence, withdrawal).
    """

    total_rounds: int
    players: tuple[PlayerState, ...]
    initial_color: Color = Color.WHITE
    scoring: Scoring = field(default_factory=Scoring)
    not_paired: Mapping[PlayerId, Outcome] = field(default_factory=dict)
    forbidden: tuple[ForbiddenPairs, ...] = ()

    def __post_init__(self) -> None:
        if self.initial_color is Color.NONE:
            raise ValueError("the initial colour must be white or black (C.04.3 E.5)")
        lengths = {len(player.history) for player in self.players}
        if len(lengths) > 1:
            raise ValueError("every player needs one record for each round played")
        ids = [player.id for player in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("pairing numbers must be unique")
        for outcome in self.not_paired.values():
            if outcome not in NOT_PAIRED_OUTCOMES:
                raise ValueError(f"{outcome.name} cannot be known before the round is paired")

    @property
    def rounds_played(self) -> int:
        """Rounds already in the history (the round being paired is this plus one)."""
        return len(self.players[0].history) if self.players else 0

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    def player(self, player_id: PlayerId) -> PlayerState:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def to_pair(self) -> tuple[PlayerState, ...]:
        """The players to be paired in the next round (everyone not in `not_paired`)."""
        return tuple(p for p in self.players if p.id not in self.not_paired)

    def is_forbidden(self, a: PlayerId, b: PlayerId, round_number: int) -> bool:
        """Whether `a` and `b` must not meet in `round_number` (XXP / 260)."""
        return any(
            a in group.players and b in group.players and group.applies_to(round_number)
            for group in self.forbidden
        )
