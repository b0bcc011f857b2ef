from __future__ import annotations

from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"

    def ready(self) -> None:
        """Every TRF import checks its recorded rounds with the engine (VCL4THP Q54)."""
        from pairing.services.import_check import check_recorded_rounds
        from tournaments.services.trf_import import register_round_checker

        register_round_checker(check_recorded_rounds)
