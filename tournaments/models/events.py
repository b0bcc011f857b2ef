"""Events: several sections (each a `Tournament`) under one name, place and organiser (issue 32).

A tournament with no event stands alone as before; one in an event is a section of it, with its
own system, rounds and settings. Roles given in the event (`EventRole`) reach every section:
its arbiters arbitrate them all, its organisers manage the event itself.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    """An event as organisers run it: one name, place and dates, one or more sections."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    place = models.CharField(max_length=100, blank=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    organiser = models.CharField(
        max_length=200, blank=True, help_text="Who organises the event (a club, a federation)."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start_date__isnull=True)
                | Q(end_date__isnull=True)
                | Q(end_date__gte=F("start_date")),
                name="event_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class EventRoleKind(models.TextChoices):
    """A user's role in an event. Organisers manage the event (its sections, roles and, with
    issue 32's entries, its entry desk); the chief arbiter and the deputies arbitrate every
    section. A user may hold several roles (an organiser who is also the chief arbiter)."""

    ORGANISER = "organiser", _("Organiser")
    CHIEF = "chief", _("Chief arbiter")
    DEPUTY = "deputy", _("Deputy arbiter")


ARBITER_KINDS = (EventRoleKind.CHIEF, EventRoleKind.DEPUTY)
"""The event roles that arbitrate every section."""


class EventRole(models.Model):
    """A user's role in one event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=9, choices=EventRoleKind.choices)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user", "role"], name="event_role_once_per_user"
            ),
            models.UniqueConstraint(
                fields=["event"],
                condition=Q(role=EventRoleKind.CHIEF),
                name="event_one_chief_arbiter",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.role} of event {self.event_id}"


class EventAuditEntry(models.Model):
    """One recorded change of an event itself (its details, sections and roles); a section's
    own changes, a move between sections included, are in the section's audit trail."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)
    entity = models.CharField(max_length=32, help_text="What changed, e.g. event, section, role.")
    entity_id = models.PositiveBigIntegerField(null=True, blank=True)
    old_value = models.TextField(blank=True)
    new_value = models.TextField(blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "event audit entries"

    def __str__(self) -> str:
        return f"{self.entity} {self.entity_id}: {self.old_value!r} → {self.new_value!r}"
