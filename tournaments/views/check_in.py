"""Check-in before each round (issue 32): the desk's list under
`/t/<slug>/manage/round/<n>/check-in/` (keyboard first, one key per player, like the result
entry), its settings, the absentees marked from the pairing page, the players' own check-in
from a phone (`/t/<slug>/check-in/`, rate-limited in config/urls.py) and the badges with the
codes (PDF)."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.documents.badges import Badge, BadgeWords, badges_pdf
from tournaments.domain.check_in import shown_code
from tournaments.exceptions import CheckInRefused
from tournaments.forms.check_in import (
    AbsenteesForm,
    CheckInClosingForm,
    CheckInMarkForm,
    CheckInSettingsForm,
    SelfCheckInForm,
)
from tournaments.http import ArbiterRequest, HtmxHttpRequest, arbiter_required
from tournaments.models import CheckInStatus, Tournament
from tournaments.selectors import check_in as selectors
from tournaments.selectors.manage import round_or_404
from tournaments.services import check_in as services
from tournaments.views.confirming import back_to
from tournaments.views.printing import pdf_response

DESK_KEYS = (
    ("p", CheckInStatus.PRESENT, _("Present"), pgettext_lazy("check-in", "Here")),
    (
        "a",
        CheckInStatus.ABSENT,
        _("Absent (announced): a zero-point bye"),
        pgettext_lazy("check-in", "Absent"),
    ),
    (
        "w",
        CheckInStatus.WITHDRAWN,
        _("Withdraws from the tournament"),
        pgettext_lazy("check-in", "Withdraws"),
    ),
)
"""The desk's keys: key, mark, what it means, button text (Backspace clears the mark)."""

DEVICE_COOKIE = "check_in_device"
PAGE = "tournaments/manage/check_in.html"


def _desk_context(request: HttpRequest, tournament: Tournament, number: int) -> dict[str, object]:
    rnd = round_or_404(tournament, number)
    settings = selectors.check_in_settings(tournament)
    rows = selectors.desk_rows(rnd)
    closes_at = rnd.check_in_closes_at
    return {
        "tournament": tournament,
        "round": rnd,
        "rows": rows,
        "keys": DESK_KEYS,
        "open": rnd.state == "not_paired",
        "present": sum(1 for row in rows if row.status == CheckInStatus.PRESENT),
        "settings_form": CheckInSettingsForm(
            initial={
                "self_check_in": settings.self_check_in,
                "absences_before_withdrawal": settings.absences_before_withdrawal,
            }
        ),
        "closing_form": CheckInClosingForm(
            initial={"closes_at": timezone.localtime(closes_at) if closes_at else None}
        ),
        "self_check_in": settings.self_check_in,
        "phone_url": request.build_absolute_uri(reverse("self-check-in", args=[tournament.slug])),
        "rounds": list(tournament.round_set.values_list("number", flat=True)),
    }


@require_safe
@arbiter_required
def check_in(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The round's check-in list by name: one key or tap per player."""
    return render(request, PAGE, _desk_context(request, tournament, number))


@require_POST
@arbiter_required
def check_in_player(
    request: ArbiterRequest, tournament: Tournament, number: int, pairing_number: int
) -> HttpResponse:
    """Mark one player (compare-and-set on the mark the arbiter saw). An htmx request gets the
    player's row back, with the refusal's reason if any."""
    rnd = round_or_404(tournament, number)
    player = get_object_or_404(tournament.players, pairing_number=pairing_number)
    form = CheckInMarkForm(request.POST)
    error = ""
    if not form.is_valid():
        error = gettext("Unknown check-in mark.")
    else:
        try:
            services.check_in_mark(
                rnd=rnd,
                player=player,
                status=form.cleaned_data["status"],
                expected=form.cleaned_data["expected"],
                by=request.user,
            )
        except CheckInRefused as refusal:
            error = str(refusal)
    page = reverse("manage-check-in", args=[tournament.slug, number])
    if not request.htmx:
        if error:
            messages.error(request, error)
        return back_to(request, page)
    rnd.refresh_from_db()
    row = next((row for row in selectors.desk_rows(rnd) if row.player.pk == player.pk), None)
    context = {
        "tournament": tournament,
        "round": rnd,
        "row": row,
        "keys": DESK_KEYS,
        "open": rnd.state == "not_paired",
        "error": error or ("" if row else gettext("This player no longer plays the round.")),
    }
    if row is None:
        return HttpResponse(context["error"], status=409)
    return render(request, f"{PAGE}#check-in-row", context)


@require_POST
@arbiter_required
def check_in_settings(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Allow the players' own check-in, and the absences before the withdrawal (C.04.2 D.2)."""
    form = CheckInSettingsForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give a number of absences from 0 to 99."))
    else:
        try:
            services.check_in_settings_update(
                tournament=tournament,
                self_check_in=form.cleaned_data["self_check_in"],
                absences_before_withdrawal=form.cleaned_data["absences_before_withdrawal"],
                by=request.user,
            )
            messages.success(request, gettext("The check-in settings are saved."))
        except CheckInRefused as refusal:
            messages.error(request, str(refusal))
    return back_to(request, reverse("manage-check-in", args=[tournament.slug, number]))


@require_POST
@arbiter_required
def check_in_closing(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """When the players' own check-in for the round closes."""
    rnd = round_or_404(tournament, number)
    form = CheckInClosingForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give the closing time as a date and a time."))
    else:
        try:
            services.round_set_check_in_closing(
                rnd=rnd, closes_at=form.cleaned_data["closes_at"], by=request.user
            )
            messages.success(request, gettext("The closing time is saved."))
        except CheckInRefused as refusal:
            messages.error(request, str(refusal))
    return back_to(request, reverse("manage-check-in", args=[tournament.slug, number]))


@require_POST
@arbiter_required
def check_in_absentees(
    request: ArbiterRequest, tournament: Tournament, number: int
) -> HttpResponse:
    """Before pairing, in one action: the players not checked in (and those marked absent or
    withdrawing) are left out of the round; then back to the pairing page."""
    rnd = round_or_404(tournament, number)
    page = reverse("pairing-round", args=[tournament.slug, number])
    form = AbsenteesForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Reload the page: the list of players is unreadable."))
        return back_to(request, page)
    try:
        done = services.round_mark_absentees(
            rnd=rnd,
            shown=form.cleaned_data["shown"],
            withdraw=form.cleaned_data["withdraw"],
            by=request.user,
        )
    except CheckInRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            ngettext(
                "%(count)d player is left out of round %(number)d.",
                "%(count)d players are left out of round %(number)d.",
                len(done),
            )
            % {"count": len(done), "number": number},
        )
    return back_to(request, page)


@require_safe
@arbiter_required
def badges(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The players' badges with their check-in codes (arbiters only: a code checks its player
    in)."""
    site = request.build_absolute_uri(reverse("self-check-in", args=[tournament.slug]))
    players = sorted(tournament.players.all(), key=lambda player: player.name.casefold())
    cards = []
    for player in players:
        code = shown_code(selectors.player_code(player))
        details = " · ".join(
            part
            for part in (player.title, player.federation, str(player.fide_rating or ""))
            if part
        )
        cards.append(Badge(player.name, details, code, f"{site}?code={code}"))
    words = BadgeWords(
        code=gettext("Check-in code"),
        scan=gettext("Scan to check in before each round, or type the code at %(address)s"),
        none=gettext("No players yet: no badges."),
    )
    return pdf_response(
        request,
        f"{tournament.slug}-badges",
        lambda paper: badges_pdf(tournament.name, cards, paper, words, site),
    )


def _device(request: HttpRequest) -> tuple[str, bool]:
    """The phone's cookie, and whether it is new (to be set on the answer)."""
    cookie = request.COOKIES.get(DEVICE_COOKIE, "")
    if 20 <= len(cookie) <= 64:
        return cookie, False
    return secrets.token_urlsafe(24), True


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def self_check_in(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A player checks in from a phone: the code on the badge (filled in from the QR code),
    one button. Refusals say why (closed, another phone, a wrong code)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    rnd = selectors.check_in_round(tournament)
    settings = selectors.check_in_settings(tournament)
    device, new_device = _device(request)
    done = None
    error = ""
    status = 200
    if request.method == "POST":
        form = SelfCheckInForm(request.POST)
        if not form.is_valid():
            error, status = gettext("Type the code printed on your badge."), 400
        else:
            try:
                done = services.player_check_in(
                    tournament=tournament, code=form.cleaned_data["code"], device=device
                )
            except CheckInRefused as refusal:
                error, status = str(refusal), 409 if refusal.conflict else 400
    else:
        form = SelfCheckInForm(initial={"code": request.GET.get("code", "")[:40]})
    context = {
        "tournament": tournament,
        "round": rnd,
        "settings": settings,
        "closes_at": rnd.check_in_closes_at if rnd else None,
        "form": form,
        "done": done,
        "error": error,
    }
    response = render(request, "tournaments/check_in.html", context, status=status)
    if new_device:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=60 * 60 * 24 * 60,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response
