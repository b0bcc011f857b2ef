"""The engine's sentences for the arbiter in the active language: the explanation of a round
(`DutchConfig.explain`, stored in English in `PairingRun.explanation`) and the rules a pairing
breaks (`pairing_warnings`). The engine is pure and writes English from formats
(`pairing/engine/dutch/explain.py`, `rounds.py`, `edition.py`, `criteria.py`, `checks.py`);
the formats below are the same, as the catalogue's message ids (`tournaments.phrasebook`).
Rule references (C.04.3 C.5, A.9, [C4]) stay as FIDE numbers them."""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

from pairing.engine import RuleWarning
from tournaments.phrasebook import Phrasebook

_PLAYER_WORDS = re.compile(r"floats |, no PAB|, topscorer")
_WORDS = {
    "floats ": gettext_noop("floats"),
    ", no PAB": gettext_noop("no PAB"),
    ", topscorer": gettext_noop("topscorer"),
}


def _players(text: str) -> str:
    """`12 (2.5, W, floats D-, no PAB), 3 (...)` with its words translated (the notation of the
    colour preferences and floats is the seeds': W/B, s/m, A, D/U/-)."""
    if text == "none":
        return gettext("none")

    def word(match: re.Match[str]) -> str:
        found = match.group()
        translated = gettext(_WORDS[found])
        return f"{translated} " if found.endswith(" ") else f", {translated}"

    return _PLAYER_WORDS.sub(word, text)


EXPLANATION = Phrasebook(
    [
        gettext_noop("rules: %(title)s"),
        gettext_noop("C.04.3 FIDE (Dutch) System, 2025 edition (applied from 1 February 2026)"),
        gettext_noop("C.04.3 FIDE (Dutch) System, 2017 edition (Baku 2016, to 31 January 2026)"),
        gettext_noop("[C5] (2025 art. 2.5): the PAB goes to a player scoring %(score)s"),
        gettext_noop(
            "[C9] (2025 art. 2.9): the PAB goes to a player with %(count)s unplayed rounds"
        ),
        gettext_noop("Bracket %(number)s (%(kind)s, %(route)s):"),
        gettext_noop("homogeneous"),
        gettext_noop("heterogeneous"),
        gettext_noop("the last bracket: its downfloater gets the PAB ([C2], [C5], [C9])"),
        gettext_noop("the completion test passes ([C4], 2025 art. 2.4)"),
        gettext_noop(
            "[C4] (2025 art. 2.4): its downfloaters must complete the round; [C8] applies"
        ),
        gettext_noop("the last bracket: its downfloater gets the PAB (C.2)"),
        gettext_noop("the completion test passes (A.9)"),
        gettext_noop("PPB: its downfloaters must complete the round (A.9, C.4)"),
        gettext_noop(
            "CLB: the PPB's downfloaters and every lower player, one bracket (A.9); "
            "its downfloater gets the PAB (C.2)"
        ),
        gettext_noop("MDPs: %(players)s"),
        gettext_noop("residents: %(players)s"),
        gettext_noop("pair %(higher)s - %(lower)s (C.8-C.11 failures %(failures)s)"),
        gettext_noop("pair %(higher)s - %(lower)s"),
        gettext_noop("downfloaters: %(players)s"),
        gettext_noop(
            "colour failures (the minimum): C.8 %(c8)s, C.9 %(c9)s, C.10 %(c10)s, C.11 %(c11)s"
        ),
        gettext_noop("rejected earlier candidate: %(candidate)s"),
        gettext_noop("%(pairs)s: C.7, its downfloaters leave a worse next bracket"),
        gettext_noop("%(pairs)s: %(criterion)s, %(total)s failures against %(accepted)s"),
        gettext_noop("%(pairs)s: %(criterion)s, %(count)s more such downfloater(s)"),
        gettext_noop("%(pairs)s: %(criterion)s, %(total)s against %(accepted)s"),
        gettext_noop("%(pairs)s: %(criterion)s, worse"),
        gettext_noop("A.9 completion of the round"),
        gettext_noop("C.5 number of pairs"),
        gettext_noop("C.6 scores of the paired MDPs (PSD)"),
        gettext_noop("C.8 topscorers' colour difference"),
        gettext_noop("C.9 topscorers' colour repeated three times"),
        gettext_noop("C.10 colour preferences"),
        gettext_noop("C.11 strong colour preferences"),
        gettext_noop("C.12 repeated downfloats (last round)"),
        gettext_noop("C.13 repeated upfloats (last round)"),
        gettext_noop("C.14 repeated downfloats (two rounds before)"),
        gettext_noop("C.15 repeated upfloats (two rounds before)"),
        gettext_noop("C.16 scores of repeated downfloaters (last round)"),
        gettext_noop("C.17 scores of repeated upfloaters' opponents (last round)"),
        gettext_noop("C.18 scores of repeated downfloaters (two rounds before)"),
        gettext_noop("C.19 scores of repeated upfloaters' opponents (two rounds before)"),
        gettext_noop(
            "Round robin of %(size)s players: Berger table for %(table)s (C.05 Annex 1), round "
            "%(round)s of cycle %(cycle)s of %(cycles)s."
        ),
        gettext_noop("The first cycle's last two rounds are exchanged (C.05 Annex 1)."),
        gettext_noop("Second cycle: the first cycle's games with the colours reversed."),
        gettext_noop("Player %(player)s meets the table's empty number %(number)s: the bye."),
    ],
    fields={"players": _players},
)
"""The explanation's lines, the Dutch engine's and the round robin's
(`pairing/roundrobin/pairing.py`); `M0 = …, MaxPairs = …, M1 = …` is notation only."""

WARNINGS = Phrasebook(
    [
        gettext_noop("%(player)s would have a colour difference of %(difference)s"),
        gettext_noop("%(player)s would have white three times in a row"),
        gettext_noop("%(player)s would have black three times in a row"),
        gettext_noop("%(white)s and %(black)s already played"),
        gettext_noop("%(white)s and %(black)s must not be paired together"),
        gettext_noop("%(white)s and %(black)s both have an absolute preference for white"),
        gettext_noop("%(white)s and %(black)s both have an absolute preference for black"),
        gettext_noop(
            "%(white)s is due black and %(black)s is due white: both get the wrong colour"
        ),
        gettext_noop("%(player)s already had a pairing-allocated bye"),
        gettext_noop("%(player)s already won a game by forfeit"),
        gettext_noop("%(player)s already had a full-point bye"),
        gettext_noop("%(player)s already scored a win without playing"),
        gettext_noop("%(white)s and %(black)s already met in this cycle"),
        gettext_noop("%(player)s would have White three times running"),
        gettext_noop("%(player)s would have Black three times running"),
        gettext_noop("%(player)s already had the bye in this cycle"),
    ]
)
"""The texts of `RuleWarning`: the Dutch rules' (`pairing/engine/checks.py`) and a round robin's
(`pairing/roundrobin/checks.py`)."""


def explanation_lines(text: str) -> list[str]:
    """A run's stored explanation, line by line, in the active language."""
    return [EXPLANATION.translate(line) for line in text.splitlines()]


def warning_text(warning: RuleWarning) -> str:
    """`Board 3: 4 and 7 already played (C.04.3 C.1)` in the active language."""
    text = WARNINGS.translate(warning.text)
    if warning.board is None:
        return gettext("Bye: %(text)s (%(rule)s)") % {"text": text, "rule": warning.rule}
    return gettext("Board %(board)d: %(text)s (%(rule)s)") % {
        "board": warning.board,
        "text": text,
        "rule": warning.rule,
    }


ERRORS = Phrasebook(
    [
        gettext_noop("no complete round-pairing satisfies C.1-C.3 and C.2 (A.9)"),
        gettext_noop("the round cannot be completed (A.9)"),
        gettext_noop("players were left unpaired after the last bracket (A.9)"),
        gettext_noop("all %(count)s rounds are already played; there is no round to pair"),
        gettext_noop("Round %(number)s was paired in the meantime."),
        gettext_noop("The tournament changed while the engine was pairing: pair again."),
        gettext_noop(
            "A round robin needs the pairing numbers 1 to n drawn before round 1: draw them."
        ),
        gettext_noop(
            "A round robin has no requested byes; remove the bye of player %(players)s in "
            "round %(round)s."
        ),
        gettext_noop("A round robin needs %(low)s to %(high)s players, not %(count)s."),
        gettext_noop("A round robin has one or two cycles, not %(cycles)s."),
        gettext_noop("This round robin has rounds 1 to %(total)s, not %(round)s."),
    ]
)
"""Why a pairing run failed (`PairingRun.error`): the engine's `PairingError`, the round robin's
refusal (`pairing/roundrobin`) or the worker's finding; any other error (a TRF the engine cannot
read) is shown as written."""
