"""The rank column of every exported TRF is the standings order under the tournament's
tie-break list (issue 29; checklist Q217): the TRF16 and TRF-2026 reports, the engine-exchange
file and the checked rating report, downloaded through the site; `python -m standings --check`
finds nothing to flag in any of them; tied players share the place, an expelled player is
unranked (rank 0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from standings.cli import main as standings_main
from standings.selectors import tournament_standings
from tests.factories import TournamentRoleFactory
from tests.roundrobin import pair_and_publish, play, round_robin
from tests.standings.selectors.builders import import_worked_example
from tests.tournaments.reports.test_rating_report import finished_tournament
from tournaments.domain.trf import parse_trf
from tournaments.models import Game, Player, Result, Tournament

pytestmark = pytest.mark.django_db

EXPORTS = (
    "export.trf",
    "export.trf?format=trf26",
    "export.trf?mode=exchange",
    "export.trf?format=trf26&mode=exchange",
)


def _exports(client: Client, tournament: Tournament) -> dict[str, str]:
    files = {}
    for name in EXPORTS:
        response = client.get(f"/t/{tournament.slug}/{name}")
        assert response.status_code == 200, (name, response.content[:300])
        files[name] = response.content.decode()
    return files


def _site_ranks(tournament: Tournament) -> dict[int, int]:
    standings = tournament_standings(tournament=tournament)
    return {line.player.pairing_number: line.rank for line in standings.lines}


def _file_ranks(text: str) -> dict[int, int]:
    return {player.pairing_number: player.rank or 0 for player in parse_trf(text).players}


def _check(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "export.trf"
    path.write_text(text, encoding="utf-8")
    status = standings_main([str(path), "--check"])
    return status, capsys.readouterr().out


@pytest.fixture
def reader(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def test_every_export_of_a_swiss_ranks_by_its_tie_break_list(
    reader: Client, arbiter: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = import_worked_example()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    site = _site_ranks(tournament)
    by_points_then_number = sorted(site, key=lambda number: (-_points(tournament, number), number))
    # the list orders some tied players otherwise than their pairing numbers would
    assert [site[number] for number in by_points_then_number] != sorted(site.values())

    for name, text in _exports(reader, tournament).items():
        assert _file_ranks(text) == site, name
        status, out = _check(text, tmp_path, capsys)
        assert (status, out.strip()) == (0, "all 14 ranks follow the tie-break list"), name


def _points(tournament: Tournament, number: int) -> float:
    line = next(
        line
        for line in tournament_standings(tournament=tournament).lines
        if line.player.pairing_number == number
    )
    return float(line.points)


def test_a_round_robin_s_export_ranks_as_the_site_and_shares_places(
    reader: Client, arbiter: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = round_robin(arbiter, 6, drawn=True)
    for number in range(1, 6):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter, _draw_unless_black_is_odd)
    site = _site_ranks(tournament)
    assert len(set(site.values())) < len(site)  # a shared place

    for name, text in _exports(reader, tournament).items():
        assert _file_ranks(text) == site, name
        status, out = _check(text, tmp_path, capsys)
        assert status == 0 and out.startswith("all 6 ranks follow"), (name, out)
    assert _file_ranks(_exports(reader, tournament)["export.trf"]) != dict(
        zip(range(1, 7), range(1, 7), strict=True)
    )


def _draw_unless_black_is_odd(game: Game) -> Result:
    return Result.BLACK_WINS if game.black.pairing_number % 2 else Result.DRAW


def test_an_expelled_player_is_unranked_and_the_places_below_move_up(
    reader: Client, arbiter: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = import_worked_example()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    first = tournament_standings(tournament=tournament).lines[0].player
    Player.objects.filter(pk=first.pk).update(expelled=True)

    text = _exports(reader, tournament)["export.trf?format=trf26"]

    ranks = _file_ranks(text)
    assert ranks[first.pairing_number] == 0
    assert sorted(rank for rank in ranks.values() if rank) == sorted(
        _site_ranks(tournament).values()
    )
    status, out = _check(text, tmp_path, capsys)
    assert status == 0 and "(1 unranked, rank 0, not compared)" in out


def test_the_checked_rating_report_ranks_by_the_list(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = finished_tournament(client)  # logs its arbiter in

    for fmt in ("trf16", "trf26"):
        response = client.get(f"/t/{tournament.slug}/rating-report.trf?format={fmt}")
        assert response.status_code == 200, response.content[:300]
        text = response.content.decode()
        assert _file_ranks(text) == _site_ranks(tournament), fmt
        assert _check(text, tmp_path, capsys)[0] == 0, fmt
