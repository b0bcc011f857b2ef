"""The one conversion from rows to the domain state, and the TRF file the pairing worker reads.

The pairing app writes `tournament_trf_document` as TRF-2026, stores it as the run's input,
and the worker parses it back into a state: that state must be the one the database gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django import DjangoAssertNumQueries

from pairing.services.trf_import import tournament_import_trf
from tests.standings.selectors.builders import round_in_play
from tests.tournaments.conftest import REFERENCE
from tournaments.domain.state import Color, Outcome, PlayerId, RoundRecord, TournamentState
from tournaments.domain.trf import parse_trf, tournament_state_from_trf, write_trf
from tournaments.exceptions import ResultsMissing
from tournaments.models import ForbiddenPair, Tournament
from tournaments.selectors.state import pairing_scores_before, state_rows, tournament_state_from_db
from tournaments.selectors.trf import tournament_trf_document

pytestmark = pytest.mark.django_db

WORKED_EXAMPLE = REFERENCE / "worked-example"
ABSENT = RoundRecord(None, Color.NONE, Outcome.ABSENT)


def worker_state(tournament: Tournament) -> TournamentState:
    """What the pairing worker reads: the stored TRF-2026 input, parsed back into a state."""
    text = write_trf(tournament_trf_document(tournament, ranks=None), "trf26")
    return tournament_state_from_trf(parse_trf(text))


@pytest.mark.parametrize(
    "path",
    [
        *(WORKED_EXAMPLE / "rounds" / f"round-{number}-input.trf" for number in range(1, 7)),
        WORKED_EXAMPLE / "tournament.trf",
    ],
    ids=lambda path: path.stem,
)
def test_the_worker_reads_back_the_state_of_the_database_at_every_round(path: Path) -> None:
    tournament = tournament_import_trf(text=path.read_text(encoding="utf-8"))

    assert worker_state(tournament) == tournament_state_from_db(tournament)


def test_the_worker_file_is_the_state_before_the_round_in_play() -> None:
    tournament, _ = round_in_play()  # round 1 completed, round 2 in play, round 3 a draft

    assert worker_state(tournament) == tournament_state_from_db(tournament, 2)


def test_the_absent_player_of_the_worked_example_is_not_paired_in_round_two() -> None:
    path = WORKED_EXAMPLE / "rounds" / "round-2-input.trf"
    tournament = tournament_import_trf(text=path.read_text(encoding="utf-8"))

    state = tournament_state_from_db(tournament)

    assert state.next_round == 2
    assert dict(state.not_paired) == {PlayerId(12): Outcome.ZERO_BYE}


def test_pending_results_count_as_not_played_yet_and_are_listed() -> None:
    tournament, _ = round_in_play()  # round 2: Anna beat Chiara, Boris-Dario without result

    rows = state_rows(tournament, 3, pending_results=True)

    assert rows.pending == {(2, PlayerId(2)), (2, PlayerId(4))}
    assert rows.state.player(PlayerId(2)).history[1] == ABSENT
    assert rows.state.player(PlayerId(1)).history[1].outcome is Outcome.WIN
    assert rows.scores() == {PlayerId(1): 4, PlayerId(2): 1, PlayerId(3): 1, PlayerId(4): 0}


def test_without_the_pending_results_mode_a_missing_result_is_refused() -> None:
    tournament, _ = round_in_play()

    with pytest.raises(ResultsMissing, match="Round 2, board 2 has no result yet"):
        state_rows(tournament, 3)


def test_a_game_of_the_round_itself_is_never_pending() -> None:
    tournament, _ = round_in_play()

    rows = state_rows(tournament, 2, pending_results=True)

    assert rows.pending == frozenset()
    assert rows.state == tournament_state_from_db(tournament, 2)


def test_a_state_with_pending_results_carries_no_forbidden_pairs() -> None:
    tournament, (anna, boris, _, _) = round_in_play()
    ForbiddenPair.objects.create(tournament=tournament, first=anna, second=boris)

    assert state_rows(tournament, 2, pending_results=True).state.forbidden == ()
    assert len(tournament_state_from_db(tournament, 2).forbidden) == 1


def test_the_rows_come_with_their_players_in_three_queries(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tournament, _ = round_in_play()

    with django_assert_num_queries(3):
        rows = state_rows(tournament, 3, pending_results=True)
        names = [(game.round.number, game.white.name, game.black.name) for game in rows.games]

    assert names == [
        (1, "Anna", "Dario"),
        (1, "Boris", "Chiara"),
        (2, "Chiara", "Anna"),
        (2, "Dario", "Boris"),
        (3, "Boris", "Anna"),
    ]
    assert [player.pairing_number for player in rows.players] == [1, 2, 3, 4]


def test_scores_before_a_round_are_by_pairing_number() -> None:
    tournament, _ = round_in_play()

    assert pairing_scores_before(tournament, 1) == dict.fromkeys(map(PlayerId, (1, 2, 3, 4)), 0)
    assert pairing_scores_before(tournament, 2) == {
        PlayerId(1): 2,
        PlayerId(2): 1,
        PlayerId(3): 1,
        PlayerId(4): 0,
    }
