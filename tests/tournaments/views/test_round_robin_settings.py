"""A round robin's settings page: the Buchholz family neither offered nor accepted (C.07 8;
VCL Q105), the format chosen on the form."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.roundrobin import round_robin
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament, TournamentFormat

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter() -> User:
    return UserFactory.create(username="chief")


def offered(form: TournamentForm) -> set[str]:
    field = form.fields["tiebreak_1"]
    return {str(code) for code, _ in field.choices}  # type: ignore[attr-defined]


def test_the_round_robin_s_menu_has_no_buchholz(arbiter: User) -> None:
    closed = round_robin(arbiter, 4)
    swiss = TournamentForm(initial={"format": TournamentFormat.SWISS})

    form = TournamentForm(initial=TournamentForm.initial_for(closed))

    assert {"BH", "BH/C1", "AOB", "FB"} <= offered(swiss)
    assert not {"BH", "BH/C1", "AOB", "FB"} & offered(form)
    assert {"DE", "WIN", "SB", "KS"} <= offered(form)


def test_creating_a_round_robin_with_buchholz_is_refused_with_a_message(
    client: Client, arbiter: User
) -> None:
    client.force_login(arbiter)
    data = {
        "name": "Closed",
        "format": "round_robin",
        "rounds": "9",
        "initial_color": "draw",
        "max_half_point_byes": "0",
        "no_byes_last_rounds": "0",
        **{f"points_{name}": value for name, value in _SCORES.items()},
        "tiebreak_1": "SB",
        "tiebreak_2": "BH",
    }

    response = client.post("/manage/new/", data)

    assert response.status_code == 200
    assert "A round robin cannot use the Buchholz family (C.07 8): remove BH." in (
        response.content.decode()
    )
    assert not Tournament.objects.exists()


_SCORES = {
    "win": "1",
    "draw": "0.5",
    "loss": "0",
    "pairing_bye": "0",
    "forfeit_win": "1",
    "forfeit_loss": "0",
    "half_bye": "0.5",
    "full_bye": "1",
    "zero_bye": "0",
}
