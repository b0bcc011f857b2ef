from __future__ import annotations

from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
