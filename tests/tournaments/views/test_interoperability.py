"""Files other programs write, and files for them (issue 29, deliverable 7), through the
import page, the export and the command lines:

- bbpPairings 6.0.0's generator names its system on a `092` line (`092 FIDE_DUTCH_2025`, no
  `192`; golden file `tests/data/interop/bbp600-generated-092.trf`): read as the 2025 rules by
  `-c` and by the import, which reports where it found it;
- a legacy `0000 - +` (`tests/data/interop/legacy-pab-0000-plus.trf`) is imported as the
  pairing-allocated bye, with a note in the import report;
- an unknown `172` method is a warning in the report, not a refusal;
- `?compat=bbp` writes TRF-2026's `162` with `Z` where the text has `A`, as bbpPairings 6.0.0
  reads it;
- `python -m standings --check` on a file without ranks says so and exits 0.
"""

from __future__ import annotations

import html as html_module
from pathlib import Path

import pytest
from django.test import Client

from pairing.cli import main as pairing_main
from standings.cli import main as standings_main
from tests.factories import TournamentRoleFactory
from tests.standings.selectors.builders import import_worked_example
from tests.tournaments.conftest import WORKED_EXAMPLE
from tests.tournaments.import_jobs import post
from tests.tournaments.views.test_tournament_import import CONFIRM, token_of, upload
from tournaments.domain.trf import parse_trf
from tournaments.models import Bye, ByeKind, PairingSystem, Tournament

pytestmark = pytest.mark.django_db

INTEROP = Path(__file__).resolve().parents[2] / "data" / "interop"
BBP_092 = INTEROP / "bbp600-generated-092.trf"
LEGACY_PAB = INTEROP / "legacy-pab-0000-plus.trf"


def _preview(client: Client, content: bytes) -> str:
    """The import's preview (a background job, run eagerly), unescaped."""
    return html_module.unescape(upload(client, content.decode()))


def _import(client: Client, content: bytes) -> tuple[str, Tournament]:
    page = _preview(client, content)
    response = post(client, CONFIRM, {"job": token_of(page)})
    assert response.status_code == 302, page[-2000:]
    return page, Tournament.objects.get()


def test_the_golden_bbp_file_is_as_bbp_writes_it() -> None:
    content = BBP_092.read_bytes()

    assert b"\n" not in content and content.count(b"\r") > 12  # CR line ends only
    assert content.rstrip(b"\r").endswith(b"\r092 FIDE_DUTCH_2025")
    assert b"\r192 " not in content


def test_bbp_s_092_is_read_as_its_system_by_the_checker(capsys: pytest.CaptureFixture[str]) -> None:
    status = pairing_main(["--dutch", str(BBP_092), "-c"])

    assert (status, capsys.readouterr().out.strip()) == (0, "all 5 rounds agree with the engine")
    doc = parse_trf(BBP_092.read_bytes().decode())
    assert (doc.pairing_system, doc.system_in_092) == ("FIDE_DUTCH_2025", True)


def test_bbp_s_092_is_imported_as_the_2025_rules_and_reported(arbiter_client: Client) -> None:
    page, tournament = _import(arbiter_client, BBP_092.read_bytes())

    assert (
        "no pairing system (192): FIDE_DUTCH_2025 read from the tournament type (092), where "
        "bbpPairings 6.0.0 writes it"
    ) in page
    assert "All 5 paired rounds agree with the engine." in page
    assert tournament.pairing_system == PairingSystem.FIDE_DUTCH_2025


def test_a_legacy_0000_plus_is_imported_as_the_pairing_allocated_bye(
    arbiter_client: Client,
) -> None:
    page, tournament = _import(arbiter_client, LEGACY_PAB.read_bytes())

    assert (
        "round 2: 0000 - + (a forfeit win without an opponent, the old way of writing the "
        "pairing-allocated bye) is read as the pairing-allocated bye (U)"
    ) in page
    assert "All 6 paired rounds agree with the engine." in page
    bye = Bye.objects.get(round__tournament=tournament, round__number=2, player__pairing_number=14)
    assert bye.kind == ByeKind.PAIRING_ALLOCATED
    standings = arbiter_client.get(f"/t/{tournament.slug}/standings.csv").content.decode()
    assert ",14,Roberto,,,2000,3.5," in standings  # the bye scores a win, as `+` did


def test_an_unknown_172_method_is_a_warning_not_a_refusal(arbiter_client: Client) -> None:
    text = WORKED_EXAMPLE.read_text(encoding="utf-8").replace("\nXXR 6", "\n172 ITA F\nXXR 6")

    page, tournament = _import(arbiter_client, text.encode())

    assert (
        "172: tournament-rating method 'F' is not one this program knows (FIDE, NRO, FIDON, "
        "NIDOF, HBFN, OTHER): the FIDE ratings are the tournament ratings; the file's pairing "
        "numbers stand"
    ) in page
    assert tournament.rating_method == "FIDE"
    assert tournament.players.count() == 14


def test_the_bbp_compatible_export_writes_z_for_a(arbiter_client: Client, arbiter: object) -> None:
    tournament = import_worked_example()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    url = f"/t/{tournament.slug}/export.trf?format=trf26&mode=exchange"

    standard = arbiter_client.get(url).content.decode()
    response = arbiter_client.get(url + "&compat=bbp")
    compatible = response.content.decode()

    def line_162(text: str) -> str:
        return next(line for line in text.splitlines() if line.startswith("162 "))

    assert line_162(standard) == "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0"
    assert line_162(compatible) == "162  W 1.0    D 0.5    L 0.0    Z 0.0    P 1.0"
    assert response["Content-Disposition"].endswith('-trf26-bbp.trf"')
    assert [line for line in standard.splitlines() if not line.startswith("162 ")] == [
        line for line in compatible.splitlines() if not line.startswith("162 ")
    ]
    assert parse_trf(compatible).scoring == parse_trf(standard).scoring  # we read both
    assert arbiter_client.get(url + "&compat=javafo").status_code == 400


def test_standings_check_on_a_file_without_ranks_says_so_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = WORKED_EXAMPLE.read_text(encoding="utf-8").splitlines()
    blank = [line[:85] + "    " + line[89:] if line.startswith("001") else line for line in lines]
    path = tmp_path / "no-ranks.trf"
    path.write_text("\n".join(blank) + "\n", encoding="utf-8")

    status = standings_main([str(path), "--check"])

    assert status == 0
    assert capsys.readouterr().out.strip() == (
        "the file gives no ranks (columns 86-89): there is nothing to check"
    )
