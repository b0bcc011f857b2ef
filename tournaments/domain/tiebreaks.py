"""The tie-break menu: every C.07 code a tournament may list, in TRF-2026 notation (lines 202/212).

The one source of tie-break codes. A code is a base acronym, an optional score selector and
optional modifiers: `BH`, `BH/C1`, `SB/M2`, `KS/L+1`, `BH:GP/C1/P`, `TPN/R`. The form, the model's
validator, the TRF import and the standings (`standings.tiebreaks.parse_code`) all read this
table; the standings compute the codes marked `computed` (the individual tie-breaks of C.07 6-10)
and name the others as recorded but not computed (team tie-breaks of C.07 12-13, score
selectors and the `/P` flag, which only team events use).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop


@dataclass(frozen=True, slots=True)
class TiebreakDefinition:
    """One tie-break of the C.07 list (art. 5): its acronym, name and article.

    `computed`: the standings compute it. `cuttable`: it takes Cut-n / Median-n (C.07 14.1-14.2).
    `limit`: it takes a Koya limit `L±n` (C.07 14.5). `reversible`: it takes `/R`, which
    reverses its order (TRF-2026 TPN and RTNG).
    """

    code: str
    name: str
    article: str
    computed: bool = True
    cuttable: bool = False
    limit: bool = False
    reversible: bool = False


TIEBREAKS: tuple[TiebreakDefinition, ...] = (
    TiebreakDefinition("PTS", "Points", "4.1"),
    TiebreakDefinition("DE", "Direct encounter", "6"),
    TiebreakDefinition("WIN", "Number of wins", "7.1"),
    TiebreakDefinition("WON", "Number of games won over the board", "7.2"),
    TiebreakDefinition("BPG", "Number of games played with Black", "7.3"),
    TiebreakDefinition("BWG", "Number of games won with Black", "7.4"),
    TiebreakDefinition("PS", "Progressive scores", "7.5", cuttable=True),
    TiebreakDefinition("GE", "Games one elected to play", "7.6"),
    TiebreakDefinition("REP", "Rounds one elected to play", "7.6"),
    TiebreakDefinition("BH", "Buchholz", "8.1", cuttable=True),
    TiebreakDefinition("AOB", "Average of opponents' Buchholz", "8.2"),
    TiebreakDefinition("FB", "Fore Buchholz", "8.3", cuttable=True),
    TiebreakDefinition("SB", "Sonneborn-Berger", "9.1", cuttable=True),
    TiebreakDefinition("KS", "Koya system", "9.2", limit=True),
    TiebreakDefinition("ARO", "Average rating of opponents", "10.1", cuttable=True),
    TiebreakDefinition("TPR", "Tournament performance rating", "10.2"),
    TiebreakDefinition("PTP", "Perfect tournament performance", "10.3"),
    TiebreakDefinition("APRO", "Average performance rating of opponents", "10.4"),
    TiebreakDefinition("APPO", "Average perfect performance of opponents", "10.5"),
    # The TRF-2026 order codes (C.07 of 1 March 2026): standard points (1 / ½ / 0 whatever the
    # scoring), the pairing number (lower first) and the rating (higher first).
    TiebreakDefinition("STD", "Standard points", "TRF-2026"),
    TiebreakDefinition("TPN", "Pairing number", "TRF-2026", reversible=True),
    TiebreakDefinition("RTNG", "Rating", "TRF-2026", reversible=True),
    # A value computed elsewhere (another program, a playoff's order) that the arbiter enters
    # for each player (checklist Q207); not a C.07 code, so other programs do not know it.
    TiebreakDefinition("MAN", "Manual tie-break (values entered by the arbiter)", "VCL Q207"),
    TiebreakDefinition("BC", "Board count (team knock-out)", "12.1", computed=False),
    TiebreakDefinition("TBR", "Top board result (team knock-out)", "12.2", computed=False),
    TiebreakDefinition("BBE", "Bottom board elimination (team knock-out)", "12.3", computed=False),
    TiebreakDefinition("MPvGP", "Match points versus game points (team)", "13.1", computed=False),
    TiebreakDefinition("EMMSB", "Extended Sonneborn-Berger MM (team)", "13.2", computed=False),
    TiebreakDefinition("EMGSB", "Extended Sonneborn-Berger MG (team)", "13.2", computed=False),
    TiebreakDefinition("EGMSB", "Extended Sonneborn-Berger GM (team)", "13.2", computed=False),
    TiebreakDefinition("EGGSB", "Extended Sonneborn-Berger GG (team)", "13.2", computed=False),
    TiebreakDefinition("EDE", "Extended direct encounter (team)", "13.3", computed=False),
    TiebreakDefinition("EDET", "Extended direct encounter, teams (team)", "13.3", computed=False),
    TiebreakDefinition("EDEB", "Extended direct encounter, boards (team)", "13.3", computed=False),
    TiebreakDefinition("EDEBT", "Extended direct encounter, BT (team)", "13.3", computed=False),
    TiebreakDefinition("EDEBB", "Extended direct encounter, BB (team)", "13.3", computed=False),
    TiebreakDefinition("SSSC", "Scores and schedule strength combination", "13.4", computed=False),
)

BY_CODE: dict[str, TiebreakDefinition] = {entry.code.upper(): entry for entry in TIEBREAKS}
"""The menu by acronym, upper-cased (TRF files write `MPvGP` and `MPVGP` alike)."""

DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")
"""The list a new tournament starts with and the standings use while none is chosen: Buchholz
Cut-1, Buchholz, Sonneborn-Berger, direct encounter, wins, games with Black (C.07 8.1, 9.1, 6,
7.1, 7.3)."""

ROUND_ROBIN_TIEBREAKS: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""The list a round robin starts with: direct encounter, wins, Sonneborn-Berger, Koya (C.07 6,
7.1, 9.1, 9.2), the order the 2017 tie-break regulations recommended for individual round
robins (C.02 13.16)."""

BUCHHOLZ_FAMILY = frozenset({"BH", "AOB", "FB"})
"""Buchholz, its average and Fore Buchholz (C.07 8): never in a round robin, where every player
meets the same opponents (C.07 8, 2026 text; VCL Q105)."""

REPEATABLE = frozenset({"DE", "EDE"})
"""Codes C.07 6 allows more than once in a list (direct encounter after each tie-break)."""

_CODE = re.compile(
    r"^(?P<base>[A-Za-z]+)(?::(?P<selector>MP|GP))?(?P<modifiers>(?:/(?:C[12]|M[12]|P|R|L[+-]?\d+))*)$",
    re.IGNORECASE,
)
_MODIFIER = re.compile(
    r"(?P<kind>[CM])(?P<n>[12])|L(?P<limit>[+-]?\d+)|(?P<reverse>R)|P", re.IGNORECASE
)


class TiebreakCodeError(ValueError):
    """A code that is not on the C.07 menu, or a modifier its tie-break does not take."""


@dataclass(frozen=True, slots=True)
class ParsedTiebreak:
    """A code read against the menu: which tie-break, with which selector and modifiers.

    `cut_low`/`cut_high` count the least / most significant values removed (Cut-n: n and 0;
    Median-n: n and n, C.07 14.1-14.2); `limit` moves the Koya threshold in half points (14.5);
    `reverse`: `/R`, the order of TPN or RTNG reversed (TRF-2026).
    """

    definition: TiebreakDefinition
    selector: str | None = None
    cut_low: int = 0
    cut_high: int = 0
    limit: int = 0
    percent_flag: bool = False
    reverse: bool = False

    @property
    def computed(self) -> bool:
        """Whether the standings compute this code (team selectors and `/P` are only recorded)."""
        return self.definition.computed and self.selector is None and not self.percent_flag


def parse_tiebreak(text: str) -> ParsedTiebreak:
    """Read one code of a 202/212 list; `TiebreakCodeError` says what is wrong with it."""
    match = _CODE.match(text.strip())
    definition = BY_CODE.get(match["base"].upper()) if match else None
    if match is None or definition is None:
        raise TiebreakCodeError(f"unknown tie-break {text!r}")
    cut_low = cut_high = limit = 0
    percent_flag = reverse = False
    for part in filter(None, match["modifiers"].split("/")):
        modifier = _MODIFIER.fullmatch(part)
        assert modifier is not None  # the code's pattern admits only these modifiers
        if modifier["reverse"] is not None:
            if not definition.reversible:
                raise TiebreakCodeError(f"only TPN and RTNG take /R (TRF-2026): {text!r}")
            reverse = True
        elif modifier["limit"] is not None:
            if not definition.limit:
                raise TiebreakCodeError(f"only KS takes a limit (C.07 14.5): {text!r}")
            limit = int(modifier["limit"])
        elif modifier["kind"] is not None:
            if not definition.cuttable:
                raise TiebreakCodeError(
                    f"{definition.code} takes no cut or median (C.07 14): {text!r}"
                )
            n = int(modifier["n"])
            cut_low, cut_high = n, n if modifier["kind"].upper() == "M" else 0
        else:
            percent_flag = True
    selector = match["selector"].upper() if match["selector"] else None
    return ParsedTiebreak(definition, selector, cut_low, cut_high, limit, percent_flag, reverse)


def tiebreak_text(code: str) -> str:
    """The canonical spelling of a code of the menu: the acronym as the menu writes it, the
    selector and modifiers upper-cased, a Koya limit signed (`ks/l1` → `KS/L+1`, `bh/c1` →
    `BH/C1`); C.07 14 lets modifiers combine in one order only, so the text is the code.
    `TiebreakCodeError` for a code not on the menu."""
    parsed = parse_tiebreak(code)
    text = parsed.definition.code
    if parsed.selector:
        text += f":{parsed.selector}"
    if parsed.cut_high:
        text += f"/M{parsed.cut_high}"
    elif parsed.cut_low:
        text += f"/C{parsed.cut_low}"
    if parsed.limit:
        text += f"/L{parsed.limit:+d}"
    if parsed.percent_flag:
        text += "/P"
    if parsed.reverse:
        text += "/R"
    return text


def menu_codes(*, round_robin: bool = False) -> tuple[str, ...]:
    """Every code the standings compute, each variant written out (C.07 14): the acronym, then
    its Cut-1, Cut-2, Median-1 and Median-2 (Buchholz, Fore Buchholz, Sonneborn-Berger, ARO,
    progressive scores), its Koya limits ±1 and ±2, its `/R`. A round robin's menu has no
    Buchholz family (C.07 8; checklist Q104, Q105, Q199)."""
    codes: list[str] = []
    for entry in TIEBREAKS:
        if not entry.computed or entry.code == "PTS":
            continue
        if round_robin and entry.code in BUCHHOLZ_FAMILY:
            continue
        codes.append(entry.code)
        if entry.cuttable:
            codes += [f"{entry.code}/{modifier}" for modifier in ("C1", "C2", "M1", "M2")]
        if entry.limit:
            codes += [f"{entry.code}/L{limit:+d}" for limit in (1, 2, -1, -2)]
        if entry.reversible:
            codes.append(f"{entry.code}/R")
    return tuple(codes)


def is_known_tiebreak(code: str) -> bool:
    """Whether `code` is on the C.07 menu with modifiers its tie-break takes."""
    try:
        parse_tiebreak(code)
    except TiebreakCodeError:
        return False
    return True


def tiebreak_list_problems(codes: Iterable[str]) -> list[Message]:
    """What is wrong with an ordered tie-break list: unknown codes, and codes listed twice
    (only DE and EDE may repeat, C.07 6). Empty when the list is fine."""
    codes = list(codes)
    problems = [
        Message(gettext_noop("Unknown tie-break: %(code)s."), code=code)
        for code in codes
        if not is_known_tiebreak(code)
    ]
    plain = [code.strip().upper() for code in codes if code.strip().upper() not in REPEATABLE]
    repeated = sorted({code for code in plain if plain.count(code) > 1})
    problems += [
        Message(gettext_noop("A tie-break is listed twice: %(code)s."), code=code)
        for code in repeated
    ]
    return problems


def is_buchholz(code: str) -> bool:
    """Whether a code of the menu is of the Buchholz family (`BH/C1`, `FB:GP`, `AOB`, ...)."""
    return code.split("/")[0].split(":")[0].strip().upper() in BUCHHOLZ_FAMILY


def round_robin_problems(codes: Iterable[str]) -> list[Message]:
    """Why a list cannot rank a round robin: the Buchholz family (C.07 8; VCL Q105). Empty when
    it can."""
    barred = [code for code in codes if is_buchholz(code)]
    if not barred:
        return []
    return [
        Message(
            gettext_noop(
                "A round robin cannot use the Buchholz family (C.07 8): remove %(codes)s."
            ),
            codes=", ".join(barred),
        )
    ]
