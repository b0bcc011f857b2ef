"""Files the fuzzer uploads to the players page's import: mutated CSV and TRF player lists."""

from __future__ import annotations

import random

from tests.security.world import ROUND_3_INPUT

_CSV = (
    "name,title,sex,rating,federation,fide_id,birth_date\n"
    "Ada Lovelace,WGM,w,2100,GBR,1234567,1815/12/10\n"
    "Bob Fischer,,m,2785,USA,2000024,1943\n"
    "Carl Unrated,,,,ITA,,\n"
)
_CELLS = (
    "",
    "-1",
    "99999999999999999999",
    "1.25",
    "NaN",
    "２０００",
    "unrated",
    '"quoted, comma"',
    '"unterminated',
    "\x00",
    "é" * 300,
    "GM",
    "XYZ",
    "1815/13/40",
)


def _mutated_csv(rng: random.Random) -> bytes:
    rows = [line.split(",") for line in _CSV.splitlines()]
    for _ in range(rng.randint(1, 4)):
        row = rng.choice(rows)
        action = rng.randrange(4)
        if action == 0 and row:
            row[rng.randrange(len(row))] = rng.choice(_CELLS)
        elif action == 1 and row:
            row.pop(rng.randrange(len(row)))
        elif action == 2:
            row.append(rng.choice(_CELLS))
        else:
            rows.insert(rng.randrange(len(rows) + 1), list(rng.choice(rows)))
    separator = rng.choice([",", ";"])
    text = "\n".join(separator.join(row) for row in rows)
    return text.encode(rng.choice(["utf-8", "utf-8-sig", "latin-1", "utf-16"]), errors="replace")


def _mutated_trf(rng: random.Random) -> bytes:
    lines = ROUND_3_INPUT.read_text(encoding="utf-8").splitlines()
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(len(lines))
        line = lines[index]
        column = rng.randrange(max(len(line), 1))
        junk = rng.choice(["9" * 12, "-", "x", "\u00e9\u00e9", " " * 8, "1.25", ""])
        lines[index] = line[:column] + junk + line[column + len(junk) :]
    return "\n".join(lines).encode("utf-8")


def mutated_upload(rng: random.Random) -> tuple[str, bytes]:
    """A format (`csv` or `trf`, sometimes a wrong one) and the bytes of a file to import."""
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice(["csv", "trf", "xls", ""]), b""
    if kind == 1:
        return rng.choice(["csv", "trf"]), bytes(rng.randrange(256) for _ in range(2048))
    if kind == 2:
        line = b"Huge Player,,,2000,ITA,,\n"
        header = b"name,title,sex,rating,federation,fide_id,birth_date\n"
        return "csv", header + line * rng.choice([3_000, 60_000])
    if kind <= 5:
        return rng.choice(["csv", "csv", "trf"]), _mutated_csv(rng)
    return rng.choice(["trf", "trf", "csv"]), _mutated_trf(rng)
