"""Every number a TRF file writes is bounded where it is read (issue 14): an extreme value is a
`TrfError` naming its line and column, never a crash further on."""

from __future__ import annotations

import pytest

from tournaments.domain.trf import TrfError, parse_trf


def refusal(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_trf(text)
    return caught.value


@pytest.mark.parametrize("count", ["1000", "99999", "9" * 5000])
def test_a_huge_round_count_is_refused_on_its_line(small_trf: str, count: str) -> None:
    error = refusal(small_trf.replace("XXR 3", f"XXR {count}"))

    assert (error.line, error.column) == (3, 5)
    assert "number of rounds" in error.reason and "at most 999" in error.reason


def test_a_huge_pairing_number_in_a_forbidden_pair_is_refused(small_trf: str) -> None:
    error = refusal(small_trf + "XXP 1 123456\n")

    assert (error.line, error.column) == (9, 7)
    assert "pairing number 123456 is out of range" in error.reason


def test_a_huge_score_in_the_scoring_system_is_refused(small_trf: str) -> None:
    error = refusal(small_trf + "XXS WW=100000\n")

    assert error.line == 9
    assert error.reason == "XXS WW 100000 is out of range (at most 9999.0)"


def test_a_space_inside_a_number_is_refused_at_that_column(small_trf: str) -> None:
    line = small_trf.splitlines()[4]
    spaced = line[:85] + "1 2 " + line[89:]  # the rank, columns 86-89

    error = refusal(small_trf.replace(line, spaced))

    assert (error.line, error.column) == (5, 87)
    assert error.reason == "rank '1 2' is not a number"


def test_digits_of_other_scripts_are_not_numbers(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXR 3", "XXR ³"))

    assert (error.line, error.column) == (3, 5)
    assert "is not a number" in error.reason


def test_a_nul_character_is_refused_where_it_is(small_trf: str) -> None:
    # PostgreSQL cannot store it; a file holding one is binary or in another encoding.
    error = refusal(small_trf.replace("Beta", "Be\x00ta"))

    assert (error.line, error.column) == (6, 17)
    assert error.reason.startswith("a NUL character")
