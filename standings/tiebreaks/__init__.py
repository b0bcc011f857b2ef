"""C.07 tie-breaks (FIDE Tie-Break Regulations), pure Python: no Django, no I/O, no floats.

`compute_standings(state, parse_codes("PTS,BH/C1,BH,SB,DE"), edition=Edition.C07_2024)` ranks
the players of a `TournamentState`; `Standings.breakdown(player, code)` shows the working.
"""

from __future__ import annotations

from .breakdown import Breakdown, Contribution, Cut, CutReason, Source
from .codes import Family, TiebreakCode, UnknownTiebreak, parse_code, parse_codes
from .editions import Edition, edition_in_force
from .ranking import Row, Standings, compute_standings, lot
from .results import Results

__all__ = [
    "Breakdown",
    "Contribution",
    "Cut",
    "CutReason",
    "Edition",
    "Family",
    "Results",
    "Row",
    "Source",
    "Standings",
    "TiebreakCode",
    "UnknownTiebreak",
    "compute_standings",
    "edition_in_force",
    "lot",
    "parse_code",
    "parse_codes",
]
