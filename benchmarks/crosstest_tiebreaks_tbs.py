"""FIDE TEC's TieBreakServer as `crosstest_tiebreaks.py` runs it: `tiebreakchecker.py` in this
process (imported from `--tbs`, outside the repository, unchanged), its values read back, and
how they are compared with ours (`differs`, `explanation`, `ranks_contradicted`)."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Final

from standings.ranks import tiebreak_list
from tournaments.domain.trf import TrfDocument

TOLERANCE: Final = 0.0051

Values = dict[tuple[int, str], float | None]
"""(pairing number, code) -> value; None: undefined."""

RULE_VERSION: Final = {"2023": "V2024", "2024": "V2024", "2026": "V2026"}
"""TieBreakServer's rule versions: 2022 (a 2022 rule for rapid and blitz cuts), 2024, 2026; it
has none for the 2023 text, whose differences from 2024 are `explanation`'s."""


UNVERSIONED: Final = ("PTS", "DE")
"""Computed once at the head of TieBreakServer's list: DE depends on its place in the list."""


def number(value: object) -> float | None:
    """A value of either program as a float (None: undefined)."""
    if value is None or value == "None":
        return None
    return float(Fraction(value) if isinstance(value, Fraction) else str(value))


def tiebreakchecker(tbs: Path, arguments: list[str]) -> str:
    """What `python tiebreakchecker.py ARGUMENTS` prints, run in this process: TieBreakServer
    is imported from `tbs` (outside the repository, unchanged); its start-up was most of a
    small file's time. Its modules have plain names (`helpers`, `rating`, `tiebreak`, ...): one
    already imported from elsewhere is refused rather than shadowed."""
    if str(tbs) not in sys.path:
        sys.path.append(str(tbs))
    module = importlib.import_module("tiebreakchecker")
    if Path(module.__file__ or "").parent != tbs.resolve():
        raise RuntimeError(f"tiebreakchecker imported from {module.__file__}, not {tbs}")
    saved = sys.argv
    sys.argv = ["tiebreakchecker.py", *arguments]
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            status = module.tiebreakchecker().common_main()
    finally:
        sys.argv = saved
    if status != 0:
        raise RuntimeError(f"tiebreakchecker {arguments}: status {status}: {output.getvalue()}")
    return output.getvalue()


def tbs_values(
    tbs: Path, path: Path, rounds: int, codes: list[str], round_robin: bool, unrated: int | None
) -> list[dict[str, float | None]]:
    """TieBreakServer's values (`tiebreakchecker.py -o -`, JSON) of `codes`, by pairing number
    and code as given; `codes` empty: the file's own list."""
    arguments = ["-i", str(path), "-n", str(rounds), "-p" if round_robin else "-s", "-o", "-"]
    if unrated is not None:
        arguments += ["-u", str(unrated)]
    if codes:
        arguments += ["-t", *codes]
    result = json.loads(tiebreakchecker(tbs, arguments))["tiebreakResult"]
    names = codes if codes else [tiebreak["desc"] for tiebreak in result["tiebreaks"]]
    players = []
    for competitor in result["competitors"]:
        scores = [number(value) for value in competitor["tiebreakScore"]]
        players.append({"cid": competitor["cid"]} | dict(zip(names, scores, strict=True)))
    return players


def tbs_code(code: str, edition: str) -> str:
    """The code in TieBreakServer's list: with the edition's rule version, but for the
    `UNVERSIONED`."""
    return code if code in UNVERSIONED else f"{code}/{RULE_VERSION[edition]}"


def differs(ours: float | None, theirs: float | None) -> bool:
    if ours is None or theirs is None:
        return ours is not theirs
    return abs(ours - theirs) > TOLERANCE


def explanation(
    key: tuple[int, str],
    edition: str,
    theirs: float | None,
    ours: dict[str, Values],
) -> str:
    """Why a value differs: an article (explained), or '' (unexplained)."""
    if (
        edition == "2023"
        and ours["2024"][key] != ours["2023"][key]
        and not differs(ours["2024"][key], theirs)
    ):
        return "C.07 2023 16 (final forfeit losses count as draws; VURs always cut first)"
    return ""


def ranks_contradicted(doc: TrfDocument, players: list[dict[str, float | None]]) -> int:
    """How many players the file ranks above a player whose values of the file's own list
    (TieBreakServer's) are better; undefined values rank last, TPN and `/R` codes ascending."""
    codes = [code.text for code in tiebreak_list(None, doc)]
    ranks = {int(player.pairing_number): player.rank or 0 for player in doc.players}

    def key(values: dict[str, float | None]) -> tuple[float, ...]:
        keys = []
        for code in codes:
            value = values.get(code)
            ascending = code.startswith(("TPN", "DE")) != code.endswith("/R")
            keys.append(float("-inf") if value is None else -value if ascending else value)
        return tuple(keys)

    ranked = sorted(
        (p for p in players if ranks.get(int(p["cid"] or 0))),
        key=lambda p: ranks[int(p["cid"] or 0)],
    )
    return sum(
        1 for upper, lower in zip(ranked, ranked[1:], strict=False) if key(upper) < key(lower)
    )
