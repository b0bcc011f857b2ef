"""Federation officers: the users who check and file the tournaments of a federation.

An officer belongs to one or more federations (one row each) and reads every report of a
tournament whose `federation` is one of theirs, whoever organised it; an officer changes
nothing. Staff accounts appoint officers in the admin.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models


class FederationOfficer(models.Model):
    """A user appointed rating officer of one federation (its FIDE code, e.g. `FRA`)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_offices"
    )
    federation = models.CharField(
        max_length=3,
        validators=[RegexValidator(r"^[A-Z]{3}$", "Three capital letters, e.g. FRA.")],
        help_text="The federation's three-letter FIDE code, e.g. FRA.",
    )
    appointed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["federation", "user_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "federation"], name="one_office_per_user_and_federation"
            ),
            models.CheckConstraint(
                condition=models.Q(federation__regex=r"^[A-Z]{3}$"),
                name="federation_officer_code_is_three_capitals",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} officer of {self.federation}"
