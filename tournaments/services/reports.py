"""The rating report's details of a tournament: what the arbiters set for the federation's
report (C.04 Annex 2 header records 092, 102, 112, 122, 132; TRF-2026 222)."""

from __future__ import annotations

from dataclasses import dataclass

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
