"""Result entry and corrections under `/t/<slug>/manage/round/<n>/results/`.

Keyboard first and htmx: a board's row posts its result and gets the row back. A correction
(a result already entered) is confirmed in a dialog first; in FIDE mode the older rounds are
locked, and a rating-report-only correction is recorded instead (VCL4THP Q189-Q192).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.confirmations import confirmed_level
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import ConfirmationRequired, TournamentError
from tournaments.forms.results import Chess960Form, RatingCorrectionForm, ResultForm
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Result, Tournament
from tournaments.selectors import manage as selectors
from tournaments.services.colours import game_record_reversed_colours
from tournaments.services.results import (
    first_open_round,
    game_enter_result,
    game_record_rating_correction,
)
from tournaments.views.confirming import back_to, confirmation_dialog, confirmed_action

RESULT_KEYS = (
    ("1", Result.WHITE_WINS, _("White wins"), "1-0"),
    ("=", Result.DRAW, _("Draw"), "½"),
    ("0", Result.BLACK_WINS, _("Black wins"), "0-1"),
    ("+", Result.WHITE_WINS_FORFEIT, _("White wins by forfeit"), "+/−"),
    ("-", Result.BLACK_WINS_FORFEIT, _("Black wins by forfeit"), "−/+"),
    ("*", Result.DOUBLE_FORFEIT, _("Double forfeit"), "−/−"),
)
"""The keys of the result entry page: key, result, what it means, button text (Backspace
clears a result)."""

MORE_RESULT_KEYS = (
    ("q", Result.HALF_ZERO, _("½-0: played, White scored ½ and Black 0"), "½-0"),
    ("p", Result.ZERO_HALF, _("0-½: played, White scored 0 and Black ½"), "0-½"),
    ("x", Result.ZERO_ZERO, _("0-0: played, both scored 0"), "0-0"),
    ("w", Result.WHITE_WINS_UNRATED, _("White wins, not rated (no move made)"), "1-0 nr"),
    ("d", Result.DRAW_UNRATED, _("Draw, not rated (no move made)"), "½ nr"),
    ("l", Result.BLACK_WINS_UNRATED, _("Black wins, not rated (no move made)"), "0-1 nr"),
    (
        "a",
        Result.ADJOURNED,
        _("Adjourned: a draw for pairing until its result is in"),
        pgettext_lazy("adjourned", "Adj."),
    ),
)
"""The rarer results (checklist Q180, Q185, Q157), behind "More" on each board: the unusual
scores of a played game, the TRF's W/D/L results of a game that ended before both sides moved,
and an adjourned game."""


@arbiter_required
@require_safe
def results(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Result entry for a published round: one row per board, keyboard first; the
    rating-report-only corrections below."""
    rnd = selectors.round_or_404(tournament, number)
    context = {
        "tournament": tournament,
        "round": rnd,
        "games": selectors.round_games(rnd),
        "keys": RESULT_KEYS,
        "more_keys": MORE_RESULT_KEYS,
        "progress": selectors.results_progress(rnd),
        "first_open": first_open_round(tournament),
        "rating_form": RatingCorrectionForm(),
        "chess960_form": Chess960Form(initial={"position": rnd.chess960_position}),
    }
    return render(request, "tournaments/manage/results.html", context)


@arbiter_required
@require_POST
def result_enter(
    request: ArbiterRequest, tournament: Tournament, number: int, board: int
) -> HttpResponse:
    """Enter one board's result (compare-and-set on the result the arbiter saw); a correction
    is confirmed in a dialog first. An htmx request gets the board's row back, with the
    refusal's message if any."""
    rnd = selectors.round_or_404(tournament, number)
    game = selectors.game_or_404(rnd, board)
    form = ResultForm(request.POST)
    error = ""
    if not form.is_valid():
        error = gettext("Unknown result.")
    else:
        try:
            game = game_enter_result(
                game=game,
                result=Result(form.cleaned_data["result"]),
                by=request.user,
                expected_previous=Result(form.cleaned_data["expected"]),
                confirmed=confirmed_level(request, tournament),
            )
        except ConfirmationRequired as required:
            page = reverse("manage-results", args=[tournament.slug, number])
            return confirmation_dialog(
                request, tournament, required, cancel_url=page, hx_target=f"#board-{board}"
            )
        except TournamentError as refusal:
            error = str(refusal)
            game.refresh_from_db()
    if request.htmx:
        progress = selectors.results_progress(rnd)
        rnd.state = progress.state
        context = {
            "tournament": tournament,
            "round": rnd,
            "game": game,
            "error": error,
            "keys": RESULT_KEYS,
            "more_keys": MORE_RESULT_KEYS,
            "progress": progress,
            "oob": True,
        }
        return render(request, "tournaments/manage/results.html#result-row", context)
    if error:
        messages.error(request, error)
    return back_to(request, reverse("manage-results", args=[tournament.slug, number]))


@arbiter_required
@require_POST
def result_colours(
    request: ArbiterRequest, tournament: Tournament, number: int, board: int
) -> HttpResponse:
    """Record that a board's game was played with the colours reversed (C.04.2 D.8): the
    colours as played, the result standing; confirmed first, then back to the results."""
    rnd = selectors.round_or_404(tournament, number)
    game = selectors.game_or_404(rnd, board)
    page = reverse("manage-results", args=[tournament.slug, number])
    white = request.POST.get("white", "")
    if not white.isdigit():
        messages.error(request, gettext("Reload the page: the board's players are unknown."))
        return back_to(request, page)

    def reverse_colours(confirmed: Confirmed | None) -> str:
        done = game_record_reversed_colours(
            game=game, by=request.user, expected_white=int(white), confirmed=confirmed
        )
        return gettext("Board %(board)s is recorded as played: %(name)s had White.") % {
            "board": done.board,
            "name": done.white.name,
        }

    return confirmed_action(request, tournament, page, reverse_colours)


@arbiter_required
@require_POST
def rating_correction(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Record the result the rating report gives for a board, the standings and the pairings
    keeping the recorded one (Q192); confirmed first (Level 3)."""
    rnd = selectors.round_or_404(tournament, number)
    page = reverse("manage-results", args=[tournament.slug, number])
    form = RatingCorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, gettext("Choose a board and the result the rating report must give.")
        )
        return back_to(request, page)
    game = selectors.game_or_404(rnd, form.cleaned_data["board"])

    def correct(confirmed: Confirmed | None) -> str:
        game_record_rating_correction(
            game=game,
            result=Result(form.cleaned_data["result"]),
            note=form.cleaned_data["note"],
            by=request.user,
            confirmed=confirmed,
        )
        return gettext("Board %(board)s: the rating report will give the corrected result.") % {
            "board": game.board
        }

    return confirmed_action(request, tournament, page, correct)
