"""The decisions that differ between the editions of the Dutch rules, as one policy object.

`rules_for(config.edition)` selects it; every module that depends on the edition receives it
explicitly (no global). The 2017 edition is C.04.3 (Baku 2016); the 2025 edition is C.04.3 as
applied from 1 February 2026 with C.04.1 (2025) art. 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.api import Edition
from tournaments.domain.messages import gettext_noop
from tournaments.domain.state import Outcome, RoundRecord, Scoring

TITLE_2017 = gettext_noop(
    "C.04.3 FIDE (Dutch) System, 2017 edition (Baku 2016, to 31 January 2026)"
)
TITLE_2025 = gettext_noop("C.04.3 FIDE (Dutch) System, 2025 edition (applied from 1 February 2026)")
ROUTES_2017 = (
    gettext_noop("the last bracket: its downfloater gets the PAB (C.2)"),
    gettext_noop("the completion test passes (A.9)"),
    gettext_noop("PPB: its downfloaters must complete the round (A.9, C.4)"),
)
ROUTES_2025 = (
    gettext_noop("the last bracket: its downfloater gets the PAB ([C2], [C5], [C9])"),
    gettext_noop("the completion test passes ([C4], 2025 art. 2.4)"),
    gettext_noop("[C4] (2025 art. 2.4): its downfloaters must complete the round; [C8] applies"),
)
"""The routes of a bracket as the explanation names them (`EditionRules.routes`); message
ids of the catalogue (`tournaments.domain.messages`)."""


@dataclass(frozen=True, slots=True)
class EditionRules:
    """The edition-dependent parts of the Dutch system.

    `pab_criteria`: C.04.3 (2025) 2.5 [C5] (the PAB to the lowest possible score) and
    2.9 [C9] (then to the fewest unplayed games). `lookahead_in_every_bracket`: C.04.3 (2025)
    2.4 [C4] and 2.8 [C8] apply in every bracket, so the look-ahead still chooses the
    downfloaters of a bracket that must complete the round (2017: the PPB ignores C.7), and
    judges the next bracket by [C4]-[C7] (`lookahead.NextBracket`; 2017 C.7: pairs and PSD).
    `collapsed_last_bracket`: 2017 A.9, after the PPB every player left forms one bracket, the
    CLB (2025: no PPB or CLB, [C4] in every bracket).
    """

    edition: Edition
    pab_criteria: bool
    lookahead_in_every_bracket: bool
    collapsed_last_bracket: bool

    @property
    def title(self) -> str:
        """The edition as the explanation names it."""
        return TITLE_2025 if self.edition is Edition.DUTCH_2025 else TITLE_2017

    @property
    def routes(self) -> tuple[str, str, str]:
        """How a bracket was paired, as the explanation says it: the last bracket, a bracket
        that passes the completion test, one whose downfloaters must complete the round (the
        2017 collapsed last bracket: `COLLAPSED_ROUTE`)."""
        return ROUTES_2025 if self.edition is Edition.DUTCH_2025 else ROUTES_2017

    def unplayed_downfloat(self, outcome: Outcome, scoring: Scoring) -> bool:
        """Whether a round not played over the board gives a downfloat.

        2017 A.4.b: every such round. C.04.3 (2025) 1.4.3: only the PAB and a round that
        scored more than a loss without playing (forfeit win, full- or half-point bye); a
        forfeit loss, a zero-point bye or an absence gives no float.
        """
        if self.edition is Edition.DUTCH_2017:
            return True
        return outcome is Outcome.PAIRING_BYE or scoring.points(outcome) > scoring.loss

    def pab_eligible(self, history: Sequence[RoundRecord], scoring: Scoring) -> bool:
        """Whether the player may still receive the PAB.

        2017 C.2: not after a PAB or a forfeit win. C.04.1 (2025) art. 4, C.04.3 (2025) 2.2
        [C2]: not after a PAB or after scoring, in one round without playing, as many points as
        a win (forfeit win, full-point bye).
        """
        if self.edition is Edition.DUTCH_2017:
            blocking = (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)
            return not any(r.outcome in blocking for r in history)
        return not any(
            r.outcome is Outcome.PAIRING_BYE
            or (not r.played and scoring.points(r.outcome) >= scoring.win)
            for r in history
        )

    def unplayed_rounds(self, history: Sequence[RoundRecord]) -> int:
        """C.04.3 (2025) 2.9 [C9]: the rounds without a game played over the board."""
        return sum(1 for r in history if not r.played)


COLLAPSED_ROUTE = gettext_noop(
    "CLB: the PPB's downfloaters and every lower player, one bracket (A.9); "
    "its downfloater gets the PAB (C.2)"
)
"""How the 2017 collapsed last bracket was paired, as the explanation says it."""

DUTCH_2017_RULES = EditionRules(
    Edition.DUTCH_2017,
    pab_criteria=False,
    lookahead_in_every_bracket=False,
    collapsed_last_bracket=True,
)
DUTCH_2025_RULES = EditionRules(
    Edition.DUTCH_2025,
    pab_criteria=True,
    lookahead_in_every_bracket=True,
    collapsed_last_bracket=False,
)


def rules_for(edition: Edition) -> EditionRules:
    """The policy of `edition`."""
    return DUTCH_2025_RULES if edition is Edition.DUTCH_2025 else DUTCH_2017_RULES
