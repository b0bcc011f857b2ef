"""What an import tells the arbiter: every adjustment made to fit a file into the tournament
model, and the engine's check of every imported round (VCL4THP Q48, Q50, Q52, Q54, Q55).

Pure data: the importer fills an `ImportReport`, the pages, the command line and the
`### Import` events read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.trf.model import TrfDocument


class AdjustmentKind(StrEnum):
    """What became of a line or a field: not kept, kept in another form, or filled in."""

    IGNORED = "ignored"
    CHANGED = "changed"
    DEFAULTED = "defaulted"

    @property
    def label(self) -> Message:
        """The kind as the import preview names it, translatable."""
        return Message(_KIND_LABELS[self])


_KIND_LABELS = {
    AdjustmentKind.IGNORED: gettext_noop("ignored"),
    AdjustmentKind.CHANGED: gettext_noop("changed"),
    AdjustmentKind.DEFAULTED: gettext_noop("defaulted"),
}


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One adjustment and the lines of the file it concerns (empty: the file as a whole, e.g. a
    record it lacks)."""

    kind: AdjustmentKind
    lines: tuple[int, ...]
    message: str

    @property
    def where(self) -> str:
        """ "line 4", "lines 5, 9", "lines 5-104" (consecutive lines as a range), or ""."""
        if not self.lines:
            return ""
        if len(self.lines) == 1:
            return Message(gettext_noop("line %(line)s"), line=self.lines[0])
        first, last = self.lines[0], self.lines[-1]
        if list(self.lines) == list(range(first, last + 1)):
            return Message(gettext_noop("lines %(first)s-%(last)s"), first=first, last=last)
        listed = ", ".join(str(line) for line in self.lines)
        return Message(gettext_noop("lines %(lines)s"), lines=listed)

    def __str__(self) -> str:
        where = f"{self.where}: " if self.lines else ""
        return f"{where}{self.kind.value}: {self.message}"


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One row of a round shown side by side: the board (a number, "" for a recorded game the
    engine did not make, "bye"), the recorded game and the engine's, and whether they agree."""

    board: str
    recorded: str
    engine: str
    same: bool


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The engine's pairing of an imported round's state compared with the recorded pairing.

    `problem` is set when the engine produced no pairing (none is valid, or it cannot pair this
    state); `rows` then show the recorded games alone. `reference` names what the round was
    compared with: the engine, or a round robin's Berger table (C.05 Annex 1).
    """

    round_number: int
    rows: tuple[BoardRow, ...]
    problem: str = ""
    reference: str = "engine"

    @property
    def agrees(self) -> bool:
        return not self.problem and all(row.same for row in self.rows)

    @property
    def differing_rows(self) -> tuple[BoardRow, ...]:
        return tuple(row for row in self.rows if not row.same)

    def summary(self) -> str:
        """One line for the `### Import @ Round n` event."""
        if self.problem:
            return f"the recorded pairing was not checked: {self.problem}"
        boards = "; ".join(
            f"{row.board or 'recorded'}: {row.recorded or '-'} / {self.reference} "
            f"{row.engine or '-'}"
            for row in self.differing_rows
        )
        return f"the recorded pairing differs from the {self.reference}'s ({boards})"


Progress = Callable[[str, int, int], None]
"""Told how far a long import is: a stage (a message id, translated where shown), and `done` of
`total` items of that stage (issue 30: the background job's progress bar)."""


def no_progress(stage: str, done: int, total: int) -> None:
    """The `Progress` of an import nobody watches."""


RoundChecker = Callable[[TrfDocument, str, Progress], tuple[RoundCheck, ...]]
"""Checks every recorded round of a document under a pairing system (a TRF-2026 `192` code),
telling `Progress` of each round checked."""


@dataclass(frozen=True, slots=True)
class RoundRobinReading:
    """A file read as a round robin (C.05 Annex 1): its cycles, whether a double one exchanged
    the first cycle's last two rounds, and the rounds of its Berger table."""

    cycles: int
    swap_last_two: bool
    rounds: int


RoundRobinReader = Callable[[TrfDocument], RoundRobinReading | None]
"""Reads a document as a round robin (None: it is not one); raises ValueError, with the reason,
for a round robin no Berger table covers (pairing numbers not 1..n, a field out of range)."""


@dataclass(frozen=True, slots=True)
class ImportChecks:
    """What the import of a whole tournament asks of a pairing engine, passed in by the caller:
    the tournaments app may not import the pairing app, which composes the two
    (`pairing.services.trf_import.IMPORT_CHECKS`). No default and no fallback: an import is
    always checked. `check_rounds` pairs every recorded round again (VCL4THP Q54);
    `read_round_robin` tells a round robin's file (C.05 Annex 1)."""

    check_rounds: RoundChecker
    read_round_robin: RoundRobinReader


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import found and did: the tournament's name, its players and rounds, the
    adjustments, and the round checks; a round robin's rounds are checked against its Berger
    table (`round_robin`)."""

    name: str
    players: int
    rounds: int
    rounds_paired: int
    pairing_system: str
    adjustments: tuple[Adjustment, ...]
    round_checks: tuple[RoundCheck, ...]
    round_robin: bool = False

    @property
    def differing_rounds(self) -> tuple[RoundCheck, ...]:
        return tuple(check for check in self.round_checks if not check.agrees)

    def lines(self) -> list[str]:
        """The report as plain text, as the command line prints it."""
        lines = [
            f"{self.name}: {self.players} players, {self.rounds_paired} of {self.rounds} rounds "
            f"paired, {self.pairing_system}",
            f"{len(self.adjustments)} adjustment(s)",
            *(f"  {adjustment}" for adjustment in self.adjustments),
        ]
        if not self.differing_rounds:
            reference = "the Berger tables" if self.round_robin else "the engine"
            lines.append(f"all {len(self.round_checks)} paired rounds agree with {reference}")
        for check in self.differing_rounds:
            lines.append(f"round {check.round_number}: {check.summary()}")
            lines.append(f"  {'board':>5}  {'recorded':<12}  {check.reference}")
            lines.extend(
                f"  {row.board:>5}  {row.recorded:<12}  {row.engine}{'' if row.same else '   *'}"
                for row in check.rows
            )
        return lines
