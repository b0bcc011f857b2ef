"""Public tournament pages: read-only, no login, GET only."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from tournaments.exceptions import RoundNotPublished
from tournaments.http import HtmxHttpRequest
from tournaments.models import Player, Round, RoundState, Tournament
from tournaments.selectors import pages, state


def _template(
    request: HtmxHttpRequest, page: str, fragment: str, *, targets: tuple[str, ...] = ()
) -> str:
    """The page, or only its fragment for an htmx request (STYLE.md "HTMX templates").

    A request whose `HX-Target` is one of `targets` gets that fragment instead (the polling
    fragment of a page).
    """
    if not request.htmx:
        return page
    if request.htmx.target in targets:
        return f"{page}#{request.htmx.target}"
    return f"{page}#{fragment}"


@require_safe
@vary_on_headers("HX-Request")
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Every tournament: name, city, dates, rounds and status."""
    context = {"tournaments": pages.tournament_list()}
    return render(request, _template(request, "tournaments/home.html", "tournament-list"), context)


@require_safe
@vary_on_headers("HX-Request", "HX-Target")
def tournament_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A tournament: facts, rounds with links, players in initial ranking order (C.04.2 B),
    and a QR code to itself. The rounds refresh themselves until the tournament is over."""
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = pages.tournament_rounds(tournament)
    context = {
        "tournament": tournament,
        "players": state.players_in_initial_order(tournament),
        "rounds": rounds,
        "in_play": pages.tournament_live(rounds),
        "page_url": request.build_absolute_uri(),
    }
    template = _template(
        request, "tournaments/tournament.html", "players-table", targets=("rounds-list",)
    )
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
def round_detail(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """The published pairings and results of a round; a draft is never shown ("not published
    yet"). Refreshes itself until the round is completed, so its pairings appear when
    published."""
    rnd = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=number
    )
    try:
        boards = pages.round_boards(rnd, rnd.tournament)
    except RoundNotPublished:
        boards = None
    context = {
        "tournament": rnd.tournament,
        "round": rnd,
        "boards": boards,
        "in_play": rnd.state != RoundState.COMPLETED,
    }
    return render(request, _template(request, "tournaments/round.html", "round-boards"), context)


@require_safe
@vary_on_headers("HX-Request")
def player_detail(request: HtmxHttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's card: colours, floats, opponents and their scores, results, points."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        player = tournament.players.get(pairing_number=pairing_number)
    except Player.DoesNotExist as error:
        raise Http404("No such player") from error
    rounds = pages.tournament_rounds(tournament)
    context = {
        "tournament": tournament,
        "card": pages.player_card(tournament, player, rounds),
        "in_play": pages.tournament_live(rounds),
    }
    return render(request, _template(request, "tournaments/player.html", "player-card"), context)
