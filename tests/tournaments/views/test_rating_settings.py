"""The rating settings through the HTTP layer: tournament rating method (VCL Q145), unrated
players in rating-based tie-breaks (Q208-Q209), long events (Q210-Q216)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tests.tournaments.views.test_configuration import edit_url, settings
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_arbiter_sets_the_rating_rules(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)
    data = settings(
        tournament,
        rating_method="HBFN",
        unrated_rule="fixed",
        unrated_rating="1400",
        long_event="on",
        tiebreak_ratings="round",
    )

    response = arbiter_client.post(edit_url(tournament), data)

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (
        tournament.rating_method,
        tournament.unrated_rule,
        tournament.unrated_rating,
        tournament.long_event,
        tournament.tiebreak_ratings,
    ) == ("HBFN", "fixed", 1400, True, "round")


def test_the_form_shows_every_method(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)

    page = arbiter_client.get(edit_url(tournament)).content.decode()

    for method in ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "OTHER"):
        assert f'value="{method}"' in page
    assert 'value="minimum"' in page and 'value="fixed"' in page


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rating_method", "LBFN"),
        ("unrated_rule", "average"),
        ("unrated_rating", "3501"),
        ("unrated_rating", "²"),
        ("tiebreak_ratings", "last"),
    ],
)
def test_bad_values_are_refused_with_a_message_and_save_nothing(
    arbiter_client: Client,
    arbiter: User,
    snapshot: Callable[[], Snapshot],
    field: str,
    value: str,
) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)
    before = snapshot()

    response = arbiter_client.post(edit_url(tournament), settings(tournament, **{field: value}))

    assert response.status_code == 200
    assert "field-error" in response.content.decode()
    assert snapshot() == before


def test_the_rating_rules_are_fixed_once_round_1_is_paired(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(8, arbiter=arbiter)
    play_rounds(tournament, 1)
    before = snapshot()

    response = arbiter_client.post(edit_url(tournament), settings(tournament, rating_method="NRO"))

    assert response.status_code == 200
    assert "rating_method" in response.content.decode()
    assert snapshot() == before
    tournament.refresh_from_db()
    assert tournament.rating_method == "FIDE"


def test_a_long_event_may_be_flagged_after_the_start(arbiter_client: Client, arbiter: User) -> None:
    """Q210: the flag is not a rating rule; setting it later is allowed."""
    tournament = tournament_with_players(8, arbiter=arbiter)
    play_rounds(tournament, 1)

    response = arbiter_client.post(edit_url(tournament), settings(tournament, long_event="on"))

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.long_event


def long_tournament(arbiter: User, tiebreaks: list[str], **fields: object) -> Tournament:
    tournament = tournament_with_players(8, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=tiebreaks, **fields)
    return tournament


def test_the_settings_advise_against_rating_tiebreaks_in_a_long_event(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q211 (C.07 10): flagged, or dated over 30 days."""
    flagged = long_tournament(arbiter, ["BH/C1", "ARO"], long_event=True)
    dated = long_tournament(
        arbiter,
        ["TPR"],
        start_date=datetime.date(2026, 1, 10),
        end_date=datetime.date(2026, 3, 1),
    )
    short = long_tournament(arbiter, ["ARO"])
    no_rating = long_tournament(arbiter, ["BH/C1", "SB"], long_event=True)

    def advice(tournament: Tournament) -> bool:
        page = arbiter_client.get(edit_url(tournament)).content.decode()
        return "advises against rating-based tie-breaks" in page

    assert advice(flagged) and advice(dated)
    assert not advice(short) and not advice(no_rating)


def test_the_arbiter_registers_national_and_manual_ratings(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q145: the ratings NRO/FIDON/NIDOF (national) and HBFN/OTHER (manual) read."""
    tournament = tournament_with_players(2, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(rating_method="OTHER")
    data = {"name": "Nuovo, Nino", "rating": "", "national_rating": "1750", "manual_rating": "1900"}

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/players/", data)

    assert response.status_code == 302
    nino = tournament.players.get(name="Nuovo, Nino")
    assert (nino.fide_rating, nino.national_rating, nino.manual_rating) == (0, 1750, 1900)
    assert nino.pairing_number == 1  # OTHER: his 1900 ranks first, the others have none


def test_a_bad_national_rating_is_refused_with_a_message(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    before = snapshot()

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/players/", {"name": "Nuovo, Nino", "national_rating": "9999"}
    )

    assert "Write a rating from 0 to 3500" in response.content.decode()
    assert snapshot() == before
