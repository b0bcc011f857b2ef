"""The row count of every model of the project's apps: a refused import must leave them all."""

from __future__ import annotations

from django.apps import apps

APPS = ("tournaments", "pairing", "auth")
NOT_DATA = ("tournaments.BackgroundJob",)
"""The background jobs record the upload and its refusal (issue 30): not tournament data."""


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for app in APPS
        for model in apps.get_app_config(app).get_models()
        if model._meta.label not in NOT_DATA
    }
