"""Reads of the pairing-integrity events: the report's `###` lines and the integrity log page
(VCL4THP Q112-Q115, Q193, Q217)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.trf import event_comment
from tournaments.models import IntegrityEvent, IntegrityEventKind, Tournament


def event_text(event: IntegrityEvent) -> str:
    """The event's comment as the report writes it after `###`: ` <Event> @ Round n: <details>`,
    the event's name being its kind's label (`Correction`, `MPA`, `FIDE-mode exit`, ...)."""
    return event_comment(IntegrityEventKind(event.kind).label, event.round_number, event.details)


def standing_events(tournament: Tournament) -> list[IntegrityEvent]:
    """The events that stand, in the order they happened: not undone, and not the undo events
    themselves (an undone event and its undo cancel out; the integrity log keeps both)."""
    return list(
        IntegrityEvent.objects.filter(tournament=tournament, undone_at__isnull=True)
        .exclude(kind=IntegrityEventKind.UNDO)
        .order_by("created", "id")
    )


def report_comments(tournament: Tournament) -> tuple[str, ...]:
    """The `###` comments of the tournament's report: one per standing event."""
    return tuple(event_text(event) for event in standing_events(tournament))


def last_undoable_event(tournament: Tournament) -> IntegrityEvent | None:
    """The event "Undo the last event" concerns: the latest one that is neither undone nor an
    undo itself (None when there is none). Whether it can be undone is the service's call."""
    return (
        IntegrityEvent.objects.filter(tournament=tournament, undone_at__isnull=True)
        .exclude(kind=IntegrityEventKind.UNDO)
        .order_by("-created", "-id")
        .first()
    )


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the integrity log: the event, its `###` line, whether it is the one to undo."""

    event: IntegrityEvent
    line: str
    last: bool


def integrity_log(tournament: Tournament) -> list[LogEntry]:
    """Every event of the tournament in the order it happened (undone ones and undos too)."""
    events = list(
        IntegrityEvent.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("created", "id")
    )
    standing = [e for e in events if e.undone_at is None and e.kind != IntegrityEventKind.UNDO]
    last = standing[-1].pk if standing else None
    return [
        LogEntry(event=event, line=f"###{event_text(event)}", last=event.pk == last)
        for event in events
    ]
