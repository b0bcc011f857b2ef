"""The data of a FIDE tournament report file (TRF16, C.04 Annex 2; TRF-2026; engine extensions).

Pure Python: frozen, slotted dataclasses. A `TrfDocument` is what a TRF file says, in the
project's own types (`PlayerId`, `Color`, `Outcome`, `Points`, `Scoring`, `ForbiddenPairs`),
independent of the file flavour it was read from: `trf_read.parse_trf` builds one,
`trf_write.write_trf` writes one, `trf_state.tournament_state_from_trf` turns one into the state
an engine reads. Scores are integers counting half-points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.domain.state import Color, ForbiddenPairs, Outcome, PlayerId, Points, Scoring


class TrfError(ValueError):
    """A malformed TRF file: `line` and `column` (1-based) locate the problem.

    `str(error)` reads "line 14, column 99: unknown result code 'x'"; `reason` is the part after
    the location.
    """

    def __init__(self, reason: str, *, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {reason}")
        self.reason = reason
        self.line = line
        self.column = column


class TrfWriteError(ValueError):
    """A document that the requested TRF flavour cannot express (e.g. a pairing number > 9999)."""


@dataclass(frozen=True, slots=True)
class TrfRoundEntry:
    """One round of a player line: columns 92-99 + 10*(r-1) (C.04 Annex 2, TRF16).

    `opponent` is None for a bye or an absence (`0000` or blank in the file). `color` is NONE
    when the file says `-` or blank. A blank entry or `0000 - -` reads as `Outcome.ABSENT`.
    """

    opponent: PlayerId | None
    color: Color
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """A `001` player line (TRF16 columns in brackets).

    pairing number [5-8], sex [10], title [11-13], name [15-47], FIDE rating [49-52] (None when
    blank), federation [54-56], FIDE id [58-68] (None when blank), birth date [70-79] as written,
    points [81-84] in half-points, rank [86-89] (None when blank), then one entry per round.
    """

    pairing_number: PlayerId
    sex: str = ""
    title: str = ""
    name: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: str = ""
    points: Points = Points(0)
    rank: int | None = None
    rounds: tuple[TrfRoundEntry, ...] = ()

    def entry(self, round_number: int) -> TrfRoundEntry | None:
        """The entry for `round_number` (1-based), None when the line has none."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None


@dataclass(frozen=True, slots=True)
class TrfAcceleration:
    """Virtual points a player gets in each round, round 1 first (`XXA`, TRF-2026 `250`).

    Stored in one canonical form whatever the file used: one record for each accelerated
    player, trailing zero rounds removed.
    """

    player: PlayerId
    points: tuple[Points, ...]


@dataclass(frozen=True, slots=True)
class TrfByeRequest:
    """A TRF-2026 `240` line: players who take a bye of kind `outcome` in `round_number`.

    `outcome` is FULL_BYE (`F`), HALF_BYE (`H`) or ZERO_BYE (`Z`).
    """

    outcome: Outcome
    round_number: int
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class TrfDocument:
    """Everything a TRF file says.

    Header (TRF16): name `012`, city `022`, federation `032`, start and end dates `042`/`052`,
    tournament type `092`, chief arbiter `102`, deputies `112` (one line each), time control
    `122`, round dates `132` (as written, round 1 first). Text fields are None when the line is
    absent. `time_control_code` is the TRF-2026 `222` encoding (`time_control.py`), which the
    writer gives a TRF-2026 report; a file read keeps its `222` line among `other_lines`.

    Pairing data: `total_rounds` (`XXR`/`142`; None when the file does not say),
    `initial_color` (`XXC white1|black1`/`152`; None when not said), the other `XXC` tokens in
    `configuration`, `scoring` (`XXS`, `BBx`, `162`), `pairing_system` (`192`, else a system
    code on the `092` line), tie-breaks
    (`202`, `212`), accelerations (`XXA`/`250`), forbidden pairs (`XXP`/`260`), byes (`240`)
    and `absent`, the players of the `XXZ` lines (JaVaFo: not to be paired in the round to pair).

    `comments` are the `###` lines (text after `###`); `other_lines` are header lines this
    module does not interpret (e.g. `062`, `172`, team records), kept verbatim in file order.
    """

    players: tuple[TrfPlayer, ...] = ()
    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start_date: str | None = None
    end_date: str | None = None
    tournament_type: str | None = None
    chief_arbiter: str | None = None
    deputies: tuple[str, ...] = ()
    time_control: str | None = None
    time_control_code: str | None = None
    round_dates: tuple[str, ...] = ()
    total_rounds: int | None = None
    initial_color: Color | None = None
    configuration: tuple[str, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    pairing_system: str | None = None
    system_in_092: bool = False
    """`pairing_system` was read from `092`, where bbpPairings 6.0.0's generator writes it, the
    file having no `192`."""
    tie_breaks: tuple[str, ...] = ()
    standings_tie_breaks: tuple[str, ...] = ()
    accelerations: tuple[TrfAcceleration, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    byes: tuple[TrfByeRequest, ...] = ()
    absent: tuple[PlayerId, ...] = ()
    comments: tuple[str, ...] = ()
    other_lines: tuple[str, ...] = ()

    @property
    def rounds_in_file(self) -> int:
        """The highest round any player line has an entry for."""
        return max((len(player.rounds) for player in self.players), default=0)

    @property
    def round_count(self) -> int:
        """The number of rounds: `XXR`/`142` when given, else the rounds found in the file."""
        return self.total_rounds if self.total_rounds is not None else self.rounds_in_file

    def player(self, player_id: PlayerId) -> TrfPlayer:
        for player in self.players:
            if player.pairing_number == player_id:
                return player
        raise KeyError(player_id)
