"""What every service of every app starts from: the tournament lock and the audit trail."""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Confirmation, Confirmed, Level
from tournaments.exceptions import ActionRefused, ConfirmationInvalid, ConfirmationRequired
from tournaments.models import (
    AuditEntry,
    Tournament,
)
from tournaments.versions import forget_versions


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the end of the transaction (one writer at a time)."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def unique_tournament_slug(name: str, also_taken: Collection[str] = ()) -> str:
    """A slug for a new tournament named `name`, unused so far (and never `new`, a page, nor
    one of `also_taken`)."""
    base = slugify(name)[:70].strip("-") or "tournament"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    taken |= {"new", *also_taken}
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


SLUG_ATTEMPTS = 20
"""How many slugs a new tournament tries when others take them at the same moment."""


def tournament_insert(tournament: Tournament, *, name: str) -> Tournament:
    """Insert a new tournament under the first free slug for `name`.

    Two tournaments created with the same name at once both find the same slug free; the
    unique constraint lets the first insert in and refuses the other, which then takes the next
    free slug. The insert runs in a savepoint, so the caller's transaction goes on. Any other
    refusal of the database (and a slug still taken after `SLUG_ATTEMPTS`) is raised as it is.
    """
    refused: list[str] = []
    for attempt in range(SLUG_ATTEMPTS):
        tournament.slug = unique_tournament_slug(name, refused)
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
        except IntegrityError:
            taken = Tournament.objects.filter(slug=tournament.slug).exists()
            if not taken or attempt == SLUG_ATTEMPTS - 1:
                raise
            refused.append(tournament.slug)
        else:
            return tournament
    raise AssertionError("unreachable")  # the loop returns or raises


def require_confirmation(warning: ActionWarning | None, confirmed: Confirmed | None) -> None:
    """Go on only when `warning` is absent or the arbiter confirmed at its level (Q218-Q221).

    Raises `ActionRefused` for Level 5 and `ConfirmationRequired` when `confirmed` is missing or
    lower than the warning's level. Services call this before changing anything.
    """
    if warning is None:
        return
    if warning.level is Level.REFUSED:
        raise ActionRefused(warning)
    level = confirmed.level if isinstance(confirmed, Confirmation) else confirmed
    if level is None or level < warning.level:
        raise ConfirmationRequired(warning)
    if isinstance(confirmed, Confirmation):
        _check_still_current(confirmed)


def _check_still_current(confirmed: Confirmation) -> None:
    """The tournament's revision now, read under the caller's lock, is the confirmed one."""
    current = (
        Tournament.objects.filter(pk=confirmed.tournament_id)
        .values_list("revision", flat=True)
        .first()
    )
    if current != confirmed.revision:
        raise ConfirmationInvalid(
            _(
                "The tournament changed while you were confirming: nothing was done. Check and "
                "confirm again."
            )
        )


def audit(
    *,
    tournament: Tournament,
    by: User | None,
    entity: str,
    entity_id: int | None,
    old: str = "",
    new: str = "",
    note: str = "",
) -> AuditEntry:
    """Record one change in the tournament's audit trail; the tournament's revision moves on, so
    a confirmation given before the change no longer holds."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    tournament.refresh_from_db(fields=["revision"])  # a later save() keeps the new revision
    forget_versions(tournament)  # the public pages' versions, once this commits (issue 22)
    return AuditEntry.objects.create(
        tournament=tournament,
        user=by,
        entity=entity,
        entity_id=entity_id,
        old_value=old,
        new_value=new,
        note=note,
    )
