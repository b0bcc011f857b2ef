"""The feeds (issue 35): Atom of the published rounds, per tournament and for the whole site,
and the iCalendar of a tournament's rounds. Read, limited and kept as the API is
(`hub.api.http`): ETag, 304, CORS open for reading."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from hub.api.http import by_site, by_tournament
from hub.api.tournaments import round_date
from hub.ics import CalendarEvent, calendar
from hub.selectors import public_tournament, public_tournaments
from tournaments.models import Round, Tournament
from tournaments.selectors.pages import VISIBLE_STATES

SITE_ENTRIES = 50
"""Published rounds in the site's feed, newest first."""


def _published(rounds: list[Round]) -> list[Round]:
    return [rnd for rnd in rounds if rnd.state in VISIBLE_STATES and rnd.published_at]


def _feed(request: HttpRequest, title: str, link: str, rounds: list[Round]) -> HttpResponse:
    feed = Atom1Feed(
        title=title,
        link=request.build_absolute_uri(link),
        description=title,
        feed_url=request.build_absolute_uri(),
        language="en",
    )
    for rnd in rounds:
        tournament = rnd.tournament
        url = request.build_absolute_uri(
            reverse("round-detail", args=[tournament.slug, rnd.number])
        )
        title = _("%(tournament)s: round %(number)d published") % {
            "tournament": tournament.name,
            "number": rnd.number,
        }
        feed.add_item(
            title=title,
            link=url,
            description=title,
            unique_id=url,
            updateddate=rnd.published_at,
            pubdate=rnd.published_at,
        )
    response = HttpResponse(content_type="application/atom+xml; charset=utf-8")
    feed.write(response, "utf-8")
    return response


def _tournament(slug: str) -> Tournament:
    tournament = public_tournament(slug)
    if tournament is None:
        raise Http404("No such public tournament")
    return tournament


@require_safe
@by_site
def site_rounds_feed(request: HttpRequest) -> HttpResponse:
    """The last `SITE_ENTRIES` rounds published in any public tournament of the site."""
    rounds = (
        Round.objects.filter(
            tournament__in=public_tournaments(),
            state__in=VISIBLE_STATES,
            published_at__isnull=False,
        )
        .select_related("tournament")
        .order_by("-published_at", "-pk")[:SITE_ENTRIES]
    )
    return _feed(request, _("Published rounds"), reverse("home"), list(rounds))


@require_safe
@by_tournament
def tournament_rounds_feed(request: HttpRequest, slug: str) -> HttpResponse:
    """The published rounds of one tournament, newest first."""
    tournament = _tournament(slug)
    rounds = _published(list(tournament.round_set.order_by("-number")))
    for rnd in rounds:
        rnd.tournament = tournament
    return _feed(request, tournament.name, reverse("tournament-detail", args=[slug]), rounds)


@require_safe
@by_tournament
def tournament_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's rounds as all-day events on the dates the settings give (TRF 132), and
    the tournament itself over its dates when it has them."""
    tournament = _tournament(slug)
    host = request.get_host().split(":")[0]
    page = request.build_absolute_uri(reverse("tournament-detail", args=[slug]))
    events = []
    if tournament.start_date:
        events.append(
            CalendarEvent(
                uid=f"{slug}@{host}",
                summary=tournament.name,
                first=tournament.start_date,
                last=tournament.end_date or tournament.start_date,
                url=page,
                location=tournament.city,
            )
        )
    for number in range(1, tournament.rounds + 1):
        date = round_date(tournament, number)
        if date is None:
            continue
        events.append(
            CalendarEvent(
                uid=f"{slug}-round-{number}@{host}",
                summary=_("%(tournament)s: round %(number)d")
                % {"tournament": tournament.name, "number": number},
                first=date,
                last=date,
                url=request.build_absolute_uri(reverse("round-detail", args=[slug, number])),
                location=tournament.city,
            )
        )
    stamp = tournament.updated or timezone.now()
    text = calendar(tournament.name, events, stamp=stamp)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{slug}.ics"'
    return response
