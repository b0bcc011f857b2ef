"""The arbiter's pairing page: pair a round through the worker, review, edit and publish it.

GET shows the page (or, for htmx's polling, the `pairing-status` fragment, answered with
`HttpResponseStopPolling` once the run is finished). Every change is a POST that calls one
service and redirects back; refusals and rule warnings become messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from pairing import selectors, services
from pairing.forms import ExchangeOpponentsForm
from pairing.models import PairingRun
from tournaments.exceptions import TournamentError
from tournaments.http import HtmxHttpRequest, arbiter_required
from tournaments.models import Game, Round, RoundState, Tournament

PAGE = "pairing/round.html"


def _context(tournament: Tournament, rnd: Round) -> dict[str, object]:
    pairing = selectors.round_pairing_view(rnd)
    is_draft = rnd.state == RoundState.PAIRED
    correctable = rnd.state == RoundState.PUBLISHED and pairing.has_rematch
    games = [row.game for row in pairing.rows]
    return {
        "tournament": tournament,
        "rnd": rnd,
        "rounds": list(tournament.round_set.values_list("number", flat=True)),
        "run": selectors.latest_run(rnd),
        "pairing": pairing,
        "is_draft": is_draft,
        "correctable": correctable,
        "exchange_form": (
            ExchangeOpponentsForm(games=games)
            if (is_draft or correctable) and len(games) > 1
            else None
        ),
    }


@require_safe
@vary_on_headers("HX-Request")
@arbiter_required
def round_pairing(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Round `number`'s pairing: the button, the worker's progress, then the draft."""
    rnd = selectors.round_of(tournament, number)
    context = _context(tournament, rnd)
    if not cast(HtmxHttpRequest, request).htmx:
        return render(request, PAGE, context)
    content = render_to_string(f"{PAGE}#pairing-status", context, request=request)
    run = context["run"]
    if isinstance(run, PairingRun) and run.is_active:
        return HttpResponse(content)
    return HttpResponseStopPolling(content)


def _act(
    request: HttpRequest,
    tournament: Tournament,
    number: int,
    action: Callable[[Round, User], object],
    success: str,
) -> HttpResponse:
    """Run one service for round `number`; its refusal or warnings become messages."""
    rnd = selectors.round_of(tournament, number)
    assert isinstance(request.user, User)  # arbiter_required lets only logged-in users in
    try:
        outcome = action(rnd, request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        broken = len(outcome) if isinstance(outcome, list) else 0
        if broken:
            rules = "rule" if broken == 1 else "rules"
            messages.warning(request, f"{success} The edit breaks {broken} {rules}: see below.")
        else:
            messages.success(request, success)
    return redirect("pairing-round", tournament.slug, number)


@require_POST
@arbiter_required
def pairing_request(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _act(
        request,
        tournament,
        number,
        lambda rnd, by: services.round_request_pairing(rnd=rnd, by=by),
        f"Round {number} was sent to the pairing engine; the draft appears below when ready.",
    )


@require_POST
@arbiter_required
def pairing_repair(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _act(
        request,
        tournament,
        number,
        lambda rnd, by: services.round_repair(rnd=rnd, by=by),
        f"The draft of round {number} was discarded and the round sent to the engine again.",
    )


@require_POST
@arbiter_required
def pairing_publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _act(
        request,
        tournament,
        number,
        lambda rnd, by: services.round_publish(rnd=rnd, by=by),
        f"Round {number} is published.",
    )


@require_POST
@arbiter_required
def pairing_swap_colours(
    request: HttpRequest, tournament: Tournament, number: int, game_id: int
) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament, round__number=number)
    return _act(
        request,
        tournament,
        number,
        lambda rnd, by: services.round_draft_swap_colours(game=game, by=by),
        f"Colours swapped on board {game.board}.",
    )


@require_POST
@arbiter_required
def pairing_exchange(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_of(tournament, number)
    form = ExchangeOpponentsForm(request.POST, games=list(selectors.round_games(rnd)))
    if not form.is_valid():
        problems = (str(error) for errors in form.errors.values() for error in errors)
        messages.error(request, " ".join(problems))
        return redirect("pairing-round", tournament.slug, number)
    game_a, game_b = form.cleaned_data["game_a"], form.cleaned_data["game_b"]
    return _act(
        request,
        tournament,
        number,
        lambda rnd, by: services.round_draft_exchange_opponents(
            game_a=game_a, game_b=game_b, by=by
        ),
        f"Boards {game_a.board} and {game_b.board} exchanged opponents.",
    )
