"""Reads berger_tables.txt: the Berger tables typed from FIDE Handbook C.05 Annex 1."""

from __future__ import annotations

import re
from pathlib import Path

TABLES_FILE = Path(__file__).with_name("berger_tables.txt")

Pairs = tuple[tuple[int, int], ...]


def handbook_tables() -> dict[int, list[Pairs]]:
    """Each printed block ("7 or 8 players:") by its even size: the rounds' (white, black) pairs."""
    tables: dict[int, list[Pairs]] = {}
    size = 0
    for line in TABLES_FILE.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"\d+ or (\d+) players:", line)
        if heading:
            size = int(heading.group(1))
            tables[size] = []
        elif line.startswith("Rd "):
            number, games = line.split(":", 1)
            assert int(number.removeprefix("Rd ")) == len(tables[size]) + 1, line
            pairs = re.findall(r"(\d+)-(\d+)", games)
            tables[size].append(tuple((int(white), int(black)) for white, black in pairs))
    return tables
