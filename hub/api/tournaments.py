"""The read API's tournaments (sections): the list, one tournament, its players, a published
round's pairings and results, the standings with their tie-break values, and the TRF-2026 file
of a finished tournament."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from fractions import Fraction

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from hub.api import schemas
from hub.api.http import by_site, by_tournament
from hub.selectors import public_standings, public_tournament, public_tournaments
from standings.exceptions import StandingsError
from standings.export_ranks import trf_ranks
from standings.selectors import TournamentStandings, tournament_standings
from standings.tiebreaks.display import format_value
from tournaments.cache import per_version
from tournaments.exceptions import RoundNotPublished
from tournaments.models import Player, Round, RoundState, Tournament, TournamentStatus
from tournaments.selectors import pages
from tournaments.selectors.trf import tournament_trf_report

router = Router(tags=["tournaments"])

PUBLIC_STATES = {
    RoundState.PUBLISHED: "published",
    RoundState.COMPLETED: "completed",
}
"""A round's state as the public sees it; any other is `not_published`."""


def _tournament(slug: str) -> Tournament:
    tournament = public_tournament(slug)
    if tournament is None:
        raise HttpError(404, _("There is no public tournament %(slug)s.") % {"slug": slug})
    return tournament


def absolute(request: HttpRequest, name: str, *args: object) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def player_ref(player: Player) -> schemas.PlayerRef:
    return schemas.PlayerRef(
        number=player.pairing_number,
        name=player.name,
        title=player.title,
        federation=player.federation,
        fide_id=player.fide_id,
        rating=player.fide_rating,
    )


def summary(
    request: HttpRequest, tournament: Tournament, players: int
) -> schemas.TournamentSummary:
    """The tournament's summary (`players`: its number of players, counted by the caller)."""
    return schemas.TournamentSummary(
        slug=tournament.slug,
        name=tournament.name,
        city=tournament.city,
        federation=tournament.federation,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        rounds=tournament.rounds,
        status=tournament.status,
        format=tournament.format,
        event=tournament.event.slug if tournament.event_id and tournament.event else None,
        players=players,
        url=absolute(request, "tournament-detail", tournament.slug),
        api_url=absolute(request, "api-v1:tournament", tournament.slug),
    )


def summaries(
    request: HttpRequest, tournaments: Iterable[Tournament]
) -> list[schemas.TournamentSummary]:
    """The summaries of `tournaments`, their players counted in one query."""
    listed = list(tournaments)
    counts = dict(
        Player.objects.filter(tournament__in=listed)
        .values_list("tournament")
        .annotate(count=Count("pk"))
        .values_list("tournament", "count")
    )
    return [summary(request, tournament, counts.get(tournament.pk, 0)) for tournament in listed]


def round_date(tournament: Tournament, number: int) -> datetime.date | None:
    """The date the settings give round `number` (TRF 132), None when they give none."""
    dates = tournament.round_dates if isinstance(tournament.round_dates, list) else []
    if number > len(dates):
        return None
    try:
        return datetime.date.fromisoformat(str(dates[number - 1]))
    except ValueError:
        return None


def half_points(points: int) -> str:
    """Points kept in half-points as a decimal string: 3 → `"1.5"`."""
    return format_value(Fraction(points, 2))


def _tiebreaks(standings: TournamentStandings) -> list[schemas.Tiebreak]:
    return [schemas.Tiebreak(code=column.text, name=column.name) for column in standings.columns]


@router.get("/tournaments", response=list[schemas.TournamentSummary], url_name="tournaments")
@decorate_view(by_site)
def tournament_list(request: HttpRequest) -> list[schemas.TournamentSummary]:
    """Every public tournament, newest first."""
    tournaments = public_tournaments().select_related("event").order_by("-start_date", "-created")
    return summaries(request, tournaments)


@router.get(
    "/tournaments/{slug}",
    response={200: schemas.Tournament, 404: schemas.Problem},
    url_name="tournament",
)
@decorate_view(by_tournament)
def tournament_detail(request: HttpRequest, slug: str) -> schemas.Tournament:
    """A tournament: its settings, its tie-breaks and its rounds."""
    tournament = _tournament(slug)
    rounds = pages.tournament_rounds(tournament)
    standings = public_standings(tournament)
    finished = tournament.status == TournamentStatus.FINISHED
    return schemas.Tournament(
        **summary(request, tournament, tournament.players.count()).model_dump(),
        pairing_system=tournament.pairing_system,
        time_control=tournament.time_control,
        rated=tournament.rated,
        rating_kind=tournament.rating_kind,
        tiebreaks=_tiebreaks(standings),
        round_list=[
            schemas.RoundSummary(
                number=rnd.number,
                state=PUBLIC_STATES.get(RoundState(rnd.state), "not_published"),
                date=round_date(tournament, rnd.number),
                published_at=rnd.published_at if rnd.state in PUBLIC_STATES else None,
                url=absolute(request, "api-v1:round", tournament.slug, rnd.number),
            )
            for rnd in rounds
        ],
        trf_url=absolute(request, "api-v1:trf", tournament.slug) if finished else None,
    )


@router.get(
    "/tournaments/{slug}/players",
    response={200: list[schemas.Player], 404: schemas.Problem},
    url_name="players",
)
@decorate_view(by_tournament)
def tournament_players(request: HttpRequest, slug: str) -> list[schemas.Player]:
    """The registered players, by pairing number."""
    tournament = _tournament(slug)
    return [
        schemas.Player(
            **player_ref(player).model_dump(),
            national_rating=player.national_rating,
            status=player.status,
            withdrawn_from_round=player.withdrawn_from_round,
            first_round=player.first_round,
            card_url=absolute(request, "player-detail", tournament.slug, player.pairing_number),
        )
        for player in tournament.players.order_by("pairing_number")
    ]


@router.get(
    "/tournaments/{slug}/rounds/{number}",
    response={200: schemas.Round, 404: schemas.Problem},
    url_name="round",
)
@decorate_view(by_tournament)
def round_detail(request: HttpRequest, slug: str, number: int) -> schemas.Round:
    """A published round: its boards with the players' points before the round and the
    results entered so far, then its byes. 404 while the round is not published."""
    tournament = _tournament(slug)
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None:
        raise HttpError(404, _("There is no round %(number)d.") % {"number": number})
    try:
        boards = per_version(
            tournament, f"round-boards-{rnd.number}", lambda: pages.round_boards(rnd, tournament)
        )
    except RoundNotPublished as error:
        raise HttpError(404, str(error)) from error
    return schemas.Round(
        tournament=tournament.slug,
        number=rnd.number,
        state=PUBLIC_STATES[RoundState(rnd.state)],
        date=round_date(tournament, rnd.number),
        published_at=rnd.published_at,
        completed_at=rnd.completed_at,
        chess960_position=rnd.chess960_position if tournament.chess960 else None,
        boards=[
            schemas.Board(
                board=game.board,
                white=player_ref(game.white),
                black=player_ref(game.black),
                white_points=half_points(white_points),
                black_points=half_points(black_points),
                result=game.result,
            )
            for game, white_points, black_points in boards.boards()
        ],
        byes=[
            schemas.RoundBye(player=player_ref(bye.player), kind=bye.kind) for bye in boards.byes
        ],
    )


class StandingsQuery(Schema):
    after_round: int | None = None


@router.get(
    "/tournaments/{slug}/standings",
    response={200: schemas.Standings, 404: schemas.Problem},
    url_name="standings",
)
@decorate_view(by_tournament)
def standings(request: HttpRequest, slug: str, query: Query[StandingsQuery]) -> schemas.Standings:
    """The standings after a completed round (`?after_round=`, default the last completed
    one) with each tie-break's value, in the tournament's order of tie-breaks."""
    tournament = _tournament(slug)
    after = query.after_round
    try:
        table = per_version(
            tournament,
            f"standings-after-{after}",
            lambda: tournament_standings(tournament=tournament, after_round=after),
        )
    except StandingsError as error:
        raise HttpError(404, str(error)) from error
    return schemas.Standings(
        tournament=tournament.slug,
        after_round=table.after_round,
        rounds_completed=list(table.rounds),
        final=table.final,
        provisional=table.provisional,
        tiebreaks=_tiebreaks(table),
        lines=[
            schemas.StandingsLine(
                rank=line.rank,
                player=player_ref(line.player),
                rating=line.rating,
                points=format_value(line.points),
                tiebreaks=[None if value is None else format_value(value) for value in line.values],
            )
            for line in table.lines
        ],
    )


@router.get(
    "/tournaments/{slug}/trf",
    response={404: schemas.Problem},
    url_name="trf",
    openapi_extra={
        "responses": {
            200: {
                "description": "The TRF-2026 file.",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        }
    },
)
@decorate_view(by_tournament)
def trf(request: HttpRequest, slug: str) -> HttpResponse:
    """The finished tournament as a TRF-2026 file (FIDE's exchange format), ranked by its
    standings; no birth date and no arbiter's note. 404 until the tournament is finished."""
    tournament = _tournament(slug)
    if tournament.status != TournamentStatus.FINISHED:
        raise HttpError(404, _("The TRF file is published once the tournament is finished."))
    text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks, public=True)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}.trf"'
    return response
