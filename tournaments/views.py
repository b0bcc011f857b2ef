"""Public tournament pages: read-only, no login, GET only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from tournaments import selectors
from tournaments.models import Tournament


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


def _template(request: HtmxHttpRequest, page: str, fragment: str) -> str:
    """The page, or only its fragment for an htmx request (STYLE.md "HTMX templates")."""
    return f"{page}#{fragment}" if request.htmx else page


@require_safe
@vary_on_headers("HX-Request")
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Every tournament: name, city, dates, rounds and status."""
    context = {"tournaments": selectors.tournament_list()}
    return render(request, _template(request, "tournaments/home.html", "tournament-list"), context)


@require_safe
@vary_on_headers("HX-Request")
def tournament_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A tournament and its players in initial ranking order (C.04.2 B)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context = {
        "tournament": tournament,
        "players": selectors.players_in_initial_order(tournament),
    }
    return render(
        request, _template(request, "tournaments/tournament.html", "players-table"), context
    )
