from __future__ import annotations

from django.apps import AppConfig


class HubConfig(AppConfig):
    name = "hub"
