"""A Celery worker whose engine is slow, so a test can kill it in the middle of a pairing.

Test-only entry point, run as `python -m tests.integration.slow_worker -A config worker ...`:
it sets Django up, replaces the engine function the worker's service calls
(`pairing.services.runs.pair`, and the TRF import's check of each round,
`pairing.services.import_check.pair`) with one that first sleeps `SLOW_ENGINE_SECONDS`, then
hands over to the ordinary `celery` command line. Production code knows nothing of it.
"""

from __future__ import annotations

import os
import time
from unittest.mock import patch

import django
from celery.__main__ import main

from pairing.engine import DutchConfig, RoundPairing, pair
from tournaments.domain.state import TournamentState


def slow_pair(state: TournamentState, config: DutchConfig | None = None) -> RoundPairing:
    """The engine, after a pause long enough for the test to kill the worker."""
    time.sleep(float(os.environ["SLOW_ENGINE_SECONDS"]))
    return pair(state, config)


if __name__ == "__main__":
    django.setup()
    from pairing.services import import_check, runs

    with patch.object(runs, "pair", slow_pair), patch.object(import_check, "pair", slow_pair):
        main()
