"""Reads of the hub: the public tournaments, players found across them, a player's profile.

A person is known across tournaments by their FIDE ID; a player entered without one is known by
the exact name they were entered under, and only among the others entered without one (two
players of one name may be two people: the profile says it is matched by name). The search finds
a name by any part of it, each word of the query in any order and case, and a FIDE ID by its first
digits; on PostgreSQL a trigram index and a pattern index answer both
(`hub/migrations/0001_player_search_indexes.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import QuerySet
from django.db.models.functions import Upper

from standings.exceptions import StandingsError
from standings.selectors import TournamentStandings, tournament_performances, tournament_standings
from tournaments.cache import per_version
from tournaments.models import Player, Tournament

MAX_RESULTS = 50
"""People listed for one search; the query is to be made more precise past that."""

MIN_WORD = 3
"""A name search needs a word of at least this many characters (a trigram: the index finds
nothing shorter without reading every row)."""

MAX_ROWS = 300
"""Entries read for one search, in name order (an index reads them in that order): enough for
`MAX_RESULTS` people who play several tournaments each, and a bound on a common word's work."""

MAX_QUERY = 100
FIDE_ID_DIGITS = 11


def public_tournaments() -> QuerySet[Tournament]:
    """The tournaments the public may read: every tournament of the site today (the list of
    tournaments shows them all, a draft round excepted, which no public read ever shows). The one
    place that says it: the search, the profiles, the API and the feeds all ask here."""
    return Tournament.objects.all()


def public_tournament(slug: str) -> Tournament | None:
    """The public tournament `slug`, or None (the caller answers 404)."""
    return public_tournaments().filter(slug=slug).first()


@dataclass(frozen=True, slots=True)
class FoundPlayer:
    """One person found: the name and details of their entries, the highest FIDE rating they
    were entered with and how many public tournaments they played."""

    name: str
    fide_id: str
    federation: str
    title: str
    rating: int
    tournaments: int


@dataclass(frozen=True, slots=True)
class PlayerSearch:
    """The answer to a search: the people found (`MAX_RESULTS` at most; `more` when there
    were more), or `too_short` when the query names nothing searchable."""

    query: str
    found: tuple[FoundPlayer, ...]
    more: bool
    too_short: bool


def _is_fide_id(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= FIDE_ID_DIGITS


def search_words(query: str) -> list[str]:
    """The words of a name query in capitals (commas and spaces separate them)."""
    return [word for word in re.split(r"[\s,]+", query.upper()) if word]


def _public_players() -> QuerySet[Player]:
    return Player.objects.filter(tournament__in=public_tournaments())


def matching_entries(text: str) -> QuerySet[Player, tuple[str, str, str, str, int]] | None:
    """The entries the search `text` finds, in name order, at most `MAX_ROWS`; None when it
    names nothing searchable (no word of `MIN_WORD` characters, no FIDE ID)."""
    players = _public_players()
    if _is_fide_id(text):
        players = players.filter(fide_id__startswith=text)
    else:
        words = search_words(text)
        if not any(len(word) >= MIN_WORD for word in words):
            return None
        players = players.annotate(search=Upper("name"))
        for word in words:
            players = players.filter(search__contains=word)
    columns = ("name", "fide_id", "federation", "title", "fide_rating")
    return players.order_by("name", "fide_id").values_list(*columns)[:MAX_ROWS]


def player_search(query: str) -> PlayerSearch:
    """The people whose name holds every word of `query`, or whose FIDE ID starts with it (a
    query of digits), by name; entries of one person (one FIDE ID, or one name without a FIDE
    ID) are one line."""
    text = query.strip()[:MAX_QUERY]
    entries = matching_entries(text)
    if entries is None:
        return PlayerSearch(text, (), more=False, too_short=True)
    rows = list(entries)
    people = _people(rows)
    if len(rows) == MAX_ROWS:
        people.pop()  # the last person's entries may go on past the rows read
    found = tuple(people[:MAX_RESULTS])
    more = len(rows) == MAX_ROWS or len(people) > MAX_RESULTS
    return PlayerSearch(text, found, more=more, too_short=False)


def _people(rows: list[tuple[str, str, str, str, int]]) -> list[FoundPlayer]:
    """One person per FIDE ID, or per name among the entries without one (see the module's
    docstring), in the order met: the first spelling of the name, the first federation and
    title given, the highest FIDE rating entered, the number of tournaments."""
    people: dict[tuple[str, str], FoundPlayer] = {}
    for name, fide_id, federation, title, rating in rows:
        key = (fide_id, "") if fide_id else ("", name)
        seen = people.get(key)
        if seen is None:
            people[key] = FoundPlayer(name, fide_id, federation, title, rating, 1)
        else:
            people[key] = FoundPlayer(
                name=seen.name,
                fide_id=fide_id,
                federation=seen.federation or federation,
                title=seen.title or title,
                rating=max(seen.rating, rating),
                tournaments=seen.tournaments + 1,
            )
    return list(people.values())


@dataclass(frozen=True, slots=True)
class ProfileEntry:
    """One tournament of a player's profile: the entry, and where the public standings put
    them after the last completed round (`after_round`; 0: none completed yet, nothing to
    show). `rank`, `points` and `performance` are None when not known: no round completed, a
    player left out of the standings (expelled, or cancelled in a round robin), or a
    performance that is undefined (no rated game; C.07 10)."""

    tournament: Tournament
    player: Player
    after_round: int
    final: bool
    rank: int | None
    points: Fraction | None
    ranked: int
    performance: int | None


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    """A person's tournaments on this site, newest first, with the details of the newest
    entry. `by_name`: entered without a FIDE ID, matched by the exact name only."""

    name: str
    fide_id: str
    federation: str
    title: str
    rating: int
    by_name: bool
    entries: tuple[ProfileEntry, ...]


def public_standings(tournament: Tournament) -> TournamentStandings:
    """The public standings after the last completed round, once per version (the standings
    page keeps the same entry)."""
    return per_version(
        tournament,
        "standings-after-None",
        lambda: tournament_standings(tournament=tournament),
    )


def _entry(player: Player) -> ProfileEntry:
    tournament = player.tournament
    try:
        standings = public_standings(tournament)
    except StandingsError:
        standings = None
    if standings is None or standings.after_round == 0:
        return ProfileEntry(tournament, player, 0, False, None, None, 0, None)
    line = next((line for line in standings.lines if line.player.pk == player.pk), None)
    performances = per_version(
        tournament, "performances-after-None", lambda: tournament_performances(standings)
    )
    return ProfileEntry(
        tournament=tournament,
        player=player,
        after_round=standings.after_round,
        final=standings.final,
        rank=None if line is None else line.rank,
        points=None if line is None else line.points,
        ranked=len(standings.lines),
        performance=None if line is None else performances.get(player.pairing_number),
    )


def player_profile(*, fide_id: str = "", name: str = "") -> PlayerProfile | None:
    """The profile of the person with `fide_id`, or else of the entries named `name` without
    a FIDE ID; None when no public tournament has them."""
    players = _public_players().select_related("tournament")
    if fide_id:
        if not _is_fide_id(fide_id):
            return None
        players = players.filter(fide_id=fide_id)
    else:
        players = players.filter(fide_id="", name=name)
    entries = list(players.order_by("-tournament__start_date", "-tournament__created"))
    if not entries:
        return None
    newest = entries[0]
    return PlayerProfile(
        name=newest.name,
        fide_id=newest.fide_id,
        federation=newest.federation,
        title=newest.title,
        rating=newest.fide_rating,
        by_name=not fide_id,
        entries=tuple(_entry(player) for player in entries),
    )
