"""Reads of the rating lists: the list a tournament uses, the search as the arbiter types, the
registration data of a listed player, and the registered players who differ from the list."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.models import (
    Player,
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
    """The FIDE list the tournament uses: the latest one dated on or before its start (any
    date when the start is unknown), of its rate or combined; on the same date the per-rate
    list, which FIDE publishes for that rate, wins (C.04.2 B.1: one list for all players)."""
    kinds = [_PER_RATE_KIND[RatingKind(tournament.rating_kind)], RatingListKind.FIDE]
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


def registration_initial(tournament: Tournament, rated_id: str | None) -> dict[str, object]:
    """The registration form's fields filled from a player of the list in force ({} when the
    id is not one of its players)."""
    rating_list = list_in_force(tournament)
    digits = rated_id or ""
    if rating_list is None or not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
        return {}
    rated = rating_list.players.filter(pk=int(rated_id or 0)).first()
    if rated is None:
        return {}
    rating = rated.rating(tournament.rating_kind)
    national = national_rating(tournament, rated.fide_id)
    return {
        "name": rated.name,
        "title": rated.title,
        "sex": rated.sex,
        "rating": str(rating) if rating else "",
        "national_rating": str(national) if national else "",
        "federation": rated.federation,
        "fide_id": rated.fide_id,
        "birth_date": str(rated.birth_year or ""),
    }


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


@dataclass(frozen=True)
class ListDifference:
    """A registered player whose rating, title or federation differ from the list in force."""

    player: Player
    rated: RatedPlayer
    rating: int

    @property
    def fields(self) -> list[str]:
        return [
            name
            for name, differs in (
                ("rating", self.player.fide_rating != self.rating),
                ("title", self.player.title != self.rated.title),
                ("federation", self.player.federation != self.rated.federation),
            )
            if differs
        ]


def list_differences(tournament: Tournament) -> list[ListDifference]:
    """The players (by FIDE ID) whose rating of the tournament's rate, title or federation
    differ from the list in force, in pairing-number order; players not on it are left alone."""
    rating_list = list_in_force(tournament)
    if rating_list is None:
        return []
    players = {p.fide_id: p for p in tournament.players.exclude(fide_id="")}
    listed = rating_list.players.filter(fide_id__in=list(players))
    differences = []
    for rated in listed:
        player = players[rated.fide_id]
        difference = ListDifference(player, rated, rated.rating(tournament.rating_kind))
        if difference.fields:
            differences.append(difference)
    return sorted(differences, key=lambda found: found.player.pairing_number)


def rating_lists_overview() -> QuerySet[RatingList]:
    """Every stored list, newest first, with who imported it."""
    return RatingList.objects.select_related("imported_by").all()
