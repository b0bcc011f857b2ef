"""Online entries (issue 32): the event's entry desk (the form's window and the organiser's
optional questions), each section's cap and fee, and the entries themselves with their fee.

The rules an entry is checked by are `tournaments.domain.entries`; the use cases
`tournaments.services.entries`. Amounts are integers in the currency's smallest unit (cents).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.domain.entries import EntryStatus as DomainEntryStatus
from tournaments.domain.entries import FeeStatus as DomainFeeStatus
from tournaments.models.events import Event
from tournaments.models.players import Player, Sex, Title
from tournaments.models.tournament import MAX_RATING, Tournament

MAX_QUESTIONS = 6
"""How many optional questions (club, category, T-shirt size...) the organiser may add."""


class EntryStatus(models.TextChoices):
    PENDING = DomainEntryStatus.PENDING.value, _("Awaiting approval")
    WAITING = DomainEntryStatus.WAITING.value, _("Waiting list")
    APPROVED = DomainEntryStatus.APPROVED.value, _("Approved")
    REFUSED = DomainEntryStatus.REFUSED.value, _("Refused")


class FeeStatus(models.TextChoices):
    DUE = DomainFeeStatus.DUE.value, pgettext_lazy("entry fee", "Due")
    PAID = DomainFeeStatus.PAID.value, pgettext_lazy("entry fee", "Paid")
    WAIVED = DomainFeeStatus.WAIVED.value, pgettext_lazy("entry fee", "Waived")


class EntryDesk(models.Model):
    """The event's public entry form: when it is open, the organiser's optional questions and
    the currency of its fees. No desk, or no opening time: the form is closed."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="entry_desk")
    opens_at = models.DateTimeField(null=True, blank=True)
    closes_at = models.DateTimeField(null=True, blank=True)
    questions = models.JSONField(
        default=list,
        blank=True,
        help_text="The labels of the optional questions the form asks (club, category...).",
    )
    currency = models.CharField(max_length=3, default="EUR")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True)
                | Q(closes_at__isnull=True)
                | Q(closes_at__gt=F("opens_at")),
                name="entry_desk_closes_after_opening",
            ),
        ]

    def __str__(self) -> str:
        return f"entry desk of {self.event}"


class SectionEntryTerms(models.Model):
    """A section's cap (entries past it wait) and entry fee."""

    section = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="entry_terms")
    cap = models.PositiveIntegerField(
        null=True, blank=True, help_text="The most players the section takes; empty: no cap."
    )
    fee = models.PositiveIntegerField(default=0, help_text="The entry fee, in cents.")

    def __str__(self) -> str:
        return f"entry terms of {self.section}"


class Entry(models.Model):
    """One player's entry to a section of an event, as the form received it, then decided."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    section = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(
        max_length=8, choices=EntryStatus.choices, default=EntryStatus.PENDING
    )
    name = models.CharField(max_length=100, help_text="Lastname, Firstname")
    fide_id = models.CharField(max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_RATING)],
        help_text="The FIDE rating the section uses, from the list in force; 0 unrated.",
    )
    email = models.EmailField(help_text="Never shown on a public page.")
    answers = models.JSONField(
        default=dict, blank=True, help_text="The answers to the organiser's questions."
    )
    player = models.OneToOneField(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="entry"
    )
    created = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    fee_status = models.CharField(max_length=6, choices=FeeStatus.choices, default=FeeStatus.DUE)
    fee_amount = models.PositiveIntegerField(
        default=0, help_text="Due (or paid) in cents; 0 when waived."
    )
    fee_method = models.CharField(
        max_length=60, blank=True, help_text="How it was paid (cash, bank transfer...)."
    )
    fee_note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["section", "created", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "fide_id"],
                condition=~Q(fide_id="") & ~Q(status=EntryStatus.REFUSED),
                name="entry_one_live_entry_per_fide_id",
            ),
            models.CheckConstraint(
                condition=Q(rating__lte=MAX_RATING), name="entry_rating_in_range"
            ),
            models.CheckConstraint(
                condition=Q(status=EntryStatus.APPROVED) | Q(player__isnull=True),
                name="entry_player_only_when_approved",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} → {self.section_id} ({self.status})"

    @property
    def fee_text(self) -> str:
        """The fee's amount as typed and exported: 1250 → "12.50"."""
        return f"{self.fee_amount // 100}.{self.fee_amount % 100:02d}"
