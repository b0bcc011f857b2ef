"""Baku acceleration in the web application (issue 19, C.04.7): the setting, its lock once
round 1 is paired (checklist Q109, Q110), the virtual points fed to the pairing through the
state adapter and never to the standings, the TRF export and import."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from pairing.services.trf_import import tournament_import_trf, tournament_import_trf_reported
from standings.export_ranks import trf_ranks
from standings.selectors import tournament_standings
from tests.factories import ByeFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.state import PlayerId
from tournaments.domain.trf import parse_trf
from tournaments.exceptions import ConfigurationRefused, SettingsLocked, TrfImportError
from tournaments.models import PairingSystem, RoundState, Tournament, TournamentFormat
from tournaments.selectors.state import pairing_scores_before, state_rows
from tournaments.selectors.trf import tournament_trf_document, tournament_trf_report
from tournaments.services.tournaments import (
    TournamentSettings,
    tournament_create,
    tournament_update,
)

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[2] / "pairing" / "engine" / "cases"
FOOTBALL = {"points_win": 6, "points_draw": 2, "points_pairing_bye": 6, "points_full_bye": 6}


def _round_two() -> str:
    """10 players, 7 rounds, round 1 played under Baku acceleration (a hand-worked case)."""
    return (CASES / "issue19_baku_r02.trf").read_text(encoding="utf-8")


def _settings(tournament: Tournament, **changes: object) -> TournamentSettings:
    values: dict[str, object] = {
        "name": tournament.name,
        "rounds": tournament.rounds,
        "pairing_system": PairingSystem(tournament.pairing_system),
        "baku_acceleration": tournament.baku_acceleration,
    }
    values.update(changes)
    return TournamentSettings(**values)  # type: ignore[arg-type]


class TestSetting:
    def test_a_tournament_is_created_with_baku_acceleration(self, arbiter: User) -> None:
        tournament = tournament_create(
            settings=TournamentSettings(name="Open", rounds=9, baku_acceleration=True), by=arbiter
        )
        assert tournament.baku_acceleration

    def test_it_is_refused_under_football_scoring(self, arbiter: User) -> None:
        settings = TournamentSettings(name="Open", scoring=FOOTBALL, baku_acceleration=True)
        with pytest.raises(ConfigurationRefused, match=r"C\.04\.7 1\.1"):
            tournament_create(settings=settings, by=arbiter)

    def test_it_is_refused_in_a_round_robin(self, arbiter: User) -> None:
        settings = TournamentSettings(
            name="Closed", format=TournamentFormat.ROUND_ROBIN, baku_acceleration=True
        )
        with pytest.raises(ConfigurationRefused, match="Swiss tournaments"):
            tournament_create(settings=settings, by=arbiter)

    def test_it_can_be_switched_on_before_round_1_is_paired(self, arbiter: User) -> None:
        tournament = tournament_with_players(8, rounds=7, arbiter=arbiter)
        tournament_update(
            tournament=tournament,
            settings=_settings(tournament, baku_acceleration=True),
            by=arbiter,
        )
        tournament.refresh_from_db()
        assert tournament.baku_acceleration


class TestLock:
    """Checklist Q109 (removed after round 1: hard fail), Q110 (changed after round 1)."""

    @pytest.fixture
    def started(self, arbiter: User) -> Tournament:
        tournament = tournament_with_players(8, rounds=9, arbiter=arbiter)
        tournament.baku_acceleration = True
        tournament.save()
        pair_round(tournament, 1, RoundState.PAIRED)
        return tournament

    def test_it_cannot_be_removed_once_round_1_is_paired(
        self, started: Tournament, arbiter: User
    ) -> None:
        with pytest.raises(SettingsLocked, match="Q109, Q110"):
            tournament_update(
                tournament=started, settings=_settings(started, baku_acceleration=False), by=arbiter
            )
        started.refresh_from_db()
        assert started.baku_acceleration

    def test_it_cannot_be_added_once_round_1_is_paired(self, arbiter: User) -> None:
        tournament = tournament_with_players(8, rounds=9, arbiter=arbiter)
        pair_round(tournament, 1, RoundState.PAIRED)
        with pytest.raises(SettingsLocked, match="Baku acceleration can no longer"):
            tournament_update(
                tournament=tournament,
                settings=_settings(tournament, baku_acceleration=True),
                by=arbiter,
            )

    def test_the_rounds_cannot_change_the_accelerated_rounds_after_the_start(
        self, started: Tournament, arbiter: User
    ) -> None:
        with pytest.raises(SettingsLocked, match="the first 5 of 9"):
            tournament_update(tournament=started, settings=_settings(started, rounds=8), by=arbiter)


class TestVirtualPoints:
    def test_the_state_gives_group_a_its_virtual_points(self, arbiter: User) -> None:
        tournament = tournament_with_players(10, rounds=7, arbiter=arbiter)
        tournament.baku_acceleration = True
        tournament.save()

        state = state_rows(tournament).state

        assert [player.acceleration for player in state.players] == [(2, 2, 1, 1)] * 6 + [()] * 4

    def test_a_round_1_bye_leaves_the_player_out_of_the_count(self, arbiter: User) -> None:
        """Checklist Q111: 9 players to pair make a group A of 6, up to number 7."""
        tournament = tournament_with_players(10, rounds=7, arbiter=arbiter)
        tournament.baku_acceleration = True
        tournament.save()
        ByeFactory.create(
            round=tournament.round_set.get(number=1),
            player=tournament.players.get(pairing_number=2),
        )

        state = state_rows(tournament).state

        assert [bool(player.acceleration) for player in state.players] == [True] * 7 + [False] * 3

    def test_a_tournament_without_acceleration_has_none(self, arbiter: User) -> None:
        state = state_rows(tournament_with_players(10, rounds=7, arbiter=arbiter)).state
        assert all(player.acceleration == () for player in state.players)

    def test_the_pairing_score_adds_them_and_the_standings_never_do(self) -> None:
        tournament = tournament_import_trf(text=_round_two(), slug="baku")

        pairing = pairing_scores_before(tournament, 2)
        standings = tournament_standings(tournament=tournament, after_round=1)

        assert pairing[PlayerId(1)] == 4  # 1 point and 1 virtual point, in half-points
        assert {line.player.pairing_number: line.points for line in standings.lines}[1] == 1
        assert all(line.points <= 1 for line in standings.lines)


class TestTrf:
    def test_the_export_writes_the_baku_code_and_the_virtual_points(self) -> None:
        tournament = tournament_import_trf(text=_round_two(), slug="baku")

        document = tournament_trf_document(tournament, ranks=None)
        report = tournament_trf_report(tournament, "trf26", ranker=trf_ranks)

        assert document.pairing_system == "FIDE_DUTCH_2025_BAKU"
        assert "192 FIDE_DUTCH_2025_BAKU" in report.splitlines()
        assert "250 00.0 01.0 001 002 0001 0006" in report.splitlines()
        assert "250 00.0 00.5 003 004 0001 0006" in report.splitlines()
        assert "XXA    6  1.0  1.0  0.5  0.5" in tournament_trf_report(
            tournament, "trf16", ranker=trf_ranks
        )

    def test_the_export_reads_back_to_the_same_state(self) -> None:
        tournament = tournament_import_trf(text=_round_two(), slug="baku")
        again = tournament_import_trf(
            text=tournament_trf_report(tournament, "trf26", ranker=trf_ranks), slug="b2"
        )
        assert again.baku_acceleration
        assert state_rows(again).state == state_rows(tournament).state

    @pytest.mark.parametrize(
        ("code", "system"),
        [
            ("FIDE_DUTCH_2026_BAKU", PairingSystem.FIDE_DUTCH_2025),
            ("FIDE_DUTCH_2025_BAKU", PairingSystem.FIDE_DUTCH_2025),
            ("FIDE_DUTCH_BAKU", PairingSystem.FIDE_DUTCH),
            ("FIDE_DUTCH_2017_BAKU", PairingSystem.FIDE_DUTCH),
        ],
    )
    def test_the_import_reads_a_baku_code(self, code: str, system: PairingSystem) -> None:
        text = _round_two().replace("FIDE_DUTCH_2025_BAKU", code)
        tournament = tournament_import_trf(text=text, slug="baku")
        assert tournament.baku_acceleration
        assert tournament.pairing_system == system

    def test_the_import_reads_the_methods_records_as_baku(self) -> None:
        plain = _round_two().replace("FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2025")
        records = "".join(f"XXA {n:4d}  1.0  1.0  0.5  0.5\n" for n in range(1, 7))
        imported = tournament_import_trf_reported(text=plain + records, slug="baku")

        assert imported.tournament.baku_acceleration
        assert any("read as Baku" in item.message for item in imported.report.adjustments)
        assert not imported.report.differing_rounds

    def test_the_import_refuses_the_records_of_another_method(self) -> None:
        records = "".join(f"XXA {n:4d}  1.0  1.0  0.5  0.5\n" for n in range(1, 8))
        text = _round_two() + records
        with pytest.raises(
            TrfImportError, match="player 7 has 1 virtual points in round 1; the Baku"
        ):
            tournament_import_trf(text=text, slug="baku")
        assert not Tournament.objects.filter(slug="baku").exists()

    def test_the_import_refuses_baku_under_football_scoring(self) -> None:
        round_one = (CASES / "issue19_baku_r01.trf").read_text(encoding="utf-8")
        assert parse_trf(round_one).pairing_system == "FIDE_DUTCH_2025_BAKU"
        for colour in ("XXC white1\n", ""):  # without it the colour is read from the state
            text = round_one.replace("XXR 7", "XXR 7\nXXS W=3 D=1").replace("XXC white1\n", colour)
            with pytest.raises(TrfImportError, match=r"C\.04\.7 1\.1"):
                tournament_import_trf(text=text, slug="baku")
