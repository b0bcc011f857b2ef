"""Widgets for club websites (issue 35, deliverable 5): a tournament's standings, a round's
pairings and the current round, as small pages made to sit in another site's iframe.

`static/js/embed.js` writes the iframe where a club's page puts the script, and sizes it to the
widget's height (the widget tells it, `static/js/widget.js`). The widget speaks the language
asked (`?lang=`, else the visitor's browser), takes a theme (`?theme=light|dark`) and an accent
colour from a small palette (`?accent=`) so that it fits the club's page; styles come from our own
stylesheet only (the Content-Security-Policy allows no inline style). These pages, and no
other, may be framed by any site (`X-Frame-Options` left out, `frame-ancestors *`); they are kept
and revalidated by the tournament's version as the public pages are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from csp.decorators import csp_replace
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from hub.selectors import public_standings, public_tournament
from standings.exceptions import StandingsError
from tournaments.cache import by_tournament_version, per_version
from tournaments.exceptions import RoundNotPublished
from tournaments.models import Round, RoundState, Tournament
from tournaments.selectors import pages

THEMES = ("light", "dark")
ACCENTS = ("blue", "green", "red", "grey")
MAX_ROWS = 200
CURRENT_BOARDS = 10
"""Boards the current-round widget lists (the top boards); the pairings widget lists them all."""

REFRESH_SECONDS = 60
"""A widget of a tournament in play reloads itself this often (a 304 while nothing changed)."""


def _options(request: HttpRequest) -> dict[str, object]:
    """The widget's look: theme, accent and number of lines, from the query (unknown values
    fall back to the defaults)."""
    theme = request.GET.get("theme", "")
    accent = request.GET.get("accent", "")
    rows = request.GET.get("rows", "")
    return {
        "theme": theme if theme in THEMES else THEMES[0],
        "accent": accent if accent in ACCENTS else ACCENTS[0],
        "rows": min(int(rows), MAX_ROWS) if rows.isascii() and rows.isdigit() and rows else 0,
    }


def _language(request: HttpRequest) -> str:
    asked = request.GET.get("lang", "")
    known = {code for code, _ in settings.LANGUAGES}
    return asked if asked in known else translation.get_language()


def _tournament(slug: str) -> Tournament:
    tournament = public_tournament(slug)
    if tournament is None:
        raise Http404("No such public tournament")
    return tournament


def _widget(
    request: HttpRequest, tournament: Tournament, context: Mapping[str, object]
) -> HttpResponse:
    rounds = pages.tournament_rounds(tournament)
    with translation.override(_language(request)):
        return render(
            request,
            "hub/widget.html",
            {
                "tournament": tournament,
                "refresh": REFRESH_SECONDS if pages.tournament_live(rounds) else None,
                "language": translation.get_language(),
                **_options(request),
                **context,
            },
        )


View = TypeVar("View", bound=Callable[..., HttpResponse])


def framable(view: View) -> View:
    """Any site may frame the widget: no `X-Frame-Options`, `frame-ancestors *` (the rest of
    the site keeps `DENY` and `frame-ancestors 'none'`)."""
    replaced = csp_replace({"frame-ancestors": ["*"]})(cast(Any, view))
    return cast(View, xframe_options_exempt(replaced))


@framable
@require_safe
@by_tournament_version
def standings_widget(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings after the last completed round: rank, name, points (`?rows=` the first
    lines only)."""
    tournament = _tournament(slug)
    try:
        standings = public_standings(tournament)
    except StandingsError:
        standings = None
    return _widget(request, tournament, {"kind": "standings", "standings": standings})


def _last_published(tournament: Tournament) -> Round | None:
    return tournament.round_set.filter(state__in=pages.VISIBLE_STATES).order_by("-number").first()


def _boards(tournament: Tournament, rnd: Round | None) -> pages.RoundBoards | None:
    if rnd is None:
        return None
    try:
        return per_version(
            tournament, f"round-boards-{rnd.number}", lambda: pages.round_boards(rnd, tournament)
        )
    except RoundNotPublished:
        return None


@framable
@require_safe
@by_tournament_version
def pairings_widget(request: HttpRequest, slug: str) -> HttpResponse:
    """A published round's pairings and results (`?round=n`, default the last published)."""
    tournament = _tournament(slug)
    asked = request.GET.get("round", "")
    if asked.isascii() and asked.isdigit() and asked:
        rnd = tournament.round_set.filter(number=int(asked)).first()
    else:
        rnd = _last_published(tournament)
    boards = _boards(tournament, rnd)
    context = {"kind": "pairings", "round": rnd if boards else None, "boards": boards}
    return _widget(request, tournament, context)


@framable
@require_safe
@by_tournament_version
def current_round_widget(request: HttpRequest, slug: str) -> HttpResponse:
    """The round in play (else the last published): its state, how many results are in, and the
    top boards."""
    tournament = _tournament(slug)
    rnd = _last_published(tournament)
    boards = _boards(tournament, rnd)
    games = boards.games if boards else []
    context = {
        "kind": "current",
        "round": rnd if boards else None,
        "boards": boards,
        "top_boards": boards.rows()[:CURRENT_BOARDS] if boards else [],
        "in_play": rnd is not None and rnd.state == RoundState.PUBLISHED,
        "results_in": sum(1 for game in games if game.result),
        "games": len(games),
    }
    return _widget(request, tournament, context)
