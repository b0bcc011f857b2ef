"""Tournaments for the hub's tests: the worked example imported from its TRF, finished (six
rounds) or before round 3 (two rounds completed), with FIDE IDs given to some players."""

from __future__ import annotations

from pathlib import Path

from pairing.services.trf_import import tournament_import_trf
from tournaments.models import Tournament

WORKED_EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "reference" / "worked-example"
FINISHED = WORKED_EXAMPLE / "tournament.trf"
BEFORE_ROUND_3 = WORKED_EXAMPLE / "rounds" / "round-3-input.trf"


def imported(
    slug: str, path: Path = FINISHED, fide_ids: dict[int, str] | None = None
) -> Tournament:
    """The tournament of `path` under `slug`; `fide_ids` gives players (by pairing number)
    a FIDE ID."""
    tournament = tournament_import_trf(text=path.read_text(encoding="utf-8"), slug=slug)
    for number, fide_id in (fide_ids or {}).items():
        tournament.players.filter(pairing_number=number).update(fide_id=fide_id)
    return tournament
