"""The engine's sentences in the arbiter's language (pairing/explanation.py): the phrasebook
knows every line the engine writes for the golden cases, and fills the translations in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from pairing.cli import edition_of
from pairing.engine import DutchConfig, PairingError, RuleWarning, pair
from pairing.explanation import ERRORS, EXPLANATION, WARNINGS, explanation_lines, warning_text
from pairing.roundrobin.berger import rounds_per_cycle
from pairing.roundrobin.pairing import round_robin_pairing
from tests.pairing.engine.builders import bye, state
from tournaments.domain.state import Outcome
from tournaments.domain.trf import parse_trf, tournament_state

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases"
NOTATION = re.compile(r"  M0 = \d+, MaxPairs = \d+, M1 = \d+")
"""The one line of the explanation that is notation only (B.1), the same in every language."""

EXPLANATION_TEXT = "\n".join(
    (
        "rules: C.04.3 FIDE (Dutch) System, 2017 edition (Baku 2016, to 31 January 2026)",
        "Bracket 2 (heterogeneous, the completion test passes (A.9)):",
        "  MDPs: 4 (2.0, W, floats D-, no PAB, topscorer)",
        "  M0 = 1, MaxPairs = 2, M1 = 1",
        "  downfloaters: none",
        "  rejected earlier candidate: 1-5 2-6: C.10 colour preferences, worse",
    )
)


def test_the_phrasebook_knows_every_line_the_engine_writes_for_the_golden_cases() -> None:
    explained = 0
    unknown: set[str] = set()
    for path in sorted(CASES.glob("*.trf")):
        document = parse_trf(path.read_text(encoding="utf-8"))
        config = DutchConfig(edition=edition_of(document, None), explain=True)
        try:
            result = pair(tournament_state(document), config)
        except PairingError:
            continue
        explained += 1
        unknown |= {
            line
            for line in result.explanation
            if not EXPLANATION.knows(line) and not NOTATION.fullmatch(line)
        }

    assert explained >= 50
    assert sorted(unknown) == []


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("cycles", [1, 2])
def test_the_phrasebook_knows_every_line_of_a_round_robin(players: int, cycles: int) -> None:
    total = cycles * rounds_per_cycle(players)
    lines = set()
    for played in range(total):
        before = state([[bye(Outcome.ZERO_BYE)] * played] * players, total_rounds=total)
        result = round_robin_pairing(before, cycles=cycles, swap_last_two=True)
        lines |= set(result.pairing.explanation)

    assert lines
    assert sorted(line for line in lines if not EXPLANATION.knows(line)) == []


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
        ("en", EXPLANATION_TEXT.split("\n")),
    ],
)
def test_the_explanation_reads_in_each_language(language: str, expected: list[str]) -> None:
    with translation.override(language):
        assert explanation_lines(EXPLANATION_TEXT) == expected


def test_rule_warnings_and_engine_errors_are_translated_and_unknown_text_kept() -> None:
    rematch = RuleWarning(3, "C.04.3 C.1", "4 and 7 already played")
    bye = RuleWarning(None, "C.04.3 C.2", "5 already had a pairing-allocated bye")

    with translation.override("it"):
        assert warning_text(rematch) == "Scacchiera 3: 4 e 7 si sono già incontrati (C.04.3 C.1)"
        assert warning_text(bye) == (
            "Bye: 5 ha già avuto un bye assegnato dall'abbinamento (C.04.3 C.2)"
        )
    with translation.override("fr"):
        assert WARNINGS.translate("3 and 5 already met in this cycle") == (
            "3 et 5 se sont déjà rencontrés dans ce cycle"
        )
    with translation.override("ru"):
        assert ERRORS.translate("the round cannot be completed (A.9)") == (
            "тур невозможно завершить (A.9)"
        )
        assert ERRORS.translate("line 3: bad TRF") == "line 3: bad TRF"
    assert warning_text(rematch) == "Board 3: 4 and 7 already played (C.04.3 C.1)"
