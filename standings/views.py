"""Standings pages: public standings, crosstable, per-player working and CSV; the arbiter's live
standings. GET only; they change nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from standings import exports, selectors, tables
from standings.exceptions import StandingsError, StandingsRoundUnavailable
from standings.selectors import TournamentStandings
from tournaments.cache import by_tournament_version, events_url, per_version
from tournaments.http import HtmxHttpRequest, arbiter_required
from tournaments.models import Tournament
from tournaments.selectors import pages
from tournaments.selectors.rating_changes import PlayerRatingChange, rating_changes

TABLE = "standings/_standings-table.html"
LIVE_REFRESH_SECONDS = 15
PUBLIC_REFRESH_SECONDS = 60
LINES_PER_PAGE = 100
"""Players on one screen of the public standings: at 1000 players the first paint stays under
100 KiB (`?page=`, `?page=all`, `?q=` finds a player by name or number)."""
CROSSTABLE_LINES_PER_PAGE = 30
"""Players on one screen of the crosstable: a line of 11 rounds weighs about 2 KiB, so at 1000
players the first screen stays under 100 KiB (issue 22)."""


@dataclass(frozen=True, slots=True)
class SortHeader:
    """A sortable column heading: its link and whether the table is sorted by it."""

    key: str
    label: str
    title: str
    href: str
    aria_sort: str
    numeric: bool


def _after_round(request: HttpRequest) -> int | None:
    """The `?round=N` asked for, or None; a non-number is refused with a message."""
    text = request.GET.get("round", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise StandingsRoundUnavailable(
            _("The round must be a number, not %(text)s.") % {"text": repr(text[:20])}
        )
    return int(text)


def public_standings(request: HttpRequest, tournament: Tournament) -> TournamentStandings:
    """The standings asked for, computed once per version of the tournament (issue 22)."""
    after_round = _after_round(request)
    return per_version(
        tournament,
        f"standings-after-{after_round}",
        lambda: selectors.tournament_standings(tournament=tournament, after_round=after_round),
    )


def _refused(request: HttpRequest, tournament: Tournament, error: StandingsError) -> HttpResponse:
    context = {"tournament": tournament, "message": str(error)}
    return render(request, "standings/unavailable.html", context, status=404)


def _sort_headers(
    request: HttpRequest, standings: TournamentStandings, sort: str
) -> list[SortHeader]:
    """The links that sort the table by each column; a second click reverses the order."""
    columns = [
        ("rank", _("Rk"), _("Rank"), True),
        ("number", pgettext("pairing number", "No"), _("Pairing number"), True),
        ("name", _("Name"), _("Name"), False),
        ("rating", _("Rtg"), _("FIDE rating"), True),
        ("points", _("Pts"), _("Points"), True),
        *((column.text, column.text, column.name, True) for column in standings.columns),
    ]
    headers = []
    for key, label, title, numeric in columns:
        active = sort.removeprefix("-") == key
        reversed_now = sort.startswith("-")
        query = {name: request.GET[name] for name in ("round", "q") if request.GET.get(name)}
        query["sort"] = f"-{key}" if active and not reversed_now else key
        ascending = (key in tables.SORTS_ASCENDING) != (active and reversed_now)
        headers.append(
            SortHeader(
                key=key,
                label=label,
                title=title,
                href=f"{request.path}?{urlencode(query)}",
                aria_sort=("ascending" if ascending else "descending") if active else "",
                numeric=numeric,
            )
        )
    return headers


def _table_context(request: HttpRequest, standings: TournamentStandings) -> dict[str, object]:
    lines, sort = tables.sorted_lines(standings, request.GET.get("sort", "rank"))
    page = None
    if not standings.live:
        page = pages.page_of(
            lines,
            players=lambda line: (line.player,),
            query=request.GET.get("q", ""),
            page=request.GET.get("page", ""),
            per_page=LINES_PER_PAGE,
        )
    refresh_seconds = _refresh_seconds(request, standings)
    return {
        "tournament": standings.tournament,
        "standings": standings,
        "lines": page.rows if page else lines,
        "page": page,
        "keep": [
            (name, request.GET[name])
            for name in ("round", "sort", "rating_change")
            if request.GET.get(name)
        ],
        "rating_changes": _rating_changes(request, standings),
        "headers": _sort_headers(request, standings, sort),
        "round_query": f"?round={standings.after_round}" if request.GET.get("round") else "",
        "refresh_seconds": refresh_seconds,
        "events_url": events_url(standings.tournament)
        if refresh_seconds and not standings.live
        else "",
    }


def _rating_changes(
    request: HttpRequest, standings: TournamentStandings
) -> dict[int, PlayerRatingChange] | None:
    """The optional column of FIDE rating changes so far (`?rating_change=1`, issue 33): the
    latest standings only (the change counts every rated game entered), None otherwise."""
    tournament = standings.tournament
    if request.GET.get("rating_change") != "1" or request.GET.get("round") or not tournament.rated:
        return None
    return per_version(tournament, "rating-changes", lambda: rating_changes(tournament))


def _refresh_seconds(request: HttpRequest, standings: TournamentStandings) -> int | None:
    """How often the table reloads itself: every 15 s for the arbiter's live standings, every
    minute on the public page while a round is in play (until it completes)."""
    if standings.live:
        return LIVE_REFRESH_SECONDS
    if standings.in_play and not request.GET.get("round"):
        return PUBLIC_REFRESH_SECONDS
    return None


@require_safe
@by_tournament_version
@vary_on_headers("HX-Request")
def standings_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The standings after the last completed round (or `?round=N`), sortable by `?sort=`."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return _refused(request, tournament, error)
    context = _table_context(request, standings)
    return render(request, TABLE if request.htmx else "standings/standings.html", context)


@require_safe
@vary_on_headers("HX-Request")
@arbiter_required
def standings_live(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's standings with the results entered so far in the round in play."""
    standings = selectors.tournament_live_standings(tournament=tournament)
    context = _table_context(request, standings)
    htmx = bool(cast(HtmxHttpRequest, request).htmx)
    return render(request, TABLE if htmx else "standings/live.html", context)


@require_safe
@by_tournament_version
@vary_on_headers("HX-Request")
def crosstable_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every player's rounds in ranking order: opponent's rank, colour and result;
    `CROSSTABLE_LINES_PER_PAGE` players a screen (`?page=`, `?page=all`), a player found by name
    or number (`?q=`)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return _refused(request, tournament, error)
    if tournament.is_round_robin:
        return _round_robin_crosstable(request, tournament, standings)
    rows = per_version(
        tournament,
        f"crosstable-after-{standings.after_round}",
        lambda: tables.crosstable(standings),
    )
    page = pages.page_of(
        rows,
        players=lambda row: (row[0].player,),
        query=request.GET.get("q", ""),
        page=request.GET.get("page", ""),
        per_page=CROSSTABLE_LINES_PER_PAGE,
    )
    context = {
        "tournament": tournament,
        "standings": standings,
        "rows": page.rows,
        "page": page,
        "keep": [("round", request.GET["round"])] if request.GET.get("round") else [],
        "round_numbers": range(1, standings.after_round + 1),
    }
    template = "standings/crosstable.html"
    return render(request, f"{template}#crosstable-table" if request.htmx else template, context)


def _round_robin_crosstable(
    request: HttpRequest, tournament: Tournament, standings: TournamentStandings
) -> HttpResponse:
    """A round robin's cross table: every player against every other, in ranking order."""
    grid = per_version(
        tournament,
        f"round-robin-grid-after-{standings.after_round}",
        lambda: tables.round_robin_grid(standings),
    )
    context = {
        "tournament": tournament,
        "standings": standings,
        "grid": grid,
        "round_query": f"?round={standings.after_round}" if request.GET.get("round") else "",
    }
    return render(request, "standings/round_robin_crosstable.html", context)


@require_safe
def crosstable_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """A round robin's cross table as CSV (rank, number, name, rating, the results against
    each place, points); the standings' CSV for a Swiss."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_round_robin:
        return standings_csv(request, slug)
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return _refused(request, tournament, error)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    filename = f"{tournament.slug}-crosstable-round-{standings.after_round}{_suffix(standings)}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    exports.write_round_robin_csv(tables.round_robin_grid(standings), response, standings)
    return response


@require_safe
@by_tournament_version
def standings_player(request: HttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """How each of a player's values was made: contributions, cuts and virtual opponents."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        standings = public_standings(request, tournament)
        line = standings.line(pairing_number)
        workings = tables.player_workings(standings, pairing_number)
    except StandingsError as error:
        return _refused(request, tournament, error)
    context = {
        "tournament": tournament,
        "standings": standings,
        "line": line,
        "workings": workings,
        "round_query": f"?round={standings.after_round}" if request.GET.get("round") else "",
    }
    return render(request, "standings/player.html", context)


@require_safe
@by_tournament_version
def standings_rank(request: HttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's rank in the public standings (after the last completed round), for the
    player's card (issue 31); nothing to say before a round is completed."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context: dict[str, object] = {"tournament": tournament, "line": None}
    try:
        standings = public_standings(request, tournament)
        if standings.after_round:
            context |= {"line": standings.line(pairing_number), "total": len(standings.lines)}
            context["after_round"] = standings.after_round
    except StandingsError:
        pass
    return render(request, "standings/_rank.html", context)


@require_safe
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as CSV: rank, pairing number, name, title, federation, rating, points and
    each tie-break."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return _refused(request, tournament, error)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    filename = f"{tournament.slug}-standings-round-{standings.after_round}{_suffix(standings)}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    exports.write_standings_csv(standings, response)
    return response


def _suffix(standings: selectors.TournamentStandings) -> str:
    """`-provisional` in a download's name while the last round has an open game (Q161)."""
    return "-provisional" if standings.provisional else ""
