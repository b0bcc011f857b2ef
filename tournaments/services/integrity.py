"""Pairing-integrity events (PIBEs) and recorded changes: kept for the audit and for the TRF-2026
report's `### <Event> @ Round n: <details>` lines (VCL4THP Q112-Q115, Q217), and undone from
their snapshot (Q114).

**Making an event undoable.** A service passes `snapshot=snapshot_rows(changed=..., created=...)`
to `integrity_event_record`: `changed` are the model instances the event changes or deletes,
*as they were before* (read before the change and not refreshed: they are serialised at once),
`created` the rows it creates. `integrity_event_record` adds the after-image of those rows and
the next round to pair. `integrity_event_undo` then puts the before-image back and deletes the
created rows, provided the event is the last one standing and nothing it touched changed since:

```python
before = snapshot_rows(changed=[game])          # before game.save()
...
integrity_event_record(..., snapshot=before)
integrity_event_record(..., snapshot=snapshot_rows(created=[bye]))  # after Bye.objects.create
```

An undo puts back only the fields the event changed (a later change to another field stays),
re-creates the rows the event deleted (`deleted_rows` lists them, cascades included), and is
refused when a row the event `rests_on` (a draft's round, for a pairing alteration) changed since.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.core import serializers
from django.db import models, transaction
from django.db.models import F
from django.db.models.deletion import Collector
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.exceptions import UndoRefused
from tournaments.models import IntegrityEvent, IntegrityEventKind, Tournament
from tournaments.selectors.integrity import event_text, last_undoable_event
from tournaments.selectors.state import next_round_number
from tournaments.services.base import audit, lock_tournament, require_confirmation

_SNAPSHOT_VERSION = 1
_KEPT_CURRENT = frozenset({"revision"})
"""Fields an undo never puts back: the tournament's revision only moves on (a confirmation given
before the undo must stay worthless)."""

_PARKED = 1_000_000
"""Added to the unique numbers an undo puts back (pairing numbers, boards) before it writes the
old ones, so that numbers exchanged by the event never collide half-way."""

_FINAL = {
    IntegrityEventKind.FIDE_MODE_EXIT: gettext_lazy(
        "Leaving FIDE mode is final (VCL4THP Q45): it cannot be undone."
    ),
    IntegrityEventKind.IMPORT: gettext_lazy(
        "The import created the tournament: there is no earlier state to go back to."
    ),
    IntegrityEventKind.UNDO: gettext_lazy(
        "An undo is a record of the log: it cannot itself be undone."
    ),
}


def snapshot_rows(
    *,
    changed: Iterable[models.Model] = (),
    created: Iterable[models.Model] = (),
    rests_on: Iterable[models.Model] = (),
) -> dict[str, object]:
    """The snapshot of an event for `integrity_event_record`: the before-image of `changed`
    (instances as they were before the event, deleted ones included), the identity of the
    `created` rows, and the image of the rows the event `rests_on` (not restored: the undo is
    refused once they changed)."""
    return {
        "version": _SNAPSHOT_VERSION,
        "before": _serialised(changed),
        "created": [[row._meta.label_lower, row.pk] for row in created],
        "rests_on": _serialised(rests_on),
    }


def deleted_rows(queryset: models.QuerySet[Any]) -> list[models.Model]:
    """The rows deleting `queryset` deletes, cascades included, read before the deletion: the
    `changed` rows of a snapshot that an undo re-creates."""
    collector = Collector(using=queryset.db)
    collector.collect(list(queryset))
    rows = [row for instances in collector.data.values() for row in instances]
    for related in collector.fast_deletes:
        rows.extend(related)
    return rows


def _serialised(rows: Iterable[models.Model]) -> list[dict[str, Any]]:
    return list(json.loads(serializers.serialize("json", list(rows))))


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
    its `###` line; `snapshot` (from `snapshot_rows`, taken before the change) makes it
    undoable (Q114): the rows as they are now and the next round to pair are added to it.
    """
    if snapshot is not None and _restorable(snapshot):
        snapshot = {
            **snapshot,
            "after": _images(_identities(snapshot)),
            "next_round": next_round_number(tournament),
        }
    return IntegrityEvent.objects.create(
        tournament=tournament,
        kind=kind,
        round_number=round_number,
        details=" ".join(details.split()),
        user=by,
        snapshot=snapshot,
    )


def undo_warning(event: IntegrityEvent) -> ActionWarning:
    """The Level-3 confirmation before an undo (Q114, Q115)."""
    snapshot = event.snapshot if isinstance(event.snapshot, dict) else {}
    restored, deleted = len(snapshot.get("before", [])), len(snapshot.get("created", []))
    return ActionWarning(
        Level.CONFIRM,
        _("Undo “###%(event)s”?") % {"event": event_text(event)},
        (
            _(
                "What the event changed goes back to how it was just before it (%(restored)s "
                "row(s) restored, %(deleted)s created row(s) deleted)."
            )
            % {"restored": restored, "deleted": deleted},
            _(
                "The event stays in the integrity log, marked undone, with an Undo line; the "
                "tournament report no longer lists it."
            ),
        ),
        rule="VCL4THP Q114, Q115",
    )


@transaction.atomic
def integrity_event_undo(
    *, event: IntegrityEvent, by: User, confirmed: Confirmed | None = None
) -> IntegrityEvent:
    """Undo `event` from its snapshot after a Level-3 confirmation; returns the Undo event.

    Refused (`UndoRefused`, nothing done) unless it is the tournament's last event standing
    (neither undone nor an undo), it has a snapshot, it is not final (leaving FIDE mode, an
    import), no round was paired or unpaired since, and the rows it touched are as it left them.
    """
    tournament = lock_tournament(event.tournament_id)
    event = IntegrityEvent.objects.select_for_update().get(pk=event.pk)
    snapshot = _undoable(tournament, event)
    require_confirmation(undo_warning(event), confirmed)
    for label, pk in reversed(snapshot["created"]):
        apps.get_model(label).objects.filter(pk=pk).delete()
    _restore(snapshot)
    event.undone_at = timezone.now()
    event.save(update_fields=["undone_at"])
    line = f"###{event_text(event)}"
    audit(
        tournament=tournament,
        by=by,
        entity="integrity_event",
        entity_id=event.pk,
        old=line,
        new="undone",
        note="restored from its snapshot (VCL4THP Q114)",
    )
    return integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.UNDO,
        round_number=event.round_number,
        details=f"{IntegrityEventKind(event.kind).label} undone: {event.details}",
        by=by,
    )


def _undoable(tournament: Tournament, event: IntegrityEvent) -> dict[str, Any]:
    """The event's snapshot when the event can be undone now; `UndoRefused` otherwise."""
    kind = IntegrityEventKind(event.kind)
    if event.undone_at is not None:
        raise UndoRefused(_("This event is already undone."))
    if kind in _FINAL:
        raise UndoRefused(str(_FINAL[kind]))
    last = last_undoable_event(tournament)
    if last is None or last.pk != event.pk:
        if last is None:
            raise UndoRefused(_("Only the last event can be undone."))
        raise UndoRefused(
            _("Only the last event can be undone: “###%(event)s” came after it.")
            % {"event": event_text(last)}
        )
    snapshot = event.snapshot
    if not isinstance(snapshot, dict) or not _restorable(snapshot) or "after" not in snapshot:
        raise UndoRefused(
            _(
                "This event was recorded without a snapshot of what it changed: it cannot be "
                "undone automatically."
            )
        )
    now = next_round_number(tournament)
    if snapshot.get("next_round") != now:
        raise UndoRefused(
            _(
                "The rounds changed since this event (the next round to pair was %(then)s, it is "
                "now %(now)s): undoing it would change what those pairings rest on."
            )
            % {"then": snapshot.get("next_round"), "now": now}
        )
    change = _changed_since(snapshot)
    if change is not None:
        raise UndoRefused(change)
    return snapshot


def _restorable(snapshot: dict[str, Any]) -> bool:
    return (
        snapshot.get("version") == _SNAPSHOT_VERSION
        and isinstance(snapshot.get("before"), list)
        and isinstance(snapshot.get("created"), list)
    )


def _identities(snapshot: dict[str, Any]) -> list[tuple[str, Any]]:
    """(model label, pk) of every row the snapshot concerns: the changed ones, then created."""
    return [(row["model"], row["pk"]) for row in snapshot["before"]] + [
        (label, pk) for label, pk in snapshot["created"]
    ]


def _images(identities: list[tuple[str, Any]]) -> list[dict[str, Any] | None]:
    """Each row as it is now (serialised), None for a row that no longer exists."""
    images: list[dict[str, Any] | None] = []
    for label, pk in identities:
        row = apps.get_model(label).objects.filter(pk=pk).first()
        images.append(None if row is None else json.loads(serializers.serialize("json", [row]))[0])
    return images


def _changed_since(snapshot: dict[str, Any]) -> str | None:
    """Why the undo would not put back the state the event left (None when it would): a row
    the event created or changed vanished or appeared, changed again in a field the event
    changed (fields that move on their own, timestamps and the revision, aside), or a row the
    event rests on changed at all."""
    befores = [*snapshot["before"], *[None] * len(snapshot["created"])]
    nows = _images(_identities(snapshot))
    for before, after, now in zip(befores, snapshot["after"], nows, strict=True):
        if (after is None) != (now is None):
            return (
                "What this event changed no longer exists as it left it (a draft paired again "
                "replaces its boards): there is nothing to undo it on."
            )
        if (
            after is not None
            and now is not None
            and any(
                now["fields"].get(name) != after["fields"][name]
                for name in _event_fields(before, after)
            )
        ):
            return (
                "What this event changed was changed again since: undoing it would "
                "overwrite the later change."
            )
    rests_on = snapshot.get("rests_on", [])
    nows = _images([(row["model"], row["pk"]) for row in rests_on])
    for then, now in zip(rests_on, nows, strict=True):
        if now is None or _steady(then) != _steady(now):
            name = apps.get_model(then["model"])._meta.verbose_name
            return (
                f"The {name} this event concerns changed since (published, paired again or "
                "completed): undoing the event now would change more than the event did."
            )
    return None


def _event_fields(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The fields of a row the event changed (all of a row it created), those that move on
    their own aside."""
    return [
        name
        for name, value in after["fields"].items()
        if (before is None or before["fields"].get(name) != value)
        and name not in _KEPT_CURRENT
        and not _automatic(after["model"], name)
    ]


def _steady(image: dict[str, Any]) -> dict[str, Any]:
    return {
        name: value
        for name, value in image["fields"].items()
        if name not in _KEPT_CURRENT and not _automatic(image["model"], name)
    }


def _restore(snapshot: dict[str, Any]) -> None:
    """Put the before-image back: a row the event deleted is re-created as it was; a row that
    still exists gets back only the fields the event changed (unique numbers parked first)."""
    befores = snapshot["before"]
    updates: list[tuple[models.Model, list[str]]] = []
    for before, after, restored in zip(
        befores,
        snapshot["after"][: len(befores)],
        serializers.deserialize("json", json.dumps(befores)),
        strict=True,
    ):
        row = restored.object
        current = type(row)._default_manager.filter(pk=row.pk).first()
        if current is None:
            _keep_current(row)
            restored.save()
            continue
        names = _event_fields(before, after) if after is not None else []
        fields = {field.name: field.attname for field in type(row)._meta.concrete_fields}
        for name in names:
            setattr(current, fields[name], getattr(row, fields[name]))
        updates.append((current, names))
    for current, names in updates:
        parked = [name for name in names if name in _unique_numbers(type(current))]
        if parked:
            type(current)._default_manager.filter(pk=current.pk).update(
                **{name: F(name) + _PARKED for name in parked}
            )
    for current, names in updates:
        if names:
            _keep_current(current)
            current.save(update_fields=[*names, *_automatic_names(type(current))])


def _unique_numbers(model: type[models.Model]) -> set[str]:
    """Integer fields of `model` (not its key) that take part in a uniqueness constraint."""
    unique = {field.name for field in model._meta.concrete_fields if field.unique}
    for constraint in model._meta.constraints:
        if isinstance(constraint, models.UniqueConstraint):
            unique.update(constraint.fields)
    return {
        field.name
        for field in model._meta.concrete_fields
        if field.name in unique and isinstance(field, models.IntegerField) and not field.primary_key
    }


def _automatic_names(model: type[models.Model]) -> list[str]:
    return [f.name for f in model._meta.concrete_fields if getattr(f, "auto_now", False)]


def _automatic(label: str, name: str) -> bool:
    field = apps.get_model(label)._meta.get_field(name)
    return bool(getattr(field, "auto_now", False))


def _keep_current(row: models.Model) -> None:
    """Before an undo saves `row` back: keep its current revision, stamp `auto_now` fields."""
    model = type(row)
    for field in model._meta.concrete_fields:
        if field.name in _KEPT_CURRENT:
            current = model._default_manager.filter(pk=row.pk).values_list(field.attname).first()
            if current is not None:
                setattr(row, field.attname, current[0])
        elif getattr(field, "auto_now", False):
            setattr(row, field.attname, timezone.now())
