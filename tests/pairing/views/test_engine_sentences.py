"""The engine's sentences in the arbiter's language (pairing/explanation.py): the engine writes
records (a message id and its values, `tournaments.domain.messages`) whose English is the
command line's text; every message id is in the catalogues, and the pages translate the stored
records by their id, never by parsing the English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from pairing.cli import edition_of
from pairing.engine import DutchConfig, NoValidPairing, PairingError, RuleWarning, pair
from pairing.engine.dutch.edition import ROUTES_2017, TITLE_2017
from pairing.explanation import explanation_lines, run_error, warning_text
from pairing.models import PairingRun
from pairing.roundrobin.berger import rounds_per_cycle
from pairing.roundrobin.pairing import round_robin_pairing
from tests.messages import untranslated
from tests.pairing.engine.builders import bye, state
from tournaments.domain.messages import Message, Phrase, from_record, to_record
from tournaments.domain.state import Outcome
from tournaments.domain.trf import parse_trf, tournament_state_from_trf

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases"
NOTATION = re.compile(r"  M0 = \d+, MaxPairs = \d+, M1 = \d+")
"""The one line of the explanation that is notation only (B.1), the same in every language."""


def _line(template: str, **values: object) -> Phrase:
    return Phrase("  ", Message(template, **values))


EXPLANATION = [
    Message("rules: %(title)s", title=Message(TITLE_2017)),
    Message(
        "Bracket %(number)s (%(kind)s, %(route)s):",
        number=2,
        kind=Message("heterogeneous"),
        route=Message(ROUTES_2017[1]),
    ),
    _line(
        "MDPs: %(players)s",
        players=Phrase(
            "4 (2.0, W, ",
            Message("floats"),
            " D-",
            ", ",
            Message("no PAB"),
            ", ",
            Message("topscorer"),
            ")",
        ),
    ),  # fmt: skip
    "  M0 = 1, MaxPairs = 2, M1 = 1",
    _line("downfloaters: %(players)s", players=Message("none")),
    _line(
        "rejected earlier candidate: %(candidate)s",
        candidate=Message(
            "%(pairs)s: %(criterion)s, worse",
            pairs="1-5 2-6",
            criterion=Message("C.10 colour preferences"),
        ),
    ),
]
"""A bracket's explanation as the engine records it."""


def _run(lines: list[str]) -> PairingRun:
    """A run that stored `lines` as the worker does (through JSON)."""
    records = json.loads(json.dumps({"explanation": [to_record(line) for line in lines]}))
    return PairingRun(explanation="\n".join(lines), records=records)


def _golden_explanations() -> list[tuple[str, ...]]:
    explanations = []
    for path in sorted(CASES.glob("*.trf")):
        document = parse_trf(path.read_text(encoding="utf-8"))
        config = DutchConfig(edition=edition_of(document, None), explain=True)
        try:
            explanations.append(pair(tournament_state_from_trf(document), config).explanation)
        except PairingError:
            continue
    return explanations


def test_every_line_the_engine_writes_for_the_golden_cases_is_a_translated_record() -> None:
    explanations = _golden_explanations()
    lines = [line for explanation in explanations for line in explanation]

    assert len(explanations) >= 50
    assert (
        sorted(
            {
                line
                for line in lines
                if not isinstance(line, Message | Phrase) and not NOTATION.fullmatch(line)
            }
        )
        == []
    )
    assert untranslated(lines) == []
    assert all(str(from_record(json.loads(json.dumps(to_record(line))))) == line for line in lines)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("cycles", [1, 2])
def test_every_line_of_a_round_robin_is_a_translated_record(players: int, cycles: int) -> None:
    total = cycles * rounds_per_cycle(players)
    lines: list[str] = []
    for played in range(total):
        before = state([[bye(Outcome.ZERO_BYE)] * played] * players, total_rounds=total)
        result = round_robin_pairing(before, cycles=cycles, swap_last_two=True)
        lines += result.pairing.explanation

    assert lines
    assert all(isinstance(line, Message) for line in lines)
    assert untranslated(lines) == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "it",
            [
                "regole: C.04.3 Sistema FIDE (Olandese), edizione 2017 (Baku 2016, fino al 31 "
                "gennaio 2026)",
                "Bracket 2 (eterogenea, il test di completamento è superato (A.9)):",
                "  MDP: 4 (2.0, W, float D-, niente PAB, topscorer)",
                "  M0 = 1, MaxPairs = 2, M1 = 1",
                "  downfloater: nessuno",
                "  candidato precedente scartato: 1-5 2-6: C.10 preferenze di colore, peggiore",
            ],
        ),
        (
            "fr",
            [
                "règles : C.04.3 Système FIDE (hollandais), édition 2017 (Bakou 2016, jusqu'au "
                "31 janvier 2026)",
                "Groupe 2 (hétérogène, le test de complétude est satisfait (A.9)) :",
                "  MDP : 4 (2.0, W, flottements D-, pas de PAB, topscorer)",
                "  M0 = 1, MaxPairs = 2, M1 = 1",
                "  flotteurs descendants : aucun",
                "  candidat antérieur rejeté : 1-5 2-6 : C.10 préférences de couleur, moins bon",
            ],
        ),
        (
            "ru",
            [
                "правила: C.04.3 Система ФИДЕ (голландская), редакция 2017 года (Баку 2016, до "
                "31 января 2026 года)",
                "Группа 2 (неоднородная, проверка завершаемости тура пройдена (A.9)):",
                "  MDP (спущенные): 4 (2.0, W, спуски/подъёмы D-, без PAB, лидер)",
                "  M0 = 1, MaxPairs = 2, M1 = 1",
                "  спускаемые: нет",
                "  отклонённый ранее вариант: 1-5 2-6: C.10 преимущества цвета, хуже",
            ],
        ),
        ("en", [str(line) for line in EXPLANATION]),
    ],
)
def test_the_explanation_reads_in_each_language(language: str, expected: list[str]) -> None:
    with translation.override(language):
        assert explanation_lines(_run(EXPLANATION)) == expected


def test_the_english_of_the_records_is_the_command_lines_text() -> None:
    assert [str(line) for line in EXPLANATION] == [
        "rules: C.04.3 FIDE (Dutch) System, 2017 edition (Baku 2016, to 31 January 2026)",
        "Bracket 2 (heterogeneous, the completion test passes (A.9)):",
        "  MDPs: 4 (2.0, W, floats D-, no PAB, topscorer)",
        "  M0 = 1, MaxPairs = 2, M1 = 1",
        "  downfloaters: none",
        "  rejected earlier candidate: 1-5 2-6: C.10 colour preferences, worse",
    ]


def test_a_run_recorded_before_the_records_shows_its_english() -> None:
    old = PairingRun(explanation="rules: C.04.3 FIDE\n  pair 1 - 2", error="bad TRF")

    with translation.override("fr"):
        assert explanation_lines(old) == ["rules: C.04.3 FIDE", "  pair 1 - 2"]
        assert run_error(old) == "bad TRF"


def test_rule_warnings_and_engine_errors_are_translated() -> None:
    rematch = RuleWarning(
        3, "C.04.3 C.1", Message("%(white)s and %(black)s already played", white=4, black=7)
    )
    pab = RuleWarning(
        None, "C.04.3 C.2", Message("%(player)s already had a pairing-allocated bye", player=5)
    )
    met = Message("%(white)s and %(black)s already met in this cycle", white=3, black=5)
    failed = PairingRun(
        error="the round cannot be completed (A.9)",
        records={
            "error": to_record(
                NoValidPairing(Message("the round cannot be completed (A.9)")).args[0]
            )
        },
    )

    with translation.override("it"):
        assert warning_text(rematch) == "Scacchiera 3: 4 e 7 si sono già incontrati (C.04.3 C.1)"
        assert warning_text(pab) == (
            "Bye: 5 ha già avuto un bye assegnato dall'abbinamento (C.04.3 C.2)"
        )
    with translation.override("fr"):
        assert warning_text(RuleWarning(1, "C.05", met)) == (
            "Échiquier 1 : 3 et 5 se sont déjà rencontrés dans ce cycle (C.05)"
        )
    with translation.override("ru"):
        assert run_error(failed) == "тур невозможно завершить (A.9)"
    assert warning_text(rematch) == "Board 3: 4 and 7 already played (C.04.3 C.1)"
