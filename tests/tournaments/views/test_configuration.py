"""Configuration that makes sense, through the HTTP layer: the number of rounds (VCL4THP
Q57-Q63) and the scoring system with the pairing-allocated bye (Q70-Q88)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tests.tournaments.views.confirming import (
    confirm,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tournaments.exceptions import ConfigurationRefused
from tournaments.forms.tournament import TournamentForm
from tournaments.models import IntegrityEvent, IntegrityEventKind, RoundState, Tournament
from tournaments.services.tournaments import tournament_check_setup

pytestmark = pytest.mark.django_db


def settings(tournament: Tournament, **changes: str) -> dict[str, str]:
    """The settings form's data as the page shows it, with `changes` (points as typed)."""
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    return data | changes


def edit_url(tournament: Tournament) -> str:
    return f"/t/{tournament.slug}/manage/edit/"


def started(arbiter: User, *, players: int = 8, rounds: int = 5, completed: int = 1) -> Tournament:
    tournament = tournament_with_players(players, rounds=rounds, arbiter=arbiter)
    play_rounds(tournament, completed)
    return tournament


# Number of rounds (Q57-Q63)


def test_changing_the_rounds_after_the_start_takes_a_level_4_confirmation(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q57, Q58: once round 1 is paired, the number of rounds is locked behind Level 4."""
    tournament = started(arbiter)
    data = settings(tournament, rounds="6")
    before = snapshot()

    first = arbiter_client.post(edit_url(tournament), data)
    second = arbiter_client.post(edit_url(tournament), {**data, "confirmation": token(first)})

    assert dialog_level(first) == 4 and "from 5 to 6" in html(first)
    assert "step 2 of 2" in html(second)
    assert snapshot() == before
    arbiter_client.post(edit_url(tournament), {**data, "confirmation": token(second)})
    tournament.refresh_from_db()
    assert tournament.rounds == 6 and tournament.round_set.count() == 6


def test_a_change_of_the_rounds_is_recorded(arbiter_client: Client, arbiter: User) -> None:
    """Q59: `### Configuration @ Round n: ...`."""
    tournament = started(arbiter)

    confirm(arbiter_client, edit_url(tournament), settings(tournament, rounds="4"))

    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.CONFIGURATION
    assert str(event) == "### Configuration @ Round 2: Number of rounds changed from 5 to 4"


def test_a_change_that_makes_the_last_paired_round_final_or_not_is_refused(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q60, Q61: round 2 was paired as an ordinary round; 2 rounds would make it the last one
    (and 5 rounds after a paired round 5 would make the final round ordinary): refused, so no
    paired round ever stands under rules it was not paired with."""
    tournament = started(arbiter)
    before = snapshot()

    response = arbiter_client.post(edit_url(tournament), settings(tournament, rounds="2"))

    assert "Round 2 was paired as an ordinary round" in html(response)
    assert snapshot() == before
    final = started(arbiter, rounds=3, completed=2)
    response = arbiter_client.post(edit_url(final), settings(final, rounds="4"))
    assert "Round 3 was paired as the last round" in html(response)


def test_more_rounds_than_the_field_can_pair_are_refused_after_the_start(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q62: 8 players can meet in at most 7 rounds."""
    tournament = started(arbiter)

    response = arbiter_client.post(edit_url(tournament), settings(tournament, rounds="8"))

    assert "8 rounds cannot be paired for 8 players" in html(response)
    assert "at most 7 rounds" in html(response)
    tournament.refresh_from_db()
    assert tournament.rounds == 5


def test_before_the_start_an_impossible_set_up_is_a_notice_and_a_warning(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q62: before round 1, too many rounds for the registered field is told (Level 2) when
    saved, shown on the dashboard, and refused when round 1 is to be paired."""
    tournament = tournament_with_players(5, rounds=5, arbiter=arbiter)
    data = settings(tournament, rounds="6")

    notice = arbiter_client.post(edit_url(tournament), data)

    assert is_dialog(notice) and dialog_level(notice) == 2
    assert "6 rounds cannot be paired for 5 players" in html(notice)
    arbiter_client.post(edit_url(tournament), {**data, "confirmation": token(notice)})
    tournament.refresh_from_db()
    assert tournament.rounds == 6
    dashboard = html(arbiter_client.get(f"/t/{tournament.slug}/manage/"))
    assert "6 rounds cannot be paired for 5 players" in dashboard
    with pytest.raises(ConfigurationRefused, match="at most 5 rounds"):
        tournament_check_setup(tournament=tournament)


def test_a_tournament_without_players_cannot_be_paired() -> None:
    """Q62: no players, no pairing."""
    tournament = tournament_with_players(0, rounds=5)

    with pytest.raises(ConfigurationRefused, match="No players are registered"):
        tournament_check_setup(tournament=tournament)


def test_before_the_start_the_rounds_change_freely(arbiter_client: Client, arbiter: User) -> None:
    """Q57: the lock starts with round 1's pairing."""
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)

    response = arbiter_client.post(edit_url(tournament), settings(tournament, rounds="7"))

    assert response.status_code == 302
    assert not IntegrityEvent.objects.exists()


def test_the_tie_breaks_change_after_the_start_only_with_level_4_and_a_record(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q200-Q202 (the late change of tie-breaks): Level 4, recorded with the previous list."""
    tournament = started(arbiter)
    tournament.tiebreaks = ["BH/C1", "BH", "SB"]
    tournament.save()
    data = settings(tournament, tiebreak_1="SB", tiebreak_2="BH", tiebreak_3="")

    first = arbiter_client.post(edit_url(tournament), data)
    confirm(arbiter_client, edit_url(tournament), data)

    assert dialog_level(first) == 4
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["SB", "BH"]
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert str(event) == (
        "### Tie-breaks @ Round 2: Tie-break list changed from BH/C1, BH, SB to SB, BH"
    )


# Scoring system and pairing-allocated bye (Q70-Q88)


def test_standard_scoring_is_the_default(arbiter_client: Client) -> None:
    """Q70: 1 - ½ - 0, and the PAB scores a win (Q79)."""
    page = html(arbiter_client.get("/manage/new/"))

    for name, value in (("win", "1"), ("draw", "0.5"), ("loss", "0"), ("pairing_bye", "1")):
        assert f'name="points_{name}" value="{value}"' in page, name


@pytest.mark.parametrize(
    ("question", "changes"),
    [
        ("Q71-Q73: 3-1-0", {"points_win": "3", "points_draw": "1", "points_pairing_bye": "3"}),
        ("Q80, Q82: a PAB of 0", {"points_pairing_bye": "0"}),
        ("Q80, Q82, Q83: a PAB of ½", {"points_pairing_bye": "0.5"}),
        (
            "Q84: 3-1-0 with a PAB of a draw",
            {"points_win": "3", "points_draw": "1", "points_pairing_bye": "1"},
        ),
    ],
)
def test_scoring_systems_that_make_sense_are_saved(
    arbiter_client: Client, arbiter: User, question: str, changes: dict[str, str]
) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)

    response = arbiter_client.post(edit_url(tournament), settings(tournament, **changes))

    assert response.status_code == 302, (question, html(response))
    tournament.refresh_from_db()
    assert tournament.points_pairing_bye == int(float(changes["points_pairing_bye"]) * 2)


@pytest.mark.parametrize(
    ("question", "changes", "message"),
    [
        ("Q74", {"points_win": "2", "points_draw": "1.5"}, "Two draws (3) may not score more"),
        ("Q81", {"points_pairing_bye": "1.5"}, "A pairing-allocated bye (1½) may not score more"),
        ("Q81", {"points_full_bye": "2"}, "A full-point bye (2) may not score more than a win"),
        ("Q83", {"points_pairing_bye": "0.7"}, "Enter a whole or half point"),
        (
            "Q84",
            {"points_win": "3", "points_draw": "1", "points_pairing_bye": "2"},
            "A pairing-allocated bye scores what a game can give: 3, 1, 0, not 2",
        ),
        ("nonsense", {"points_loss": "1", "points_win": "1"}, "must score more than a loss"),
    ],
)
def test_scoring_systems_that_make_no_sense_are_refused(
    arbiter_client: Client,
    arbiter: User,
    snapshot: Callable[[], Snapshot],
    question: str,
    changes: dict[str, str],
    message: str,
) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)
    before = snapshot()

    response = arbiter_client.post(edit_url(tournament), settings(tournament, **changes))

    assert response.status_code == 200 and message in html(response), question
    assert snapshot() == before


def test_the_service_refuses_nonsense_scoring_too(arbiter: User) -> None:
    """Q74, Q81: the rule is the service's; the form only tells it earlier."""
    from tournaments.services.tournaments import TournamentSettings, tournament_update

    tournament = tournament_with_players(8, arbiter=arbiter)
    with pytest.raises(ConfigurationRefused, match="Two draws"):
        tournament_update(
            tournament=tournament,
            settings=TournamentSettings(name="x", rounds=5, scoring={"points_draw": 2}),
            by=arbiter,
        )


def test_the_scoring_and_the_pab_are_locked_once_round_1_is_paired(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q75, Q85 (answered No, so Q76-Q78 and Q86-Q88 are skipped): fixed after the start."""
    tournament = tournament_with_players(8, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PAIRED)

    for changes in (
        {"points_pairing_bye": "0.5"},
        {"points_win": "3", "points_draw": "1", "points_pairing_bye": "3"},
    ):
        response = arbiter_client.post(edit_url(tournament), settings(tournament, **changes))
        assert "Round 1 is paired" in html(response), changes
    tournament.refresh_from_db()
    assert (tournament.points_win, tournament.points_pairing_bye) == (2, 2)
