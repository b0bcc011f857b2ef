"""Errors the tournament services raise; views and commands turn them into messages."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning
from tournaments.translation import translated


class TournamentError(Exception):
    """A request the rules or the tournament's state refuse. `str()` is the user's message."""


class TrfImportError(TournamentError):
    """A TRF file that cannot be imported; nothing was saved.

    `line` and `column` are 1-based when the problem is at a place in the file, else None.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.message = translated(message)
        self.line = line
        self.column = column
        super().__init__(self._located(self.message, line, column))

    @staticmethod
    def _located(message: str, line: int | None, column: int | None) -> str:
        if line is None:
            return message
        if column is None:
            return _("line %(line)s: %(message)s") % {"line": line, "message": message}
        return _("line %(line)s, column %(column)s: %(message)s") % {
            "line": line,
            "column": column,
            "message": message,
        }


class RoundNotEditable(TournamentError):
    """A round whose state does not allow the change (e.g. a published or completed round)."""


class ResultsMissing(TournamentError):
    """A round whose results are not all in, where the next step needs them."""


class RoundNotInTournament(TournamentError):
    """A round number outside 1 .. the tournament's number of rounds."""


class SettingsLocked(TournamentError):
    """A tournament setting that can no longer change (e.g. the rules edition once round 1 is
    paired)."""


class InvalidPlayer(TournamentError):
    """Player data the registration refuses: FIDE id, rating range, a duplicate entry."""


class PlayerImportError(TournamentError):
    """A CSV or TRF list of players with bad lines; nothing was saved.

    `errors` holds one message per bad line, each starting with its line number.
    """

    def __init__(self, errors: list[str]):
        self.errors = errors
        super().__init__(
            _("%(count)s line(s) refused, nothing imported: %(errors)s")
            % {"count": len(errors), "errors": "; ".join(errors)}
        )


class RenumberingClosed(TournamentError):
    """Pairing numbers may not change after round 4 has been paired (C.04.2 B.3)."""


class ByeRefused(TournamentError):
    """A requested bye the rules or the tournament's limits refuse."""


class PlayerStatusError(TournamentError):
    """A withdrawal or reinstatement that does not fit the player's status."""


class ForbiddenPairRefused(TournamentError):
    """A prohibited pairing that cannot be entered (round 1 paired, same player, duplicate)."""


class RoundNotPublished(TournamentError):
    """A result entered in a round that is not published."""


class ResultConflict(TournamentError):
    """The stored result changed since the arbiter read it (compare-and-set refused).

    `current` is the result now stored, so the page can show it.
    """

    def __init__(self, message: str, *, current: str):
        self.current = current
        super().__init__(message)


class ConfirmationRequired(TournamentError):
    """A risky action the arbiter has not (or not enough) confirmed; nothing was changed.

    The view shows `warning` as a dialog and posts the action again with the confirmation.
    """

    def __init__(self, warning: ActionWarning) -> None:
        self.warning = warning
        super().__init__(f"{warning.title}: confirm it first.")


class ConfirmationInvalid(TournamentError):
    """A confirmation that is forged, expired, stale or for another action; nothing was done."""


class ActionRefused(TournamentError):
    """A Level-5 action: the rules refuse it (in FIDE mode)."""

    def __init__(self, warning: ActionWarning) -> None:
        self.warning = warning
        super().__init__(" ".join((warning.title, *warning.consequences)))


class RoleRefused(TournamentError):
    """A change of the arbiters the roles refuse: only the chief arbiter manages roles, and a
    tournament always keeps its chief arbiter."""


class InvitationInvalid(TournamentError):
    """An invitation link that is unknown (forged or mistyped), used, declined, withdrawn or
    expired, or that its user cannot accept."""


class ConfigurationRefused(TournamentError):
    """A set-up that makes no sense or cannot be completed: a scoring system where two draws beat
    a win and a loss, a bye worth more than a win, more rounds than the field can pair
    (VCL4THP Q62, Q74, Q81, Q83)."""


class UndoRefused(TournamentError):
    """An integrity event that cannot be undone: not the last one standing, already undone,
    recorded without a snapshot, final by the rules (leaving FIDE mode, an import), or whose
    rows or rounds changed since; nothing was done (VCL4THP Q114)."""


class Chess960Refused(TournamentError):
    """A Chess960 starting position for a tournament not played as Chess960, or a number
    outside 0-959 (checklist Q222)."""


class ManualTiebreakRefused(TournamentError):
    """A manual tie-break value that is not a number, or out of range (checklist Q207)."""


class PrizeRefused(TournamentError):
    """A prize, category or prize rule that cannot be saved (issue 33)."""


class EventRefused(TournamentError):
    """A change of an event (its details, sections or roles) the rules refuse (issue 32)."""


class SectionMoveRefused(TournamentError):
    """A move of a player between sections the rules refuse: a round 1 already paired, a
    section of another event (issue 32)."""


class EntryError(TournamentError):
    """An online entry, or an arbiter's decision on one, that is refused (issue 32); `kind`
    names the check (`domain.entries.RefusalKind` values, or invalid, full, registration)."""

    def __init__(self, message: str, *, kind: str) -> None:
        self.kind = kind
        super().__init__(message)


class CheckInRefused(TournamentError):
    """A check-in the round's state, the code or the rules refuse; nothing was saved (issue 32).

    `conflict` is set when the player's mark changed meanwhile (another phone, another arbiter):
    the page shows the mark as it is now."""

    def __init__(self, message: str, *, conflict: bool = False):
        self.conflict = conflict
        super().__init__(message)
