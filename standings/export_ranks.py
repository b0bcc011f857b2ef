"""The rank column of the tournament's exported TRF files (FIDE checklist Q217): the standings
order under the tournament's tie-break list: the `TrfRanker` that `tournament_trf_report`
requires, passed to it explicitly by config/urls.py (the export pages) and by this app's
`export_trf` command; nothing registers it (issue 28)."""

from __future__ import annotations

from standings.selectors import tournament_standings
from tournaments.models import Tournament


def trf_ranks(tournament: Tournament) -> dict[int, int]:
    """Each pairing number's place in the standings after the last completed round, under the
    tournament's tie-break list (shared places shared; the drawing of lots when the tournament
    asks for it); 0 for a player the standings leave out (expelled, or a round robin's
    cancelled player)."""
    standings = tournament_standings(tournament=tournament)
    ranks = dict.fromkeys(
        tournament.players.values_list("pairing_number", flat=True).order_by("pairing_number"), 0
    )
    if standings.after_round == 0:
        return ranks
    return ranks | {line.player.pairing_number: line.rank for line in standings.lines}
