from __future__ import annotations

from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"
