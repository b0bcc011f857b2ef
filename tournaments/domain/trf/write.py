"""Write a `TrfDocument` as TRF16 (with the JaVaFo/bbpPairings extensions) or TRF-2026.

Lines end with LF. Header lines come in a fixed order: the TRF16 lines (012 ... 132), the
uninterpreted lines kept from the file read, the pairing lines of the chosen flavour, the `###`
comments in document order, then the players in document order. Player lines use the exact
TRF16 columns and end after their last non-blank column.

Two modes. The engine-exchange file (the default) writes the player lines as the document
holds them: a file prepared for pairing the next round carries that round's entries (a
requested bye, `0000 - -` for a withdrawn player: JaVaFo reads no `240` line). The rating
report (`played_rounds` given, C.04 Annex 2) writes exactly the played rounds on every player
line, and the counted header records `062`, `072`, `082` (and, in TRF-2026, `222`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Literal

from tournaments.domain.state import Color, Outcome, Points, Scoring
from tournaments.domain.trf.columns import format_points
from tournaments.domain.trf.model import (
    TrfAcceleration,
    TrfDocument,
    TrfPlayer,
    TrfRoundEntry,
    TrfWriteError,
)
from tournaments.domain.trf.player_lines import FIRST_ROUND_COLUMN, ROUND_WIDTH
from tournaments.domain.trf.scoring import trf26_scoring_line, xxs_line

TrfFormat = Literal["trf16", "trf26"]

_NAME_WIDTH = 33
_BYE_CODES = {Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}


def write_trf(
    doc: TrfDocument, fmt: TrfFormat = "trf16", *, played_rounds: int | None = None
) -> str:
    """The text of `doc` as a TRF file, LF line ends.

    `played_rounds` None: the engine-exchange file. A number: the rating report, whose player
    lines hold exactly rounds 1..`played_rounds` (entries beyond are dropped; a line without an
    entry for a played round gets `0000 - -`: not paired), with `062` (players), `072`
    (players with a FIDE rating) and `082` (teams: 0, an individual tournament) counted.

    trf16: TRF16 header lines plus `XXR`, `XXC`, and `XXS`/`XXA`/`XXP` when they are not
    the defaults; what has no TRF16 or XX form (192, 202, 212, 240, and 260 groups limited to
    some rounds) is written with its TRF-2026 line. trf26: `142 152 162 192 202 212 240 250 260`
    instead of the XX lines.

    Both write the `###` comments (e.g. the report's integrity events, `comments.py`) after the
    header lines, before the players. TRF16 (C.04 Annex 2) has no comment line: a TRF16 file
    for other programs is written from a document without comments (the report export does so).
    """
    if played_rounds is not None:
        doc = _report_players(doc, played_rounds)
    lines = list(_standard_header(doc, report=played_rounds is not None))
    lines.extend(doc.other_lines)
    lines.extend(_trf16_pairing_lines(doc) if fmt == "trf16" else _trf26_pairing_lines(doc))
    if fmt == "trf26" and played_rounds is not None and doc.time_control_code:
        lines.append(f"222 {doc.time_control_code}")
    if doc.absent:
        # JaVaFo's XXZ has no TRF-2026 line of its own; both flavours keep it as written.
        lines.append("XXZ " + " ".join(str(player) for player in doc.absent))
    lines.extend(f"###{comment}" for comment in doc.comments)
    lines.extend(player_line(player) for player in doc.players)
    for line in lines:
        if "\n" in line or "\r" in line:
            raise TrfWriteError(f"a line break inside a field would split the line {line!r}")
    return "".join(f"{line}\n" for line in lines)


def _report_players(doc: TrfDocument, played_rounds: int) -> TrfDocument:
    """`doc` with every player line cut or filled to exactly `played_rounds` entries."""
    absent = TrfRoundEntry(None, Color.NONE, Outcome.ABSENT)
    players = tuple(
        replace(
            player,
            rounds=tuple(player.rounds[:played_rounds])
            + (absent,) * (played_rounds - len(player.rounds)),
        )
        for player in doc.players
    )
    return replace(doc, players=players)


def _standard_header(doc: TrfDocument, *, report: bool) -> Iterator[str]:
    counts: tuple[tuple[str, str | None], ...] = ()
    if report:
        rated = sum(1 for player in doc.players if player.rating)
        counts = (("062", str(len(doc.players))), ("072", str(rated)), ("082", "0"))
    texts = (
        ("012", doc.name),
        ("022", doc.city),
        ("032", doc.federation),
        ("042", doc.start_date),
        ("052", doc.end_date),
        *counts,
        ("092", doc.tournament_type),
        ("102", doc.chief_arbiter),
    )
    yield from (f"{code} {text}".rstrip() for code, text in texts if text is not None)
    yield from (f"112 {deputy}".rstrip() for deputy in doc.deputies)
    if doc.time_control is not None:
        yield f"122 {doc.time_control}".rstrip()
    if doc.round_dates:
        dates = "".join(_text(date, ROUND_WIDTH, "round date") for date in doc.round_dates)
        yield ("132".ljust(FIRST_ROUND_COLUMN - 1) + dates).rstrip()


def _trf16_pairing_lines(doc: TrfDocument) -> Iterator[str]:
    if doc.total_rounds is not None:
        yield f"XXR {doc.total_rounds}"
    colour = {Color.WHITE: ("white1",), Color.BLACK: ("black1",)}.get(
        doc.initial_color or Color.NONE, ()
    )
    if doc.configuration or colour:
        yield "XXC " + " ".join((*doc.configuration, *colour))
    yield from _common_trf26_lines(doc)
    if doc.scoring != Scoring():
        yield xxs_line(doc.scoring)
    yield from (_xxa_line(acceleration) for acceleration in doc.accelerations)
    for group in doc.forbidden:
        if group.first_round == 1 and group.last_round is None:
            yield "XXP " + " ".join(f"{player:>4}" for player in sorted(group.players))
        else:
            yield _prohibited_line(doc, group.players, group.first_round, group.last_round)


def _trf26_pairing_lines(doc: TrfDocument) -> Iterator[str]:
    if doc.total_rounds is not None:
        yield f"142 {doc.total_rounds}"
    if doc.initial_color is not None and doc.initial_color is not Color.NONE:
        yield f"152 {'W' if doc.initial_color is Color.WHITE else 'B'}"
    yield trf26_scoring_line(doc.scoring)
    yield from _common_trf26_lines(doc)
    yield from _accelerated_round_lines(doc.accelerations)
    for group in doc.forbidden:
        yield _prohibited_line(doc, group.players, group.first_round, group.last_round)
    if doc.configuration:
        raise TrfWriteError(f"TRF-2026 has no line for XXC {' '.join(doc.configuration)}")


def _common_trf26_lines(doc: TrfDocument) -> Iterator[str]:
    """The TRF-2026 lines written in both flavours: 192, 202, 212 and 240."""
    if doc.pairing_system is not None:
        yield f"192 {doc.pairing_system}".rstrip()
    if doc.tie_breaks:
        yield "202 " + ",".join(doc.tie_breaks)
    if doc.standings_tie_breaks:
        yield "212 " + ",".join(doc.standings_tie_breaks)
    for bye in doc.byes:
        players = "".join(f" {player:>4}" for player in bye.players)
        yield f"240 {_BYE_CODES[bye.outcome]} {bye.round_number:03d}{players}"


def _xxa_line(acceleration: TrfAcceleration) -> str:
    """`XXA NNNN pp.p ...`: round r's points at column 10 + 5*(r-1) (JaVaFo)."""
    values = "".join(f" {format_points(points):>4}" for points in acceleration.points)
    return f"XXA {acceleration.player:>4}{values}"


def _accelerated_round_lines(accelerations: tuple[TrfAcceleration, ...]) -> Iterator[str]:
    """TRF-2026 `250` lines: one for each run of rounds with the same non-zero points,
    over each run of consecutive pairing numbers with the same accelerations."""
    groups: list[tuple[int, int, tuple[Points, ...]]] = []
    for item in accelerations:
        if groups and groups[-1][1] == item.player - 1 and groups[-1][2] == item.points:
            groups[-1] = (groups[-1][0], item.player, item.points)
        else:
            groups.append((item.player, item.player, item.points))
    for first_player, last_player, points in groups:
        first_round = 1
        while first_round <= len(points):
            value = points[first_round - 1]
            last_round = first_round
            while last_round < len(points) and points[last_round] == value:
                last_round += 1
            if value:
                whole, half = divmod(value, 2)
                yield (
                    f"250 00.0 {whole:02d}.{5 if half else 0} {first_round:03d} "
                    f"{last_round:03d} {first_player:04d} {last_player:04d}"
                )
            first_round = last_round + 1


def _prohibited_line(
    doc: TrfDocument, players: frozenset[int], first_round: int, last_round: int | None
) -> str:
    """TRF-2026 `260`: rounds at 5-7 and 9-11, players from column 13."""
    last = max(doc.round_count, first_round) if last_round is None else last_round
    ids = "".join(f" {player:>4}" for player in sorted(players))
    return f"260 {first_round:03d} {last:03d}{ids}"


def player_line(player: TrfPlayer) -> str:
    """A `001` line in the TRF16 columns, without trailing blanks."""
    fixed = (
        f"001 {_number(player.pairing_number, 4, 'pairing number')} "
        f"{_text(player.sex, 1, 'sex')}{_text(player.title, 3, 'title', right=True)} "
        f"{player.name[:_NAME_WIDTH]:<{_NAME_WIDTH}} "
        f"{_number(player.rating, 4, 'rating')} "
        f"{_text(player.federation, 3, 'federation')} "
        f"{_number(player.fide_id, 11, 'FIDE id')} "
        f"{_text(player.birth_date, 10, 'birth date')} "
        f"{_text(format_points(player.points), 4, 'points', right=True)} "
        f"{_number(player.rank, 4, 'rank')}"
    )
    rounds = "".join(f"  {round_entry(entry)}" for entry in player.rounds)
    return (fixed + rounds).rstrip()


def round_entry(entry: TrfRoundEntry) -> str:
    """`oooo c r`: opponent (`0000` for none), colour, result (an absence is `0000 - -`)."""
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
    result = "-" if entry.outcome is Outcome.ABSENT else entry.outcome.value
    return f"{opponent} {entry.color.value} {result}"


def _number(value: int | None, width: int, what: str) -> str:
    text = "" if value is None else str(value)
    if len(text) > width or (value is not None and value < 0):
        raise _too_wide(what, text, width)
    return text.rjust(width)


def _text(value: str, width: int, what: str, *, right: bool = False) -> str:
    if len(value) > width:
        raise _too_wide(what, value, width)
    return value.rjust(width) if right else value.ljust(width)


def _too_wide(what: str, value: str, width: int) -> TrfWriteError:
    return TrfWriteError(f"{what} {value!r} does not fit in {width} columns")
