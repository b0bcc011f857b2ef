"""Arbiter pages under `/t/<slug>/manage/`: only the tournament's arbiters get through.

Views read input through forms, call one service, and turn its typed errors into messages;
changes are POSTs that redirect (or answer an htmx fragment).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.confirmations import confirmed_level
from tournaments.domain.configuration import rounds_problem
from tournaments.domain.ratings import long_event_advice
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import ConfirmationRequired, PlayerImportError, TournamentError
from tournaments.forms.players import (
    ByeRequestForm,
    ForbiddenPairForm,
    PlayerDetailsForm,
    PlayerForm,
    PlayerImportForm,
    PlayerRatingForm,
    WithdrawForm,
)
from tournaments.forms.reports import RatingReportStartForm
from tournaments.forms.results import ManualTiebreakForm
from tournaments.forms.tournament import TournamentForm
from tournaments.http import ArbiterRequest, arbiter_required, login_required
from tournaments.models import Bye, ByeKind, ForbiddenPair, Player, Tournament
from tournaments.selectors import manage as selectors
from tournaments.selectors.ratingsources import registration_initial
from tournaments.selectors.state import next_round_number, player_rating
from tournaments.services.availability import (
    bye_cancel,
    bye_request,
    forbidden_pair_create,
    forbidden_pair_delete,
    player_reinstate,
    player_set_half_point_byes,
    player_withdraw,
)
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers
from tournaments.services.players import (
    CSV_COLUMNS,
    player_register,
    player_update,
    players_import_csv,
    players_import_trf,
)
from tournaments.services.tournaments import tournament_create, tournament_update
from tournaments.translation import translated
from tournaments.views import ratinglists
from tournaments.views.confirming import back_to, confirmation_dialog, confirmed_action


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: ArbiterRequest) -> HttpResponse:
    """Create a tournament; its creator becomes its arbiter."""
    form = TournamentForm(request.POST or None)
    valid = request.method == "POST" and form.is_valid()
    rounds = form.cleaned_data.get("rounds") if form.is_bound else None
    # the report's details, optional (issue 31): their dates are counted against the rounds
    report = RatingReportStartForm(request.POST or None, rounds=rounds or 99)
    if valid and report.is_valid():
        try:
            tournament = tournament_create(
                settings=form.settings(), by=request.user, report=report.start()
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("%(name)s is created: register its players.") % {"name": tournament.name},
            )
            return redirect("manage-players", tournament.slug)
    context = {"form": form, "report": report}
    return render(request, "tournaments/manage/tournament_form.html", context)


@arbiter_required
@require_safe
def dashboard(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's view of a tournament: rounds and what to do next, recent changes."""
    context: dict[str, object] = {"tournament": tournament, **selectors.dashboard(tournament)}
    player_count = tournament.players.count()
    if player_count and next_round_number(tournament) == 1 and not tournament.is_round_robin:
        problem = rounds_problem(tournament.rounds, player_count)
        context["setup_problem"] = translated(problem) if problem is not None else None
    return render(request, "tournaments/manage/dashboard.html", context)


@arbiter_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Change the settings; the risky changes (rounds or tie-breaks after the start) are
    confirmed first."""
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_for(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            tournament_update(
                tournament=tournament,
                settings=form.settings(),
                by=request.user,
                confirmed=confirmed_level(request, tournament),
            )
        except ConfirmationRequired as required:
            cancel = reverse("manage-edit", args=[tournament.slug])
            return confirmation_dialog(request, tournament, required, cancel_url=cancel)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The tournament is saved."))
            return back_to(request, reverse("manage-dashboard", args=[tournament.slug]))
    context = {
        "tournament": tournament,
        "form": form,
        "long_event_advice": long_event_advice(tournament.lasts_over_30_days, tournament.tiebreaks),
    }
    return render(request, "tournaments/manage/tournament_form.html", context)


@arbiter_required
@require_http_methods(["GET", "POST"])
def players(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The players: register one, import a list, assign pairing numbers, prohibited pairs."""
    initial = registration_initial(
        tournament, request.GET.get("from_list"), request.GET.get("rate")
    )
    form = PlayerForm(request.POST or None, initial=initial)
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
        "import_form": PlayerImportForm(),
        "pair_form": ForbiddenPairForm(tournament=tournament),
        "csv_columns": CSV_COLUMNS,
        **selectors.players_page(tournament),
        **ratinglists.players_page_context(tournament),
    }
    if request.htmx and "from_list" in request.GET:  # a player chosen in the list search
        return render(request, "tournaments/manage/players.html#register-form", context)
    status = 400 if form.errors else 200
    return render(request, "tournaments/manage/players.html", context, status=status)


@arbiter_required
@require_POST
def players_import(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = PlayerImportForm(request.POST, request.FILES)
    if not form.is_valid():
        problems = [f"{name}: {error}" for name, errors in form.errors.items() for error in errors]
        messages.error(
            request, _("Nothing imported: %(problems)s") % {"problems": " · ".join(problems)}
        )
        return redirect("manage-players", tournament.slug)
    service = players_import_trf if form.cleaned_data["format"] == "trf" else players_import_csv

    def import_players(confirmed: Confirmed | None) -> str:
        count = service(tournament=tournament, text=form.text(), by=request.user)
        return ngettext("%(count)s player imported.", "%(count)s players imported.", count) % {
            "count": count
        }

    def nothing_imported(error: TournamentError) -> str:
        problems = " · ".join(error.errors) if isinstance(error, PlayerImportError) else error
        return _("Nothing imported: %(problems)s") % {"problems": problems}

    page = reverse("manage-players", args=[tournament.slug])
    return confirmed_action(request, tournament, page, import_players, refused=nothing_imported)


@arbiter_required
@require_POST
def players_renumber(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Pairing numbers in initial order; after round 1, confirmed first (Level 3)."""

    def renumber(confirmed: Confirmed | None) -> str:
        tournament_assign_pairing_numbers(
            tournament=tournament, by=request.user, confirmed=confirmed
        )
        return _("Pairing numbers follow the initial ranking order.")

    page = reverse("manage-players", args=[tournament.slug])
    return confirmed_action(request, tournament, page, renumber)


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
        "rating": player_rating(subject, tournament.rating_method),
        "rating_form": PlayerRatingForm(initial={"from_round": max(next_round, 2)}),
        "manual_tiebreak_form": ManualTiebreakForm.for_value(subject.manual_tiebreak),
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
            messages.success(request, _("The details of %(name)s are saved.") % {"name": subject})
            return _back_to_player(tournament, subject.pairing_number)
    return _player_page(request, tournament, subject, form)


def _back_to_player(tournament: Tournament, pairing_number: int) -> HttpResponse:
    return redirect("manage-player", tournament.slug, pairing_number)


def _player_url(tournament: Tournament, pairing_number: int) -> str:
    return reverse("manage-player", args=[tournament.slug, pairing_number])


@arbiter_required
@require_POST
def player_half_point_byes(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    """Allow or refuse half-point byes to the player (checklist Q175)."""
    subject = _player(tournament, pairing_number)
    allowed = request.POST.get("allowed") == "1"

    def set_half_point_byes(confirmed: Confirmed | None) -> str:
        player_set_half_point_byes(player=subject, allowed=allowed, by=request.user)
        if allowed:
            return _("%(name)s may take half-point byes.") % {"name": subject.name}
        return _("%(name)s may not take half-point byes.") % {"name": subject.name}

    return confirmed_action(
        request, tournament, _player_url(tournament, pairing_number), set_half_point_byes
    )


@arbiter_required
@require_POST
def player_bye(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)
    form = ByeRequestForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a round and a kind of bye."))
        return _back_to_player(tournament, pairing_number)
    round_number = form.cleaned_data["round_number"]

    def request_bye(confirmed: Confirmed | None) -> str:
        bye_request(
            player=subject,
            round_number=round_number,
            kind=ByeKind(form.cleaned_data["kind"]),
            by=request.user,
            confirmed=confirmed,
        )
        return _("Bye recorded for round %(number)s.") % {"number": round_number}

    return confirmed_action(
        request, tournament, _player_url(tournament, pairing_number), request_bye
    )


@arbiter_required
@require_POST
def bye_delete(request: ArbiterRequest, tournament: Tournament, bye_id: int) -> HttpResponse:
    bye = get_object_or_404(
        Bye.objects.select_related("player"), pk=bye_id, player__tournament=tournament
    )

    def cancel(confirmed: Confirmed | None) -> str:
        bye_cancel(bye=bye, by=request.user)
        return _("The bye is cancelled.")

    page = _player_url(tournament, bye.player.pairing_number)
    return confirmed_action(request, tournament, page, cancel)


@arbiter_required
@require_POST
def player_withdrawal(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the first round the withdrawal applies to."))
        return _back_to_player(tournament, pairing_number)
    expelled = form.cleaned_data["expelled"]

    def withdraw(confirmed: Confirmed | None) -> str:
        player_withdraw(
            player=subject,
            from_round=form.cleaned_data["from_round"],
            by=request.user,
            expelled=expelled,
        )
        if expelled:
            return _("%(name)s is expelled: left out of the standings.") % {"name": subject.name}
        return _("%(name)s is withdrawn.") % {"name": subject.name}

    return confirmed_action(request, tournament, _player_url(tournament, pairing_number), withdraw)


@arbiter_required
@require_POST
def player_reinstatement(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    subject = _player(tournament, pairing_number)

    def reinstate(confirmed: Confirmed | None) -> str:
        player_reinstate(player=subject, by=request.user, confirmed=confirmed)
        return _("%(name)s is back in the tournament.") % {"name": subject.name}

    return confirmed_action(request, tournament, _player_url(tournament, pairing_number), reinstate)


@arbiter_required
@require_POST
def forbidden_pair_new(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = ForbiddenPairForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose two players of this tournament."))
        return redirect("manage-players", tournament.slug)

    def forbid(confirmed: Confirmed | None) -> str:
        forbidden_pair_create(
            tournament=tournament,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            by=request.user,
        )
        return _("The two players will not be paired together.")

    page = reverse("manage-players", args=[tournament.slug])
    return confirmed_action(request, tournament, page, forbid)


@arbiter_required
@require_POST
def forbidden_pair_remove(
    request: ArbiterRequest, tournament: Tournament, pair_id: int
) -> HttpResponse:
    pair = get_object_or_404(ForbiddenPair, pk=pair_id, tournament=tournament)

    def remove(confirmed: Confirmed | None) -> str:
        forbidden_pair_delete(pair=pair, by=request.user)
        return _("The prohibited pairing is removed.")

    page = reverse("manage-players", args=[tournament.slug])
    return confirmed_action(request, tournament, page, remove)
