"""The golden generated tournament: `python -m pairing --dutch -g golden/rtg.txt -s 2026`.

Every setting at once: players from a CSV file (one unrated), the 2025 rules with Baku
acceleration, requested full-, half- and zero-point byes, late entries, withdrawals, forfeits,
½-0, 0-½ and 0-0, and the tie-break list with the ranks it gives. When it was made,
bbpPairings 6.0.0 `-c` re-paired all 7 rounds identically and `python -m standings --check`
found every rank following the list. A deliberate change to the generator regenerates it:

    .venv/bin/python -m pairing --dutch -g tests/pairing/generator/golden/rtg.txt \\
        -o tests/pairing/generator/golden/seed_2026.trf -s 2026
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from standings.cli import main as standings_main

GOLDEN = Path(__file__).parent / "golden"


def test_the_seed_gives_the_golden_file(tmp_path: Path) -> None:
    output = tmp_path / "generated.trf"
    assert main(["--dutch", "-g", str(GOLDEN / "rtg.txt"), "-o", str(output), "-s", "2026"]) == 0
    expected = (GOLDEN / "seed_2026.trf").read_text(encoding="utf-8")
    assert output.read_text(encoding="utf-8") == expected


def test_the_golden_file_checks_and_its_ranks_follow_its_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    golden = str(GOLDEN / "seed_2026.trf")
    assert main(["--dutch", golden, "-c"]) == 0
    assert standings_main([golden, "--check"]) == 0
    assert "all 19 ranks follow the tie-break list" in capsys.readouterr().out
