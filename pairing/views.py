"""The arbiter's pairing page: pair a round through the worker, review, edit and publish it.

GET shows the page (or, for htmx's polling, the `pairing-status` fragment, answered with
`HttpResponseStopPolling` once the run is finished). Every change is a POST that calls one
service and redirects back; a refusal (`TournamentError`) becomes an error message, the rules
an edit breaks a warning message. `?edit=1` shows a draft in the manual pairing session
(`pairing.services.manual`), whose edits ask for confirmation through the dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from pairing import explanation, selectors
from pairing.engine import RuleWarning
from pairing.forms import (
    ExchangeOpponentsForm,
    ManualByeForm,
    ManualPairForm,
    PairingNumbersForm,
)
from pairing.models import PairingRun, RunStatus
from pairing.services import manual, rounds
from pairing.services.roundrobin import tournament_draw_numbers
from tournaments.domain.warnings import Confirmed
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Game, Player, Round, RoundState, Tournament
from tournaments.selectors.check_in import check_in_summary
from tournaments.selectors.manage import round_games, round_or_404
from tournaments.views.confirming import Done, back_to, confirmed_action

PAGE = "pairing/round.html"


def _context(
    tournament: Tournament, rnd: Round, run: PairingRun | None, *, editing: bool = False
) -> dict[str, object]:
    pairing = selectors.round_pairing_view(rnd)
    lines = explanation.explanation_lines(run) if run else []
    is_draft = rnd.state == RoundState.PAIRED
    editing = editing and is_draft
    unpaired = selectors.round_unpaired_players(rnd) if editing else []
    correctable = rnd.state == RoundState.PUBLISHED and pairing.has_rematch
    games = [row.game for row in pairing.rows]
    withdrawable = (
        rnd.state == RoundState.PUBLISHED
        and not any(game.result for game in games)
        and not tournament.round_set.filter(number=rnd.number + 1)
        .exclude(state=RoundState.NOT_PAIRED)
        .exists()
    )
    return {
        # before pairing only, not in the polls while the engine works (issue 32)
        "check_in": (
            check_in_summary(rnd)
            if rnd.state == RoundState.NOT_PAIRED and not (run and run.is_active)
            else None
        ),
        "withdrawable": withdrawable,
        "tournament": tournament,
        "rnd": rnd,
        "rounds": list(tournament.round_set.values_list("number", flat=True)),
        "run": run,
        "pairing": pairing,
        "not_paired": selectors.round_not_paired(rnd) if pairing.rows or pairing.bye else [],
        "is_draft": is_draft,
        "correctable": correctable,
        "exchange_form": (
            ExchangeOpponentsForm(games=games)
            if (is_draft or correctable) and len(games) > 1
            else None
        ),
        "editing": editing,
        "unpaired": unpaired,
        "pair_form": ManualPairForm(players=unpaired) if len(unpaired) > 1 else None,
        "bye_form": ManualByeForm(players=unpaired) if unpaired else None,
        "warnings": [explanation.warning_text(warning) for warning in pairing.warnings],
        "explanation_lines": lines,
        "explanation": "\n".join(lines),
        "run_error": explanation.run_error(run) if run else "",
    }


def _round_url(tournament: Tournament, number: int) -> str:
    return reverse("pairing-round", args=[tournament.slug, number])


def _back(tournament: Tournament, number: int) -> HttpResponse:
    return redirect(_round_url(tournament, number))


def _edited(done: str, warnings: list[RuleWarning]) -> Done:
    """The message after a draft edit: a warning when the edit breaks rules (listed below)."""
    if not warnings:
        return Done(done)
    breaks = ngettext(
        "The edit breaks %(count)d rule: see below.",
        "The edit breaks %(count)d rules: see below.",
        len(warnings),
    ) % {"count": len(warnings)}
    return Done(f"{done} {breaks}", messages.WARNING)


@require_safe
@vary_on_headers("HX-Request")
@arbiter_required
def round_pairing(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Round `number`'s pairing: the button, the worker's progress, then the draft."""
    rnd = round_or_404(tournament, number)
    run = selectors.latest_run(rnd)
    # The worker records the draft and its run as done in one transaction: the round read
    # after the run shows the draft of a finished run (read before, a poll could see the run
    # done and the round not yet paired, and stop polling without the draft).
    rnd.refresh_from_db(fields=["state"])
    context = _context(tournament, rnd, run, editing="edit" in request.GET)
    if not request.htmx:
        return render(request, PAGE, context)
    content = render_to_string(f"{PAGE}#pairing-status", context, request=request)
    if run is not None and run.is_active:
        return HttpResponse(content)
    return HttpResponseStopPolling(content)


def _round_action(
    request: ArbiterRequest,
    tournament: Tournament,
    number: int,
    action: Callable[[Round, Confirmed | None], object],
    done: str,
) -> HttpResponse:
    """A round action that may ask for a confirmation, then back to the round's page."""
    rnd = round_or_404(tournament, number)

    def run(confirmed: Confirmed | None) -> str:
        action(rnd, confirmed)
        return done

    return confirmed_action(request, tournament, _round_url(tournament, number), run)


@require_POST
@arbiter_required
def pairing_request(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Send the round to the pairing engine (a worker pairs it); games of the previous round
    without a result are adjourned after a Level-2 confirmation."""
    rnd = round_or_404(tournament, number)
    page = reverse("pairing-round", args=[tournament.slug, number])

    def pair(confirmed: Confirmed | None) -> str:
        run = rounds.round_request_pairing(rnd=rnd, by=request.user, confirmed=confirmed)
        run.refresh_from_db(fields=["status", "queued_at"])
        if run.status == RunStatus.PENDING and run.queued_at is None:
            return _(
                "The pairing queue is not answering: the request for round %(number)d is kept "
                "and will be sent as soon as the queue is back."
            ) % {"number": number}
        return _(
            "Round %(number)d was sent to the pairing engine; the draft appears below when ready."
        ) % {"number": number}

    return confirmed_action(request, tournament, page, pair)


@require_POST
@arbiter_required
def pairing_repair(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Discard the draft and send the round to the engine again."""
    return _round_action(
        request,
        tournament,
        number,
        lambda rnd, confirmed: rounds.round_repair(rnd=rnd, by=request.user),
        _("The draft of round %(number)d was discarded and the round sent to the engine again.")
        % {"number": number},
    )


@require_POST
@arbiter_required
def pairing_publish(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Publish the draft in the order of C.04.2 D.9."""
    return _round_action(
        request,
        tournament,
        number,
        lambda rnd, confirmed: rounds.round_publish(rnd=rnd, by=request.user),
        _("Round %(number)d is published.") % {"number": number},
    )


@require_POST
@arbiter_required
def pairing_unpublish(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Withdraw a publication made by mistake (Level 3): the round goes back to its draft."""
    return _round_action(
        request,
        tournament,
        number,
        lambda rnd, confirmed: rounds.round_unpublish(
            rnd=rnd, by=request.user, confirmed=confirmed
        ),
        _("Round %(number)d is no longer published: it is a draft again.") % {"number": number},
    )


@require_POST
@arbiter_required
def pairing_swap_colours(
    request: ArbiterRequest, tournament: Tournament, number: int, game_id: int
) -> HttpResponse:
    """Swap White and Black on one board of the draft."""
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament, round__number=number)

    def swap(confirmed: Confirmed | None) -> Done:
        warnings = rounds.round_draft_swap_colours(game=game, by=request.user)
        return _edited(_("Colours swapped on board %(board)d.") % {"board": game.board}, warnings)

    return confirmed_action(request, tournament, _round_url(tournament, number), swap)


@require_POST
@arbiter_required
def pairing_exchange(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Exchange the Black players of two boards (a draft, or a rematch to correct, D.10)."""
    rnd = round_or_404(tournament, number)
    form = ExchangeOpponentsForm(request.POST, games=list(round_games(rnd)))
    if not form.is_valid():
        problems = (str(error) for errors in form.errors.values() for error in errors)
        messages.error(request, " ".join(problems))
        return _back(tournament, number)
    game_a, game_b = form.cleaned_data["game_a"], form.cleaned_data["game_b"]

    def exchange(confirmed: Confirmed | None) -> Done:
        warnings = rounds.round_draft_exchange_opponents(
            game_a=game_a, game_b=game_b, by=request.user
        )
        done = _("Boards %(a)d and %(b)d exchanged opponents.") % {
            "a": game_a.board,
            "b": game_b.board,
        }
        return _edited(done, warnings)

    return confirmed_action(request, tournament, _round_url(tournament, number), exchange)


def _editing(tournament: Tournament, number: int) -> str:
    return reverse("pairing-round", args=[tournament.slug, number]) + "?edit=1"


@require_POST
@arbiter_required
def manual_start(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """ "Edit pairings": open the round for pairing by hand (an empty draft if not paired)."""
    rnd = round_or_404(tournament, number)

    def start(confirmed: Confirmed | None) -> None:
        manual.round_manual_start(rnd=rnd, by=request.user)  # the page says it: no message

    page = _round_url(tournament, number)
    return confirmed_action(
        request, tournament, page, start, done_page=_editing(tournament, number)
    )


@require_POST
@arbiter_required
def manual_pair(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Pair two players by hand (a Level-3 confirmation when the board breaks a rule)."""
    rnd = round_or_404(tournament, number)
    page = _editing(tournament, number)
    form = ManualPairForm(request.POST, players=list(tournament.players.all()))
    if not form.is_valid():
        messages.error(request, _("Choose two players of this tournament."))
        return back_to(request, page)
    white, black = form.cleaned_data["white"], form.cleaned_data["black"]

    def pair(confirmed: Confirmed | None) -> str:
        game = manual.round_manual_pair(
            rnd=rnd, white=white, black=black, by=request.user, confirmed=confirmed
        )
        return _("Board %(board)d: %(white)s – %(black)s.") % {
            "board": game.board,
            "white": white.name,
            "black": black.name,
        }

    return confirmed_action(request, tournament, page, pair)


@require_POST
@arbiter_required
def manual_unpair(
    request: ArbiterRequest, tournament: Tournament, number: int, game_id: int
) -> HttpResponse:
    """Remove a board of the draft: its two players are unpaired."""
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament, round__number=number)

    def unpair(confirmed: Confirmed | None) -> str:
        manual.round_manual_unpair(game=game, by=request.user)
        return _("Board %(board)d is unpaired.") % {"board": game.board}

    return confirmed_action(request, tournament, _editing(tournament, number), unpair)


@require_POST
@arbiter_required
def manual_bye(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Give (or move) the pairing-allocated bye (a Level-3 confirmation if not allowed)."""
    rnd = round_or_404(tournament, number)
    page = _editing(tournament, number)
    form = ManualByeForm(request.POST, players=list(tournament.players.all()))
    if not form.is_valid():
        messages.error(request, _("Choose a player of this tournament."))
        return back_to(request, page)
    player = form.cleaned_data["player"]

    def give_bye(confirmed: Confirmed | None) -> str:
        manual.round_manual_bye(rnd=rnd, player=player, by=request.user, confirmed=confirmed)
        return _("%(name)s has the pairing-allocated bye.") % {"name": player.name}

    return confirmed_action(request, tournament, page, give_bye)


@require_POST
@arbiter_required
def manual_validate(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """ "Validate pairings": compare with the engine (Level 4 if different) and publish."""
    rnd = round_or_404(tournament, number)

    def validate(confirmed: Confirmed | None) -> str:
        difference = manual.round_manual_validate(rnd=rnd, by=request.user, confirmed=confirmed)
        if difference.differs:
            return _(
                "Round %(number)d is published as paired by hand (recorded as an MPA event)."
            ) % {"number": number}
        return _("Round %(number)d is published.") % {"number": number}

    page = _editing(tournament, number)
    return confirmed_action(
        request, tournament, page, validate, done_page=_round_url(tournament, number)
    )


NUMBERS_PAGE = "pairing/numbers.html"


@require_safe
@arbiter_required
def pairing_numbers(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The round robin's pairing numbers: drawn by lot or set by hand before round 1 (C.05
    Annex 1; VCL Q95), then locked."""
    players = list(tournament.players.order_by("pairing_number"))
    return render(request, NUMBERS_PAGE, _numbers_context(tournament, players, None))


def _numbers_context(
    tournament: Tournament, players: list[Player], form: PairingNumbersForm | None
) -> dict[str, object]:
    locked = tournament.round_set.exclude(state=RoundState.NOT_PAIRED).exists()
    return {
        "tournament": tournament,
        "players": players,
        "locked": locked,
        "form": form or (None if locked else PairingNumbersForm(players=players)),
    }


@require_POST
@arbiter_required
def pairing_numbers_draw(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Draw the numbers by lot (a recorded seed), or set them as the form gives them."""
    order: list[int] | None = None
    if "by_hand" in request.POST:
        players = list(tournament.players.order_by("pairing_number"))
        form = PairingNumbersForm(request.POST, players=players)
        if not form.is_valid():
            context = _numbers_context(tournament, players, form)
            return render(request, NUMBERS_PAGE, context, status=422)
        order = form.cleaned_data["order"]

    def draw(confirmed: Confirmed | None) -> str:
        tournament_draw_numbers(tournament=tournament, by=request.user, order=order)
        tournament.refresh_from_db()
        return _("The pairing numbers are set: %(rounds)d rounds. Pair round 1 when ready.") % {
            "rounds": tournament.rounds
        }

    page = reverse("pairing-numbers", args=[tournament.slug])
    return confirmed_action(request, tournament, page, draw)
