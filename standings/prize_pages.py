"""The prize list's pages and prints (issue 33): the public list, its PDF, the receipts to sign
(PDF) and the treasurer's CSV. GET only; they change nothing."""

from __future__ import annotations

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_safe

from standings.prizes import AwardLine, PrizeResults, prize_results
from tournaments.documents.layout import Grid, Section, document_pdf
from tournaments.domain.text import spreadsheet_safe
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Tournament
from tournaments.templatetags.prizes import money_text
from tournaments.views.printing import heading, pdf_response


def prize_label(award: AwardLine) -> str:
    """ "1st-2nd place prizes" style in words: the category (or "Place") and the places."""
    places = "-".join(str(place) for place in (award.places[0], award.places[-1]))
    if len(award.places) == 1:
        places = str(award.places[0])
    what = award.category or pgettext("prize place", "Place")
    return _("%(what)s %(places)s") % {"what": what, "places": places}


def award_text(award: AwardLine, currency: str) -> str:
    """What the player receives: the amount (shared by n) or the thing."""
    if award.item:
        return award.item
    text = money_text(award.amount, currency)
    if award.sharers > 1:
        shared = ngettext("shared by %(count)d", "shared by %(count)d", award.sharers)
        return f"{text} ({shared % {'count': award.sharers}})"
    return text


def _state(results: PrizeResults) -> str:
    if results.final:
        return _("Final prize list")
    if results.provisional:
        return _("Provisional prize list: the last round is not over")
    return _("Prizes (the winners are known from the last round)")


@require_safe
def prizes_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public prize list: the prizes, and the winners from the last round on."""
    tournament = get_object_or_404(Tournament, slug=slug)
    results = prize_results(tournament)
    currency = results.listed.currency
    rows = [(award, prize_label(award), award_text(award, currency)) for award in results.awards]
    context = {
        "tournament": tournament,
        "results": results,
        "rows": rows,
        "state": _state(results),
        "currency": currency,
    }
    return render(request, "standings/prizes.html", context)


def _grid(results: PrizeResults) -> Grid:
    currency = results.listed.currency
    rows = [
        [
            str(award.rank),
            f"{award.player.pairing_number}. {award.player.name}",
            award.points_text,
            prize_label(award),
            award_text(award, currency),
        ]
        for award in results.awards
    ]
    return Grid(
        (_("Rk"), _("Name"), _("Pts"), _("Prize"), _("Amount")),
        rows,
        (4, 30, 5, 20, 18),
        numeric=frozenset({0, 2}),
        empty=_("No prizes awarded yet."),
    )


def _announced(results: PrizeResults) -> Grid:
    currency = results.listed.currency
    rows = [
        [
            prize.category.name if prize.category else _("Place prizes"),
            str(prize.place),
            prize.item or money_text(prize.amount, currency),
        ]
        for prize in results.listed.prizes
    ]
    return Grid(
        (_("Category"), pgettext("prize place", "Place"), _("Prize")),
        rows,
        (25, 6, 20),
        empty=_("No prizes."),
    )


@require_safe
def prizes_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable prize list (public, as the page)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    results = prize_results(tournament)
    document = heading(tournament, _state(results))
    sections = [Section("", grids=[_grid(results)])] if results.standings else []
    sections.append(Section(_("Prizes announced"), grids=[_announced(results)]))
    name = (
        "prizes-final"
        if results.final
        else "prizes-provisional"
        if results.provisional
        else "prizes"
    )
    return pdf_response(
        request, f"{tournament.slug}-{name}", lambda paper: document_pdf(document, sections, paper)
    )


@require_safe
@arbiter_required
def prize_receipts_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """One receipt to sign for each award (arbiters: the treasurer's papers)."""
    results = prize_results(tournament)
    currency = results.listed.currency
    title = _("Prize receipts") if results.final else _("Prize receipts (provisional)")
    document = heading(tournament, title)
    sections = [
        Section(
            f"{award.player.name} ({award.player.federation or '-'})",
            lines=(
                _("Received for the prize %(prize)s, rank %(rank)s, %(points)s points:")
                % {"prize": prize_label(award), "rank": award.rank, "points": award.points_text},
                award_text(award, currency),
                _("Date: ____________________    Signature: ______________________________"),
            ),
            keep_together=True,
        )
        for award in results.awards
    ] or [Section("", lines=(_("No prizes awarded yet."),))]
    return pdf_response(
        request,
        f"{tournament.slug}-prize-receipts",
        lambda paper: document_pdf(document, sections, paper),
    )


@require_safe
@arbiter_required
def prizes_csv(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The awards for the treasurer: one line each, the amount in the currency and in its
    smallest unit; cells that a spreadsheet would run as formulas are escaped."""
    results = prize_results(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    state = "final" if results.final else "provisional"
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-prizes-{state}.csv"'
    writer = csv.writer(response)
    currency = results.listed.currency
    if not results.final:
        writer.writerow([spreadsheet_safe(_("Provisional: the last round is not over."))])
    header = (
        _("Rank"),
        pgettext("pairing number", "No"),
        _("Name"),
        _("Fed"),
        _("FIDE ID"),
        _("Prize"),
        _("Amount"),
        _("Cents"),
        _("Currency"),
        _("Prize in kind"),
        _("Shared by"),
    )
    writer.writerow([spreadsheet_safe(str(cell)) for cell in header])
    for award in results.awards:
        player = award.player
        row = (
            award.rank,
            player.pairing_number,
            player.name,
            player.federation,
            player.fide_id,
            prize_label(award),
            f"{award.amount // 100}.{award.amount % 100:02d}" if award.amount else "",
            award.amount,
            currency,
            award.item,
            award.sharers,
        )
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return response
