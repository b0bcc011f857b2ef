"""The ranks a TRF file's own tie-break list gives its players (C.07 4.2; TRF-2026 `212`/`202`).

What `python -m standings FILE --check` compares the file's rank column (TRF16 columns 86-89)
with, and what the random tournament generator writes into it (`python -m pairing -g`, VCL
Q31: the final ranks follow the tie-break list written in the file). The C.07 edition is the
one in force on the file's start date (`042`), the newest without a date.

Pure Python: a `TrfDocument` in, the ranks out. The generator receives `file_ranks` from the
engine's command line (`pairing.cli`), the one place where pairing and standings meet
(docs/architecture.md).
"""

from __future__ import annotations

import datetime
import re

from standings.tiebreaks import (
    Edition,
    TiebreakCode,
    UnknownTiebreak,
    compute_standings,
    edition_in_force,
    parse_codes,
)
from tournaments.domain.roundrobin import (
    cancelled_players,
    round_robin_cycles,
    standings_state,
    withdrawn_in_file,
)
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.domain.trf import TrfDocument, tournament_state_from_trf

_ISO_DATE = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")
_EUROPEAN_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")


def start_date(doc: TrfDocument) -> datetime.date | None:
    """The tournament's start date (`042`: YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY), if valid."""
    text = (doc.start_date or "").strip()
    if match := _ISO_DATE.fullmatch(text):
        year, month, day = match.groups()
    elif match := _EUROPEAN_DATE.fullmatch(text):
        day, month, year = match.groups()
    else:
        return None
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError:
        return None


def default_edition(doc: TrfDocument) -> Edition:
    """The edition in force on the start date; the newest one without a date."""
    start = start_date(doc)
    return edition_in_force(start) if start is not None else Edition.C07_2026


def tiebreak_list(text: str | None, doc: TrfDocument) -> tuple[TiebreakCode, ...]:
    """The tie-break list `text` (comma-separated), else the file's own (`212`, else `202`);
    UnknownTiebreak when there is none or a code is not one the standings compute."""
    if text is None:
        listed = doc.standings_tie_breaks or doc.tie_breaks
        if not listed:
            raise UnknownTiebreak("the file lists no tie-breaks: give --tiebreaks")
        text = ",".join(listed)
    return parse_codes(text)


def ranked_state(doc: TrfDocument, state: TournamentState) -> tuple[TournamentState, bool]:
    """The state the standings rank, and whether the file is a round robin (`092`,
    `round_robin_cycles`): a round robin's players who withdrew having completed less than
    half of their games are left out, with every game against them (C.06 V.4 a;
    `withdrawn_in_file`), and its tie-breaks follow C.07 15.2."""
    cycles = round_robin_cycles(doc.tournament_type)
    if cycles is None:
        return state, False
    cancelled = cancelled_players(state, withdrawn_in_file(state), cycles=cycles)
    return standings_state(state, cancelled), True


def file_ranks(doc: TrfDocument) -> dict[PlayerId, int]:
    """Each player's rank after the file's last round under its own tie-break list, ties left
    after the list broken by the seeded drawing of lots (C.07; `standings.tiebreaks.ranking`).
    A round robin is ranked as the web application ranks it (`ranked_state`); the players its
    50 % rule leaves out get rank 0 (unranked)."""
    state, round_robin = ranked_state(doc, tournament_state_from_trf(doc))
    standings = compute_standings(
        state, tiebreak_list(None, doc), edition=default_edition(doc), round_robin=round_robin
    )
    ranks = dict.fromkeys((player.pairing_number for player in doc.players), 0)
    return ranks | {row.player_id: row.rank for row in standings.rows}
