"""The golden generated tournament: `python -m pairing --dutch -g golden/rtg.txt -s 2026`.

Every setting at once: players from a CSV file (one unrated), the 2025 rules with Baku
acceleration, requested full-, half- and zero-point byes, late entries, withdrawals, forfeits,
½-0, 0-½ and 0-0, and the tie-break list with the ranks it gives. When it was made,
bbpPairings 6.0.0 `-c` re-paired all 7 rounds identically and `python -m standings --check`
found every rank following the list. Both golden files keep `ResultsModel=table`, the model
they were made and checked with (the default became `tec`, VCL Q32). A deliberate change
to the generator regenerates it:

    .venv/bin/python -m pairing --dutch -g tests/pairing/generator/golden/rtg.txt \\
        -o tests/pairing/generator/golden/seed_2026.trf -s 2026
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pairing.cli import main
from standings.cli import main as standings_main
from tournaments.domain.state import Outcome
from tournaments.domain.trf import TrfDocument, TrfRoundEntry, parse_trf

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


def test_the_counts_golden_file_has_its_counts_and_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`golden/rtg_counts.txt`, seed 2027: counts, percentages and per-round keys (VCL Q24)
    and the rating parameters (Q28), under the 2017 rules; bbpPairings 5.0.1 `-c` re-paired
    all 7 rounds identically when it was made. Regenerate as above with `rtg_counts.txt`,
    `seed_2027.trf` and `-s 2027`."""
    output = tmp_path / "generated.trf"
    config = str(GOLDEN / "rtg_counts.txt")
    assert main(["--dutch", "-g", config, "-o", str(output), "-s", "2027"]) == 0
    golden = GOLDEN / "seed_2027.trf"
    assert output.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
    assert main(["--dutch", str(golden), "-c"]) == 0
    assert standings_main([str(golden), "--check"]) == 0
    assert "all 24 ranks follow the tie-break list" in capsys.readouterr().out

    doc = parse_trf(golden.read_text(encoding="utf-8"))
    entries = [(r, e) for p in doc.players for r, e in enumerate(p.rounds, start=1)]
    byes = Counter((r, e.outcome) for r, e in entries if e.opponent is None)
    assert byes[(5, Outcome.HALF_BYE)] == 2  # HalfPointByes.R5=2
    assert sum(n for (_, o), n in byes.items() if o is Outcome.HALF_BYE) == 5  # and 3 more
    assert {key: n for key, n in byes.items() if key[1] is Outcome.FULL_BYE} == {
        (2, Outcome.FULL_BYE): 1  # FullPointByes.R2=1
    }
    assert sum(n for (_, o), n in byes.items() if o is Outcome.ZERO_BYE) == 1  # 5 % of 24
    forfeits = Counter(r for r, e in entries if e.outcome is Outcome.FORFEIT_WIN)
    assert forfeits[3] == 2  # Forfeits.R3=2
    unusual = Counter(r for r, e in entries if e.outcome is Outcome.DRAW and _lost(doc, r, e))
    assert sum(unusual.values()) == 2  # HalfZeroResults=1, ZeroHalfResults.R6=1
    assert unusual[6] >= 1
    ratings = [p.rating for p in doc.players]
    assert ratings[-2:] == [None, None]  # UnratedPercentage=10: 2 of 24
    assert all(rating % 10 == 0 for rating in ratings[:-2] if rating)  # RatingStep=10


def _lost(doc: TrfDocument, round_number: int, entry: TrfRoundEntry) -> bool:
    """Whether the opponent of `entry` lost the game (a ½-0 or 0-½ score)."""
    opponent = next(p for p in doc.players if p.pairing_number == entry.opponent)
    return opponent.rounds[round_number - 1].outcome is Outcome.LOSS
