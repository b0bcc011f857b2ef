"""A round robin's round paired by hand and validated: the confirmation compares it with the
Berger table's round and says so (C.05 Annex 1; VCL Q100-Q101), in the arbiter's language."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from pairing.services.manual import round_manual_pair, round_manual_start, round_manual_validate
from tests.roundrobin import round_robin
from tournaments.domain.warnings import Level
from tournaments.exceptions import ConfirmationRequired
from tournaments.models import IntegrityEvent, IntegrityEventKind, Round, RoundState

pytestmark = pytest.mark.django_db


def _hand_made_round_1(arbiter: User) -> ConfirmationRequired:
    """Round 1 of a 4-player round robin paired 1-2, 3-4 (the table: 1-4, 2-3), validated."""
    tournament = round_robin(arbiter, 4, drawn=True)
    rnd = tournament.round_set.get(number=1)
    round_manual_start(rnd=rnd, by=arbiter)
    one, two, three, four = (tournament.players.get(pairing_number=n) for n in (1, 2, 3, 4))
    round_manual_pair(rnd=rnd, white=one, black=two, by=arbiter)
    round_manual_pair(rnd=rnd, white=three, black=four, by=arbiter)
    with pytest.raises(ConfirmationRequired) as required:
        round_manual_validate(rnd=rnd, by=arbiter)
    return required.value


def test_the_dialog_names_the_berger_table_not_the_engine(
    arbiter: User, enqueued: list[int]
) -> None:
    warning = _hand_made_round_1(arbiter).warning

    assert warning.title == "Round 1 differs from the Berger table's pairing"
    assert warning.consequences[:2] == (
        "boards the Berger table does not pair: 1-2, 3-4",
        "Berger table boards left out: 1-4, 2-3",
    )


def test_the_dialog_is_translated(arbiter: User, enqueued: list[int]) -> None:
    with translation.override("fr"):
        warning = _hand_made_round_1(arbiter).warning

    assert warning.title == "La ronde 1 diffère de l'appariement de la table de Berger"
    assert warning.consequences[0] == "échiquiers que la table de Berger n'apparie pas : 1-2, 3-4"


def test_the_confirmed_round_is_an_mpa_event_naming_the_table(
    arbiter: User, enqueued: list[int]
) -> None:
    _hand_made_round_1(arbiter)
    rnd = Round.objects.get(number=1)

    round_manual_validate(rnd=rnd, by=arbiter, confirmed=Level.DOUBLE_CONFIRM)

    details = IntegrityEvent.objects.get(
        kind=IntegrityEventKind.MANUAL_PAIRING, details__startswith="validated by hand"
    ).details
    assert "boards the Berger table does not pair: 1-2, 3-4" in details
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PUBLISHED
