"""Read a TRF file: FIDE TRF16 (C.04 Annex 2), TRF-2026 and the JaVaFo/bbpPairings extensions.

`parse_trf(text)` accepts CR, LF and CRLF line ends and an optional byte-order mark. Header
lines are recognised by their code in columns 1-3; lines with a code this module does not
interpret are kept verbatim in `TrfDocument.other_lines`. Any malformed line raises `TrfError`
naming the line and column. An unknown result symbol is malformed too (the engine's command
line refuses it, as bbpPairings does), unless `unknown_results` is set: the import of a whole
tournament then keeps it as an unknown result (VCL Q166; `player_lines`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Color, ForbiddenPairs, Outcome, PlayerId, Points
from tournaments.domain.trf.columns import (
    MAX_ROUNDS,
    token_integer,
    tokens,
)
from tournaments.domain.trf.consistency import check_opponents, settle_points
from tournaments.domain.trf.model import (
    TrfAcceleration,
    TrfDocument,
    TrfError,
)
from tournaments.domain.trf.player_lines import PlayerLine, read_player_line
from tournaments.domain.trf.records import (
    AccelerationLine,
    ByeLine,
    ForbiddenLine,
    read_absent,
    read_acceleration,
    read_bye,
    read_forbidden,
    round_dates,
)
from tournaments.domain.trf.scoring import ScoringReader

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

_TEXT_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "pairing_system",
}
_XXC_COLOURS = {"WHITE1": Color.WHITE, "BLACK1": Color.BLACK}
_TRF26_COLOURS = {"W": Color.WHITE, "B": Color.BLACK}


def _kind_name(outcome: Outcome) -> str:
    """How a `240` bye kind reads in a message."""
    names = {
        Outcome.FULL_BYE: Message(gettext_noop("full-point bye")),
        Outcome.HALF_BYE: Message(gettext_noop("half-point bye")),
    }
    return names.get(outcome, Message(gettext_noop("zero-point bye")))


@dataclass
class _Reader:
    """Collects the lines of one file; `document()` checks them together and builds the result."""

    texts: dict[str, str] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    round_dates: tuple[str, ...] = ()
    total_rounds: int | None = None
    total_rounds_line: int = 0
    initial_color: Color | None = None
    configuration: list[str] = field(default_factory=list)
    scoring: ScoringReader = field(default_factory=ScoringReader)
    tie_breaks: tuple[str, ...] = ()
    standings_tie_breaks: tuple[str, ...] = ()
    accelerations: list[AccelerationLine] = field(default_factory=list)
    forbidden: list[ForbiddenLine] = field(default_factory=list)
    byes: list[ByeLine] = field(default_factory=list)
    absent: list[tuple[PlayerId, int, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    other_lines: list[str] = field(default_factory=list)
    players: list[PlayerLine] = field(default_factory=list)
    player_lines: dict[PlayerId, int] = field(default_factory=dict)
    seen_codes: set[str] = field(default_factory=set)
    unknown_results: bool = False

    def read(self, line: str, number: int) -> None:
        code = line[:3]
        if not line.strip():
            return
        if code == "001":
            self._read_player(line, number)
        elif code == "###":
            self.comments.append(line[3:])
        elif code in _TEXT_FIELDS:
            self._once(code, number)
            self.texts[_TEXT_FIELDS[code]] = line[4:].strip()
        elif code == "112":
            self.deputies.append(line[4:].strip())
        elif code == "132":
            self._once(code, number)
            self.round_dates = round_dates(line)
        elif code in ("XXR", "142"):
            self._read_total_rounds(line, number)
        elif code in ("XXC", "152"):
            self._read_colour(line, number)
        elif code in ("202", "212"):
            self._once(code, number)
            names = tuple(name.strip() for name in line[4:].split(",") if name.strip())
            if code == "202":
                self.tie_breaks = names
            else:
                self.standings_tie_breaks = names
        elif self.scoring.accepts(code):
            self.scoring.read(line, number)
        elif code in ("XXA", "250"):
            self.accelerations.append(read_acceleration(line, number))
        elif code in ("XXP", "260"):
            self.forbidden.append(read_forbidden(line, number))
        elif code == "240":
            self.byes.append(read_bye(line, number))
        elif code == "XXZ":
            self.absent.extend(read_absent(line, number))
        else:
            self.other_lines.append(line)

    def _once(self, code: str, number: int) -> None:
        if code in self.seen_codes:
            raise TrfError(
                Message(gettext_noop("a second %(code)s line"), code=code), line=number, column=1
            )
        self.seen_codes.add(code)

    def _read_player(self, line: str, number: int) -> None:
        player_line = read_player_line(line, number, unknown_results=self.unknown_results)
        player = player_line.player.pairing_number
        if player in self.player_lines:
            raise TrfError(
                Message(
                    gettext_noop("pairing number %(player)s is already used on line %(line)s"),
                    player=player,
                    line=self.player_lines[player],
                ),
                line=number,
                column=5,
            )
        self.player_lines[player] = number
        self.players.append(player_line)

    def _read_total_rounds(self, line: str, number: int) -> None:
        words = tokens(line, 4)
        if not words:
            raise TrfError(
                Message(gettext_noop("%(code)s needs the number of rounds"), code=line[:3]),
                line=number,
                column=5,
            )
        word, column = words[0]
        rounds = token_integer(
            word, number, column, Message(gettext_noop("number of rounds")), MAX_ROUNDS
        )
        if self.total_rounds is not None and rounds != self.total_rounds:
            raise TrfError(
                Message(
                    gettext_noop("%(rounds)s rounds, but line %(line)s says %(total)s"),
                    rounds=rounds,
                    line=self.total_rounds_line,
                    total=self.total_rounds,
                ),
                line=number,
                column=column,
            )
        self.total_rounds = rounds
        self.total_rounds_line = number

    def _read_colour(self, line: str, number: int) -> None:
        """`152 W|B` (TRF-2026), or the `white1`/`black1` token of `XXC` (JaVaFo); the other
        `XXC` tokens are configuration."""
        words = tokens(line, 4)
        if line[:3] == "XXC":
            self.configuration.extend(word for word, _ in words if word.upper() not in _XXC_COLOURS)
            words = [(word, column) for word, column in words if word.upper() in _XXC_COLOURS]
            colours = _XXC_COLOURS
        else:
            words = words[:1]
            colours = _TRF26_COLOURS
        for word, column in words:
            colour = colours.get(word.upper())
            if colour is None:
                raise TrfError(
                    Message(gettext_noop("unknown initial colour %(word)s"), word=repr(word)),
                    line=number,
                    column=column,
                )
            if self.initial_color is not None and colour is not self.initial_color:
                raise TrfError(
                    Message(gettext_noop("the initial colour is given twice, differently")),
                    line=number,
                    column=column,
                )
            self.initial_color = colour

    def document(self) -> TrfDocument:
        if not self.players:
            raise TrfError(
                Message(gettext_noop("the file has no player lines (code 001)")), line=1, column=1
            )
        check_opponents(self.players)
        scoring = self.scoring.scoring()
        players = settle_points(self.players, scoring)
        rounds_in_file = max((len(player.rounds) for player in players), default=0)
        if self.total_rounds is not None and self.total_rounds < rounds_in_file:
            raise TrfError(
                Message(
                    gettext_noop(
                        "the tournament has %(total)s rounds, but player lines have %(found)s"
                    ),
                    total=self.total_rounds,
                    found=rounds_in_file,
                ),
                line=self.total_rounds_line,
                column=5,
            )
        round_count = self.total_rounds if self.total_rounds is not None else rounds_in_file
        known = set(self.player_lines)
        by_id = {player.pairing_number: player for player in players}
        for bye in self.byes:
            for player, column in zip(bye.request.players, bye.columns, strict=True):
                _check_known(player, known, bye.number, column)
                entry = by_id[player].entry(bye.request.round_number)
                if entry is not None and entry.outcome is not bye.request.outcome:
                    written = "-" if entry.outcome is Outcome.ABSENT else entry.outcome.value
                    raise TrfError(
                        Message(
                            gettext_noop(
                                "240 gives player %(player)s a %(kind)s in round %(round)s, "
                                "but the player line says %(written)s"
                            ),
                            player=player,
                            kind=_kind_name(bye.request.outcome),
                            round=bye.request.round_number,
                            written=repr(written),
                        ),
                        line=bye.number,
                        column=column,
                    )
        for player, number, column in self.absent:
            _check_known(player, known, number, column)
        system_in_type = _system_code(self.texts.get("tournament_type"))
        return TrfDocument(
            players=players,
            name=self.texts.get("name"),
            city=self.texts.get("city"),
            federation=self.texts.get("federation"),
            start_date=self.texts.get("start_date"),
            end_date=self.texts.get("end_date"),
            tournament_type=self.texts.get("tournament_type"),
            chief_arbiter=self.texts.get("chief_arbiter"),
            deputies=tuple(self.deputies),
            time_control=self.texts.get("time_control"),
            round_dates=self.round_dates,
            total_rounds=self.total_rounds,
            initial_color=self.initial_color,
            configuration=tuple(self.configuration),
            scoring=scoring,
            pairing_system=self.texts.get("pairing_system") or system_in_type,
            system_in_092=system_in_type is not None and not self.texts.get("pairing_system"),
            tie_breaks=self.tie_breaks,
            standings_tie_breaks=self.standings_tie_breaks,
            accelerations=self._accelerations(known),
            forbidden=tuple(self._forbidden(known, round_count)),
            byes=tuple(bye.request for bye in self.byes),
            absent=tuple(dict.fromkeys(player for player, _, _ in self.absent)),
            comments=tuple(self.comments),
            other_lines=tuple(self.other_lines),
        )

    def _accelerations(self, known: set[PlayerId]) -> tuple[TrfAcceleration, ...]:
        """Expand `XXA` and `250` lines into one canonical per-player list (later lines win)."""
        table: dict[PlayerId, dict[int, Points]] = {}
        for line in self.accelerations:
            if line.first_player == line.last_player:
                _check_known(line.first_player, known, line.number, line.column)
            for player in range(line.first_player, line.last_player + 1):
                if PlayerId(player) not in known:
                    continue
                rounds = table.setdefault(PlayerId(player), {})
                for offset, value in enumerate(line.values):
                    rounds[line.first_round + offset] = value
        result = []
        for player in sorted(table):
            rounds = table[player]
            values = [rounds.get(r, Points(0)) for r in range(1, max(rounds, default=0) + 1)]
            while values and values[-1] == 0:
                values.pop()
            if values:
                result.append(TrfAcceleration(player=player, points=tuple(values)))
        return tuple(result)

    def _forbidden(self, known: set[PlayerId], round_count: int) -> list[ForbiddenPairs]:
        groups = []
        for line in self.forbidden:
            for player, column in line.players:
                _check_known(player, known, line.number, column)
            last = line.last_round
            groups.append(
                ForbiddenPairs(
                    players=frozenset(player for player, _ in line.players),
                    first_round=line.first_round,
                    last_round=None if last is not None and last >= round_count else last,
                )
            )
        return groups


def parse_trf(text: str, *, unknown_results: bool = False) -> TrfDocument:
    """Read a TRF16 / TRF-2026 file with the XXR, XXC, XXS, XXA, XXP, XXZ and BBx extensions.

    `unknown_results`: keep a result symbol TRF does not define as an unknown result (`?`)
    instead of refusing the file (VCL Q166)."""
    reader = _Reader(unknown_results=unknown_results)
    for number, line in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        if "\x00" in line:
            raise TrfError(
                Message(
                    gettext_noop(
                        "a NUL character: is this a binary file, or text that is not UTF-8?"
                    )
                ),
                line=number,
                column=line.index("\x00") + 1,
            )
        reader.read(line, number)
    return reader.document()


def _check_known(player: PlayerId, known: set[PlayerId], number: int, column: int) -> None:
    if player not in known:
        raise TrfError(
            Message(gettext_noop("player %(player)s has no player line"), player=player),
            line=number,
            column=column,
        )


_SYSTEM_CODE = re.compile(r"FIDE_(?:DUTCH|BURSTEIN|LIM|DUBOV)(?:_\d{4})?(?:_BAKU)?")


def _system_code(tournament_type: str | None) -> str | None:
    """A TRF-2026 `192` code written on the `092` line (bbpPairings 6.0.0's generator writes
    `092 FIDE_DUTCH_2025` and no `192`), or None for an ordinary tournament type."""
    text = (tournament_type or "").strip()
    return text if _SYSTEM_CODE.fullmatch(text) else None
