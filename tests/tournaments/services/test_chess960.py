"""Chess960 (checklist Q222): the position drawn when a round is published, the arbiter's own
position, each recorded as a `### Chess960` event that the TRF-2026 report writes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.services.rounds import round_publish, round_unpublish
from standings.export_ranks import trf_ranks
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.chess960 import back_rank, drawn_position, round_seed
from tournaments.domain.warnings import Level
from tournaments.exceptions import Chess960Refused
from tournaments.models import IntegrityEvent, IntegrityEventKind, RoundState, Tournament
from tournaments.selectors.trf import tournament_trf_report
from tournaments.services.chess960 import round_set_chess960_position

pytestmark = pytest.mark.django_db


def chess960_tournament(arbiter: User) -> Tournament:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    tournament.chess960 = True
    tournament.save(update_fields=["chess960"])
    return tournament


def events(tournament: Tournament) -> list[str]:
    return [
        str(event)
        for event in IntegrityEvent.objects.filter(
            tournament=tournament, kind=IntegrityEventKind.CHESS960
        ).order_by("pk")
    ]


def test_publishing_a_round_draws_its_position_with_the_rounds_seed(arbiter: User) -> None:
    tournament = chess960_tournament(arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)

    round_publish(rnd=rnd, by=arbiter)

    rnd.refresh_from_db()
    seed = round_seed(tournament.pk, 1)
    assert rnd.chess960_position == drawn_position(seed)
    assert events(tournament) == [
        f"### Chess960 @ Round 1: starting position {rnd.chess960_position} "
        f"({back_rank(rnd.chess960_position)}), drawn by the program (seed “{seed}”)"
    ]


def test_publishing_again_keeps_the_position_and_records_nothing_more(arbiter: User) -> None:
    tournament = chess960_tournament(arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)
    round_publish(rnd=rnd, by=arbiter)
    round_set_chess960_position(rnd=rnd, position=518, by=arbiter)
    round_unpublish(rnd=rnd, by=arbiter, confirmed=Level.CONFIRM)

    round_publish(rnd=rnd, by=arbiter)

    rnd.refresh_from_db()
    assert rnd.chess960_position == 518
    assert len(events(tournament)) == 2


def test_a_tournament_not_played_as_chess960_gets_no_position(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)

    round_publish(rnd=rnd, by=arbiter)

    rnd.refresh_from_db()
    assert rnd.chess960_position is None
    assert events(tournament) == []
    with pytest.raises(Chess960Refused, match="not played as Chess960"):
        round_set_chess960_position(rnd=rnd, position=518, by=arbiter)


def test_the_arbiter_enters_a_position_in_place_of_the_drawn_one(arbiter: User) -> None:
    tournament = chess960_tournament(arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)
    round_publish(rnd=rnd, by=arbiter)
    rnd.refresh_from_db()
    drawn = rnd.chess960_position
    position = 0 if drawn != 0 else 1

    round_set_chess960_position(rnd=rnd, position=position, by=arbiter)

    rnd.refresh_from_db()
    assert rnd.chess960_position == position
    assert events(tournament)[-1] == (
        f"### Chess960 @ Round 1: starting position {position} ({back_rank(position)}), "
        f"entered by the arbiter, replacing position {drawn}"
    )


@pytest.mark.parametrize("position", [-1, 960])
def test_a_position_outside_0_to_959_is_refused(arbiter: User, position: int) -> None:
    tournament = chess960_tournament(arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(Chess960Refused, match="from 0 to 959"):
        round_set_chess960_position(rnd=rnd, position=position, by=arbiter)

    rnd.refresh_from_db()
    assert rnd.chess960_position is None


def test_the_trf_2026_report_writes_each_rounds_position_as_a_comment(arbiter: User) -> None:
    tournament = chess960_tournament(arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)
    round_publish(rnd=rnd, by=arbiter)
    round_set_chess960_position(rnd=rnd, position=518, by=arbiter)

    report = tournament_trf_report(tournament, "trf26", ranker=trf_ranks).splitlines()

    chess960 = [line for line in report if line.startswith("### Chess960 @ Round 1: ")]
    assert len(chess960) == 2
    assert chess960[-1].startswith("### Chess960 @ Round 1: starting position 518 (RNBQKBNR)")
