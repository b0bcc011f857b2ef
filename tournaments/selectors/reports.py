"""Reads for the federation officers' page: the tournaments an officer files, filtered."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Trim, Upper

from tournaments.models import RoundState, Tournament

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class TournamentForExport(TypedDict):
    player_count: int
    completed_rounds: int


@dataclass(frozen=True, slots=True)
class ReportFilters:
    """The officers' page's filters; None (or empty) leaves a criterion out."""

    start_from: datetime.date | None = None
    start_until: datetime.date | None = None
    status: str = ""
    rating_kind: str = ""


def officer_tournaments(
    *, federations: Sequence[str] | None, filters: ReportFilters
) -> QuerySet[WithAnnotations[Tournament, TournamentForExport]]:
    """The tournaments of `federations` (every tournament when None: staff), whoever
    organised them, newest first, with their players and completed rounds counted."""
    tournaments = Tournament.objects.all()
    if federations is not None:
        tournaments = tournaments.annotate(code=Upper(Trim("federation"))).filter(
            code__in=federations
        )
    if filters.start_from:
        tournaments = tournaments.filter(start_date__gte=filters.start_from)
    if filters.start_until:
        tournaments = tournaments.filter(start_date__lte=filters.start_until)
    if filters.status:
        tournaments = tournaments.filter(status=filters.status)
    if filters.rating_kind:
        tournaments = tournaments.filter(rating_kind=filters.rating_kind)
    completed = Count("round_set", filter=Q(round_set__state=RoundState.COMPLETED), distinct=True)
    return tournaments.annotate(
        player_count=Count("players", distinct=True), completed_rounds=completed
    ).order_by("-start_date", "-created", "name")
