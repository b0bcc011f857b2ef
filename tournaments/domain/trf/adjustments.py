"""The adjustments a file needs to fit the tournament model, found from the file alone
(VCL4THP Q48, Q50, Q52): lines not kept, values read in another form, records the file lacks.

`file_adjustments(text, document)` takes a file `parse_trf` accepted and the document it read;
the importer adds what only it decides (titles, birth dates, withdrawals, the pairing system).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Color, Outcome, PlayerId
from tournaments.domain.trf.columns import format_points, half_points
from tournaments.domain.trf.dates import read_date
from tournaments.domain.trf.model import TrfDocument, TrfPlayer
from tournaments.domain.trf.player_lines import POINTS_COLUMNS, is_unknown_code, round_column
from tournaments.domain.trf.report import Adjustment, AdjustmentKind
from tournaments.domain.trf.state import tournament_state_from_trf

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_NOT_KEPT = {
    "###": Message(gettext_noop("comments (###) are not kept")),
    "092": Message(gettext_noop("the tournament type (092) is not kept")),
    "122": Message(gettext_noop("the time control (122) is not kept")),
    "132": Message(gettext_noop("the round dates (132) are not kept")),
    "212": Message(
        gettext_noop(
            "the standings tie-breaks (212) are not kept: the standings use the list of 202"
        )
    ),
    "XXZ": Message(
        gettext_noop("players absent from the round to pair (XXZ) are not kept: enter their byes")
    ),
}
_START_NOT_A_DATE = gettext_noop("%(value)s is not a date: the start date is left empty")
_END_NOT_A_DATE = gettext_noop("%(value)s is not a date: the end date is left empty")
_NO_INITIAL_COLOUR = {  # the colour drawn before round 1 is White or Black (C.04.3 E.5)
    Color.WHITE: gettext_noop("no initial colour (152 or XXC): white, read from round 1"),
    Color.BLACK: gettext_noop("no initial colour (152 or XXC): black, read from round 1"),
}
_READ = frozenset(
    {"001", "012", "022", "032", "042", "052", "102", "112", "142", "152", "162", "192", "202"}
    | {"240", "250", "260", "XXR", "XXC", "XXS", "XXA", "XXP"}
    | {"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
)

IGNORED, CHANGED, DEFAULTED = (
    AdjustmentKind.IGNORED,
    AdjustmentKind.CHANGED,
    AdjustmentKind.DEFAULTED,
)


def file_adjustments(text: str, document: TrfDocument) -> list[Adjustment]:
    """The adjustments of a parsed file, in the order of its lines, then the missing records."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
    by_code: dict[str, list[int]] = {}
    player_lines: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        by_code.setdefault(line[:3], []).append(number)
        if line[:3] == "001":
            player_lines.append((number, line))
    adjustments = [
        Adjustment(IGNORED, tuple(by_code[code]), message)
        for code, message in _NOT_KEPT.items()
        if code in by_code and not (code == "092" and document.system_in_092)
    ]
    if document.system_in_092:
        adjustments.append(
            Adjustment(
                CHANGED,
                tuple(by_code["092"]),
                Message(
                    gettext_noop(
                        "no pairing system (192): %(code)s read from the tournament type (092), "
                        "where bbpPairings 6.0.0 writes it"
                    ),
                    code=document.pairing_system or "",
                ),
            )
        )
    for code, numbers in by_code.items():
        if code not in _READ and code not in _NOT_KEPT:
            adjustments.append(
                Adjustment(
                    IGNORED,
                    tuple(numbers),
                    Message(
                        gettext_noop("record %(code)s is not read by this program"), code=repr(code)
                    ),
                )
            )
    if document.configuration:
        options = " ".join(document.configuration)
        adjustments.append(
            Adjustment(
                IGNORED,
                tuple(by_code["XXC"]),
                Message(gettext_noop("XXC options not kept: %(options)s"), options=options),
            )
        )
    adjustments.extend(_date_adjustments(document, by_code))
    adjustments.extend(_player_adjustments(player_lines, document))
    adjustments.extend(_missing_records(document, by_code))
    return sorted(adjustments, key=lambda adjustment: adjustment.lines or (len(lines) + 1,))


def _date_adjustments(document: TrfDocument, by_code: dict[str, list[int]]) -> Iterator[Adjustment]:
    """TRF16 leaves the format of `042`/`052` free: text that is not a whole date is left out."""
    for code, value, what in (
        ("042", document.start_date, _START_NOT_A_DATE),
        ("052", document.end_date, _END_NOT_A_DATE),
    ):
        if value and read_date(value) is None:
            yield Adjustment(
                CHANGED,
                (by_code[code][0],),
                Message(what, value=repr(value)),
            )


def _player_adjustments(
    player_lines: list[tuple[int, str]], document: TrfDocument
) -> Iterator[Adjustment]:
    ranked = tuple(number for number, line in player_lines if line[85:89].strip())
    if ranked:
        yield Adjustment(
            IGNORED,
            ranked,
            Message(gettext_noop("the rank column (86-89) is not kept: standings recompute it")),
        )
    unscored = tuple(number for number, line in player_lines if not line[80:84].strip())
    if unscored:
        yield Adjustment(
            DEFAULTED,
            unscored,
            Message(gettext_noop("the points column (81-84) is blank: the results give it")),
        )
    line_of = {
        player.pairing_number: number
        for (number, _), player in zip(player_lines, document.players, strict=True)
    }
    for (number, line), player in zip(player_lines, document.players, strict=True):
        yield from _unknown_results(number, line, player)
        for round_number, entry in enumerate(player.rounds, start=1):
            block = line[round_column(round_number) - 1 : round_column(round_number) + 9]
            if entry.opponent is None and entry.outcome is Outcome.FORFEIT_WIN:
                yield Adjustment(
                    CHANGED,
                    (number,),
                    Message(
                        gettext_noop(
                            "round %(round)s: 0000 - + (a forfeit win without an opponent, the "
                            "old way of writing the pairing-allocated bye) is read as the "
                            "pairing-allocated bye (U)"
                        ),
                        round=round_number,
                    ),
                )
            elif entry.opponent is None and block[7:8] in ("=", "D"):
                yield Adjustment(
                    CHANGED,
                    (number,),
                    Message(
                        gettext_noop(
                            "round %(round)s: %(code)s without an opponent is read as a "
                            "half-point bye (H)"
                        ),
                        round=round_number,
                        code=repr(block[7]),
                    ),
                )
            elif (
                entry.opponent is not None
                and entry.color is Color.NONE
                and player.pairing_number < entry.opponent
            ):
                yield _forfeit_colours(round_number, player.pairing_number, entry.opponent, line_of)


def _unknown_results(number: int, line: str, player: TrfPlayer) -> Iterator[Adjustment]:
    """Result symbols TRF does not define, read as unknown results (`?`) or, without an
    opponent, as absences; and the points column recomputed when it then disagrees (VCL Q166)."""
    unknown = False
    for round_number, entry in enumerate(player.rounds, start=1):
        column = round_column(round_number) + 7
        symbol = line[column - 1 : column]
        if not is_unknown_code(symbol):
            continue
        unknown = True
        read_as = (
            Message(gettext_noop("an absence (no opponent)"))
            if entry.opponent is None
            else Message(gettext_noop("unknown (?)"))
        )
        yield Adjustment(
            CHANGED,
            (number,),
            Message(
                gettext_noop(
                    "column %(column)s: round %(round)s: unknown result %(code)s read as "
                    "%(read_as)s"
                ),
                column=column,
                round=round_number,
                code=repr(symbol),
                read_as=read_as,
            ),
        )
    written = line[POINTS_COLUMNS[0] - 1 : POINTS_COLUMNS[1]].strip()
    if unknown and written:
        points = half_points(written, number, POINTS_COLUMNS[0], Message(gettext_noop("points")))
        if points != player.points:
            yield Adjustment(
                CHANGED,
                (number,),
                Message(
                    gettext_noop(
                        "column %(column)s: player %(player)s's points %(points)s replaced by "
                        "%(score)s, the score of the results with the unknown ones read as unknown"
                    ),
                    column=POINTS_COLUMNS[0],
                    player=player.pairing_number,
                    points=format_points(points),
                    score=format_points(player.points),
                ),
            )


def _forfeit_colours(
    round_number: int, first: PlayerId, second: PlayerId, line_of: dict[PlayerId, int]
) -> Adjustment:
    return Adjustment(
        CHANGED,
        tuple(sorted({line_of[first], line_of[second]})),
        Message(
            gettext_noop(
                "round %(round)s: the forfeit between %(first)s and %(second)s has no colours: "
                "%(first)s (the lower pairing number) is given White"
            ),
            round=round_number,
            first=first,
            second=second,
        ),
    )


def _missing_records(document: TrfDocument, by_code: dict[str, list[int]]) -> Iterator[Adjustment]:
    """Records TRF-2026 expects that the file lacks (Q50: a TRF16 file has no 162/192/202/212)."""
    if not document.name:
        yield Adjustment(
            DEFAULTED,
            (),
            Message(gettext_noop("no tournament name (012): named 'Imported tournament'")),
        )
    if document.total_rounds is None:
        yield Adjustment(
            DEFAULTED,
            (),
            Message(
                gettext_noop("no number of rounds (142 or XXR): the %(rounds)s rounds of the file"),
                rounds=document.rounds_in_file,
            ),
        )
    if document.initial_color is None and document.players:
        colour = tournament_state_from_trf(document, 1).initial_color
        yield Adjustment(
            DEFAULTED,
            (),
            Message(_NO_INITIAL_COLOUR[colour]),
        )
    if not any(
        code in by_code for code in ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
    ):
        yield Adjustment(
            DEFAULTED,
            (),
            Message(gettext_noop("no scoring system (162): standard scoring 1 - ½ - 0")),
        )
    if "212" not in by_code:
        yield Adjustment(
            DEFAULTED,
            (),
            Message(
                gettext_noop("no standings tie-break list (212): the standings use the list of 202")
            ),
        )
    if not document.tie_breaks:
        yield Adjustment(
            DEFAULTED,
            (),
            Message(
                gettext_noop("no tie-break list (202): none set; choose them before the standings")
            ),
        )
