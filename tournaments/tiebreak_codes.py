"""The tie-break codes a tournament may list (FIDE C.07, 2023; TRF-2026 lines 202/212 notation).

A code is a base tie-break, an optional score selector and optional modifiers, written as in the
TEC TRF-2026 list: `BH`, `BH/C1`, `BH:GP/M2/P`, `KS/L+1`, `PS/C1`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.core.exceptions import ValidationError

BASE_CODES: frozenset[str] = frozenset(
    {
        "PTS",  # the score itself (line 212)
        "DE",  # 6 Direct encounter
        "WIN",  # 7.1 Number of wins
        "WON",  # 7.2 Number of games won over the board
        "BPG",  # 7.3 Games played with Black
        "BWG",  # 7.4 Games won with Black
        "PS",  # 7.5 Progressive scores
        "GE",  # 7.6 Games one elected to play
        "REP",  # 7.6 Rounds one elected to play (2024 name of GE)
        "BH",  # 8.1 Buchholz
        "AOB",  # 8.2 Average of opponents' Buchholz
        "FB",  # 8.3 Fore Buchholz
        "SB",  # 9.1 Sonneborn-Berger
        "KS",  # 9.2 Koya
        "ARO",  # 10.1 Average rating of opponents
        "TPR",  # 10.2 Tournament performance rating
        "PTP",  # 10.3 Perfect tournament performance
        "APRO",  # 10.4 Average performance rating of opponents
        "APPO",  # 10.5 Average perfect performance of opponents
        "BC",  # 12.1 Board count
        "TBR",  # 12.2 Top board result
        "BBE",  # 12.3 Bottom board elimination
        "MPVGP",  # 13.1 Match points versus game points (written MPvGP)
        "EMMSB",  # 13.2 Extended Sonneborn-Berger variants
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "EDE",  # 13.3 Extended direct encounter
        "EDET",
        "EDEB",
        "EDEBT",
        "EDEBB",
        "SSSC",  # 13.4 Scores and schedule strength combination
    }
)

_CODE = re.compile(
    r"^(?P<base>[A-Za-z]+)(?::(?:MP|GP))?(?:/(?:C1|C2|M1|M2|P|L[+-]?\d+))*$",
)


def is_known_tiebreak(code: str) -> bool:
    """Whether `code` is a known C.07 tie-break with well-formed modifiers."""
    match = _CODE.match(code)
    return match is not None and match.group("base").upper() in BASE_CODES


def validate_tiebreak_codes(value: object) -> None:
    """Field validator: a list of known tie-break codes, each listed once."""
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError("The tie-breaks must be a list of codes such as BH/C1, BH, SB.")
    unknown = [code for code in value if not is_known_tiebreak(code)]
    if unknown:
        raise ValidationError(
            "Unknown tie-break code(s): %(codes)s.",
            params={"codes": ", ".join(unknown)},
            code="unknown_tiebreak",
        )
    if len(set(_repeatable_removed(value))) != len(_repeatable_removed(value)):
        raise ValidationError("A tie-break is listed twice.", code="duplicate_tiebreak")


def _repeatable_removed(codes: Iterable[str]) -> list[str]:
    """The codes without DE/EDE, which C.07 6 allows to appear more than once."""
    return [code for code in codes if code.upper() not in {"DE", "EDE"}]
