from __future__ import annotations

from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"

    def ready(self) -> None:
        """Every exported TRF writes the standings' ranks in its rank column (VCL4THP Q217)."""
        from standings.export_ranks import trf_ranks
        from tournaments.selectors.trf_ranks import register_trf_ranker

        register_trf_ranker(trf_ranks)
