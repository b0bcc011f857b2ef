"""docs/architecture.md stays true (issue 28): it names every package and every module at the top of
each app, and its list of pure packages, with what each may import besides the standard library,
is the import-linter contract's list and what their modules import."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
APPS = ("config", "tournaments", "pairing", "standings", "hub")
PURE_CONTRACT = "Pure domain packages import no framework"
PURE_ROW = re.compile(r"^\| `(?P<package>[a-z_/]+)(?:/|\.py)` \| (?P<imports>[^|]*) \|", re.M)
"""A row of the pure packages' table: `a/b/` (a package) or `a/b.py` (a module), then what
it may import."""


def _documented() -> str:
    return ARCHITECTURE.read_text(encoding="utf-8")


def _packages() -> Iterator[Path]:
    for app in APPS:
        for init in sorted((ROOT / app).rglob("__init__.py")):
            if "migrations" not in init.parts:
                yield init.parent.relative_to(ROOT)


def _tracked_directories() -> set[str]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    return {line.split("/", 1)[0] for line in listed.splitlines() if "/" in line}


def test_the_architecture_names_every_package() -> None:
    text = _documented()
    missing = [f"{package}/" for package in _packages() if f"`{package}/`" not in text]
    assert missing == [], f"add them to docs/architecture.md (as `path/`): {missing}"


def test_the_architecture_names_every_module_at_the_top_of_each_app() -> None:
    text = _documented()
    modules = [
        path.relative_to(ROOT).as_posix()
        for app in APPS
        for path in sorted((ROOT / app).glob("*.py"))
        if path.name != "__init__.py"
    ]
    missing = [module for module in modules if f"`{module}`" not in text]
    assert missing == [], f"add them to docs/architecture.md (as `app/module.py`): {missing}"


def test_the_architecture_names_every_directory_of_the_repository() -> None:
    text = _documented()
    directories = _tracked_directories() or {path.name for path in ROOT.iterdir() if path.is_dir()}
    missing = sorted(name for name in directories if f"`{name}/`" not in text)
    assert missing == [], f"add them to docs/architecture.md (as `name/`): {missing}"


def _pure_packages() -> dict[str, set[str]]:
    """docs/architecture.md's table of pure packages: each package's dotted name and the
    libraries it may import besides the standard library and the other pure packages."""
    section = _documented().split("## The pure packages", 1)[1].split("\n## ", 1)[0]
    return {
        row["package"].replace("/", "."): set(re.findall(r"`([a-z_]+)`", row["imports"]))
        for row in PURE_ROW.finditer(section)
    }


def test_the_pure_packages_are_the_import_linter_contracts() -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = settings["tool"]["importlinter"]["contracts"]
    (contract,) = [contract for contract in contracts if contract["name"] == PURE_CONTRACT]
    assert set(_pure_packages()) == set(contract["source_modules"])


def _imports(path: Path, package: str) -> Iterator[str]:
    """The modules a source file imports (relative imports made absolute)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # `from . import x` in a/b/c.py and in a/b/__init__.py both mean a.b.x.
    here = [*package.split("."), path.stem]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[: len(here) - node.level])
                yield f"{base}.{node.module}" if node.module else base
            else:
                assert node.module is not None
                yield node.module


def test_the_pure_packages_import_only_what_the_architecture_allows() -> None:
    pure = _pure_packages()
    assert pure, "docs/architecture.md has no table of pure packages"
    wrong: list[str] = []
    for package, libraries in pure.items():
        folder = ROOT / package.replace(".", "/")
        files = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]
        for path in files:
            dotted = ".".join(path.parent.relative_to(ROOT).parts)
            for module in _imports(path, dotted):
                top = module.split(".", 1)[0]
                if top in sys.stdlib_module_names or top in libraries:
                    continue
                if any(module == p or module.startswith(f"{p}.") for p in pure):
                    continue
                wrong.append(f"{path.relative_to(ROOT)}: {module}")
    assert wrong == [], "imports docs/architecture.md does not allow:\n" + "\n".join(wrong)
