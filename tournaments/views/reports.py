"""The rating report of a tournament: its validation page (what the report lacks, before the
download), the download of the checked report, and the arbiters' page of the report's details.

Who reads: `reports_required` (the tournament's arbiters, the officers of its federation,
staff). Who changes the details: the tournament's arbiters only. The download takes the rank
column's ranking (`ranker`) from its route (config/urls.py; `tournaments.views.exports`).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tournaments.domain.trf.time_control import TimeControlError, describe_time_control
from tournaments.forms.reports import RatingReportForm
from tournaments.http import ArbiterRequest, arbiter_required, reports_required, user_can_arbitrate
from tournaments.models import Tournament
from tournaments.selectors.reports import report_problems
from tournaments.selectors.trf import TrfRanker
from tournaments.services.reports import tournament_set_report_details
from tournaments.views.exports import FORMATS, ReportRefused, asked_format, report_response


@require_safe
@reports_required
def rating_report(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """What the rating report lacks (nothing silently empty), and its download once complete."""
    try:
        time_control = describe_time_control(tournament.time_control)
    except TimeControlError:
        time_control = ""
    context = {
        "tournament": tournament,
        "problems": report_problems(tournament),
        "formats": FORMATS,
        "time_control": time_control,
        "arbiter": user_can_arbitrate(request.user, tournament),
    }
    return render(request, "tournaments/rating_report.html", context)


@require_safe
@reports_required
def rating_report_file(
    request: ArbiterRequest, tournament: Tournament, ranker: TrfRanker
) -> HttpResponse:
    """The checked rating report (`?format=trf16|trf26`): refused (409, with the list of what
    is missing) until the validation page has nothing to say."""
    kind = asked_format(request)
    if kind is None:
        return HttpResponse(
            _("Unknown format: ask for trf16 or trf26."), status=400, content_type="text/plain"
        )
    problems = report_problems(tournament)
    if problems:
        message = _("The rating report of %(name)s is not complete:") % {"name": tournament.name}
        message += "".join(f"\n- {problem}" for problem in problems)
        return HttpResponse(message, status=409, content_type="text/plain; charset=utf-8")
    try:
        return report_response(tournament, kind, ranker=ranker)
    except ReportRefused as refusal:
        return HttpResponse(str(refusal), status=409, content_type="text/plain; charset=utf-8")


@arbiter_required
@require_http_methods(["GET", "POST"])
def report_details(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The arbiters' form of the report's details: type, time control, round dates, the
    arbiters' FIDE IDs, rated. Right after the tournament is created (`?new=1`) it is offered
    once, optionally, before the players."""
    form = RatingReportForm(
        request.POST or None,
        rounds=tournament.rounds,
        initial=RatingReportForm.initial_for(tournament),
    )
    new = request.GET.get("new") == "1"  # just created: asked, optionally (issue 31)
    if request.method == "POST" and form.is_valid():
        tournament_set_report_details(
            tournament=tournament, details=form.details(), by=request.user
        )
        messages.success(request, _("The rating report's details are saved."))
        return redirect("manage-players" if new else "rating-report", tournament.slug)
    context = {"tournament": tournament, "form": form, "new": new}
    return render(request, "tournaments/manage/report_details.html", context)
