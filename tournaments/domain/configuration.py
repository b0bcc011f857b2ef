"""Set-ups that make sense: scoring systems, the pairing-allocated bye, the number of rounds, and
which rounds may still be corrected (VCL4THP Q57-Q63, Q70-Q88, Q189-Q191).

Pure: the settings form and the services ask the same questions here. Scores are half-points.
"""

from __future__ import annotations

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Scoring, points_text
from tournaments.domain.warnings import ActionWarning


def scoring_problems(scoring: Scoring) -> list[Message]:
    """Why a scoring system makes no sense; empty when it does.

    - A win scores more than a loss, and a draw lies between the two.
    - Two draws do not score more than a win and a loss (Q74).
    - No score without a game (forfeit win, byes) is worth more than a win (Q81).
    - The pairing-allocated bye scores what a game can give: a win, a draw or a loss; under
      standard scoring that is 1, ½ or 0 (Q83), under other scoring any of these below a win
      (Q80, Q82, Q84).
    """
    problems: list[Message] = []
    win, draw, loss = scoring.win, scoring.draw, scoring.loss
    if win <= loss:
        problems.append(
            Message(
                gettext_noop("A win (%(win)s) must score more than a loss (%(loss)s)."),
                win=points_text(win),
                loss=points_text(loss),
            )
        )
    if not loss <= draw <= win:
        problems.append(
            Message(
                gettext_noop(
                    "A draw (%(draw)s) must score between a loss (%(loss)s) and a win (%(win)s)."
                ),
                draw=points_text(draw),
                loss=points_text(loss),
                win=points_text(win),
            )
        )
    elif 2 * draw > win + loss:
        problems.append(
            Message(
                gettext_noop(
                    "Two draws (%(draws)s) may not score more than a win and a loss "
                    "(%(win_and_loss)s) (VCL4THP Q74)."
                ),
                draws=points_text(2 * draw),
                win_and_loss=points_text(win + loss),
            )
        )
    if scoring.forfeit_loss > loss:
        problems.append(
            Message(
                gettext_noop(
                    "A forfeit loss (%(forfeit_loss)s) may not score more than a loss (%(loss)s)."
                ),
                forfeit_loss=points_text(scoring.forfeit_loss),
                loss=points_text(loss),
            )
        )
    unplayed = {
        gettext_noop(
            "A pairing-allocated bye (%(points)s) may not score more than a win (%(win)s) "
            "(VCL4THP Q81)."
        ): scoring.pairing_bye,
        gettext_noop(
            "A forfeit win (%(points)s) may not score more than a win (%(win)s) (VCL4THP Q81)."
        ): scoring.forfeit_win,
        gettext_noop(
            "A half-point bye (%(points)s) may not score more than a win (%(win)s) (VCL4THP Q81)."
        ): scoring.half_bye,
        gettext_noop(
            "A full-point bye (%(points)s) may not score more than a win (%(win)s) (VCL4THP Q81)."
        ): scoring.full_bye,
        gettext_noop(
            "A zero-point bye (%(points)s) may not score more than a win (%(win)s) (VCL4THP Q81)."
        ): scoring.zero_bye,
    }
    for template, value in unplayed.items():
        if value > win:
            problems.append(Message(template, points=points_text(value), win=points_text(win)))
    if scoring.pairing_bye <= win and scoring.pairing_bye not in {win, draw, loss}:
        allowed = ", ".join(points_text(value) for value in sorted({win, draw, loss}, reverse=True))
        problems.append(
            Message(
                gettext_noop(
                    "A pairing-allocated bye scores what a game can give: %(allowed)s, not "
                    "%(points)s (VCL4THP Q83, Q84)."
                ),
                allowed=allowed,
                points=points_text(scoring.pairing_bye),
            )
        )
    return problems


def max_rounds(players: int) -> int:
    """The most rounds a Swiss of `players` players can pair (C.04.1 b, c, d).

    Nobody meets the same opponent twice and nobody gets the pairing-allocated bye twice: with
    an even field a player has `players - 1` opponents; with an odd field one player a round is
    left out, so each has `players - 1` opponents and one bye: `players` rounds.
    """
    if players < 2:
        return 0 if players < 1 else 1
    return players if players % 2 else players - 1


def rounds_problem(rounds: int, players: int) -> Message | None:
    """Why `rounds` rounds cannot be paired for `players` players (Q62); None when they can."""
    if players == 0:
        return Message(gettext_noop("No players are registered: register them before pairing."))
    bound = max_rounds(players)
    if rounds > bound:
        if players == 1:
            template = gettext_noop(
                "%(rounds)s rounds cannot be paired for 1 player: a Swiss of that size pairs at "
                "most 1 round (nobody meets the same opponent twice, C.04.1)."
            )
        elif bound == 1:
            template = gettext_noop(
                "%(rounds)s rounds cannot be paired for %(players)s players: a Swiss of that "
                "size pairs at most 1 round (nobody meets the same opponent twice, C.04.1)."
            )
        else:
            template = gettext_noop(
                "%(rounds)s rounds cannot be paired for %(players)s players: a Swiss of that "
                "size pairs at most %(bound)s rounds (nobody meets the same opponent twice, "
                "C.04.1)."
            )
        return Message(template, rounds=rounds, players=players, bound=bound)
    return None


def finality_changes(*, last_paired: int, rounds: int, new_rounds: int) -> bool:
    """Whether changing the number of rounds turns the last paired round from the final round
    into an ordinary one, or back (its pairing followed the rules of that case; Q60)."""
    if last_paired == 0:
        return False
    return (last_paired == rounds) != (last_paired == new_rounds)


def first_correctable_round(last_published: int) -> int:
    """In FIDE mode, the first round whose results may still be corrected (Q189-Q191).

    `last_published` is the last round whose pairing is published (the round being played, or
    the last one played when the next is not published). Its results and those of the round
    before it may be corrected (C.04.2 D.8: a correction reported before the end of the next
    round counts for the following pairing; Q190); earlier ones only for the rating report.
    """
    return max(1, last_published - 1)


def combined(warnings: list[ActionWarning]) -> ActionWarning | None:
    """One warning for an action that raises several: the highest level, every title and every
    consequence (None when there is none)."""
    if not warnings:
        return None
    if len(warnings) == 1:
        return warnings[0]
    return ActionWarning(
        level=max(warning.level for warning in warnings),
        title=" ".join(warning.title for warning in warnings),
        consequences=tuple(line for warning in warnings for line in warning.consequences),
        rule=", ".join(warning.rule for warning in warnings if warning.rule),
    )
