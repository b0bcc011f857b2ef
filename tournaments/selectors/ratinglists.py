"""Reads of the rating lists: the list of each rate a tournament uses, the search as the arbiter
types, and a player's national rating (the sequence of FIDE lists, the registration data and the
players who differ from the lists: `ratingsources`)."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import (
    RatedPlayer,
    RatingKind,
    RatingList,
    RatingListKind,
    Tournament,
)

SEARCH_LIMIT = 10
"""How many matches the search shows."""

_PER_RATE_KIND = {
    RatingKind.STANDARD: RatingListKind.FIDE_STANDARD,
    RatingKind.RAPID: RatingListKind.FIDE_RAPID,
    RatingKind.BLITZ: RatingListKind.FIDE_BLITZ,
}


def list_in_force(tournament: Tournament) -> RatingList | None:
    """The FIDE list of the tournament's rate (`fide_list_in_force`): the list it searches first."""
    return fide_list_in_force(tournament, RatingKind(tournament.rating_kind))


def fide_list_in_force(tournament: Tournament, rate: str) -> RatingList | None:
    """The FIDE list of `rate` the tournament uses: the latest one dated on or before its start
    (any date when the start is unknown), of that rate or combined; on the same date the
    per-rate list, which FIDE publishes for that rate, wins (C.04.2 B.1; VCL Q137)."""
    kinds = [_PER_RATE_KIND[RatingKind(rate)], RatingListKind.FIDE]
    lists = RatingList.objects.filter(kind__in=kinds)
    if tournament.start_date is not None:
        lists = lists.filter(date__lte=tournament.start_date)
    candidates = list(lists.order_by("-date")[:2])
    if not candidates:
        return None
    latest = [found for found in candidates if found.date == candidates[0].date]
    return min(latest, key=lambda found: kinds.index(RatingListKind(found.kind)))


def search_terms(query: str) -> list[str]:
    """The words of a name search, in the capitals the list stores (commas are spaces)."""
    return query.replace(",", " ").upper().split()


def rated_players_matching(rating_list: RatingList, query: str) -> QuerySet[RatedPlayer]:
    """The list's players whose FIDE ID starts with `query` (digits), or whose name starts with
    its first word and contains the others ("carl mag" finds "Carlsen, Magnus"), in the order
    of the search indexes (byte order), so that the first matches come without a sort."""
    players: QuerySet[RatedPlayer] = rating_list.players.all()
    if query.isdigit():
        return players.filter(fide_id__startswith=query).order_by("fide_id")
    first, *others = search_terms(query)
    players = players.filter(search_name__startswith=first)
    for word in others:
        players = players.filter(search_name__contains=word)
    return players.order_by("search_name", "fide_id")


def rated_players_search(rating_list: RatingList, query: str) -> list[RatedPlayer]:
    """The first `SEARCH_LIMIT` matches of `query` (`rated_players_matching`); none for a query
    under two characters."""
    query = query.strip()
    if len(query) < 2:
        return []
    return list(rated_players_matching(rating_list, query)[:SEARCH_LIMIT])


def national_list_in_force(tournament: Tournament) -> RatingList | None:
    """The national list of the tournament's federation (its first three letters) in force:
    the latest dated on or before the start (any date when the start is unknown)."""
    federation = tournament.federation.strip().upper()[:3]
    if len(federation) != 3:
        return None
    lists = RatingList.objects.filter(kind=RatingListKind.NATIONAL, federation=federation)
    if tournament.start_date is not None:
        lists = lists.filter(date__lte=tournament.start_date)
    return lists.order_by("-date").first()


def national_rating(tournament: Tournament, fide_id: str) -> int:
    """The player's rating of the tournament's rate on the national list in force, found by
    FIDE ID (0 when there is no such list or player): the national rating the tournament
    rating methods NRO, FIDON, NIDOF and HBFN read (VCL Q145)."""
    national_list = national_list_in_force(tournament)
    if national_list is None or not fide_id:
        return 0
    rated = national_list.players.filter(fide_id=fide_id).first()
    return 0 if rated is None else rated.rating(tournament.rating_kind)


def rating_lists_overview() -> QuerySet[RatingList]:
    """Every stored list, newest first, with who imported it."""
    return RatingList.objects.select_related("imported_by").all()


def newest_fide_list() -> RatingList | None:
    """The stored FIDE list (combined or of one rate) of the latest month (None: none)."""
    return RatingList.objects.exclude(kind=RatingListKind.NATIONAL).order_by("-date").first()
