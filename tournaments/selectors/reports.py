"""Reads for the federation officers: the tournaments an officer files, filtered, and the
rating report's header records and what it lacks (the validation page)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, TypedDict

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Trim, Upper
from django.utils.translation import gettext as _

from tournaments.domain.trf import TrfDocument
from tournaments.domain.trf.time_control import TimeControlError, describe_time_control
from tournaments.models import Game, Result, RoundState, Tournament

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

TrfMode = Literal["report", "exchange"]
"""The rating report (exactly the played rounds) or the engine-exchange file (prepared for
pairing the next round)."""


class TournamentForExport(TypedDict):
    player_count: int
    completed_rounds: int


@dataclass(frozen=True, slots=True)
class ReportFilters:
    """The officers' page's filters; None (or empty) leaves a criterion out."""

    start_from: datetime.date | None = None
    start_until: datetime.date | None = None
    status: str = ""
    rating_kind: str = ""


def officer_tournaments(
    *, federations: Sequence[str] | None, filters: ReportFilters
) -> QuerySet[WithAnnotations[Tournament, TournamentForExport]]:
    """The tournaments of `federations` (every tournament when None: staff), whoever
    organised them, newest first, with their players and completed rounds counted."""
    tournaments = Tournament.objects.all()
    if federations is not None:
        tournaments = tournaments.annotate(code=Upper(Trim("federation"))).filter(
            code__in=federations
        )
    if filters.start_from:
        tournaments = tournaments.filter(start_date__gte=filters.start_from)
    if filters.start_until:
        tournaments = tournaments.filter(start_date__lte=filters.start_until)
    if filters.status:
        tournaments = tournaments.filter(status=filters.status)
    if filters.rating_kind:
        tournaments = tournaments.filter(rating_kind=filters.rating_kind)
    completed = Count("round_set", filter=Q(round_set__state=RoundState.COMPLETED), distinct=True)
    return tournaments.annotate(
        player_count=Count("players", distinct=True), completed_rounds=completed
    ).order_by("-start_date", "-created", "name")


def played_rounds(tournament: Tournament) -> int:
    """The last completed round: the rating report's player lines hold rounds 1 to it."""
    last = (
        tournament.round_set.filter(state=RoundState.COMPLETED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last or 0


def _with_fide_id(name: str, fide_id: str) -> str:
    return f"{name} ({fide_id})" if fide_id else name


def _deputies(tournament: Tournament) -> list[tuple[str, str]]:
    names = [name for name in tournament.deputy_arbiter.split("; ") if name]
    ids = tournament.deputy_arbiter_fide_ids.split("; ")
    return [(name, ids[index] if index < len(ids) else "") for index, name in enumerate(names)]


def _time_control(code: str) -> str | None:
    try:
        return describe_time_control(code)
    except TimeControlError:
        return None


def report_header(doc: TrfDocument, tournament: Tournament) -> TrfDocument:
    """`doc` with the rating report's header records from the tournament's settings: `092`
    type, `102`/`112` arbiters with their FIDE IDs, `122` readable time control (and the
    TRF-2026 `222` code), `132` round dates (`YY/MM/DD`, C.04 Annex 2), and TRF-2026's `212`
    (the tie-breaks that define the standings: points, then the `202` list)."""
    code = tournament.time_control.strip()
    return replace(
        doc,
        tournament_type=tournament.tournament_type or None,
        chief_arbiter=_with_fide_id(tournament.chief_arbiter, tournament.chief_arbiter_fide_id)
        or None,
        deputies=tuple(_with_fide_id(name, fide_id) for name, fide_id in _deputies(tournament)),
        time_control=_time_control(code) if code else None,
        time_control_code=code or None,
        standings_tie_breaks=("PTS", *tournament.tiebreaks) if tournament.tiebreaks else (),
        round_dates=tuple(
            datetime.date.fromisoformat(day).strftime("%y/%m/%d") for day in tournament.round_dates
        ),
    )


def _round_date_problems(tournament: Tournament) -> Iterator[str]:
    dates = [datetime.date.fromisoformat(day) for day in tournament.round_dates]
    if len(dates) != tournament.rounds:
        yield _("Round dates (132): %(given)s given for %(rounds)s rounds.") % {
            "given": len(dates),
            "rounds": tournament.rounds,
        }
    if dates != sorted(dates):
        yield _("Round dates (132): a round is dated before the round it follows.")
    start, end = tournament.start_date, tournament.end_date
    if dates and start and end and not start <= dates[0] <= dates[-1] <= end:
        yield _("Round dates (132): a round is dated outside the tournament's dates.")


def _player_problems(tournament: Tournament) -> Iterator[str]:
    new = tournament.players.filter(fide_id="").order_by("pairing_number")
    lacking = [
        f"{player.pairing_number} {player.name}"
        for player in new
        if not (player.birth_date and player.sex)
    ]
    if lacking:
        yield _("Players new to FIDE (no FIDE ID) need a birth date and a sex: %(players)s.") % {
            "players": ", ".join(lacking)
        }


def report_problems(tournament: Tournament) -> list[str]:
    """What the rating report lacks (C.04 Annex 2, records marked mandatory for rating): each
    missing or unreadable header record, rounds not completed, adjourned games, new players'
    missing details. Empty: the report is complete."""
    problems: list[str] = []
    missing = [
        label
        for label, value in (
            (_("city (022)"), tournament.city),
            (_("start date (042)"), tournament.start_date),
            (_("end date (052)"), tournament.end_date),
            (_("type of tournament (092)"), tournament.tournament_type),
            (_("chief arbiter (102)"), tournament.chief_arbiter),
            (_("chief arbiter's FIDE ID (102)"), tournament.chief_arbiter_fide_id),
            (_("time control (122, 222)"), tournament.time_control),
            (_("tie-breaks (202, 212)"), tournament.tiebreaks),
        )
        if not value
    ]
    problems.extend(_("Missing: the %(record)s.") % {"record": label} for label in missing)
    if not re.fullmatch(r"[A-Z]{3}", tournament.federation.strip().upper()):
        problems.append(_("Federation (032): a three-letter FIDE code is needed, e.g. FRA."))
    if tournament.time_control and _time_control(tournament.time_control) is None:
        problems.append(
            _("Time control (222): %(code)s does not read.")
            % {"code": repr(tournament.time_control)}
        )
    problems.extend(
        _("Missing: the FIDE ID of deputy arbiter %(name)s (112).") % {"name": name}
        for name, fide_id in _deputies(tournament)
        if not fide_id
    )
    problems.extend(_round_date_problems(tournament))
    done = played_rounds(tournament)
    if done < tournament.rounds:
        problems.append(
            _("Rounds: %(done)s of %(rounds)s completed.")
            % {"done": done, "rounds": tournament.rounds}
        )
    adjourned = Game.objects.filter(round__tournament=tournament, result=Result.ADJOURNED).count()
    if adjourned:
        problems.append(
            _("Adjourned games without a result: %(count)s (Q169).") % {"count": adjourned}
        )
    problems.extend(_player_problems(tournament))
    if not tournament.rated:
        problems.append(_("The tournament is marked not rated: it has no rating report."))
    return problems
