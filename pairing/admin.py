"""Django admin for pairing runs: read-only (runs change only through the services)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from pairing.models import PairingRun

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin
else:
    # Generic for the type checker only (django-stubs); at run time subscripting returns the class.

    class ModelAdmin(admin.ModelAdmin):
        def __class_getitem__(cls, _: Any) -> type:
            return cls


@admin.register(PairingRun)
class PairingRunAdmin(ModelAdmin[PairingRun]):
    list_display = ["id", "round", "status", "requested_by", "attempts", "created", "finished_at"]
    list_filter = ["status"]
    list_select_related = ["round", "round__tournament", "requested_by"]
    readonly_fields = [field.name for field in PairingRun._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: PairingRun | None = None) -> bool:
        return False
