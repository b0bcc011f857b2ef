from __future__ import annotations

from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"

    def ready(self) -> None:
        """Every TRF import checks its recorded rounds with the engine (VCL4THP Q54), and
        reads a round robin's file as one (C.05 Annex 1)."""
        from pairing.services.import_check import check_recorded_rounds, read_round_robin
        from tournaments.services.trf_import import (
            register_round_checker,
            register_round_robin_reader,
        )

        register_round_checker(check_recorded_rounds)
        register_round_robin_reader(read_round_robin)
