"""What entering a result on a board may do: when results are entered, when one may be cleared,
which rounds may still be corrected and at what level, what ending an adjourned game needs
(C.04.2 D.8; VCL4THP Q115, Q157-Q163, Q169, Q189-Q191).

Pure: the result service locks and loads the game, checks that nobody changed it meanwhile
(compare-and-set), describes the change as a `ResultChange`, asks `result_change`, and writes
what it allows. A change the rules refuse raises `ResultsNotOpen` (the round is not published)
or `ResultLocked` (a result that may no longer be cleared); what needs the arbiter's
confirmation comes back as a warning with its level (Level 5: refused, with its reason).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tournaments.domain.configuration import first_correctable_round
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.warnings import ActionWarning, Level, Refusal


class ResultsNotOpen(Refusal):
    """A result entered in a round that is not published."""


class ResultLocked(Refusal):
    """A result that may be corrected but no longer cleared: the next round is paired."""


@dataclass(frozen=True, kw_only=True)
class ResultChange:
    """A result entered on a board of a published round, the stored one being different.

    `white` and `black` are the players' pairing numbers; `old_label` and `new_label` the
    stored and the entered result as the arbiter reads them (in the page's language). `entered`:
    the board had a result (a change is then a correction, or the end of an adjournment);
    `adjourned`: that result is an adjournment (Q157); `clears`: the entered result is none;
    `drawn`: it is a draw (what an adjourned game counted as meanwhile); `adjourns`: it is an
    adjournment; `last_round`: the round is the tournament's last (the final standings wait for
    its adjourned games, Q161, Q169); `unchanged`: it is the stored result itself.
    """

    round_number: int
    board: int
    white: int
    black: int
    old_label: str
    new_label: str
    entered: bool = False
    adjourned: bool = False
    clears: bool = False
    drawn: bool = False
    adjourns: bool = False
    last_round: bool = False
    unchanged: bool = False

    @property
    def completes_adjournment(self) -> bool:
        """Whether the change ends an adjourned game (its result may come at any time, Q162)."""
        return self.adjourned and not self.clears

    @property
    def is_correction(self) -> bool:
        """Whether the change corrects a result already entered (not an adjournment's end)."""
        return self.entered and not self.completes_adjournment


def check_results_open(*, round_number: int, published: bool) -> None:
    """Results are entered once the round's pairing is published (`ResultsNotOpen` before)."""
    if not published:
        raise ResultsNotOpen(
            Message(
                gettext_noop(
                    "Round %(number)s is not published: results are entered after publication."
                ),
                number=round_number,
            )
        )


def board_text(change: ResultChange) -> Message:
    """The board as a message to the arbiter says it."""
    return Message(
        gettext_noop("board %(board)s (%(white)s - %(black)s)"),
        board=change.board,
        white=change.white,
        black=change.black,
    )


def result_change(
    change: ResultChange, *, next_paired: bool, fide_mode: bool, last_published: int
) -> ActionWarning | None:
    """What `change` needs, the next round being paired or not and `last_published` the last
    round whose pairing is published; None for a first entry.

    - Once the next round is paired, a result is corrected but never cleared (`ResultLocked`).
    - Ending an adjourned game: Level 3 unless drawn (`adjournment_warning`, Q162, Q163).
    - A correction: Level 3 in the last published round and the one before it, Level 5 before
      them in FIDE mode, Level 4 out of it (`correction_warning`, Q189-Q191).
    - Adjourning a game of the last round adds that the standings stay provisional to the
      correction's warning, or is a Level-2 notice of its own (`final_round_adjournment`, Q161,
      Q169).
    """
    if change.clears and next_paired:
        raise ResultLocked(
            Message(
                gettext_noop(
                    "Round %(next)s is paired: a result of round %(number)s can be corrected "
                    "but not cleared."
                ),
                next=change.round_number + 1,
                number=change.round_number,
            )
        )
    if change.completes_adjournment:
        return adjournment_warning(change)
    correction = (
        correction_warning(
            change, next_paired=next_paired, fide_mode=fide_mode, last_published=last_published
        )
        if change.entered
        else None
    )
    return final_round_adjournment(change, correction)


def correction_warning(
    change: ResultChange, *, next_paired: bool, fide_mode: bool, last_published: int
) -> ActionWarning:
    """Correcting an entered result: Level 3 in the open rounds (the last published one and the
    one before it: C.04.2 D.8; Q190, Q115), Level 5 before them in FIDE mode (Q189, Q191),
    Level 4 before them out of FIDE mode (Q189)."""
    number = change.round_number
    title = Message(
        gettext_noop("Correct round %(number)s, %(board)s: %(change)s?"),
        number=number,
        board=board_text(change),
        change=f"{change.old_label} → {change.new_label}",
    )
    record = Message(
        gettext_noop(
            "The correction is recorded in the tournament report as "
            "“### Correction @ Round %(number)s”."
        ),
        number=number,
    )
    first_open = first_correctable_round(last_published)
    standings = Message(gettext_noop("The standings change."))
    if number < first_open:
        if fide_mode:
            return ActionWarning(
                Level.REFUSED,
                Message(
                    gettext_noop("Round %(number)s can no longer be corrected:"), number=number
                ),
                (
                    Message(
                        gettext_noop(
                            "in FIDE mode only the results of rounds %(first_open)s and later "
                            "can change (C.04.2 D.8). Record a rating-report-only correction "
                            "instead; the standings and the pairings keep the result."
                        ),
                        first_open=first_open,
                    ),
                ),
                rule="VCL4THP Q189, Q191",
            )
        return ActionWarning(
            Level.DOUBLE_CONFIRM,
            title,
            (
                Message(
                    gettext_noop(
                        "The pairings of the rounds after round %(number)s were made with "
                        "%(result)s; they stay as they are."
                    ),
                    number=number,
                    result=change.old_label,
                ),
                standings,
                record,
            ),
            rule="VCL4THP Q189",
        )
    consequences: list[Message] = [standings]
    if next_paired:
        consequences.append(
            Message(
                gettext_noop(
                    "Round %(number)s is paired: its pairing stands, the correction counts from "
                    "the following pairing (C.04.2 D.8)."
                ),
                number=number + 1,
            )
        )
    return ActionWarning(Level.CONFIRM, title, (*consequences, record), rule="VCL4THP Q190, Q115")


def adjournment_warning(change: ResultChange) -> ActionWarning | None:
    """Ending an adjourned game other than drawn: Level 3 and a `### Adjournment` event (Q163);
    a draw confirms what the pairings counted and needs nothing."""
    if change.drawn:
        return None
    return ActionWarning(
        Level.CONFIRM,
        Message(
            gettext_noop("Round %(number)s, %(board)s: the adjourned game ended %(result)s?"),
            number=change.round_number,
            board=board_text(change),
            result=change.new_label,
        ),
        (
            Message(
                gettext_noop(
                    "The game counted as a draw for the pairings made while it was adjourned; "
                    "those pairings stand."
                )
            ),
            Message(gettext_noop("The standings change.")),
            Message(
                gettext_noop(
                    "The result is recorded in the tournament report as "
                    "“### Adjournment @ Round %(number)s”."
                ),
                number=change.round_number,
            ),
        ),
        rule="VCL4THP Q162, Q163",
    )


def final_round_adjournment(
    change: ResultChange, warning: ActionWarning | None
) -> ActionWarning | None:
    """Adjourning a game of the last round (Q161, Q169): `warning` (the correction's, if any)
    with what it means added, or a Level-2 notice of its own (as the other adjournment notices,
    Q160, Q168); `warning` itself for any other result or round."""
    if not (change.adjourns and change.last_round):
        return warning
    consequences = (
        Message(
            gettext_noop(
                "Round %(number)s is the last round: while this game has no result the standings "
                "are provisional, not final (VCL4THP Q161, Q169)."
            ),
            number=change.round_number,
        ),
        Message(
            gettext_noop(
                "The pages, the CSV and PDF downloads and the tournament report say "
                "“provisional” and name the open game; the TRF16, TRF-2026 and rating reports "
                "are refused until its result is entered."
            )
        ),
    )
    if warning is not None:
        return dataclasses.replace(
            warning,
            consequences=(*warning.consequences, *consequences),
            rule=f"{warning.rule}, Q161, Q169" if warning.rule else "VCL4THP Q161, Q169",
        )
    return ActionWarning(
        Level.NOTICE,
        Message(
            gettext_noop("Adjourn board %(board)s of round %(number)s, the last round?"),
            board=change.board,
            number=change.round_number,
        ),
        consequences,
        rule="VCL4THP Q161, Q169",
    )


def rating_correction_warning(change: ResultChange) -> ActionWarning:
    """Reporting `change.new_label` for rating while the pairings and the standings keep the
    recorded result (C.04.2 D.8; VCL4THP Q192): Level 3. Refused (`ResultLocked`) without a
    result to report, or for the recorded result itself."""
    if change.clears:
        raise ResultLocked(Message(gettext_noop("Choose the result the rating report must give.")))
    if change.unchanged:
        raise ResultLocked(
            Message(
                gettext_noop("%(result)s is the recorded result: there is nothing to correct."),
                result=change.new_label,
            )
        )
    return ActionWarning(
        Level.CONFIRM,
        Message(
            gettext_noop("Report round %(number)s, %(board)s as %(result)s for rating?"),
            number=change.round_number,
            board=board_text(change),
            result=change.new_label,
        ),
        (
            Message(
                gettext_noop("The pairings and the standings keep %(result)s."),
                result=change.old_label,
            ),
            Message(
                gettext_noop(
                    "Only the rating report gives the corrected result, recorded as a "
                    "rating-only correction of round %(number)s."
                ),
                number=change.round_number,
            ),
        ),
        rule="VCL4THP Q192",
    )
