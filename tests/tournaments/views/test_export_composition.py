"""The rank column's ranking is composed explicitly (issue 28, deliverable 3; Q217): every page
that writes a TRF for download is given the standings' ranker by config/urls.py, the export
command is the standings app's, and the writer refuses to run without a ranker. No registry,
no silent fallback to the points-then-pairing-number order."""

from __future__ import annotations

import importlib.util
import inspect
from collections.abc import Iterator

import pytest
from django.apps import AppConfig, apps
from django.core.management import get_commands
from django.urls import URLPattern, URLResolver, get_resolver

from standings.export_ranks import trf_ranks
from tournaments.models import Tournament
from tournaments.selectors.trf import tournament_trf_document, tournament_trf_report

TRF_PAGES = {"tournament-trf", "rating-report-file", "exports-zip"}


def _patterns(patterns: list[URLPattern | URLResolver]) -> Iterator[URLPattern]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns)
        else:
            yield pattern


def _takes_a_ranker(pattern: URLPattern) -> bool:
    view = inspect.unwrap(pattern.callback)
    try:
        return "ranker" in inspect.signature(view).parameters
    except (TypeError, ValueError):  # a class-based or built-in view
        return False


def test_every_page_that_writes_a_trf_is_given_the_standings_ranker() -> None:
    """One composition, passed by config/urls.py; no view that writes a TRF goes without it."""
    given = {
        pattern.name: pattern.default_args.get("ranker")
        for pattern in _patterns(get_resolver().url_patterns)
        if _takes_a_ranker(pattern)
    }

    assert set(given) == TRF_PAGES
    assert all(ranker is trf_ranks for ranker in given.values()), given


def test_the_writer_refuses_to_run_without_a_ranker() -> None:
    tournament = Tournament(name="unsaved", slug="unsaved")

    with pytest.raises(TypeError, match="ranker"):
        tournament_trf_report(tournament, "trf26")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Q217"):
        tournament_trf_report(tournament, "trf26", ranker=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ranks"):
        tournament_trf_document(tournament)  # type: ignore[call-arg]


def test_nothing_registers_a_ranker_and_export_trf_is_the_standings_app_s() -> None:
    assert importlib.util.find_spec("tournaments.selectors.trf_ranks") is None
    standings = type(apps.get_app_config("standings"))
    assert standings.ready is AppConfig.ready
    assert get_commands()["export_trf"] == "standings"
