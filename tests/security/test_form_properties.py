"""Hypothesis properties of the arbiter forms' cleaning (issue 14): any posted text is either
refused with a message naming a field, or cleaned to values inside the declared bounds; no
input raises. Seeded (derandomized); `make fuzz` runs thousands of examples (FUZZ_CASES)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile, UploadedFile
from django.utils.datastructures import MultiValueDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import fuzz_cases
from tournaments.forms.players import (
    MAX_IMPORT_LINES,
    PlayerForm,
    PlayerImportForm,
    WithdrawForm,
)
from tournaments.forms.results import RatingCorrectionForm
from tournaments.forms.tournament import TournamentForm
from tournaments.models import MAX_RATING, SCORE_FIELDS

pytestmark = pytest.mark.fuzz
EXAMPLES = settings(
    max_examples=fuzz_cases(200),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
NUMBERISH = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(repr),
    st.sampled_from(["", " ", "1e309", "٣", "²", "½", "0x10", "1_000", "7 "]),
    st.text(max_size=30),
)


def _post(names: tuple[str, ...] | list[str]) -> st.SearchStrategy[dict[str, str]]:
    return st.fixed_dictionaries({}, optional=dict.fromkeys(names, NUMBERISH))


@EXAMPLES
@given(_post(["name", "rounds", "max_half_point_byes", "no_byes_last_rounds", *SCORE_FIELDS]))
def test_tournament_settings_are_refused_or_within_bounds(post: dict[str, str]) -> None:
    form = TournamentForm({"initial_color": "draw", "name": "Open", **post})
    if not form.is_valid():
        assert all(messages for messages in form.errors.values())
        return
    settings_ = form.settings()
    assert 1 <= settings_.rounds <= 99
    assert 0 <= settings_.max_half_point_byes <= 99
    for name, half_points in settings_.scoring.items():
        assert 0 <= half_points <= 20, name
        assert Decimal(half_points) / 2 == form.cleaned_data[name]


@EXAMPLES
@given(_post(["name", "rating", "fide_id", "birth_date", "federation", "title", "sex"]))
def test_a_player_is_refused_or_within_bounds(post: dict[str, str]) -> None:
    form = PlayerForm(post)
    if not form.is_valid():
        assert all(messages for messages in form.errors.values())
        return
    data = form.player_data()
    assert 0 <= data.rating <= MAX_RATING
    assert data.fide_id == "" or (data.fide_id.isascii() and len(data.fide_id) <= 11)
    assert data.birth_date.isascii()
    assert "\x00" not in data.name


@EXAMPLES
@given(_post(["from_round"]), _post(["board", "result", "note"]))
def test_round_and_board_numbers_are_refused_or_small(
    withdraw: dict[str, str], correction: dict[str, str]
) -> None:
    form = WithdrawForm(withdraw)
    if form.is_valid():
        assert 1 <= form.cleaned_data["from_round"] <= 99
    rating = RatingCorrectionForm(correction)
    if rating.is_valid():
        assert 1 <= rating.cleaned_data["board"] <= 999


@EXAMPLES
@given(st.binary(max_size=4096), st.integers(min_value=0, max_value=3))
def test_a_player_file_is_refused_or_read_as_text(content: bytes, extra_lines: int) -> None:
    content += b"\n" * (MAX_IMPORT_LINES * (extra_lines // 3))
    upload = SimpleUploadedFile("players.csv", content)
    files = MultiValueDict[str, UploadedFile]({"file": [upload]})
    form = PlayerImportForm({"format": "csv"}, files)
    if not form.is_valid():
        assert form.errors["file"]
        return
    text = form.text()
    assert "\x00" not in text and text.count("\n") < MAX_IMPORT_LINES
