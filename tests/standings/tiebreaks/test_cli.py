"""`python -m standings`: the ranking of a TRF file as a table or as JSON, and `--check`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from standings.cli import main
from tests.standings.tiebreaks.reference import TIEBREAKS, load_expected
from tournaments.domain.trf import parse_trf, write_trf

SEED_TRF = TIEBREAKS / "c07-seed-example.trf"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main([*arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_it_prints_the_oracles_values_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    codes = "PTS,DE,BH/C1,BH,SB,ARO,TPR,AOB,KS,PS/C1,WIN"
    status, out, _ = run(capsys, str(SEED_TRF), "--tiebreaks", codes, "--edition", "2024", "--json")
    assert status == 0
    players = json.loads(out)["players"]
    assert [player["rank"] for player in players] == list(range(1, 9))
    expected = {
        player["startno"]: player["values"]
        for player in load_expected(TIEBREAKS / "c07-seed-example.expected.json")["players"]
    }
    for player in players:
        assert player["values"] == {
            code: expected[player["startno"]][code] for code in codes.split(",")
        }


def test_it_prints_a_ranking_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(SEED_TRF), "--tiebreaks", "PTS,BH/C1", "--edition", "2023")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].split() == ["Rk", "No", "Name", "Rtg", "PTS", "BH/C1"]
    assert lines[2].split() == ["1", "1", "Alice", "1700", "4", "11.5"]
    assert lines[3].split() == ["2", "2", "Bruno", "1650", "3", "12"]


def test_it_takes_the_edition_in_force_on_the_start_date(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    dated = tmp_path / "dated.trf"
    dated.write_text(
        SEED_TRF.read_text(encoding="utf-8").replace("XXR 5", "042 2023/09/01\nXXR 5"),
        encoding="utf-8",
    )
    status, out, _ = run(capsys, str(dated), "--tiebreaks", "BH", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["edition"] == "2023"
    assert result["players"][0]["values"] == {"BH": 14}


def test_it_uses_a_fixed_rating_for_unrated_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = SEED_TRF.read_text(encoding="utf-8").splitlines()
    italo = next(i for i, line in enumerate(text) if "Italo" in line)
    text[italo] = text[italo][:48] + "    " + text[italo][52:]
    unrated = tmp_path / "unrated.trf"
    unrated.write_text("\n".join(text) + "\n", encoding="utf-8")
    _, strict, _ = run(capsys, str(unrated), "--tiebreaks", "ARO", "--json")
    assert {p["values"]["ARO"] for p in json.loads(strict)["players"]} == {None}
    _, fixed, _ = run(
        capsys, str(unrated), "--tiebreaks", "ARO", "--unrated-rating", "1480", "--json"
    )
    assert {p["startno"]: p["values"]["ARO"] for p in json.loads(fixed)["players"]}[1] == 1556


@pytest.mark.parametrize("codes", ["PTS,XYZ", "BH/C9"])
def test_it_refuses_an_unknown_tie_break(capsys: pytest.CaptureFixture[str], codes: str) -> None:
    status, _, err = run(capsys, str(SEED_TRF), "--tiebreaks", codes)
    assert status == 2
    assert "error" in err


def test_it_gives_the_standings_after_an_earlier_round(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(SEED_TRF), "--tiebreaks", "PTS", "--round", "1", "--json")
    assert status == 0
    points = {p["startno"]: p["values"]["PTS"] for p in json.loads(out)["players"]}
    assert points == {1: 1, 2: 1, 3: 0.5, 4: 1, 5: 0, 6: 0, 7: 0, 8: 1}


def _with_ranks(tmp_path: Path, source: Path, ranks: dict[int, int]) -> Path:
    doc = parse_trf(source.read_text(encoding="utf-8"))
    players = tuple(replace(p, rank=ranks[p.pairing_number]) for p in doc.players)
    target = tmp_path / source.name
    target.write_text(write_trf(replace(doc, players=players)), encoding="utf-8")
    return target


def test_check_accepts_ranks_that_follow_the_list_and_reports_the_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    codes = "PTS,BH/C1,BH,SB"
    _, out, _ = run(capsys, str(source), "--tiebreaks", codes, "--json")
    ranks = {player["startno"]: player["rank"] for player in json.loads(out)["players"]}

    good = _with_ranks(tmp_path, source, ranks)
    status, out, _ = run(capsys, str(good), "--tiebreaks", codes, "--check")
    assert (status, out) == (0, "all 16 ranks follow the tie-break list\n")

    first, second = (player for player, rank in ranks.items() if rank in (1, 2))
    ranks[first], ranks[second] = ranks[second], ranks[first]
    swapped = _with_ranks(tmp_path, source, ranks)
    status, out, _ = run(capsys, str(swapped), "--tiebreaks", codes, "--check")
    assert status == 1
    assert sorted(out.splitlines()) == sorted(
        [
            f"player {first}: the file gives rank 2, the list 1",
            f"player {second}: the file gives rank 1, the list 2",
        ]
    )


def test_check_lets_players_tied_on_every_value_share_their_places(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    _, out, _ = run(capsys, str(source), "--tiebreaks", "PTS", "--json")
    rows = json.loads(out)["players"]
    points = {row["startno"]: row["values"]["PTS"] for row in rows}
    ranks = {row["startno"]: row["rank"] for row in rows}
    shared = next(value for value in points.values() if list(points.values()).count(value) > 1)
    tied = [player for player, value in points.items() if value == shared][:2]
    ranks[tied[0]], ranks[tied[1]] = ranks[tied[1]], ranks[tied[0]]

    status, _, _ = run(
        capsys, str(_with_ranks(tmp_path, source, ranks)), "--tiebreaks", "PTS", "--check"
    )

    assert status == 0


def test_check_leaves_players_of_rank_0_out_of_the_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Issue 13: rank 0 is "unranked" (a withdrawn player, a dummy bye player), not a rank.
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    codes = "PTS,BH/C1,BH,SB"
    _, out, _ = run(capsys, str(source), "--tiebreaks", codes, "--json")
    ranks = {player["startno"]: player["rank"] for player in json.loads(out)["players"]}
    withdrawn = next(player for player, rank in ranks.items() if rank == 5)
    ranks = {player: rank - 1 if rank > 5 else rank for player, rank in ranks.items()}
    ranks[withdrawn] = 0

    status, out, _ = run(
        capsys, str(_with_ranks(tmp_path, source, ranks)), "--tiebreaks", codes, "--check"
    )

    assert (status, out) == (
        0,
        "all 15 ranks follow the tie-break list (1 unranked, rank 0, not compared)\n",
    )
    second = next(player for player, rank in ranks.items() if rank == 2)
    ranks[second] = 0
    status, out, _ = run(
        capsys, str(_with_ranks(tmp_path, source, ranks)), "--tiebreaks", codes, "--check"
    )
    assert status == 1
    assert "the list 2" in out


def test_check_evaluates_the_trf26_codes_std_tpn_and_rtng(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Issue 13 (VCL4THP Q21): STD standard points, TPN pairing number, RTNG rating (C.07 2026).
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    codes = "PTS,BH/C1,STD,RTNG,TPN/R"
    status, out, _ = run(capsys, str(source), "--tiebreaks", codes, "--json")
    assert status == 0
    rows = json.loads(out)["players"]
    assert all(row["values"]["STD"] == row["values"]["PTS"] for row in rows)
    ratings = {p.pairing_number: p.rating for p in parse_trf(source.read_text("utf-8")).players}
    assert all(row["values"]["RTNG"] == ratings[row["startno"]] for row in rows)
    assert all(row["values"]["TPN/R"] == row["startno"] for row in rows)
    ranks = {row["startno"]: row["rank"] for row in rows}
    # Alyx (1, 2200) and Stephan (16, 1450) are equal on PTS, BH/C1 and STD: RTNG puts Alyx first.
    assert ranks[1] + 1 == ranks[16]

    status, out, _ = run(
        capsys, str(_with_ranks(tmp_path, source, ranks)), "--tiebreaks", codes, "--check"
    )
    assert (status, out) == (0, "all 16 ranks follow the tie-break list\n")
    ranks[1], ranks[16] = ranks[16], ranks[1]
    swapped = _with_ranks(tmp_path, source, ranks)
    status, out, _ = run(capsys, str(swapped), "--tiebreaks", codes, "--check")
    assert status == 1
    assert f"player 1: the file gives rank {ranks[1]}, the list {ranks[16]}" in out
    # Without RTNG the two are tied on every value: either order is accepted.
    status, _, _ = run(capsys, str(swapped), "--tiebreaks", "PTS,BH/C1,STD", "--check")
    assert status == 0


def test_tpn_puts_the_lower_pairing_number_first(capsys: pytest.CaptureFixture[str]) -> None:
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    _, out, _ = run(capsys, str(source), "--tiebreaks", "PTS,TPN", "--json")
    rows = json.loads(out)["players"]

    assert [row["rank"] for row in rows] == list(range(1, 17))
    keys = [(-row["values"]["PTS"], row["startno"]) for row in rows]
    assert keys == sorted(keys)


def test_an_order_code_applies_where_the_list_puts_it(capsys: pytest.CaptureFixture[str]) -> None:
    # STD, TPN and RTNG are tie-breaks of the list like the others (as in the web app): RTNG
    # before BH decides first.
    source = TIEBREAKS / "tec-exercise-swiss.trf"
    _, out, _ = run(capsys, str(source), "--tiebreaks", "PTS,RTNG,BH", "--json")
    rows = json.loads(out)["players"]

    keys = [(-row["values"]["PTS"], -row["values"]["RTNG"]) for row in rows]
    assert keys == sorted(keys)
    assert [row["rank"] for row in rows] == list(range(1, 17))
