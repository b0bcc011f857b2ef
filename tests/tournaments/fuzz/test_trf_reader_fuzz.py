"""The pure TRF reader on mutated and arbitrary files: only `TrfError` may escape (issue 14).

The seeded mutator runs FUZZ_CASES cases (`make fuzz`: 10,000); hypothesis adds arbitrary
lines made of TRF codes, digits and noise.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzzing import fuzz_cases
from tests.tournaments.fuzz.mutator import mutated_files
from tournaments.domain.trf import TrfError, parse_trf, recorded_pairing, tournament_state_from_trf
from tournaments.domain.trf.adjustments import file_adjustments

pytestmark = pytest.mark.fuzz

CODES = ["001", "012", "042", "052", "XXR", "142", "XXC", "152", "XXS", "162", "192", "202"]
CODES += ["240", "250", "260", "XXA", "XXP", "XXZ", "BBW", "132", "###", "   "]


def read_everything(text: str) -> None:
    """Everything the importer reads from a file before it writes a row."""
    try:
        document = parse_trf(text)
    except TrfError:
        return
    file_adjustments(text, document)
    for number in range(1, document.rounds_in_file + 2):
        tournament_state_from_trf(document, number)
        try:
            recorded_pairing(document, number)
        except ValueError:
            continue  # the importer refuses such a round with a TrfImportError


def test_mutated_reference_files_raise_nothing_but_trf_errors() -> None:
    crashes = []
    for label, text in mutated_files(fuzz_cases(500), seed=20261123):
        try:
            read_everything(text)
        except Exception as error:  # noqa: BLE001 - any other exception is the finding
            crashes.append(f"{label}: {type(error).__name__}: {error}")
    assert crashes == []


LINES = st.lists(
    st.tuples(
        st.sampled_from(CODES),
        st.text(alphabet="0123456789 .-+=wbWBUHFZDL/,\t\u00b2x", max_size=140),
    ).map("".join),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(lines=LINES, line_end=st.sampled_from(["\n", "\r\n", "\r"]))
def test_arbitrary_lines_raise_nothing_but_trf_errors(lines: list[str], line_end: str) -> None:
    read_everything(line_end.join(lines))


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=400))
def test_arbitrary_text_raises_nothing_but_trf_errors(text: str) -> None:
    read_everything(text)
