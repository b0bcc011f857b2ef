"""Errors the standings selectors raise; the views turn them into messages and 404 pages."""

from __future__ import annotations


class StandingsError(Exception):
    """A standings request that cannot be answered. `str()` is the user's message."""


class StandingsRoundUnavailable(StandingsError):
    """Standings asked after a round that is not completed (or not in the tournament)."""


class StandingsPlayerNotFound(StandingsError):
    """A pairing number that is not in the tournament."""
