"""Django admin for pairing runs: read-only like every tournament model (`tournaments.admin`):
a run changes only through the pairing services."""

from __future__ import annotations

from django.contrib import admin

from pairing.models import PairingRun
from tournaments.admin import ReadOnlyAdmin


@admin.register(PairingRun)
class PairingRunAdmin(ReadOnlyAdmin[PairingRun]):
    list_display = ["id", "round", "status", "requested_by", "attempts", "created", "finished_at"]
    list_filter = ["status"]
    list_select_related = ["round", "round__tournament", "requested_by"]
