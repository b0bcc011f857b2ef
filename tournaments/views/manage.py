"""Arbiter pages under `/t/<slug>/manage/`: only the tournament's arbiters get through.

Views read input through forms, call one service, and turn its typed errors into messages;
changes are POSTs that redirect (or answer an htmx fragment).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.exceptions import PlayerImportError, TournamentError
from tournaments.forms import (
    ByeRequestForm,
    ForbiddenPairForm,
    ImportForm,
    PlayerDetailsForm,
    PlayerForm,
    ResultForm,
    TournamentForm,
    WithdrawForm,
)
from tournaments.http import ArbiterRequest, arbiter_required, login_required
from tournaments.models import Bye, ByeKind, ForbiddenPair, Player, Result, Tournament
from tournaments.selectors import manage as selectors
from tournaments.selectors.state import next_round_number
from tournaments.services.availability import (
    bye_cancel,
    bye_request,
    forbidden_pair_create,
    forbidden_pair_delete,
    player_reinstate,
    player_withdraw,
)
from tournaments.services.players import (
    CSV_COLUMNS,
    player_register,
    player_update,
    players_import_csv,
    players_import_trf,
    tournament_assign_pairing_numbers,
)
from tournaments.services.results import game_enter_result
from tournaments.services.tournaments import tournament_create, tournament_update

RESULT_KEYS = (
    ("1", Result.WHITE_WINS, "White wins", "1-0"),
    ("=", Result.DRAW, "Draw", "½"),
    ("0", Result.BLACK_WINS, "Black wins", "0-1"),
    ("+", Result.WHITE_WINS_FORFEIT, "White wins by forfeit", "+/−"),
    ("-", Result.BLACK_WINS_FORFEIT, "Black wins by forfeit", "−/+"),
    ("*", Result.DOUBLE_FORFEIT, "Double forfeit", "−/−"),
)
"""The keys of the result entry page: key, result, what it means, button text (Backspace
clears a result)."""


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: ArbiterRequest) -> HttpResponse:
    """Create a tournament; its creator becomes its arbiter."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_create(settings=form.settings(), by=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{tournament.name} is created: register its players.")
            return redirect("manage-players", tournament.slug)
    return render(request, "tournaments/manage/tournament_form.html", {"form": form})


@arbiter_required
@require_safe
def dashboard(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's view of a tournament: rounds and what to do next, recent changes."""
    context = {"tournament": tournament, **selectors.dashboard(tournament)}
    return render(request, "tournaments/manage/dashboard.html", context)


@arbiter_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_for(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            tournament_update(tournament=tournament, settings=form.settings(), by=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "The tournament is saved.")
            return redirect("manage-dashboard", tournament.slug)
    context = {"tournament": tournament, "form": form}
    return render(request, "tournaments/manage/tournament_form.html", context)


@arbiter_required
@require_http_methods(["GET", "POST"])
def players(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The players: register one, import a list, assign pairing numbers, prohibited pairs."""
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = player_register(
                tournament=tournament,
                data=form.player_data(),
                by=request.user,
                missed_bye=ByeKind(form.cleaned_data["missed_bye"]),
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{player} is registered.")
            return redirect("manage-players", tournament.slug)
    context = {
        "tournament": tournament,
        "form": form,
        "import_form": ImportForm(),
        "pair_form": ForbiddenPairForm(tournament=tournament),
        "csv_columns": CSV_COLUMNS,
        **selectors.players_page(tournament),
    }
    status = 400 if form.errors else 200
    return render(request, "tournaments/manage/players.html", context, status=status)


@arbiter_required
@require_POST
def players_import(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose a CSV or TRF file to import.")
        return redirect("manage-players", tournament.slug)
    service = players_import_trf if form.cleaned_data["format"] == "trf" else players_import_csv
    try:
        count = service(tournament=tournament, text=form.text(), by=request.user)
    except PlayerImportError as error:
        messages.error(request, "Nothing imported: " + " · ".join(error.errors))
    except TournamentError as error:
        messages.error(request, f"Nothing imported: {error}")
    else:
        messages.success(request, f"{count} players imported.")
    return redirect("manage-players", tournament.slug)


@arbiter_required
@require_POST
def players_renumber(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    try:
        tournament_assign_pairing_numbers(tournament=tournament, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Pairing numbers follow the initial ranking order.")
    return redirect("manage-players", tournament.slug)


def _player(tournament: Tournament, pairing_number: int) -> Player:
    return get_object_or_404(Player, tournament=tournament, pairing_number=pairing_number)


def _player_page(
    request: ArbiterRequest,
    tournament: Tournament,
    subject: Player,
    details: PlayerDetailsForm | None = None,
) -> HttpResponse:
    next_round = next_round_number(tournament)
    context = {
        "tournament": tournament,
        "player": subject,
        "byes": selectors.player_byes(subject),
        "bye_form": ByeRequestForm(initial={"round_number": next_round}),
        "withdraw_form": WithdrawForm(initial={"from_round": next_round}),
        "details_form": details
        or PlayerDetailsForm(initial=PlayerDetailsForm.initial_for(subject)),
    }
    status = 400 if details is not None and details.errors else 200
    return render(request, "tournaments/manage/player.html", context, status=status)


@arbiter_required
@require_safe
def player(request: ArbiterRequest, tournament: Tournament, pairing_number: int) -> HttpResponse:
    """One player: details, requested byes, withdrawal and reinstatement."""
    return _player_page(request, tournament, _player(tournament, pairing_number))


@arbiter_required
@require_POST
def player_details(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    """Correct the player's details; errors are shown on the player page, nothing saved."""
    subject = _player(tournament, pairing_number)
    form = PlayerDetailsForm(request.POST)
    if form.is_valid():
        try:
            subject = player_update(player=subject, data=form.player_data(), by=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"The details of {subject} are saved.")
            return _back_to_player(tournament, subject.pairing_number)
    return _player_page(request, tournament, subject, form)


def _back_to_player(tournament: Tournament, pairing_number: int) -> HttpResponse:
    return redirect("manage-player", tournament.slug, pairing_number)


@arbiter_required
@require_POST
def player_bye(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)
    form = ByeRequestForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a round and a kind of bye.")
        return _back_to_player(tournament, pairing_number)
    try:
        bye_request(
            player=subject,
            round_number=form.cleaned_data["round_number"],
            kind=ByeKind(form.cleaned_data["kind"]),
            by=request.user,
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Bye recorded for round {form.cleaned_data['round_number']}.")
    return _back_to_player(tournament, pairing_number)


@arbiter_required
@require_POST
def bye_delete(request: ArbiterRequest, tournament: Tournament, bye_id: int) -> HttpResponse:
    bye = get_object_or_404(
        Bye.objects.select_related("player"), pk=bye_id, player__tournament=tournament
    )
    try:
        bye_cancel(bye=bye, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The bye is cancelled.")
    return _back_to_player(tournament, bye.player.pairing_number)


@arbiter_required
@require_POST
def player_withdrawal(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose the first round the withdrawal applies to.")
        return _back_to_player(tournament, pairing_number)
    try:
        player_withdraw(player=subject, from_round=form.cleaned_data["from_round"], by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{subject.name} is withdrawn.")
    return _back_to_player(tournament, pairing_number)


@arbiter_required
@require_POST
def player_reinstatement(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)
    try:
        player_reinstate(player=subject, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{subject.name} is back in the tournament.")
    return _back_to_player(tournament, pairing_number)


@arbiter_required
@require_POST
def forbidden_pair_new(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = ForbiddenPairForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, "Choose two players of this tournament.")
        return redirect("manage-players", tournament.slug)
    try:
        forbidden_pair_create(
            tournament=tournament,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            by=request.user,
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The two players will not be paired together.")
    return redirect("manage-players", tournament.slug)


@arbiter_required
@require_POST
def forbidden_pair_remove(
    request: ArbiterRequest, tournament: Tournament, pair_id: int
) -> HttpResponse:
    pair = get_object_or_404(ForbiddenPair, pk=pair_id, tournament=tournament)
    try:
        forbidden_pair_delete(pair=pair, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The prohibited pairing is removed.")
    return redirect("manage-players", tournament.slug)


@arbiter_required
@require_safe
def results(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Result entry for a published round: one row per board, keyboard first."""
    rnd = selectors.round_or_404(tournament, number)
    context = {
        "tournament": tournament,
        "round": rnd,
        "games": selectors.round_games(rnd),
        "keys": RESULT_KEYS,
        "progress": selectors.results_progress(rnd),
    }
    return render(request, "tournaments/manage/results.html", context)


@arbiter_required
@require_POST
def result_enter(
    request: ArbiterRequest, tournament: Tournament, number: int, board: int
) -> HttpResponse:
    """Enter one board's result (compare-and-set on the result the arbiter saw); an htmx
    request gets the board's row back, with the refusal's message if any."""
    rnd = selectors.round_or_404(tournament, number)
    game = selectors.game_or_404(rnd, board)
    form = ResultForm(request.POST)
    error = ""
    if not form.is_valid():
        error = "Unknown result."
    else:
        try:
            game = game_enter_result(
                game=game,
                result=Result(form.cleaned_data["result"]),
                by=request.user,
                expected_previous=Result(form.cleaned_data["expected"]),
            )
        except TournamentError as refusal:
            error = str(refusal)
            game.refresh_from_db()
    if request.htmx:
        rnd.refresh_from_db()
        context = {
            "tournament": tournament,
            "round": rnd,
            "game": game,
            "error": error,
            "keys": RESULT_KEYS,
            "progress": selectors.results_progress(rnd),
            "oob": True,
        }
        return render(request, "tournaments/manage/results.html#result-row", context)
    if error:
        messages.error(request, error)
    return redirect("manage-results", tournament.slug, number)
