"""The whole event in one download for the arbiter's USB stick (issue 34): staff only, since
the database holds every tournament and every account of the hall."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_safe

from config.hall.event import event_archive
from tournaments.http import ArbiterRequest, staff_required


@require_safe
@staff_required
def event_download(request: ArbiterRequest) -> HttpResponse:
    """A zip of a database snapshot (SQLite) and each tournament's TRF-2026 file."""
    moment = timezone.localtime()
    response = HttpResponse(event_archive(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="event-{moment:%Y%m%d-%H%M}.zip"'
    return response
