"""The rating report's details of a tournament: what the arbiters set for the federation's
report (C.04 Annex 2 header records 092, 102, 112, 122, 132; TRF-2026 222)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.models import Tournament
from tournaments.services.base import audit, lock_tournament


@dataclass(frozen=True, slots=True)
class ReportDetails:
    """The details as the form read them: deputies are (name, FIDE ID) pairs, round dates
    ISO dates round 1 first, the time control a TRF-2026 `222` code."""

    tournament_type: str
    time_control: str
    round_dates: list[str]
    chief_arbiter_fide_id: str
    deputies: list[tuple[str, str]]
    rated: bool


@dataclass(frozen=True, slots=True)
class ReportStart:
    """The details given, optionally, when the tournament is created (issue 31): empty ones
    leave the tournament as the details page would find it."""

    time_control: str = ""
    round_dates: list[str] = field(default_factory=list)
    chief_arbiter_fide_id: str = ""


def report_details_of(tournament: Tournament) -> ReportDetails:
    """The tournament's details as they are (the deputies paired with their FIDE IDs)."""
    names = [name for name in tournament.deputy_arbiter.split("; ") if name]
    ids = tournament.deputy_arbiter_fide_ids.split("; ")
    return ReportDetails(
        tournament_type=tournament.tournament_type,
        time_control=tournament.time_control,
        round_dates=list(tournament.round_dates),
        chief_arbiter_fide_id=tournament.chief_arbiter_fide_id,
        deputies=[(name, ids[i] if i < len(ids) else "") for i, name in enumerate(names)],
        rated=tournament.rated,
    )


def tournament_start_report_details(
    *, tournament: Tournament, start: ReportStart, by: User
) -> Tournament:
    """Save the details given at creation, in the creation's transaction: the other details
    stay as they are; nothing given, nothing saved nor audited."""
    details = dataclasses.replace(
        report_details_of(tournament),
        time_control=start.time_control,
        round_dates=start.round_dates,
        chief_arbiter_fide_id=start.chief_arbiter_fide_id,
    )
    return tournament_set_report_details(tournament=tournament, details=details, by=by)


_FIELDS = (
    "tournament_type",
    "time_control",
    "round_dates",
    "chief_arbiter_fide_id",
    "deputy_arbiter",
    "deputy_arbiter_fide_ids",
    "rated",
)


@transaction.atomic
def tournament_set_report_details(
    *, tournament: Tournament, details: ReportDetails, by: User
) -> Tournament:
    """Save the rating report's details (one audit entry naming the fields changed). They
    change no pairing or standing, so FIDE mode asks no confirmation."""
    tournament = lock_tournament(tournament.pk)
    values: dict[str, object] = {
        "tournament_type": details.tournament_type,
        "time_control": details.time_control,
        "round_dates": details.round_dates,
        "chief_arbiter_fide_id": details.chief_arbiter_fide_id,
        "deputy_arbiter": "; ".join(name for name, _ in details.deputies),
        "deputy_arbiter_fide_ids": "; ".join(fide_id for _, fide_id in details.deputies),
        "rated": details.rated,
    }
    changes = [name for name in _FIELDS if getattr(tournament, name) != values[name]]
    if not changes:
        return tournament
    old = "; ".join(f"{name}={getattr(tournament, name)}" for name in changes)
    for name in changes:
        setattr(tournament, name, values[name])
    tournament.save(update_fields=[*changes, "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        old=old,
        new="; ".join(f"{name}={values[name]}" for name in changes),
    )
    return tournament
