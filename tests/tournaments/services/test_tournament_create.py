"""`tournament_create` and `tournament_update`: rounds, edition, drawn colour, locked settings."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import pair_round
from tournaments.domain.warnings import Level
from tournaments.exceptions import ConfirmationRequired, SettingsLocked
from tournaments.models import ArbiterRole, AuditEntry, InitialColor, PairingSystem, RoundState
from tournaments.services.tournaments import (
    TournamentSettings,
    color_from_seed,
    tournament_create,
    tournament_update,
)

pytestmark = pytest.mark.django_db


def test_it_creates_the_rounds_and_makes_the_creator_its_chief_arbiter(arbiter: User) -> None:
    tournament = tournament_create(
        settings=TournamentSettings(
            name="Spring Open",
            rounds=7,
            scoring={"points_win": 6, "points_draw": 2, "points_pairing_bye": 6},
        ),
        by=arbiter,
    )

    assert tournament.slug == "spring-open"
    assert list(tournament.round_set.values_list("number", flat=True)) == list(range(1, 8))
    assert list(tournament.roles.values_list("user", "role")) == [(arbiter.pk, ArbiterRole.CHIEF)]
    assert tournament.points_win == 6
    assert tournament.tiebreaks[:3] == ["BH/C1", "BH", "SB"]


def test_the_rules_edition_follows_the_start_date(arbiter: User) -> None:
    old = tournament_create(
        settings=TournamentSettings(name="Old", start_date=datetime.date(2025, 5, 1)), by=arbiter
    )
    new = tournament_create(
        settings=TournamentSettings(name="New", start_date=datetime.date(2026, 5, 1)), by=arbiter
    )

    assert old.pairing_system == PairingSystem.FIDE_DUTCH
    assert new.pairing_system == PairingSystem.FIDE_DUTCH_2025


def test_the_drawn_colour_comes_from_the_recorded_seed(arbiter: User) -> None:
    drawn = tournament_create(settings=TournamentSettings(name="Drawn"), by=arbiter)
    entered = tournament_create(
        settings=TournamentSettings(name="Entered", initial_color=InitialColor.BLACK), by=arbiter
    )

    assert drawn.initial_color_seed is not None
    assert drawn.initial_color == color_from_seed(drawn.initial_color_seed)
    assert (entered.initial_color, entered.initial_color_seed) == (InitialColor.BLACK, None)


def test_editing_the_number_of_rounds_adds_and_removes_unpaired_rounds(arbiter: User) -> None:
    tournament = tournament_create(settings=TournamentSettings(name="Open", rounds=5), by=arbiter)

    tournament_update(
        tournament=tournament, settings=TournamentSettings(name="Open", rounds=7), by=arbiter
    )
    assert tournament.round_set.count() == 7
    tournament_update(
        tournament=tournament, settings=TournamentSettings(name="Open", rounds=3), by=arbiter
    )

    assert list(tournament.round_set.values_list("number", flat=True)) == [1, 2, 3]


def test_it_refuses_to_remove_a_paired_round(arbiter: User) -> None:
    settings = TournamentSettings(name="Open", rounds=5, initial_color=InitialColor.WHITE)
    tournament = tournament_create(settings=settings, by=arbiter)
    pair_round(tournament, 1, RoundState.COMPLETED)
    pair_round(tournament, 2, RoundState.PAIRED)

    with pytest.raises(SettingsLocked, match="Round 2 is already paired"):
        tournament_update(
            tournament=tournament,
            settings=TournamentSettings(name="Open", rounds=1, initial_color=InitialColor.WHITE),
            by=arbiter,
        )

    assert tournament.round_set.count() == 5


def test_it_refuses_to_change_the_edition_once_round_1_is_paired(arbiter: User) -> None:
    tournament = tournament_create(
        settings=TournamentSettings(name="Open", initial_color=InitialColor.WHITE), by=arbiter
    )
    pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(SettingsLocked, match="pairing_system"):
        tournament_update(
            tournament=tournament,
            settings=TournamentSettings(
                name="Open",
                initial_color=InitialColor.WHITE,
                pairing_system=PairingSystem.FIDE_DUTCH,
            ),
            by=arbiter,
        )


def test_new_tie_breaks_once_round_1_is_paired_need_level_4_and_other_changes_are_audited(
    arbiter: User,
) -> None:
    settings = TournamentSettings(name="Open", initial_color=InitialColor.WHITE)
    tournament = tournament_create(settings=settings, by=arbiter)
    pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(ConfirmationRequired) as required:
        tournament_update(
            tournament=tournament,
            settings=TournamentSettings(
                name="Open", initial_color=InitialColor.WHITE, tiebreaks=["SB"]
            ),
            by=arbiter,
            confirmed=Level.CONFIRM,
        )
    assert required.value.warning.level is Level.DOUBLE_CONFIRM
    tournament_update(
        tournament=tournament,
        settings=TournamentSettings(name="Open", city="Modena", initial_color=InitialColor.WHITE),
        by=arbiter,
    )

    entry = AuditEntry.objects.filter(entity="tournament").first()
    assert entry is not None
    assert (entry.old_value, entry.new_value) == ("city=", "city=Modena")
