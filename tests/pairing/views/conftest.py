"""The pairing app's Django fixtures (tests/pairing/fixtures.py)."""

from __future__ import annotations

from tests.pairing.fixtures import arbiter, enqueued, round3, worked

__all__ = ["arbiter", "enqueued", "round3", "worked"]
