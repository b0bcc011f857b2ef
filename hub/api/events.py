"""The read API's events (issue 32): an event and its sections, each a tournament."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from hub.api import schemas
from hub.api.http import by_events
from hub.api.tournaments import absolute, summaries
from hub.selectors import public_tournaments
from tournaments.models import Event

router = Router(tags=["events"])


def _events() -> list[Event]:
    sections = public_tournaments().select_related("event").order_by("start_date", "name")
    return list(
        Event.objects.order_by("-start_date", "name").prefetch_related(
            Prefetch("sections", queryset=sections, to_attr="public_sections")
        )
    )


def _event(request: HttpRequest, event: Event) -> schemas.Event:
    return schemas.Event(
        slug=event.slug,
        name=event.name,
        place=event.place,
        start_date=event.start_date,
        end_date=event.end_date,
        organiser=event.organiser,
        sections=summaries(request, getattr(event, "public_sections", [])),
        api_url=absolute(request, "api-v1:event", event.slug),
    )


@router.get("/events", response=list[schemas.Event], url_name="events")
@decorate_view(by_events)
def event_list(request: HttpRequest) -> list[schemas.Event]:
    """Every event with its sections, newest first. A tournament outside any event is in
    `/tournaments` only."""
    return [_event(request, event) for event in _events()]


@router.get("/events/{slug}", response={200: schemas.Event, 404: schemas.Problem}, url_name="event")
@decorate_view(by_events)
def event_detail(request: HttpRequest, slug: str) -> schemas.Event:
    """An event and its sections."""
    event = next((event for event in _events() if event.slug == slug), None)
    if event is None:
        raise HttpError(404, _("There is no event %(slug)s.") % {"slug": slug})
    return _event(request, event)
