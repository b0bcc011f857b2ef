"""Tie-break codes and modifiers, written as in the TEC TRF-2026 notation (C.07 5, 14).

`BH/C1` is Buchholz Cut-1, `BH/M2` Buchholz Median-2, `KS/L+1` Koya with the threshold moved
up by one half point, `TPN/R` the pairing number with the higher one first. `parse_code` turns
such a string into a `TiebreakCode`; which codes exist and which modifiers each takes is the
menu of `tournaments.domain.tiebreaks`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tournaments.domain.tiebreaks import TiebreakCodeError, parse_tiebreak


class UnknownTiebreak(ValueError):
    """A tie-break code that is not in the C.07 menu, or a modifier it does not accept."""


class Family(enum.Enum):
    """The individual tie-breaks of C.07 art. 5, plus PTS and the helpers VUR, ABH, AFB, RTG."""

    PTS = "PTS"
    DE = "DE"  # 6 direct encounter
    WIN = "WIN"  # 7.1
    WON = "WON"  # 7.2
    BPG = "BPG"  # 7.3
    BWG = "BWG"  # 7.4
    PS = "PS"  # 7.5
    GE = "GE"  # 7.6 (2023 name)
    REP = "REP"  # 7.6 (2024 name of GE)
    VUR = "VUR"  # helper: number of voluntary unplayed rounds
    BH = "BH"  # 8.1
    AOB = "AOB"  # 8.2
    FB = "FB"  # 8.3
    SB = "SB"  # 9.1
    KS = "KS"  # 9.2
    ARO = "ARO"  # 10.1
    TPR = "TPR"  # 10.2
    PTP = "PTP"  # 10.3
    APRO = "APRO"  # 10.4
    APPO = "APPO"  # 10.5
    ABH = "ABH"  # helper: the adjusted score a player gives to its opponents (16)
    AFB = "AFB"  # helper: the same for Fore Buchholz
    RTG = "RTG"  # helper: the player's rating
    STD = "STD"  # TRF-2026: standard points
    TPN = "TPN"  # TRF-2026: pairing number
    RTNG = "RTNG"  # TRF-2026: rating
    MAN = "MAN"  # VCL Q207: a value computed elsewhere, entered by the arbiter


HELPERS = frozenset({Family.VUR, Family.ABH, Family.AFB, Family.RTG})
"""Values the tie-breaks compute on the way (C.07 16) and the reference tool reports; they are
not on the C.07 menu a tournament chooses from."""


@dataclass(frozen=True, slots=True)
class TiebreakCode:
    """One entry of the ordered tie-break list (C.07 4.1) with its modifier (C.07 14).

    `cut_low`/`cut_high` count the least / most significant values removed (Cut-n: n and 0;
    Median-n: n and n). `limit` moves the Koya threshold, in half-point steps (14.5).
    `reverse` is TRF-2026's `/R` of TPN and RTNG.
    """

    family: Family
    cut_low: int = 0
    cut_high: int = 0
    limit: int = 0
    reverse: bool = False

    text: str = field(init=False, compare=False)
    """The code as written on the command line and in the JSON output (`BH/C1`)."""

    def __post_init__(self) -> None:
        # A frozen dataclass sets a derived field this way; the text is read in hot loops.
        object.__setattr__(self, "text", self._written())

    def _written(self) -> str:
        if self.cut_high:
            return f"{self.family.value}/M{self.cut_high}"
        if self.cut_low:
            return f"{self.family.value}/C{self.cut_low}"
        if self.limit:
            return f"{self.family.value}/L{self.limit:+d}"
        if self.reverse:
            return f"{self.family.value}/R"
        return self.family.value

    @property
    def ascending(self) -> bool:
        """The lower value ranks higher: TPN, and RTNG/R (TRF-2026); every other code ranks
        the higher value first."""
        return (self.family is Family.TPN) != self.reverse

    def __str__(self) -> str:
        return self.text


def parse_code(text: str) -> TiebreakCode:
    """Read a code such as `BH`, `BH/C1`, `SB/M2` or `KS/L-1` against the C.07 menu
    (`tournaments.domain.tiebreaks`); a code the menu only records (team tie-breaks, score
    selectors) is refused here, as the standings do not compute it. The helper values (`HELPERS`)
    are read too, for the command line and the reference comparisons; no tournament lists them."""
    helper = next((family for family in HELPERS if family.value == text.strip().upper()), None)
    if helper is not None:
        return TiebreakCode(helper)
    try:
        parsed = parse_tiebreak(text)
    except TiebreakCodeError as error:
        raise UnknownTiebreak(str(error)) from None
    if not parsed.computed:
        raise UnknownTiebreak(
            f"{text.strip()!r} is recorded, not computed (C.07 12-13: team events)"
        )
    return TiebreakCode(
        Family(parsed.definition.code),
        cut_low=parsed.cut_low,
        cut_high=parsed.cut_high,
        limit=parsed.limit,
        reverse=parsed.reverse,
    )


def parse_codes(text: str) -> tuple[TiebreakCode, ...]:
    """Read a comma-separated ordered list such as `PTS,BH/C1,BH,SB,DE`."""
    return tuple(parse_code(part) for part in text.split(",") if part.strip())
