"""A seeded mutator over the reference TRF files: the inputs of the import fuzzers.

`mutated_files(count, seed)` yields `(label, text)` pairs; the label names the source file and
the mutations applied, so a failing case can be rebuilt from the seed. Each case applies one
to three mutations to a reference file: deleted, duplicated or swapped lines, flipped
characters and digits, columns shifted left or right, huge numbers, truncation, random bytes
(decoded as Latin-1, so any byte value reaches the reader as a character).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "reference"
HUGE_NUMBERS = ("99999", "65536", "32768", "2147483648", "9" * 30, "-1", "0", "00000", "1e9")
REFERENCE_FILES = sorted(
    path
    for path in REFERENCE.rglob("*.trf")
    if path.stat().st_size < 64_000  # the 1000-player files make the database cases slow
)

Mutation = Callable[[random.Random, list[str]], list[str]]


def _delete_line(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    return lines[:index] + lines[index + 1 :]


def _duplicate_line(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    return [*lines[: index + 1], lines[index], *lines[index + 1 :]]


def _swap_lines(rng: random.Random, lines: list[str]) -> list[str]:
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    swapped = list(lines)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    return swapped


def _flip_character(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    line = lines[index]
    if not line:
        return lines
    column = rng.randrange(len(line))
    character = rng.choice("0123456789 -+=wbWBUHFZDL.*/#,x\t")
    return [*lines[:index], line[:column] + character + line[column + 1 :], *lines[index + 1 :]]


def _flip_digit(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    line = lines[index]
    digits = [column for column, character in enumerate(line) if character.isdigit()]
    if not digits:
        return lines
    column = rng.choice(digits)
    flipped = line[:column] + str(rng.randrange(10)) + line[column + 1 :]
    return [*lines[:index], flipped, *lines[index + 1 :]]


def _shift_columns(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    line = lines[index]
    column = rng.randrange(len(line) + 1)
    if rng.random() < 0.5:
        shifted = line[:column] + " " * rng.randint(1, 3) + line[column:]
    else:
        shifted = line[:column] + line[column + rng.randint(1, 3) :]
    return [*lines[:index], shifted, *lines[index + 1 :]]


def _huge_number(rng: random.Random, lines: list[str]) -> list[str]:
    """Overwrite a run of digits (a rating, a pairing number, a round count...) with an extreme
    value, keeping the rest of the line in place when the value fits."""
    index = rng.randrange(len(lines))
    line = lines[index]
    runs = [(start, start + len(word)) for start, word in _digit_runs(line)]
    if not runs:
        return lines
    start, end = rng.choice(runs)
    value = rng.choice(HUGE_NUMBERS)
    if len(value) <= end - start:
        value = value.rjust(end - start)
    return [*lines[:index], line[:start] + value + line[end:], *lines[index + 1 :]]


def _digit_runs(line: str) -> list[tuple[int, str]]:
    runs: list[tuple[int, str]] = []
    start = None
    for column, character in enumerate([*line, " "]):
        if character.isdigit() and start is None:
            start = column
        elif not character.isdigit() and start is not None:
            runs.append((start, line[start:column]))
            start = None
    return runs


def _truncate(rng: random.Random, lines: list[str]) -> list[str]:
    text = "\n".join(lines)
    return text[: rng.randrange(len(text) + 1)].split("\n")


def _random_bytes(rng: random.Random, lines: list[str]) -> list[str]:
    index = rng.randrange(len(lines))
    line = lines[index]
    column = rng.randrange(len(line) + 1)
    noise = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))).decode("latin-1")
    return [*lines[:index], line[:column] + noise + line[column:], *lines[index + 1 :]]


def _header_round_count(rng: random.Random, lines: list[str]) -> list[str]:
    """A round count line with an extreme value (the `XXR 99999` crash of issue 14)."""
    return [f"{rng.choice(('XXR', '142'))} {rng.choice(HUGE_NUMBERS)}", *lines]


MUTATIONS: tuple[Mutation, ...] = (
    _delete_line,
    _duplicate_line,
    _swap_lines,
    _flip_character,
    _flip_digit,
    _shift_columns,
    _huge_number,
    _truncate,
    _random_bytes,
    _header_round_count,
)


def mutated_files(count: int, seed: int) -> Iterator[tuple[str, str]]:
    """`count` mutated reference files, the same ones for the same seed."""
    rng = random.Random(seed)
    sources = [(path, path.read_text(encoding="utf-8").splitlines()) for path in REFERENCE_FILES]
    for case in range(count):
        path, lines = rng.choice(sources)
        applied = rng.choices(MUTATIONS, k=rng.randint(1, 3))
        mutated = list(lines)
        for mutation in applied:
            if mutated:
                mutated = mutation(rng, mutated)
        names = "+".join(mutation.__name__.strip("_") for mutation in applied)
        yield f"case {case}: {path.relative_to(REFERENCE)} {names}", "\n".join(mutated) + "\n"
