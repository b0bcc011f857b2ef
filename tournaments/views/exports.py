"""Exports for rating and reporting: a tournament as a FIDE TRF file (TRF16 or TRF-2026), and
the federation officers' page listing the tournaments of their federations with their files,
one at a time or many in a zip.

A TRF holds personal data (birth dates, FIDE ids), so only who reads the tournament's reports
may download it (`reports_required`: its arbiters, the officers of its federation, staff); the
public standings CSV stays public. Officers read; nothing here changes a tournament.

Every view that writes a TRF takes the rank column's ranking (`ranker`, a `TrfRanker`) from its
route: the ranks are the standings app's, which this app may not import, so config/urls.py
passes `standings.export_ranks.trf_ranks` (FIDE checklist Q217), as it wires the import pages
to the pairing app. No default: a route without it fails, it never writes another order.
"""

from __future__ import annotations

import io
import zipfile

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.domain.trf import TrfFormat, TrfWriteError
from tournaments.domain.trf.compat import bbp_compatible
from tournaments.forms.reports import ReportFilterForm
from tournaments.http import (
    ArbiterRequest,
    officer_required,
    reports_required,
    user_federations,
    user_is_staff,
)
from tournaments.models import Tournament
from tournaments.selectors import manage, reports, trf
from tournaments.selectors.reports import TrfMode
from tournaments.selectors.trf import TrfRanker

FORMATS: dict[TrfFormat, str] = {"trf16": "TRF16", "trf26": "TRF-2026"}
MODES: tuple[TrfMode, ...] = ("report", "exchange")


class ReportRefused(Exception):
    """The tournament cannot be written as the report asked for; the message says why."""


def asked_format(request: ArbiterRequest) -> TrfFormat | None:
    """The `?format=` asked for (trf16 by default); None for an unknown one."""
    asked = request.GET.get("format", "trf16")
    return next((known for known in FORMATS if known == asked), None)


def _report_text(
    tournament: Tournament,
    kind: TrfFormat,
    mode: TrfMode = "report",
    *,
    ranker: TrfRanker,
    bbp: bool = False,
) -> str:
    """The tournament's file in `kind` and `mode`, or `ReportRefused` saying why not; `bbp`:
    a TRF-2026 file's `162` written as bbpPairings 6.0.0 reads it (`Z` for `A`)."""
    # Q169: no report while an adjourned game has no result; TRF16 cannot even carry one. The
    # TRF-2026 in-tournament exchange file (ITDX) marks it `?` (Q164, Q165).
    waits = kind == "trf16" or mode == "report"
    adjourned = manage.adjourned_games(tournament) if waits else []
    if adjourned:
        boards = ", ".join(
            gettext("round %(number)s board %(board)s")
            % {"number": game.round.number, "board": game.board}
            for game in adjourned
        )
        message = (
            gettext(
                "%(name)s has adjourned games without a result (%(boards)s): the TRF16 report "
                "waits for their results (FIDE checklist Q169). The TRF-2026 file marks them `?` "
                "(format=trf26)."
            )
            if kind == "trf16" and mode == "exchange"
            else gettext(
                "%(name)s has adjourned games without a result (%(boards)s): the report waits "
                "for their results (FIDE checklist Q169). The TRF-2026 exchange file marks them "
                "`?` (format=trf26&mode=exchange)."
            )
        )
        raise ReportRefused(message % {"name": tournament.name, "boards": boards})
    try:
        text = trf.tournament_trf_report(tournament, kind, ranker=ranker, mode=mode)
        return bbp_compatible(text) if bbp and kind == "trf26" else text
    except TrfWriteError as error:
        message = gettext("%(name)s cannot be written as %(format)s: %(error)s") % {
            "name": tournament.name,
            "format": FORMATS[kind],
            "error": error,
        }
        raise ReportRefused(message) from error


def _filename(tournament: Tournament, kind: TrfFormat) -> str:
    return f"{tournament.slug}{'' if kind == 'trf16' else '-trf26'}.trf"


def report_response(
    tournament: Tournament,
    kind: TrfFormat,
    mode: TrfMode = "report",
    *,
    ranker: TrfRanker,
    bbp: bool = False,
) -> HttpResponse:
    """The file as a download, ranked by `ranker`; `ReportRefused` when it cannot be written."""
    response = HttpResponse(
        _report_text(tournament, kind, mode, ranker=ranker, bbp=bbp),
        content_type="text/plain; charset=utf-8",
    )
    filename = _filename(tournament, kind)
    if bbp and kind == "trf26":
        filename = filename.removesuffix(".trf") + "-bbp.trf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@reports_required
def tournament_trf(
    request: ArbiterRequest, tournament: Tournament, ranker: TrfRanker
) -> HttpResponse:
    """The tournament as a TRF file as it stands (`?format=trf16`, the default, or `trf26`):
    rating-report-only corrections applied, in TRF-2026 the integrity events as `###` lines
    (`tournament_trf_report`). `?mode=report` (the default) writes exactly the played rounds;
    `?mode=exchange` the file prepared for pairing the next round, for another program.
    `&compat=bbp` writes a TRF-2026 file's `162` line as bbpPairings 6.0.0 reads it (`Z` where
    TRF-2026 has `A`; `tournaments.domain.trf.compat`). The checked rating report is
    `rating_report_file`."""
    kind = asked_format(request)
    mode = next((known for known in MODES if known == request.GET.get("mode", "report")), None)
    compat = request.GET.get("compat", "")
    if kind is None or mode is None or compat not in {"", "bbp"}:
        message = gettext(
            "Unknown format, mode or compatibility: ask for trf16 or trf26, report or exchange, "
            "and compat=bbp or nothing."
        )
        return HttpResponse(message, status=400, content_type="text/plain")
    try:
        return report_response(tournament, kind, mode, ranker=ranker, bbp=compat == "bbp")
    except ReportRefused as refusal:
        return HttpResponse(str(refusal), status=409, content_type="text/plain; charset=utf-8")


def _listed(request: ArbiterRequest) -> tuple[ReportFilterForm, list[Tournament]]:
    """The filter form and the tournaments it lists for this user: staff see every one,
    officers those of their federations."""
    form = ReportFilterForm(request.GET or None)
    federations = None if user_is_staff(request.user) else user_federations(request.user)
    listed = reports.officer_tournaments(federations=federations, filters=form.filters())
    return form, list(listed)


@require_safe
@officer_required
def exports(request: ArbiterRequest) -> HttpResponse:
    """The tournaments of the officer's federations (every one for staff), filtered by date,
    status and rate, with their TRF files and standings CSV."""
    form, tournaments = _listed(request)
    context = {
        "tournaments": tournaments,
        "formats": FORMATS,
        "form": form,
        "federations": [] if user_is_staff(request.user) else user_federations(request.user),
        "query": request.GET.urlencode(),
    }
    return render(request, "tournaments/exports.html", context)


@require_safe
@officer_required
def exports_zip(request: ArbiterRequest, ranker: TrfRanker) -> HttpResponse:
    """The checked rating reports (`?format=`) of every tournament the officers' page lists
    with the same filters, in one zip; a tournament whose report is not complete or cannot be
    written is named, with the reasons, in `refused.txt` (none is left out silently)."""
    kind = asked_format(request)
    if kind is None:
        return HttpResponse(
            gettext("Unknown format: ask for trf16 or trf26."),
            status=400,
            content_type="text/plain",
        )
    _, tournaments = _listed(request)
    buffer = io.BytesIO()
    refused: list[str] = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for tournament in tournaments:
            problems = reports.report_problems(tournament)
            if problems:
                refused.append(f"{tournament.name}: not complete: {' '.join(problems)}")
                continue
            try:
                text = _report_text(tournament, kind, ranker=ranker)
                archive.writestr(_filename(tournament, kind), text)
            except ReportRefused as refusal:
                refused.append(str(refusal))
        if refused:
            archive.writestr("refused.txt", "\n".join(refused) + "\n")
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="rating-reports-{kind}.zip"'
    return response
