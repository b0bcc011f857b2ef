"""Exports for rating and reporting: a tournament as a FIDE TRF file (TRF16 or TRF-2026), and
the federation officers' page listing every tournament with its files.

A TRF holds personal data (birth dates, FIDE ids), so only the tournament's arbiters and
federation officers (staff users) may download it; the public standings CSV stays public.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from tournaments.domain.trf import TrfFormat, TrfWriteError
from tournaments.http import (
    ArbiterRequest,
    HtmxHttpRequest,
    officer_required,
    user_can_arbitrate,
    user_is_officer,
)
from tournaments.models import Tournament
from tournaments.selectors import manage, pages, state

FORMATS: dict[TrfFormat, str] = {"trf16": "TRF16", "trf26": "TRF-2026"}


@require_safe
def tournament_trf(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The tournament's report as a TRF file (`?format=trf16`, the default, or `trf26`), as it
    stands: rating-report-only corrections applied, and in TRF-2026 the integrity events as
    `###` lines (`tournament_trf_report`)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not (user_is_officer(request.user) or user_can_arbitrate(request.user, tournament)):
        reason = (
            f"Only the arbiters of {tournament.name} and federation officers may download its "
            "TRF file: it holds the players' birth dates and FIDE ids."
        )
        return render(request, "403.html", {"tournament": tournament, "reason": reason}, status=403)
    asked = request.GET.get("format", "trf16")
    kind = next((known for known in FORMATS if known == asked), None)
    if kind is None:
        return HttpResponse(
            "Unknown format: ask for trf16 or trf26.", status=400, content_type="text/plain"
        )
    adjourned = manage.adjourned_games(tournament) if kind == "trf16" else []
    if adjourned:
        boards = ", ".join(f"round {game.round.number} board {game.board}" for game in adjourned)
        message = (
            f"{tournament.name} has adjourned games without a result ({boards}): the TRF16 "
            "report waits for their results (FIDE checklist Q169). The TRF-2026 file marks "
            "them `?` (format=trf26)."
        )
        return HttpResponse(message, status=409, content_type="text/plain; charset=utf-8")
    try:
        text = state.tournament_trf_report(tournament, kind)
    except TrfWriteError as error:
        message = f"{tournament.name} cannot be written as {FORMATS[kind]}: {error}"
        return HttpResponse(message, status=409, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    suffix = "" if kind == "trf16" else "-trf26"
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}{suffix}.trf"'
    return response


@require_safe
@officer_required
def exports(request: ArbiterRequest) -> HttpResponse:
    """Every tournament with its TRF files and standings CSV, for federation officers."""
    context = {"tournaments": pages.tournament_exports(), "formats": FORMATS}
    return render(request, "tournaments/exports.html", context)
