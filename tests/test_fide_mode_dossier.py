"""The checklist dossier (docs/fide-mode.md, issue 29 deliverable 8) cites the tests that show
each answer: every cited test file exists, every cited test name is a test that pytest would
collect in it (a `test_*` function, a `Test*` class or one of its `test_*` methods, found by
reading the file's syntax tree: the node ids without importing the module), and every question
on the checklist's path has a row.

A citation is a backquoted `path.py`, `path.py::name` or `path.py::Class::name`; a path without
a folder is looked for under tests/; `::name` alone continues the last file cited on the line.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOSSIER = ROOT / "docs" / "fide-mode.md"
TESTS = ROOT / "tests"

_CODE = re.compile(r"`([^`\n]+)`")
_CITATION = re.compile(r"^(?P<file>(?:[\w.-]+/)*test_\w+\.py)(?P<names>(?:::\w+)*)$")
_CONTINUATION = re.compile(r"^(?P<names>(?:::\w+)+)$")


def citations() -> list[tuple[int, str, str]]:
    """(line number, file as cited, node name or "") for every test the dossier cites."""
    found: list[tuple[int, str, str]] = []
    for number, line in enumerate(DOSSIER.read_text(encoding="utf-8").splitlines(), start=1):
        current = ""
        for code in _CODE.findall(line):
            code = code.strip()
            if match := _CITATION.match(code):
                current = match["file"]
                found.append((number, current, match["names"].removeprefix("::")))
            elif (match := _CONTINUATION.match(code)) and current:
                found.append((number, current, match["names"].removeprefix("::")))
    return found


@cache
def resolve(cited: str) -> tuple[Path, ...]:
    """The test files a citation may mean: its path, or every file of that name under tests/."""
    if "/" in cited:
        path = ROOT / cited
        return (path,) if path.is_file() else ()
    return tuple(sorted(TESTS.rglob(cited)))


@cache
def node_ids(path: Path) -> frozenset[str]:
    """The names pytest collects in `path`: `test_f`, `TestC`, `TestC::test_m`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            names.add(node.name)
            names.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name.startswith("test")
            )
    return frozenset(names)


def test_the_dossier_cites_tests() -> None:
    assert len(citations()) > 200


def test_every_cited_test_exists() -> None:
    missing = []
    for number, cited, name in citations():
        paths = resolve(cited)
        if not paths:
            missing.append(f"line {number}: no test file {cited}")
        elif name and not any(name in node_ids(path) for path in paths):
            missing.append(f"line {number}: {cited} has no test {name}")
    assert missing == []


ON_THE_PATH_ELSEWHERE = frozenset({146, 147, 148, 149, 151, 152, 153, 155, 156})
"""Tournament rating and pairing numbers (Q146-Q156, but Q150 and Q154, which have rows): their
rows are written with the rating-list part of issue 29; take a question out of this set when
its row is in."""


def _questions_with_rows() -> set[int]:
    covered: set[int] = set()
    for line in DOSSIER.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| Q"):
            continue
        first = line.split("|")[1]
        for start, end in re.findall(r"Q(\d+)(?:\s*-\s*Q?(\d+))?", first):
            covered.update(range(int(start), int(end or start) + 1))
    return covered


@pytest.mark.parametrize("question", [q for q in range(1, 226) if q not in ON_THE_PATH_ELSEWHERE])
def test_every_question_has_a_row(question: int) -> None:
    assert question in _questions_with_rows(), f"Q{question} has no row in docs/fide-mode.md"
