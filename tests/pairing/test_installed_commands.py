"""Issue 21: `pip install .` gives `swiss-pairing` and `swiss-standings`, drop-in commands for the
endorsed engines' command lines that work from any directory (not only from the checkout)."""

from __future__ import annotations

import os
import subprocess
import sysconfig
import venv
from pathlib import Path

from tests.pairing.engine.replay import CASES

ROOT = Path(__file__).resolve().parents[2]


def _installed(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A fresh virtual environment with the project installed (no dependencies: they are taken
    from the test's own environment through PYTHONPATH, so the test needs no download of them)."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    subprocess.run(
        [env_dir / "bin" / "pip", "install", "--quiet", "--no-deps", str(ROOT)],
        check=True,
        capture_output=True,
    )
    environment = {**os.environ, "PYTHONPATH": sysconfig.get_paths()["purelib"]}
    return env_dir / "bin", environment


def test_the_installed_commands_pair_and_rank_from_another_directory(tmp_path: Path) -> None:
    bin_dir, environment = _installed(tmp_path)
    work = tmp_path / "elsewhere"
    work.mkdir()
    case = CASES / "javafo_gros2010_r05_xxz.trf"

    subprocess.run(
        [bin_dir / "swiss-pairing", "--dutch", str(case), "-p", "out.txt"],
        cwd=work,
        env=environment,
        check=True,
    )
    standings = subprocess.run(
        [bin_dir / "swiss-standings", str(case), "--tiebreaks", "PTS,BH"],
        cwd=work,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    )

    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    assert (work / "out.txt").read_text(encoding="utf-8") == expected
    assert "Mirzoev Azer" in standings.stdout.splitlines()[2]
    imported_from = subprocess.run(
        [bin_dir / "python", "-c", "import pairing.cli; print(pairing.cli.__file__)"],
        cwd=work,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert Path(imported_from.strip()).is_relative_to(bin_dir.parent)
