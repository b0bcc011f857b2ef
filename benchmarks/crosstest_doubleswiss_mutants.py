"""What the Double-Swiss cross-test can see: the engine with one rule broken on purpose, run
against the checker on the same seeds (issue 37).

    nice -n 19 .venv/bin/python benchmarks/crosstest_doubleswiss_mutants.py --seeds 1-300

Each mutant replaces one function of the engine for the length of its batch (the code on disk is
never changed). A mutant the cross-test does not tell from the real engine on these seeds would
mean that the cross-test does not test that rule. One line per mutant: how many matches and
tournaments differ. The differing files go to `build/crosstest-doubleswiss-mutants/`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks.crosstest_doubleswiss as harness
from pairing.engine.doubleswiss import colours, criteria, identifiers, rounds, upfloaters
from pairing.engine.doubleswiss.matches import Contender
from tournaments.domain.state import Color


def _white_by_colour_difference(higher: Contender, other: Contender, initial: Color) -> bool:
    """4.3.2 read as the colour difference instead of the number of Whites."""

    def difference(c: Contender) -> int:
        return sum(1 if x is Color.WHITE else -1 for x in c.colours if x is not Color.NONE)

    if difference(higher) != difference(other) and any(c is not Color.NONE for c in higher.colours):
        return difference(higher) < difference(other)
    return ORIGINAL_WHITE(higher, other, initial)


ORIGINAL_WHITE = colours.white_of_higher


def _reversed_profiles(counts: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """[C5] upside down: the lowest scores first."""
    yield from reversed(list(ORIGINAL_PROFILES(counts, size)))


ORIGINAL_PROFILES = upfloaters.profiles

MUTANTS: dict[str, Callable[[], object]] = {
    "[C5] lowest scores first": lambda: mock.patch.object(
        upfloaters, "profiles", _reversed_profiles
    ),
    "[C6] ignored": lambda: mock.patch.object(upfloaters, "_complies_with_c6", lambda *args: True),
    "[C7] ignored": lambda: mock.patch.object(criteria.Criteria, "floaters", lambda *a: 0),
    "[C8] ignored": lambda: mock.patch.object(criteria.Criteria, "opponent_cost", lambda *a: 0),
    "3.6 a later identifier": lambda: mock.patch.object(
        rounds, "first_identifier", _later_identifier
    ),
    "4.3.2 by colour difference": lambda: mock.patch.object(
        colours, "white_of_higher", _white_by_colour_difference
    ),
    "4.3.1 parity of the TPN as given": lambda: mock.patch.object(
        colours, "white_of_higher", _parity_of_the_tpn
    ),
}


def _parity_of_the_tpn(higher: Contender, other: Contender, initial: Color) -> bool:
    """4.3.1 on the TPN as the file gives it, not on the rank among the players who came."""
    if all(c is Color.NONE for c in (*higher.colours, *other.colours)):
        return (initial is Color.WHITE) == (higher.id % 2 == 1)
    return ORIGINAL_WHITE(higher, other, initial)


def _later_identifier(criteria_: object, bracket: object, ups: object) -> object:
    """3.6 broken: the first identifier's first two pairs exchange their bottom members when
    both new pairs are compatible."""
    pairs = list(ORIGINAL_FIRST(criteria_, bracket, ups))  # type: ignore[arg-type]
    if len(pairs) >= 2:
        (a, b), (c, d) = pairs[0], pairs[1]
        if criteria_.compatible(a, d) and criteria_.compatible(c, b):  # type: ignore[attr-defined]
            pairs[0], pairs[1] = (a, d), (c, b)
    return tuple(pairs)


ORIGINAL_FIRST = identifiers.first_identifier


@contextmanager
def _applied(name: str) -> Iterator[None]:
    patcher = MUTANTS[name]()
    with patcher:  # type: ignore[attr-defined]
        yield


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-300")
    parser.add_argument("--players", default="2-12")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    low, high = (int(x) for x in args.players.split("-"))
    harness.OUT = harness.ROOT / "build" / "crosstest-doubleswiss-mutants"
    for name in MUTANTS:
        with _applied(name):
            counts = harness.run(range(first, last + 1), low, high)
        print(
            f"{name}: {counts['differ']} of {counts['tournaments']} tournaments differ "
            f"({counts['matches']} matches compared)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
