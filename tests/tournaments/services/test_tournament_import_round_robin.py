"""A round robin's TRF file imports as a round robin (C.05 Annex 1): its `092` or rounds that
are the Berger tables' make the format, the numbers are the file's (drawn, locked), every round
is checked against the table, and a withdrawal shows as forfeits lost to the last round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pairing.generator import generate_round_robin
from pairing.generator.config_reader import read_config
from pairing.roundrobin.pairing import round_robin_pairing
from pairing.roundrobin.replay import TableReading, table_pairing
from pairing.services.trf_import import tournament_import_trf_reported
from tournaments.domain.state import Outcome, Points
from tournaments.domain.trf import TrfDocument, parse_trf, write_trf
from tournaments.exceptions import TrfImportError
from tournaments.models import PlayerStatus, TournamentFormat
from tournaments.selectors.state import tournament_state_from_db

pytestmark = pytest.mark.django_db


def generated(config: str, seed: int) -> TrfDocument:
    """A round robin from the generator, its ranks left blank."""
    settings = read_config(config, random.Random(f"configuration {seed}"))
    return generate_round_robin(settings, seed)


def first_rounds(document: TrfDocument, rounds: int) -> TrfDocument:
    """The document's first `rounds` rounds, with the points they give."""
    players = tuple(
        replace(
            player,
            rounds=player.rounds[:rounds],
            points=Points(sum(document.scoring.points(e.outcome) for e in player.rounds[:rounds])),
        )
        for player in document.players
    )
    return replace(document, players=players)


def test_a_round_robin_file_comes_in_as_a_round_robin() -> None:
    text = write_trf(generated("PlayersNumber=7\nFormat=roundrobin\nWithdrawalRate=0\n", 4))

    imported = tournament_import_trf_reported(text=text)

    tournament = imported.tournament
    assert tournament.format == TournamentFormat.ROUND_ROBIN
    assert tournament.tournament_type == "Individual: Round-Robin"
    assert (tournament.numbers_drawn, tournament.numbers_seed, tournament.rounds) == (True, None, 7)
    assert [check.agrees for check in imported.report.round_checks] == [True] * 7
    messages = [adjustment.message for adjustment in imported.report.adjustments]
    assert not any("092" in message or "192" in message for message in messages)
    assert imported.report.pairing_system == "Round robin"
    assert "all 7 paired rounds agree with the Berger tables" in imported.report.lines()


def test_a_round_off_the_table_is_reported_against_the_table() -> None:
    document = generated("PlayersNumber=4\nFormat=roundrobin\nForfeitRate=0\n", 4)
    first = document.players[0].rounds[0]
    players = tuple(
        replace(
            player,
            rounds=(replace(player.rounds[0], color=player.rounds[0].color.opposite),)
            + player.rounds[1:],
        )
        if player.pairing_number in (1, first.opponent)
        else player
        for player in document.players
    )

    imported = tournament_import_trf_reported(text=write_trf(replace(document, players=players)))

    (check,) = imported.report.differing_rounds
    assert check.round_number == 1
    assert check.summary() == (
        "the recorded pairing differs from the Berger table's (1: 4 - 1 / Berger table 1 - 4)"
    )


def test_a_double_round_robin_keeps_the_exchange_of_its_last_two_rounds() -> None:
    config = "PlayersNumber=6\nFormat=doubleroundrobin\nSwapLastTwoRounds=yes\nForfeitRate=0\n"
    text = write_trf(generated(config, 9))

    imported = tournament_import_trf_reported(text=text)

    assert imported.tournament.format == TournamentFormat.DOUBLE_ROUND_ROBIN
    assert imported.tournament.swap_last_two_rounds
    assert all(check.agrees for check in imported.report.round_checks)


def test_rounds_that_are_the_berger_tables_make_a_round_robin_without_092() -> None:
    document = generated("PlayersNumber=8\nFormat=roundrobin\n", 2)
    text = write_trf(replace(first_rounds(document, 3), tournament_type=None))

    imported = tournament_import_trf_reported(text=text)

    assert imported.tournament.format == TournamentFormat.ROUND_ROBIN
    assert imported.tournament.rounds == 7
    assert any("Berger tables'" in adjustment.message for adjustment in imported.report.adjustments)


def test_an_imported_round_robin_goes_on_with_the_table() -> None:
    document = first_rounds(generated("PlayersNumber=5\nFormat=roundrobin\n", 6), 2)

    tournament = tournament_import_trf_reported(text=write_trf(document)).tournament

    state = tournament_state_from_db(tournament)
    ours = round_robin_pairing(state, cycles=1, swap_last_two=False).pairing
    table = table_pairing(document, 3, TableReading(cycles=1, swap_last_two=False))
    assert (ours.boards, ours.bye) == (table.boards, table.bye)


def test_a_player_with_forfeits_lost_to_the_end_is_withdrawn() -> None:
    document = generated("PlayersNumber=6\nFormat=roundrobin\nWithdrawalRate=2\n", 11)
    trails = {
        player.pairing_number
        for player in document.players
        if player.rounds[-1].outcome is Outcome.FORFEIT_LOSS
    }
    assert trails

    tournament = tournament_import_trf_reported(text=write_trf(document)).tournament

    withdrawn = set(
        tournament.players.filter(status=PlayerStatus.WITHDRAWN).values_list(
            "pairing_number", flat=True
        )
    )
    assert withdrawn == trails


def test_a_round_robin_list_loses_its_buchholz() -> None:
    document = generated("PlayersNumber=4\nFormat=roundrobin\n", 1)
    text = write_trf(replace(document, tie_breaks=("BH", "SB", "DE")))

    imported = tournament_import_trf_reported(text=text)

    assert imported.tournament.tiebreaks == ["SB", "DE"]
    assert any("no Buchholz" in adjustment.message for adjustment in imported.report.adjustments)


def test_a_round_robin_without_numbers_1_to_n_is_refused() -> None:
    document = first_rounds(generated("PlayersNumber=4\nFormat=roundrobin\n", 1), 0)
    renumbered = "\n".join(
        line.replace("001    4", "001    9", 1) for line in write_trf(document).splitlines()
    )

    with pytest.raises(TrfImportError, match="pairing numbers must be 1 to n") as refused:
        tournament_import_trf_reported(text=renumbered + "\n")
    assert refused.value.line == 2


def test_a_swiss_file_stays_a_swiss(worked_example_text: str) -> None:
    imported = tournament_import_trf_reported(text=worked_example_text)

    assert imported.tournament.format == TournamentFormat.SWISS
    assert parse_trf(worked_example_text).tournament_type
