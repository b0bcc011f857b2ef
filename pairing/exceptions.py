"""Errors the pairing services raise; views turn them into messages (`str()` is the message)."""

from __future__ import annotations

from tournaments.exceptions import TournamentError


class PairingRefused(TournamentError):
    """A pairing request or edit the round's state or the rules refuse."""


class PreviousRoundIncomplete(PairingRefused):
    """The previous round is not completed: its results are not all in."""


class RoundAlreadyPaired(PairingRefused):
    """The round already has a draft pairing (re-pair it instead)."""


class RoundAlreadyPublished(PairingRefused):
    """The round's pairing is published: it changes only to correct a rule break (D.10)."""


class RoundNotPaired(PairingRefused):
    """The round has no draft pairing to edit or publish."""


class DraftEditRefused(PairingRefused):
    """An edit of the draft that cannot be made (e.g. a game of another round)."""


class PairingRunInProgress(TournamentError):
    """Another worker holds the run and its claim is recent: try again later (the task retries)."""


class NumbersNotDrawn(PairingRefused):
    """A round robin's round 1 asked for before its pairing numbers were drawn (C.05 Annex 1)."""


class QueueUnavailable(PairingRefused):
    """The broker does not answer: a request that would first destroy something is refused."""
