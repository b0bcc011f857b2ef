"""The rank column of every exported TRF (columns 86-89): the standings order under the
tournament's tie-break list (FIDE checklist Q217; TRF16 and TRF-2026 player records).

The standings are the standings app's; this app may not import it, so the standings app
registers its ranking here when Django starts (`register_trf_ranker`), as the pairing app
registers the import's engine check. The ranking gives each pairing number the player's place
after the last completed round: tied players share it (C.07 4.2), the seeded drawing of lots
separates them when the tournament asks for it, and a player the standings leave out (an
expelled player, Q198; a round robin's player whose results do not count, C.06 V.4) gets rank 0,
which TRF reads as unranked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tournaments.models import Tournament

TrfRanker = Callable[[Tournament], Mapping[int, int]]
"""Pairing number → rank (0: unranked) after the last completed round."""

_rankers: list[TrfRanker] = []


def register_trf_ranker(ranker: TrfRanker) -> None:
    """Make `ranker` the one every exported TRF takes its ranks from (the standings app)."""
    _rankers[:] = [ranker]


def trf_ranks(tournament: Tournament) -> Mapping[int, int] | None:
    """The ranks the exported files write; None when no standings app is installed (then the
    writer ranks by points, then pairing number)."""
    return _rankers[0](tournament) if _rankers else None
