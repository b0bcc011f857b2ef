"""Rating-list use cases: importing a list (replacing the same list atomically) and the rate a
tournament uses. The sequence of lists and the update of players from them: `ratingsources`;
the download of FIDE's list of the month: `ratinglists_fetch`.

A list is shared by every tournament, so importing one is a federation officer's act, recorded
on the list itself (who, when, from which file).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice
from typing import IO

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from tournaments.domain.ratinglists import (
    ListKind,
    RatedEntry,
    RatingListError,
    check_mapping,
    read_list,
)
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import TournamentError
from tournaments.models import (
    InitialOrderCriterion,
    NationalListMapping,
    RatedPlayer,
    RatingKind,
    RatingList,
    RatingListKind,
    Tournament,
)
from tournaments.selectors.state import paired_from
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers
from tournaments.services.renumbering import initial_order_warning

BATCH_SIZE = 5000
"""Rows per INSERT where COPY is not available (SQLite)."""

_COLUMNS = (
    "rating_list_id",
    "fide_id",
    "national_id",
    "name",
    "search_name",
    "federation",
    "sex",
    "title",
    "birth_year",
    "standard_rating",
    "standard_games",
    "rapid_rating",
    "rapid_games",
    "blitz_rating",
    "blitz_games",
    "flag",
)


class RatingListRefused(TournamentError):
    """A list file refused whole: `errors` name the first bad lines, `count` how many."""

    def __init__(self, errors: list[str], count: int) -> None:
        self.errors = errors
        self.count = count
        more = f" (and {count - len(errors)} more)" if count > len(errors) else ""
        super().__init__("Nothing imported: " + " · ".join(errors) + more)


def _row(list_id: int, entry: RatedEntry) -> tuple[object, ...]:
    return (
        list_id,
        entry.fide_id,
        entry.national_id,
        entry.name,
        entry.name.replace(",", " ").upper(),
        entry.federation,
        entry.sex,
        entry.title,
        entry.birth_year,
        entry.standard_rating,
        min(entry.standard_games, 32767),
        entry.rapid_rating,
        min(entry.rapid_games, 32767),
        entry.blitz_rating,
        min(entry.blitz_games, 32767),
        entry.flag,
    )


def _copy(list_id: int, entries: Iterable[RatedEntry]) -> int:
    """PostgreSQL: stream the rows with COPY (psycopg 3)."""
    count = 0
    table = RatedPlayer._meta.db_table
    with connection.cursor() as cursor:
        sql = f"COPY {table} ({', '.join(_COLUMNS)}) FROM STDIN"
        with cursor.copy(sql) as copy:
            for entry in entries:
                copy.write_row(_row(list_id, entry))
                count += 1
    return count


def _insert(list_id: int, entries: Iterator[RatedEntry]) -> int:
    """Other databases: batched INSERTs."""
    count = 0
    while batch := list(islice(entries, BATCH_SIZE)):
        RatedPlayer.objects.bulk_create(
            RatedPlayer(**dict(zip(_COLUMNS, _row(list_id, entry), strict=True))) for entry in batch
        )
        count += len(batch)
    return count


def _mapping(kind: ListKind, federation: str, mapping: Mapping[str, str] | None) -> dict[str, str]:
    """A national list's column mapping: the one given (saved for the federation's next
    imports) or the one saved before."""
    if mapping is not None:
        check_mapping(mapping)
        NationalListMapping.objects.update_or_create(
            federation=federation, defaults={"mapping": dict(mapping)}
        )
        return dict(mapping)
    saved = NationalListMapping.objects.filter(federation=federation).first()
    if saved is None:
        raise RatingListError([f"no column mapping saved for {federation}: give one"])
    return dict(saved.mapping)


@transaction.atomic
def rating_list_import(
    *,
    stream: IO[bytes],
    kind: ListKind,
    date: datetime.date,
    source_name: str,
    by: User | None,
    federation: str = "",
    mapping: Mapping[str, str] | None = None,
) -> RatingList:
    """Import a list file (see `tournaments.domain.ratinglists.read_list`) as the list of
    `kind`, `federation` (national lists) and `date`, replacing that list if it was imported
    before. One transaction: a file with any bad line raises `PlayerImportError` listing them
    (with their line numbers) and leaves the stored lists as they were; readers see the old
    list until the new one is committed."""
    federation = federation.strip().upper() if kind is ListKind.NATIONAL else ""
    if kind is ListKind.NATIONAL and not (len(federation) == 3 and federation.isalpha()):
        raise TournamentError(_("A national list needs its federation (three letters)."))
    try:
        columns = _mapping(kind, federation, mapping) if kind is ListKind.NATIONAL else None
        entries = read_list(stream, kind=kind, mapping=columns, federation=federation)
        replaced = RatingList.objects.select_for_update().filter(
            kind=kind.value, federation=federation, date=date
        )
        for old in replaced:
            RatedPlayer.objects.filter(rating_list=old).delete()
            old.delete()
        try:
            rating_list = RatingList.objects.create(
                kind=RatingListKind(kind.value),
                federation=federation,
                date=date,
                source_name=source_name[:200],
                imported_by=by,
            )
        except IntegrityError:  # the same list, imported by someone else at the same time
            raise TournamentError(
                _(
                    "This list was being imported by someone else at the same time: nothing "
                    "imported; look at the stored lists, and import again if needed."
                )
            ) from None
        store = _copy if connection.vendor == "postgresql" else _insert
        count = store(rating_list.pk, iter(entries))
    except RatingListError as error:
        raise RatingListRefused(error.errors, error.count) from None
    if count == 0:
        raise RatingListRefused(["the file has no player lines"], 1)
    rating_list.player_count = count
    rating_list.save(update_fields=["player_count"])
    return rating_list


@transaction.atomic
def tournament_set_initial_ranking(
    *,
    tournament: Tournament,
    rating_kind: str,
    criterion: str,
    by: User,
    confirmed: Confirmed | None = None,
) -> Tournament:
    """What the initial ranking rests on (C.04.2 B.2): the rate of play whose rating the
    tournament uses (standard, rapid or blitz) and the announced criterion for players level on
    rating and title (alphabetical or FIDE ID, VCL Q146). Fixed once round 1 is paired; until
    then the pairing numbers follow the new order at once, after a Level-3 confirmation when
    some change (Q150). Recorded."""
    tournament = lock_tournament(tournament.pk)
    kind, order = RatingKind(rating_kind), InitialOrderCriterion(criterion)
    if (kind, order) == (tournament.rating_kind, tournament.initial_order_criterion):
        return tournament
    if paired_from(tournament, 1):
        raise TournamentError(
            _("Round 1 is paired: the rating and the order of equal players are fixed.")
        )
    require_confirmation(initial_order_warning(tournament, order), confirmed)

    def described(rating: str, criterion: str) -> str:
        return f"{RatingKind(rating).label} ratings, then {InitialOrderCriterion(criterion).label}"

    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        old=described(tournament.rating_kind, tournament.initial_order_criterion),
        new=described(kind, order),
    )
    if kind != tournament.rating_kind:  # a sequence of lists belongs to its rate (VCL Q123)
        tournament.rating_sequence = []
    tournament.rating_kind, tournament.initial_order_criterion = kind, order
    tournament.save(update_fields=["rating_kind", "initial_order_criterion", "rating_sequence"])
    tournament_assign_pairing_numbers(tournament=tournament, by=by)
    return tournament
