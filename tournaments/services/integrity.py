"""Pairing-integrity events (PIBEs) and recorded changes: kept for the audit and for the TRF-2026
report's `### <Event> @ Round n: <details>` lines (VCL4THP Q112-Q115, Q217)."""

from __future__ import annotations

from django.contrib.auth.models import User

from tournaments.models import IntegrityEvent, IntegrityEventKind, Tournament


def integrity_event_record(
    *,
    tournament: Tournament,
    kind: IntegrityEventKind,
    round_number: int,
    details: str,
    by: User | None,
    snapshot: dict[str, object] | None = None,
) -> IntegrityEvent:
    """Record one event inside the caller's transaction (the caller holds the tournament lock).

    `round_number` is the round the event concerns (0 before round 1); `details` is the text of
    its `###` line; `snapshot` holds the rows as they were before, for undo (Q114).
    """
    return IntegrityEvent.objects.create(
        tournament=tournament,
        kind=kind,
        round_number=round_number,
        details=" ".join(details.split()),
        user=by,
        snapshot=snapshot,
    )
