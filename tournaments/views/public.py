"""Public tournament pages: read-only, no login, GET only."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from tournaments.cache import (
    by_site_version,
    by_tournament_version,
    events_url,
    per_version,
    version_events,
)
from tournaments.exceptions import RoundNotPublished
from tournaments.http import HtmxHttpRequest, public_url
from tournaments.models import Player, Round, RoundState, Tournament
from tournaments.selectors import pages, state, venue
from tournaments.selectors.rating_changes import PlayerRatingChange, rating_changes
from tournaments.versions import tournament_version

BOARDS_PER_PAGE = 50
"""Boards on one screen of a round page: at 1000 players the first paint stays under 100 KiB."""

PLAYERS_PER_PAGE = 100
"""Players on one screen of a tournament's page: at 1000 players the first paint stays under
100 KiB."""

PUSH_INTERVAL_SECONDS = 1.0
"""How often a push connection looks at the tournament's version."""


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
@by_site_version
@vary_on_headers("HX-Request")
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Every tournament: name, city, dates, rounds and status."""
    context = {"tournaments": pages.tournament_list()}
    return render(request, _template(request, "tournaments/home.html", "tournament-list"), context)


@require_safe
@by_tournament_version
@vary_on_headers("HX-Request", "HX-Target")
def tournament_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A tournament: facts, rounds with links, players in initial ranking order (C.04.2 B),
    and a QR code to itself. The rounds refresh themselves until the tournament is over. A long
    list shows `PLAYERS_PER_PAGE` players at a time (`?page=`, `?page=all`) and finds a player
    by name or number (`?q=`)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = pages.tournament_rounds(tournament)
    players = state.players_in_initial_order(tournament)
    context = {
        "tournament": tournament,
        "player_count": len(players),
        "page": pages.page_of(
            players,
            players=lambda player: (player,),
            query=request.GET.get("q", ""),
            page=request.GET.get("page", ""),
            per_page=PLAYERS_PER_PAGE,
        ),
        "keep": [],
        "rounds": rounds,
        "round_in_play": venue.round_in_play(rounds),
        "in_play": pages.tournament_live(rounds),
        "events_url": events_url(tournament) if pages.tournament_live(rounds) else "",
        "page_url": public_url(request, request.get_full_path()),
        "hall_wifi": settings.HALL_WIFI,
    }
    template = _template(
        request, "tournaments/tournament.html", "players-table", targets=("rounds-list",)
    )
    return render(request, template, context)


@require_safe
@by_tournament_version
@vary_on_headers("HX-Request")
def round_detail(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """The published pairings and results of a round; a draft is never shown ("not published
    yet"). Refreshes itself until the round is completed, so its pairings appear when
    published. A long round shows `BOARDS_PER_PAGE` boards at a time (`?page=`, `?page=all`)
    and finds a player's board by name or number (`?q=`)."""
    rnd = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=number
    )
    try:
        boards = per_version(
            rnd.tournament,
            f"round-boards-{rnd.number}",
            lambda: pages.round_boards(rnd, rnd.tournament),
        )
    except RoundNotPublished:
        boards = None
    page = pages.page_of(
        boards.rows() if boards else [],
        players=pages.BoardRow.players,
        query=request.GET.get("q", ""),
        page=request.GET.get("page", ""),
        per_page=BOARDS_PER_PAGE,
    )
    context: dict[str, object] = {
        "tournament": rnd.tournament,
        "round": rnd,
        "boards": boards,
        "page": page,
        "keep": [],
        "in_play": rnd.state != RoundState.COMPLETED,
        "events_url": events_url(rnd.tournament) if rnd.state != RoundState.COMPLETED else "",
    }
    return render(request, _template(request, "tournaments/round.html", "round-boards"), context)


@require_safe
@by_tournament_version
@vary_on_headers("HX-Request", "HX-Target")
def player_detail(request: HtmxHttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's card: where they play in the round in play (board, colour, opponent) and
    their rank, then colours, floats, opponents and their scores, results, points. The "now"
    part alone for an htmx request aimed at `player-now` (the tournament page's "your board")."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        player = tournament.players.get(pairing_number=pairing_number)
    except Player.DoesNotExist as error:
        raise Http404("No such player") from error
    rounds = pages.tournament_rounds(tournament)
    table = per_version(tournament, "card-table", lambda: pages.card_table(tournament, rounds))
    context = {
        "tournament": tournament,
        "card": pages.player_card(tournament, player, rounds, table),
        "now": venue.player_now(player, rounds),
        "rating_change": _rating_change(tournament, player),
        "in_play": pages.tournament_live(rounds),
        "events_url": events_url(tournament) if pages.tournament_live(rounds) else "",
    }
    template = _template(request, "tournaments/player.html", "player-card", targets=("player-now",))
    return render(request, template, context)


def _rating_change(tournament: Tournament, player: Player) -> PlayerRatingChange | None:
    """The player's FIDE rating change so far (issue 33), kept once per version; None for a
    tournament not rated by FIDE."""
    if not tournament.rated:
        return None
    changes = per_version(tournament, "rating-changes", lambda: rating_changes(tournament))
    return changes.get(player.pairing_number)


@require_safe
def tournament_events(request: HtmxHttpRequest, slug: str) -> StreamingHttpResponse:
    """Push (issue 22): server-sent events announcing each new version of the tournament, so
    that a phone fetches a page only when something changed (`static/js/live-version.js`).
    404 when push is off (`PUBLIC_PUSH_SECONDS` = 0): the pages poll instead."""
    version = tournament_version(slug)
    if version is None or not settings.PUBLIC_PUSH_SECONDS:
        raise Http404("No such tournament, or push is off")
    events = version_events(
        slug, version, seconds=settings.PUBLIC_PUSH_SECONDS, interval=PUSH_INTERVAL_SECONDS
    )
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
