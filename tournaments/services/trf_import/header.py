"""The tournament row of an import: its header records, checked and bounded."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.domain.acceleration import (
    acceleration_difference,
    premise_problem,
    split_system_code,
)
from tournaments.domain.messages import Message
from tournaments.domain.ratings import RatingMethod
from tournaments.domain.roundrobin import round_robin_type
from tournaments.domain.state import Color
from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.domain.tiebreaks import is_buchholz, is_known_tiebreak
from tournaments.domain.trf import TrfDocument, tournament_state_from_trf
from tournaments.domain.trf.dates import read_date
from tournaments.domain.trf.national import NationalLineError, NationalSupport, read_national
from tournaments.domain.trf.report import Adjustment, AdjustmentKind, RoundRobinReading
from tournaments.exceptions import TrfImportError
from tournaments.models import (
    MAX_RATING,
    InitialColor,
    PairingSystem,
    Tournament,
    TournamentFormat,
)
from tournaments.services.base import tournament_insert

MAX_ROUNDS = 99
"""The most rounds a tournament may have (the settings form's limit)."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Lines:
    """Where things are in the file, to name the line of a problem found after parsing."""

    header: dict[str, int]
    players: dict[int, int]

    @classmethod
    def of(cls, text: str) -> Lines:
        header: dict[str, int] = {}
        players: dict[int, int] = {}
        for number, line in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
            code, pairing_number = line[:3], line[4:8].strip()
            if code == "001" and pairing_number.isascii() and pairing_number.isdigit():
                players.setdefault(int(pairing_number), number)
            else:
                header.setdefault(code, number)
        return cls(header=header, players=players)

    def refuse_header(self, codes: Sequence[str], message: str, column: int = 5) -> TrfImportError:
        line = next((self.header[code] for code in codes if code in self.header), None)
        return TrfImportError(message, line=line, column=column if line else None)

    def refuse_player(self, player: int, column: int, message: str) -> TrfImportError:
        line = self.players.get(player)
        return TrfImportError(message, line=line, column=column if line else None)


def refuse_unsupported(document: TrfDocument, lines: Lines) -> None:
    if split_system_code(document.pairing_system or "")[1] or document.accelerations:
        problem = premise_problem(document.scoring)
        if problem is not None:  # before anything reads the state (C.04.7 1.1)
            raise lines.refuse_header(("192", "XXA", "250"), problem, column=1)
    if document.round_count < 1:
        raise TrfImportError(_("the file gives no number of rounds (XXR or 142) and no rounds"))
    if document.round_count > MAX_ROUNDS:
        raise lines.refuse_header(
            ("XXR", "142"),
            _("%(rounds)s rounds: a tournament has at most %(maximum)s")
            % {"rounds": document.round_count, "maximum": MAX_ROUNDS},
        )
    late = [bye.round_number for bye in document.byes if bye.round_number > document.round_count]
    if late:
        raise lines.refuse_header(
            ("240",),
            _("a bye in round %(round)s, after the last round (%(last)s)")
            % {"round": late[0], "last": document.round_count},
        )
    unknown = [code for code in document.tie_breaks if not is_known_tiebreak(code)]
    if unknown:
        raise lines.refuse_header(
            ("202",), _("unknown tie-break code(s): %(codes)s") % {"codes": ", ".join(unknown)}
        )


def create_tournament(
    document: TrfDocument,
    lines: Lines,
    slug: str | None,
    adjustments: list[Adjustment],
    round_robin: RoundRobinReading | None = None,
) -> Tournament:
    """The tournament row; a round robin (`round_robin`) gets its format, the rounds of its
    Berger table, its numbers as drawn (the file's, locked once round 1 is paired: C.05
    Annex 1) and no Buchholz tie-break (C.07 8)."""
    start = _date(document.start_date)
    end = _date(document.end_date)
    if start and end and end < start:
        raise lines.refuse_header(("052",), _("the end date is before the start date"))
    name = _text(
        document.name or "Imported tournament",
        200,
        "012",
        gettext_noop("the name is longer than %(length)s characters"),
        lines,
    )
    if controls := control_characters(name):
        raise lines.refuse_header(
            ("012",),
            _("the name holds control characters (%(characters)s)")
            % {"characters": ", ".join(controls)},
        )
    if starts_like_a_formula(name.strip()):
        raise lines.refuse_header(
            ("012",),
            _("the name starts with %(start)s: a spreadsheet would run it as a formula")
            % {"start": repr(name.strip()[0])},
        )
    scoring = document.scoring
    points = [
        scoring.win,
        scoring.draw,
        scoring.loss,
        scoring.pairing_bye,
        scoring.forfeit_win,
        scoring.forfeit_loss,
        scoring.half_bye,
        scoring.full_bye,
        scoring.zero_bye,
    ]
    if any(value < 0 for value in points):
        raise lines.refuse_header(("XXS", "162", "BBW"), _("negative points in the scoring system"))
    tiebreaks = list(document.tie_breaks)
    if round_robin is not None:
        tiebreaks = _without_buchholz(tiebreaks, lines, adjustments)
    tournament = Tournament(
        **_round_robin_fields(round_robin),
        name=name,
        slug=slug or "",
        city=_text(
            document.city or "",
            100,
            "022",
            gettext_noop("the city is longer than %(length)s characters"),
            lines,
        ),
        federation=_text(
            document.federation or "",
            32,
            "032",
            gettext_noop("the federation is longer than %(length)s characters"),
            lines,
        ),
        start_date=start,
        end_date=end,
        chief_arbiter=_text(
            document.chief_arbiter or "",
            200,
            "102",
            gettext_noop("the chief arbiter is longer than %(length)s characters"),
            lines,
        ),
        deputy_arbiter=_text(
            "; ".join(document.deputies),
            200,
            "112",
            gettext_noop("the deputies is longer than %(length)s characters"),
            lines,
        ),
        rounds=document.round_count if round_robin is None else round_robin.rounds,
        pairing_system=_pairing_system(
            document, start, lines, adjustments if round_robin is None else []
        ),
        baku_acceleration=_baku_acceleration(document, lines, adjustments),
        initial_color=InitialColor.WHITE
        if tournament_state_from_trf(document, 1).initial_color is Color.WHITE
        else InitialColor.BLACK,
        points_win=scoring.win,
        points_draw=scoring.draw,
        points_loss=scoring.loss,
        points_pairing_bye=scoring.pairing_bye,
        points_forfeit_win=scoring.forfeit_win,
        points_forfeit_loss=scoring.forfeit_loss,
        points_half_bye=scoring.half_bye,
        points_full_bye=scoring.full_bye,
        points_zero_bye=scoring.zero_bye,
        tiebreaks=tiebreaks,
        rating_method=_rating_method(document, lines, adjustments),
    )
    if slug is None:
        return tournament_insert(tournament, name=name)
    try:
        with transaction.atomic():
            tournament.save(force_insert=True)
    except IntegrityError:  # taken since the service checked it
        raise TrfImportError(f"a tournament with the slug {slug!r} already exists") from None
    return tournament


def _round_robin_fields(round_robin: RoundRobinReading | None) -> dict[str, object]:
    """A round robin's format, `092` type, swap of the last two rounds and drawn numbers."""
    if round_robin is None:
        return {}
    return {
        "format": TournamentFormat.DOUBLE_ROUND_ROBIN
        if round_robin.cycles == 2
        else TournamentFormat.ROUND_ROBIN,
        "tournament_type": round_robin_type(round_robin.cycles),
        "swap_last_two_rounds": round_robin.swap_last_two,
        "numbers_drawn": True,
        "numbers_seed": None,
    }


def _without_buchholz(codes: list[str], lines: Lines, adjustments: list[Adjustment]) -> list[str]:
    """A round robin's list without the Buchholz family (C.07 8; VCL Q105), reported."""
    barred = [code for code in codes if is_buchholz(code)]
    if barred:
        adjustments.append(
            Adjustment(
                AdjustmentKind.CHANGED,
                tuple(filter(None, [lines.header.get("202")])),
                Message(
                    gettext_noop(
                        "a round robin has no Buchholz tie-break (C.07 8): %(codes)s left out"
                    ),
                    codes=", ".join(barred),
                ),
            )
        )
    return [code for code in codes if not is_buchholz(code)]


def _rating_method(document: TrfDocument, lines: Lines, adjustments: list[Adjustment]) -> str:
    """The TRF-2026 `172` method (VCL Q145); FIDE when the file has none, or names a method
    the program does not know (reported: it changes no pairing, the file's numbers stand)."""
    support = national_support(document, lines)
    if support.unknown_method is not None:
        adjustments.append(
            Adjustment(
                AdjustmentKind.DEFAULTED,
                (lines.header["172"],) if "172" in lines.header else (),
                Message(
                    gettext_noop(
                        "172: tournament-rating method %(method)s is not one this program knows "
                        "(%(known)s): the FIDE ratings are the tournament ratings; the file's "
                        "pairing numbers stand"
                    ),
                    method=repr(support.unknown_method),
                    known=", ".join(item.value for item in RatingMethod),
                ),
            )
        )
    method = support.method
    return method.value if method is not None else RatingMethod.FIDE.value


def national_support(document: TrfDocument, lines: Lines) -> NationalSupport:
    """The file's `172` line and NRS records, refused with their line when unreadable."""
    try:
        support = read_national(document.other_lines)
    except NationalLineError as error:
        raise lines.refuse_header((error.code,), error.reason, column=1) from None
    for number, rating in support.ratings.items():
        if rating > MAX_RATING:
            raise TrfImportError(
                _(
                    "NRS record of player %(player)s: national rating %(rating)s is above "
                    "%(maximum)s"
                )
                % {"player": number, "rating": rating, "maximum": MAX_RATING}
            )
    return support


def _text(value: str, max_length: int, code: str, too_long: str, lines: Lines) -> str:
    """`value`, refused with the sentence `too_long` (its `%(length)s` the maximum) when longer
    than `max_length`."""
    if len(value) > max_length:
        raise lines.refuse_header((code,), _(too_long) % {"length": max_length})
    return value


def _date(value: str | None) -> datetime.date | None:
    """The `042`/`052` date when it reads as one. TRF16 leaves the field's format free (FIDE's
    own example writes "28. 07. 2005"), so text that is not a whole date ("2005", "Summer") is
    no reason to refuse the file: the date is left empty, and the report says so."""
    return read_date(value) if value else None


_SYSTEM_ALIASES = {"FIDE_DUTCH_2017": "FIDE_DUTCH", "FIDE_DUTCH_2026": "FIDE_DUTCH_2025"}
"""ETT26 names the editions by the year they apply from; the model by the year approved."""


def _baku_acceleration(document: TrfDocument, lines: Lines, adjustments: list[Adjustment]) -> bool:
    """Whether the file's tournament is accelerated by the Baku method (C.04.7): its `192`
    code ends in `_BAKU`, or its `XXA`/`250` records give exactly the method's virtual points
    (in the rounds they cover). Records of another method, or Baku under a scoring it does
    not allow (1.1, `refuse_unsupported`), are refused: the tournament model knows the Baku
    method only."""
    baku_code = split_system_code(document.pairing_system or "")[1]
    if not document.accelerations:
        return baku_code
    recorded = {item.player: item.points for item in document.accelerations}
    difference = acceleration_difference(tournament_state_from_trf(document, 1), recorded)
    if difference is not None:
        raise lines.refuse_header(
            ("XXA", "250"),
            _(
                "the accelerations are not the Baku method's (%(difference)s); only Baku "
                "acceleration is supported"
            )
            % {"difference": difference},
            column=1,
        )
    if not baku_code:
        adjustments.append(
            Adjustment(
                AdjustmentKind.CHANGED,
                (),
                Message(
                    gettext_noop(
                        "the XXA/250 accelerations are the Baku method's: "
                        "read as Baku acceleration (C.04.7)"
                    )
                ),
            )
        )
    return True


def _pairing_system(
    document: TrfDocument,
    start: datetime.date | None,
    lines: Lines,
    adjustments: list[Adjustment],
) -> PairingSystem:
    """`192` when given (its `_BAKU` suffix is the acceleration, `_baku_acceleration`);
    else the edition in force at the start date; else the 2017 rules (a file that names
    neither predates TRF-2026, which introduced `192`)."""
    code = split_system_code(document.pairing_system or "")[0]
    code = _SYSTEM_ALIASES.get(code, code)
    if code:
        if code not in PairingSystem.values:
            known = ", ".join(PairingSystem.values)
            raise lines.refuse_header(
                ("192",),
                _("pairing system %(code)s is not supported (supported: %(known)s)")
                % {"code": repr(code), "known": known},
            )
        return PairingSystem(code)
    system = PairingSystem.FIDE_DUTCH if start is None else PairingSystem.for_start_date(start)
    reason = (
        gettext_noop("no pairing system (192): %(system)s, the file has no start date")
        if start is None
        else gettext_noop("no pairing system (192): %(system)s, the rules in force at its start")
    )
    adjustments.append(
        Adjustment(
            AdjustmentKind.DEFAULTED,
            (),
            Message(reason, system=system.label),
        )
    )
    return system
