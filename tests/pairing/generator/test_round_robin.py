"""The generator's round robins (`Format=roundrobin|doubleroundrobin`): every round the Berger
table's (C.05 Annex 1), the 50 % rule for withdrawals (C.06 V.4), the round robin's tie-breaks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.generator import (
    GeneratorConfigError,
    TournamentFormat,
    generate_round_robin,
    generate_tournament,
    parse_config,
)
from pairing.generator.config_reader import read_config
from pairing.roundrobin.replay import TableReading, differing_rounds, table_reading
from standings.cli import rank_differences
from standings.ranks import default_edition, file_ranks, ranked_state, tiebreak_list
from standings.tiebreaks import compute_standings
from tournaments.domain.state import Outcome
from tournaments.domain.trf import TrfDocument, parse_trf, tournament_state_from_trf, write_trf


def _generated(text: str, seed: int) -> TrfDocument:
    config = read_config(text, random.Random(f"configuration {seed}"))
    return parse_trf(write_trf(generate_round_robin(config, seed, rank=file_ranks)))


def test_a_round_robin_needs_no_number_of_rounds() -> None:
    single = parse_config("PlayersNumber=7\nFormat=roundrobin\n")
    double = parse_config("PlayersNumber=8\nFormat=doubleroundrobin\nSwapLastTwoRounds=yes\n")

    assert (single.format, single.rounds, single.tiebreaks) == (
        TournamentFormat.ROUND_ROBIN,
        7,
        ("DE", "WIN", "SB", "KS"),
    )
    assert (double.rounds, double.swap_last_two) == (14, True)
    assert parse_config(double.as_text()) == double


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PlayersNumber=8\nRoundsNumber=5\nFormat=roundrobin\n", "RoundsNumber must be 7"),
        ("PlayersNumber=2\nFormat=roundrobin\n", "3 to 99 players"),
        ("PlayersNumber=8\nFormat=roundrobin\nHalfPointByeRate=5\n", "no HalfPointByeRate"),
        ("PlayersNumber=8\nFormat=roundrobin\nHalfPointByes=2\n", "no HalfPointByes"),
        ("PlayersNumber=8\nFormat=roundrobin\nAcceleration=baku\n", "no Acceleration"),
        ("PlayersNumber=8\nFormat=roundrobin\nTieBreaks=BH,SB\n", "Buchholz family"),
        ("PlayersNumber=8\nFormat=roundrobin\nSwapLastTwoRounds=yes\n", "double round robin"),
        ("PlayersNumber=8\nRoundsNumber=5\nSwapLastTwoRounds=yes\n", "double round robin"),
        ("PlayersNumber=8\nFormat=berger\n", "Format must be one of"),
    ],
)
def test_what_a_round_robin_cannot_have_is_refused(text: str, message: str) -> None:
    with pytest.raises(GeneratorConfigError, match=message):
        parse_config(text)


def test_the_random_settings_of_a_round_robin_give_no_byes_or_late_entries() -> None:
    config = read_config("PlayersNumber=9\nFormat=roundrobin\n", random.Random(3))

    assert (config.half_bye_rate, config.zero_bye_rate, config.full_bye_rate) == (0, 0, 0)
    assert config.late_entry_rate == 0
    assert not any(code.startswith("BH") for code in config.tiebreaks)


def test_the_file_says_round_robin_in_092_and_has_no_192() -> None:
    document = _generated("PlayersNumber=5\nFormat=doubleroundrobin\n", 4)

    assert document.tournament_type == "Individual: Double Round-Robin"
    assert document.pairing_system is None
    assert document.scoring.pairing_bye == 0
    assert document.round_count == 10
    byes = [
        entry for player in document.players for entry in player.rounds if entry.opponent is None
    ]
    assert [entry.outcome for entry in byes] == [Outcome.PAIRING_BYE] * 10


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(3, 20),
    cycles=st.sampled_from(["roundrobin", "doubleroundrobin"]),
    seed=st.integers(0, 2**31 - 1),
    withdrawals=st.sampled_from([0, 3, 6]),
)
def test_every_generated_round_is_the_berger_tables_and_the_ranks_follow_the_list(
    players: int, cycles: str, seed: int, withdrawals: int
) -> None:
    document = _generated(
        f"PlayersNumber={players}\nFormat={cycles}\nWithdrawalRate={withdrawals}\n", seed
    )
    config = read_config(
        f"PlayersNumber={players}\nFormat={cycles}\nWithdrawalRate={withdrawals}\n",
        random.Random(f"configuration {seed}"),
    )

    assert (
        differing_rounds(document, TableReading(config.format.cycles, config.swap_last_two)) == []
    )
    assert table_reading(document).cycles == config.format.cycles
    state, round_robin = ranked_state(document, tournament_state_from_trf(document))
    standings = compute_standings(
        state,
        tiebreak_list(None, document),
        edition=default_edition(document),
        round_robin=round_robin,
    )
    assert round_robin
    assert rank_differences(standings, document) == []


def test_a_player_who_withdrew_before_half_their_games_is_left_unranked() -> None:
    seed = next(
        seed
        for seed in range(200)
        if any(
            player.rank == 0
            for player in _generated(
                "PlayersNumber=8\nFormat=roundrobin\nWithdrawalRate=2\n", seed
            ).players
        )
    )
    document = _generated("PlayersNumber=8\nFormat=roundrobin\nWithdrawalRate=2\n", seed)
    unranked = [player for player in document.players if player.rank == 0]

    for player in unranked:
        played = sum(
            entry.outcome in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS) for entry in player.rounds
        )
        assert 2 * played < 7
        assert player.rounds[-1].outcome is Outcome.FORFEIT_LOSS
    ranks = sorted(player.rank for player in document.players if player.rank)
    assert ranks == list(range(1, 9 - len(unranked)))


def test_the_swiss_generator_refuses_a_round_robin() -> None:
    with pytest.raises(ValueError, match="generate_round_robin"):
        generate_tournament(parse_config("PlayersNumber=4\nFormat=roundrobin\n"), 1)
