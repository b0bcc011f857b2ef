"""Reads of a tournament's FIDE lists: the list in force of each rate, the tournament's sequence
of lists, each player's ratings across them, where a registered rating comes from, the players
who differ from the lists, and whether the lists are current (VCL Q118, Q123-Q137, Q141-Q144).

The pure rules are `tournaments.domain.ratinglists.sequence`; this module feeds them rows.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils import timezone

from tournaments.domain.ratinglists import Rate
from tournaments.domain.ratinglists.sequence import (
    ListedRating,
    ListSource,
    effective_sequence,
    list_is_current,
    matching_rate,
    pick_rating,
)
from tournaments.models import Player, RatedPlayer, RatingKind, RatingList, Tournament
from tournaments.selectors.ratinglists import (
    fide_list_in_force,
    national_rating,
    rated_players_search,
)


def rating_sequence(tournament: Tournament) -> tuple[ListSource, ...]:
    """The tournament's sequence of lists (its own, else its rate's default; Q123-Q126)."""
    return effective_sequence(Rate(tournament.rating_kind), tournament.rating_sequence)


def sequence_rates(tournament: Tournament) -> list[Rate]:
    """The rates the sequence looks at, in order, each once."""
    rates: list[Rate] = []
    for source in rating_sequence(tournament):
        rates += [rate for rate in source.rates if rate not in rates]
    return rates


def lists_in_force(tournament: Tournament) -> dict[Rate, RatingList]:
    """The list in force of each rate the sequence looks at (rates without one left out)."""
    found = {rate: fide_list_in_force(tournament, rate) for rate in sequence_rates(tournament)}
    return {rate: rating_list for rate, rating_list in found.items() if rating_list is not None}


@dataclass
class ListEntries:
    """A player's entries in the lists in force, by rate (a combined list rates all three)."""

    entries: dict[Rate, RatedPlayer] = field(default_factory=dict)

    def ratings(self) -> dict[Rate, int]:
        return {rate: rated.rating(rate) for rate, rated in self.entries.items()}

    @property
    def first(self) -> RatedPlayer | None:
        """The entry giving the player's details (title, federation): the first list's."""
        return next(iter(self.entries.values()), None)


def list_entries(tournament: Tournament, fide_ids: Iterable[str]) -> dict[str, ListEntries]:
    """Each FIDE ID's entries in the lists in force (one query per list; ids on none left out)."""
    ids = sorted({fide_id for fide_id in fide_ids if fide_id})
    found: dict[str, ListEntries] = {}
    if not ids:
        return found
    in_force = lists_in_force(tournament)
    by_list: dict[int, list[Rate]] = {}
    for rate, rating_list in in_force.items():
        by_list.setdefault(rating_list.pk, []).append(rate)
    for list_id, rates in by_list.items():
        listed = RatedPlayer.objects.filter(rating_list_id=list_id, fide_id__in=ids)
        for rated in listed.select_related("rating_list"):
            for rate in rates:
                found.setdefault(rated.fide_id, ListEntries()).entries[rate] = rated
    order = sequence_rates(tournament)
    for entries in found.values():
        entries.entries = {rate: entries.entries[rate] for rate in order if rate in entries.entries}
    return found


@dataclass(frozen=True)
class RatingOrigin:
    """Where a rating comes from: the rate of a FIDE list and its date, or by hand (Q134)."""

    source: str
    """A `RatingSource` value, "" when unrated."""
    list_date: datetime.date | None = None


def rating_origin(tournament: Tournament, fide_id: str, rating: int) -> RatingOrigin:
    """The origin of a registered rating: the list in force of the sequence giving exactly this
    rating for this FIDE ID (or another list in force that does, Q129), else manual; unrated
    has none."""
    if rating <= 0:
        return RatingOrigin("")
    entries = list_entries(tournament, [fide_id]).get(fide_id)
    if entries is None:
        return RatingOrigin("manual")
    rate = matching_rate(rating_sequence(tournament), entries.ratings(), rating)
    if rate is None:
        return RatingOrigin("manual")
    return RatingOrigin(rate.value, entries.entries[rate].rating_list.date)


@dataclass(frozen=True)
class Difference:
    """A registered player whose rating, title or federation differ from the lists in force:
    the sequence's rating (Q127) and the list it comes from, beside what is registered."""

    player: Player
    rated: RatedPlayer
    rating: int
    rate: Rate | None
    rating_list: RatingList | None
    """The list the sequence's rating comes from (None: unrated in every list)."""

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

    @property
    def rate_label(self) -> str:
        return str(RatingKind(self.rate).label) if self.rate else ""

    @property
    def manual(self) -> bool:
        """The registered rating was entered by hand (kept unless the arbiter picks it)."""
        return self.player.rating_source == "manual"


def list_differences(tournament: Tournament) -> list[Difference]:
    """The players (by FIDE ID) whose rating by the sequence, title or federation differ from
    the lists in force, in pairing-number order; players on none are left alone (Q133, Q142)."""
    players = list(tournament.players.exclude(fide_id=""))
    found = list_entries(tournament, (player.fide_id for player in players))
    sequence = rating_sequence(tournament)
    differences = []
    for player in players:
        entries = found.get(player.fide_id)
        if entries is None or entries.first is None:
            continue
        picked = pick_rating(sequence, entries.ratings())
        rate = picked.rate if picked else None
        source_list = entries.entries[rate].rating_list if rate else None
        rating = picked.rating if picked else 0
        difference = Difference(player, entries.first, rating, rate, source_list)
        if difference.fields:
            differences.append(difference)
    return sorted(differences, key=lambda found: found.player.pairing_number)


@dataclass(frozen=True)
class StaleList:
    """A list in force that is not the one valid on the tournament's start (Q135, Q141)."""

    rate: Rate
    rating_list: RatingList
    on: datetime.date


def stale_lists(tournament: Tournament) -> list[StaleList]:
    """The lists in force whose month is not the start's (today's when the start is unknown):
    a December tournament using the October list. Lists are monthly (`list_is_current`)."""
    on = tournament.start_date or timezone.localdate()
    stale: dict[int, StaleList] = {}
    for rate, rating_list in lists_in_force(tournament).items():
        if not list_is_current(rating_list.date, on):
            stale.setdefault(rating_list.pk, StaleList(rate, rating_list, on))
    return list(stale.values())


@dataclass(frozen=True)
class SearchMatch:
    """A player of the lists in force matching a search: the entry chosen, the rating the
    sequence gives (None: unrated in every list) and every list's rating (Q128)."""

    rated: RatedPlayer
    picked: ListedRating | None
    ratings: dict[Rate, int]

    @property
    def picked_label(self) -> str:
        return str(RatingKind(self.picked.rate).label) if self.picked else ""

    @property
    def others(self) -> list[tuple[str, int, str]]:
        """The ratings of the other lists (rate, rating, its label), which the arbiter may pick
        instead (Q129)."""
        chosen = self.picked.rate if self.picked else None
        return [
            (rate.value, value, str(RatingKind(rate).label))
            for rate, value in self.ratings.items()
            if value and rate != chosen
        ]


def sequence_search(tournament: Tournament, query: str, limit: int = 10) -> list[SearchMatch]:
    """The players of the lists in force matching `query` (`rated_players_search`), the lists
    searched in the sequence's order so that a player missing from the first list is found in
    the next (Q128), each player once."""
    seen: dict[str, RatedPlayer] = {}
    searched: set[int] = set()
    for rating_list in lists_in_force(tournament).values():
        if rating_list.pk in searched:
            continue
        searched.add(rating_list.pk)
        for rated in rated_players_search(rating_list, query):
            seen.setdefault(rated.fide_id or f"#{rated.pk}", rated)
    matches = sorted(seen.values(), key=lambda rated: (rated.search_name, rated.fide_id))[:limit]
    entries = list_entries(tournament, (rated.fide_id for rated in matches))
    sequence = rating_sequence(tournament)
    result = []
    for rated in matches:
        ratings = entries[rated.fide_id].ratings() if rated.fide_id in entries else {}
        result.append(SearchMatch(rated, pick_rating(sequence, ratings), ratings))
    return result


def registration_initial(
    tournament: Tournament, rated_id: str | None, rate: str | None = None
) -> dict[str, object]:
    """The registration form's fields filled from a player of the lists in force ({} when the
    id is not one of their players): the rating the sequence gives, or with `rate` that list's
    rating, which the arbiter picked instead (Q127-Q129)."""
    digits = rated_id or ""
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
        return {}
    list_ids = [rating_list.pk for rating_list in lists_in_force(tournament).values()]
    rated = RatedPlayer.objects.filter(rating_list_id__in=list_ids, pk=int(digits)).first()
    if rated is None:
        return {}
    ratings = list_entries(tournament, [rated.fide_id]).get(rated.fide_id, ListEntries())
    found = ratings.ratings()
    chosen = next((each for each in Rate if each.value == rate), None)
    if chosen is not None and found.get(chosen, 0):
        rating = found[chosen]
    else:
        picked = pick_rating(rating_sequence(tournament), found)
        rating = picked.rating if picked else 0
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
