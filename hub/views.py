"""The hub's public pages: the search for players across tournaments and a player's profile.

Both are the same for every anonymous visitor of one version of the site (any tournament's
change moves it on), so they are kept and revalidated as the list of tournaments is
(`tournaments.cache.by_site_version`: ETag, 304, no cookie).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from hub.selectors import PlayerProfile, player_profile, player_search
from tournaments.cache import by_site_version
from tournaments.http import HtmxHttpRequest


@require_safe
@by_site_version
def players_search(request: HtmxHttpRequest) -> HttpResponse:
    """The search box, and the people whose name or FIDE ID matches `?q=` in every public
    tournament of the site, each linked to their profile."""
    query = request.GET.get("q", "")
    context = {"query": query, "search": player_search(query) if query.strip() else None}
    return render(request, "hub/search.html", context)


def _profile_page(request: HtmxHttpRequest, profile: PlayerProfile | None) -> HttpResponse:
    if profile is None:
        raise Http404("No such player in a public tournament")
    return render(request, "hub/profile.html", {"profile": profile})


@require_safe
@by_site_version
def player_by_fide_id(request: HtmxHttpRequest, fide_id: str) -> HttpResponse:
    """The profile of the player with this FIDE ID: each tournament with score, rank and
    performance, linked to the player's card in it."""
    return _profile_page(request, player_profile(fide_id=fide_id))


@require_safe
@by_site_version
def player_by_name(request: HtmxHttpRequest, player_name: str) -> HttpResponse:
    """The profile of the entries of this exact name without a FIDE ID."""
    return _profile_page(request, player_profile(name=player_name))
