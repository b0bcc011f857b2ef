"""The read API's players across tournaments: the search and the profiles (issue 35)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from hub import selectors
from hub.api import schemas
from hub.api.http import by_site
from hub.api.tournaments import absolute, summaries
from standings.tiebreaks.display import format_value

router = Router(tags=["players"])


class SearchQuery(Schema):
    q: str = ""


def _profile_urls(request: HttpRequest, fide_id: str, name: str) -> tuple[str, str]:
    if fide_id:
        return (
            absolute(request, "player-profile", fide_id),
            absolute(request, "api-v1:profile", fide_id),
        )
    return (
        absolute(request, "player-profile-by-name", name),
        absolute(request, "api-v1:profile-by-name", name),
    )


@router.get("/players", response=schemas.PlayerSearch, url_name="search")
@decorate_view(by_site)
def search(request: HttpRequest, query: Query[SearchQuery]) -> schemas.PlayerSearch:
    """The people whose name holds every word of `q` (any part, any case; a word of three
    letters at least) or whose FIDE ID starts with `q`, in every public tournament, by name:
    one line per FIDE ID, or per exact name among the players entered without one."""
    found = selectors.player_search(query.q) if query.q.strip() else None
    if found is None:
        return schemas.PlayerSearch(query="", too_short=True, more=False, players=[])
    players = []
    for person in found.found:
        profile_url, api_url = _profile_urls(request, person.fide_id, person.name)
        players.append(
            schemas.FoundPlayer(
                name=person.name,
                fide_id=person.fide_id,
                federation=person.federation,
                title=person.title,
                rating=person.rating,
                tournaments=person.tournaments,
                profile_url=profile_url,
                api_url=api_url,
            )
        )
    return schemas.PlayerSearch(
        query=found.query, too_short=found.too_short, more=found.more, players=players
    )


def _profile(request: HttpRequest, profile: selectors.PlayerProfile | None) -> schemas.Profile:
    if profile is None:
        raise HttpError(404, _("No public tournament has this player."))
    tournaments = summaries(request, (entry.tournament for entry in profile.entries))
    return schemas.Profile(
        name=profile.name,
        fide_id=profile.fide_id,
        federation=profile.federation,
        title=profile.title,
        rating=profile.rating,
        by_name=profile.by_name,
        tournaments=[
            schemas.ProfileEntry(
                tournament=tournament,
                number=entry.player.pairing_number,
                after_round=entry.after_round,
                final=entry.final,
                rank=entry.rank,
                ranked=entry.ranked,
                points=None if entry.points is None else format_value(entry.points),
                performance=entry.performance,
                card_url=absolute(
                    request, "player-detail", entry.tournament.slug, entry.player.pairing_number
                ),
            )
            for entry, tournament in zip(profile.entries, tournaments, strict=True)
        ],
    )


@router.get(
    "/players/fide/{fide_id}",
    response={200: schemas.Profile, 404: schemas.Problem},
    url_name="profile",
)
@decorate_view(by_site)
def profile(request: HttpRequest, fide_id: str) -> schemas.Profile:
    """The profile of the player with this FIDE ID: each public tournament with the points,
    rank and performance (TPR, C.07 10.2) of the standings after its last completed round."""
    return _profile(request, selectors.player_profile(fide_id=fide_id))


@router.get(
    "/players/name/{path:player_name}",
    response={200: schemas.Profile, 404: schemas.Problem},
    url_name="profile-by-name",
)
@decorate_view(by_site)
def profile_by_name(request: HttpRequest, player_name: str) -> schemas.Profile:
    """The profile of the players entered under exactly this name without a FIDE ID."""
    return _profile(request, selectors.player_profile(name=player_name))
