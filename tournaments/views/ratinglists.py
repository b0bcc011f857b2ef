"""Rating-list pages: the officers' import page (`/rating-lists/`, with the update from FIDE),
and on a tournament's
players page the search as the arbiter types, the initial ranking's basis (the rate used, the
order of equal players) and the update of the players who differ from the list in force."""

from __future__ import annotations

import datetime
import json
import logging

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.domain.ratinglists import MAPPED_FIELDS, ListKind, list_date_from_name
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import TournamentError
from tournaments.http import ArbiterRequest, arbiter_required, staff_required
from tournaments.models import InitialOrderCriterion, RatingKind, RatingListKind, Tournament
from tournaments.selectors.ratinglists import (
    list_in_force,
    newest_fide_list,
    rating_lists_overview,
)
from tournaments.selectors.ratingsources import lists_in_force, sequence_search
from tournaments.selectors.state import paired_from
from tournaments.services.ratinglists import (
    RatingListRefused,
    rating_list_import,
    tournament_set_initial_ranking,
)
from tournaments.services.ratinglists_fetch import rating_lists_last_check
from tournaments.tasks import fetch_rating_lists_task
from tournaments.views.confirming import confirmed_action
from tournaments.views.ratingsources import lists_context

logger = logging.getLogger(__name__)


class RatingListForm(forms.Form):
    """A list file to import, and what it is."""

    file = forms.FileField(label=_("File"), help_text=_("As downloaded: ZIP, TXT, XML or CSV."))
    kind = forms.ChoiceField(label=_("Kind"), choices=RatingListKind.choices)
    date = forms.DateField(
        label=_("Date"),
        required=False,
        help_text=_("The month the list is in force (YYYY-MM-DD); FIDE's archive names say it."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    federation = forms.CharField(
        label=_("Federation"), max_length=3, required=False, help_text=_("National lists.")
    )
    mapping = forms.CharField(
        label=_("Mapping"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=format_lazy(
            _("National lists, once per federation: JSON field → column, fields {fields}."),
            fields=", ".join(MAPPED_FIELDS),
        ),
    )

    def clean_mapping(self) -> dict[str, str] | None:
        text = self.cleaned_data["mapping"].strip()
        if not text:
            return None
        try:
            mapping = json.loads(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                gettext("Not JSON: %(error)s.") % {"error": error.msg}
            ) from None
        if not isinstance(mapping, dict) or not all(isinstance(v, str) for v in mapping.values()):
            raise forms.ValidationError(gettext('Write {"field": "column", ...}.'))
        return mapping

    def list_date(self) -> datetime.date:
        """The date given, else the one of FIDE's archive name, else this month's first day."""
        given: datetime.date | None = self.cleaned_data["date"]
        named = list_date_from_name(self.cleaned_data["file"].name)
        return given or named or timezone.localdate().replace(day=1)


class InitialRankingForm(forms.Form):
    """What the initial ranking rests on (C.04.2 B.2)."""

    rating_kind = forms.ChoiceField(label=_("Rating used"), choices=RatingKind.choices)
    criterion = forms.ChoiceField(
        label=_("Then, at equal rating and title"),
        choices=[
            (InitialOrderCriterion.NAME, _("Name")),
            (InitialOrderCriterion.FIDE_ID, _("FIDE ID")),
        ],
    )


@staff_required
@require_http_methods(["GET", "POST"])
def rating_lists(request: ArbiterRequest) -> HttpResponse:
    """The stored lists, and the import of a new one (staff: lists are shared
    by every tournament)."""
    form = RatingListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            imported = rating_list_import(
                stream=upload,
                kind=ListKind(form.cleaned_data["kind"]),
                date=form.list_date(),
                source_name=upload.name,
                by=request.user,
                federation=form.cleaned_data["federation"],
                mapping=form.cleaned_data["mapping"],
            )
        except RatingListRefused as refused:
            for error in refused.errors:
                form.add_error(None, error)
            if refused.count > len(refused.errors):
                form.add_error(None, f"and {refused.count - len(refused.errors)} more bad lines")
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                gettext("%(list)s imported: %(count)s players.")
                % {"list": imported, "count": imported.player_count},
            )
            return redirect("rating-lists")
    newest = newest_fide_list()
    context = {
        "form": form,
        "lists": rating_lists_overview(),
        "fetch_url": settings.RATING_LISTS_FETCH_URL,
        "fetch_hours": settings.RATING_LISTS_FETCH_HOURS,
        "fetch_automatic": settings.RATING_LISTS_FETCH_AUTOMATIC,
        "last_check": rating_lists_last_check(),
        "newest_fide": newest,
        # behind: older than this month's list (a list FIDE put up early for next month is not)
        "newest_is_behind": newest is not None
        and newest.date < timezone.localdate().replace(day=1),
    }
    status = 400 if form.errors else 200
    return render(request, "tournaments/ratinglists/lists.html", context, status=status)


@staff_required
@require_POST
def rating_lists_update(request: ArbiterRequest) -> HttpResponse:
    """One action that brings the local FIDE lists up to date (VCL Q136): the check of FIDE's
    combined list, sent to the worker (a download and import take a minute or two); the page
    shows its outcome as the last check."""
    if not settings.RATING_LISTS_FETCH_URL:
        messages.error(
            request,
            gettext(
                "The download from FIDE is turned off on this site (RATING_LISTS_FETCH_URL is "
                "empty): import FIDE's lists below."
            ),
        )
        return redirect("rating-lists")
    try:
        fetch_rating_lists_task.delay(request.user.pk)
    except Exception:  # noqa: BLE001 - a broker error of any kind: nothing was started
        logger.exception("the update of the rating lists was not sent: the queue does not answer")
        messages.error(
            request,
            gettext(
                "The server's queue is not answering: the update was not started. Try again "
                "in a minute."
            ),
        )
        return redirect("rating-lists")
    messages.success(
        request,
        gettext(
            "The update of FIDE's lists was started. Its outcome is shown below as the last "
            "check once it is done (a new list takes a minute or two to import)."
        ),
    )
    return redirect("rating-lists")


def players_page_context(tournament: Tournament) -> dict[str, object]:
    """What the players page shows of the lists: the list in force, the rate form, the
    sequence of lists and the players who differ from them (`ratingsources.lists_context`)."""
    before_round_one = not paired_from(tournament, 1)
    return {
        **lists_context(tournament),
        # the list searched first; a rapid tournament with only a standard list searches that
        "rating_list": list_in_force(tournament)
        or next(iter(lists_in_force(tournament).values()), None),
        "ranking_form": InitialRankingForm(
            initial={
                "rating_kind": tournament.rating_kind,
                "criterion": tournament.initial_order_criterion,
            }
        ),
        "ranking_open": before_round_one,
    }


@arbiter_required
@require_safe
def rating_list_search(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The players of the lists in force matching what the arbiter typed (ID or name), the
    lists searched in the sequence's order, each with the rating the sequence gives and the
    other lists' ratings to pick instead (VCL Q127-Q129)."""
    rating_list = list_in_force(tournament)
    query = request.GET.get("q", "")
    context = {
        "tournament": tournament,
        "rating_list": rating_list or next(iter(lists_in_force(tournament).values()), None),
        "query": query,
        "found": sequence_search(tournament, query.strip()) if len(query.strip()) > 1 else [],
    }
    return render(request, "tournaments/ratinglists/_search-results.html", context)


@arbiter_required
@require_POST
def initial_ranking(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The rating used and the order of equal players, before round 1."""
    form = InitialRankingForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose the rating and the order of equal players."))
        return redirect("manage-players", tournament.slug)

    def rank(confirmed: Confirmed | None) -> str:
        ranked = tournament_set_initial_ranking(
            tournament=tournament,
            rating_kind=form.cleaned_data["rating_kind"],
            criterion=form.cleaned_data["criterion"],
            by=request.user,
            confirmed=confirmed,  # the numbers would change: Level 3 (Q150)
        )
        label = RatingKind(ranked.rating_kind).label.lower()
        then = InitialOrderCriterion(ranked.initial_order_criterion).label
        return gettext("Initial ranking: %(kind)s ratings, then %(criterion)s.") % {
            "kind": label,
            "criterion": then,
        }

    return confirmed_action(request, tournament, _players_url(tournament), rank)


def _players_url(tournament: Tournament) -> str:
    return reverse("manage-players", args=[tournament.slug])
