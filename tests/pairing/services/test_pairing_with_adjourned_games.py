"""Pairing while results are missing (issue 15; checklist Q157-Q160, Q168): the games without a
result become adjourned after a Level-2 warning, and count as draws in the engine's input."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.engine import pair
from pairing.models import PairingRun
from pairing.services.rounds import round_request_pairing
from tournaments.domain.state import Outcome, PlayerId
from tournaments.domain.trf import parse_trf, tournament_state_from_trf
from tournaments.domain.warnings import Level
from tournaments.exceptions import ConfirmationRequired
from tournaments.models import Result, Round, RoundState, Tournament

pytestmark = pytest.mark.django_db


def _results_missing(worked: Tournament, boards: list[int]) -> Round:
    round2 = worked.round_set.get(number=2)
    round2.state = RoundState.PUBLISHED
    round2.save()
    round2.games.filter(board__in=boards).update(result=Result.NOT_PLAYED)
    return round2


def test_it_asks_before_adjourning_the_missing_results(
    worked: Tournament, round3: Round, arbiter: User
) -> None:
    round2 = _results_missing(worked, [1, 2])

    with pytest.raises(ConfirmationRequired) as asked:
        round_request_pairing(rnd=round3, by=arbiter)

    warning = asked.value.warning
    assert warning.level is Level.NOTICE
    assert (
        "2 games of round 2 without a result will be recorded as adjourned"
        in (warning.consequences[0])
    )
    assert not PairingRun.objects.exists()
    assert round2.games.filter(result=Result.NOT_PLAYED).count() == 2


def test_confirmed_it_adjourns_them_and_the_engine_counts_them_as_draws(
    worked: Tournament, round3: Round, arbiter: User
) -> None:
    round2 = _results_missing(worked, [1, 2])
    adjourned = list(round2.games.filter(board__in=[1, 2]).order_by("board"))

    run = round_request_pairing(rnd=round3, by=arbiter, confirmed=Level.NOTICE)

    round2.refresh_from_db()
    assert round2.state == RoundState.COMPLETED
    assert set(round2.games.filter(board__in=[1, 2]).values_list("result", flat=True)) == {
        Result.ADJOURNED
    }
    state = tournament_state_from_trf(parse_trf(run.input_trf), 3)
    for game in adjourned:
        for player in (game.white, game.black):
            record = state.player(PlayerId(player.pairing_number)).history[1]
            assert record.outcome is Outcome.ADJOURNED
            assert state.scoring.points(record.outcome) == state.scoring.draw
    assert len(pair(state).boards) == 7  # the worked example's 14 players all paired


def test_a_game_still_adjourned_from_an_earlier_round_is_told(
    worked: Tournament, arbiter: User
) -> None:
    worked.round_set.get(number=1).games.filter(board=1).update(result=Result.ADJOURNED)
    round3 = worked.round_set.get(number=3)

    with pytest.raises(ConfirmationRequired) as asked:
        round_request_pairing(rnd=round3, by=arbiter)

    assert asked.value.warning.level is Level.NOTICE
    assert (
        "Still adjourned from an earlier round: round 1 board 1"
        in (asked.value.warning.consequences[0])
    )
    assert round_request_pairing(rnd=round3, by=arbiter, confirmed=Level.NOTICE).pk
