"""The engine's sentences for the arbiter in the active language: the explanation of a round
(`DutchConfig.explain`), the rules a pairing breaks (`RuleWarning`) and why a run failed.

The engine is pure: it writes each sentence as a `tournaments.domain.messages.Message` (its
template, the catalogue's message id, and its values; a `Phrase` of parts for an indented line
or a described player), whose text is the English the command line prints. A pairing run stores
the English (`PairingRun.explanation`, `error`) and the records (`PairingRun.records`, a code and
its values); the pages translate the records by their code with gettext, never by parsing the
English. A run recorded before the records existed shows its English as written. Rule
references (C.04.3 C.5, A.9, [C4]) stay as FIDE numbers them.
"""

from __future__ import annotations

from django.utils.translation import gettext

from pairing.engine import RuleWarning
from pairing.models import PairingRun
from tournaments.domain.messages import from_record
from tournaments.translation import translated


def _sentence(record: object) -> str:
    sentence = from_record(record)
    return translated(sentence) if isinstance(sentence, str) else str(sentence)


def explanation_lines(run: PairingRun) -> list[str]:
    """A run's explanation, line by line, in the active language (in English as stored for a
    run recorded before its records were)."""
    records = run.records.get("explanation") if isinstance(run.records, dict) else None
    if not isinstance(records, list):
        return run.explanation.splitlines()
    return [_sentence(record) for record in records]


def run_error(run: PairingRun) -> str:
    """Why a run failed, in the active language (as stored for a run without its record)."""
    record = run.records.get("error") if isinstance(run.records, dict) else None
    return run.error if record is None else _sentence(record)


def warning_text(warning: RuleWarning) -> str:
    """`Board 3: 4 and 7 already played (C.04.3 C.1)` in the active language."""
    text = translated(warning.text)
    if warning.board is None:
        return gettext("Bye: %(text)s (%(rule)s)") % {"text": text, "rule": warning.rule}
    return gettext("Board %(board)d: %(text)s (%(rule)s)") % {
        "board": warning.board,
        "text": text,
        "rule": warning.rule,
    }
