"""The editions of the FIDE Tie-Break Regulations (C.07) this package implements.

Every difference between them is listed in docs/tiebreaks.md; the code that depends on the
edition asks `Edition` a question (for example `forfeit_loss_counts_as_draw_at_the_end`)
instead of comparing editions, so each difference lives in one place.
"""

from __future__ import annotations

import datetime
import enum


class Edition(enum.Enum):
    """A C.07 edition, named after the year it came into force."""

    C07_2023 = "2023"
    """In force from 1 July 2023 (the seed's edition, art. 16 as in the FSI slides)."""
    C07_2024 = "2024"
    """In force from 1 August 2024 (VUR vocabulary, GE renamed REP)."""
    C07_2026 = "2026"
    """In force from 1 March 2026 (the own-unplayed-round dummy is capped)."""

    @property
    def forfeit_loss_counts_as_draw_at_the_end(self) -> bool:
        """C.07 (2023) 16.A: a forfeit loss not followed by a round of availability counts as
        a draw for the opponents. From 2024 (16.2.5, category .5) only requested byes do."""
        return self is Edition.C07_2023

    @property
    def caps_own_unplayed_dummy(self) -> bool:
        """C.07 (2026) 16: the dummy opponent of an own unplayed round scores at most the
        scheduled opponent's adjusted score (forfeits) or a draw in every round (byes)."""
        return self is Edition.C07_2026

    @property
    def cuts_voluntary_rounds_only_if_not_lower(self) -> bool:
        """C.07 (2024) 16: a voluntary unplayed round is cut first only while its value is not
        lower than that of the least significant value (the oracle's reading; it matters for
        SB only); 2023 16.C cuts them first always."""
        return self is not Edition.C07_2023


_IN_FORCE_FROM = (
    (datetime.date(2026, 3, 1), Edition.C07_2026),
    (datetime.date(2024, 8, 1), Edition.C07_2024),
)


def edition_in_force(start: datetime.date) -> Edition:
    """The edition in force on a tournament's start date.

    Tournaments that started before 1 August 2024 get the 2023 edition, including those
    before 1 July 2023: the earlier (virtual opponent) rules are not implemented.
    """
    for since, edition in _IN_FORCE_FROM:
        if start >= since:
            return edition
    return Edition.C07_2023
