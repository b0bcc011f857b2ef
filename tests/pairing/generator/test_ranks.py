"""Hypothesis: a generated tournament's ranks follow the tie-break list written in the file
(VCL Q31), as the command line composes the generator with the standings (`pairing.cli`)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.generator import GeneratorConfig, generate_tournament
from pairing.generator.config import SWISS_TIEBREAKS
from standings.cli import rank_differences
from standings.ranks import default_edition, file_ranks, tiebreak_list
from standings.tiebreaks import Family, compute_standings
from tournaments.domain.trf import TrfDocument, parse_trf, tournament_state_from_trf, write_trf

LISTS = (*SWISS_TIEBREAKS, ("DE", "WIN", "BWG", "TPR", "RTNG"), ("KS", "FB", "AOB", "GE"))


@st.composite
def tournaments(draw: st.DrawFn) -> TrfDocument:
    players = draw(st.integers(4, 24))
    config = GeneratorConfig(
        players=players,
        rounds=draw(st.integers(1, min(7, players - 2))),
        draw_percentage=draw(st.integers(0, 60)),
        forfeit_rate=draw(st.sampled_from((0, 8, 30))),
        zero_bye_rate=draw(st.sampled_from((0, 6))),
        half_bye_rate=draw(st.sampled_from((0, 5))),
        withdrawal_rate=draw(st.sampled_from((0, 8))),
        half_zero_rate=draw(st.sampled_from((0, 10))),
        zero_zero_rate=draw(st.sampled_from((0, 12))),
        tiebreaks=draw(st.sampled_from(LISTS)),
        baku=draw(st.booleans()),
    )
    return generate_tournament(config, draw(st.integers(0, 10**6)), rank=file_ranks)


def _key(values: dict[str, Fraction | None], codes: list[str]) -> tuple[Fraction, ...]:
    """The values in list order, an undefined one lowest."""
    undefined = Fraction(-(10**9))
    return tuple(undefined if (value := values[code]) is None else value for code in codes)


@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_the_ranks_are_a_permutation_that_follows_the_tie_break_list(doc: TrfDocument) -> None:
    doc = parse_trf(write_trf(doc))  # as the file says
    ranks = {player.pairing_number: player.rank or 0 for player in doc.players}
    assert sorted(ranks.values()) == list(range(1, len(doc.players) + 1))

    codes = tiebreak_list(None, doc)
    standings = compute_standings(
        tournament_state_from_trf(doc), codes, edition=default_edition(doc)
    )
    assert rank_differences(standings, doc) == []  # `python -m standings --check` agrees
    # Independently: in rank order, points and then each tie-break up to the first DE (whose
    # value depends on the tied group) never increase.
    prefix: list[str] = []
    for code in codes:
        if code.family is Family.DE:
            break
        prefix.append(code.text)
    rows = {row.player_id: row.values for row in standings.rows}
    keys = [_key(rows[player], prefix) for player in sorted(ranks, key=ranks.__getitem__)]
    assert keys == sorted(keys, reverse=True)
