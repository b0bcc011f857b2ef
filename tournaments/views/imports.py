"""Import a whole tournament from a TRF file: upload, preview (the import's report and the
engine's check of every round), then confirm (VCL4THP Q47-Q55).

The preview runs the import in a transaction that is rolled back; Confirm posts back a signed
token holding the file's text and the user it was shown to, and the import runs again from that
text, in one transaction. A refused file, an expired or forged token change nothing.

Both views take the engine's checks (`checks`, an `ImportChecks`) from their route: this app may
not import the pairing app, so `config/urls.py`, which wires the apps, passes
`pairing.services.trf_import.IMPORT_CHECKS`.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.core import signing
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from tournaments.domain.trf.report import ImportChecks
from tournaments.exceptions import TrfImportError
from tournaments.forms.imports import TournamentImportForm
from tournaments.http import ArbiterRequest, login_required
from tournaments.services.trf_import.service import (
    tournament_import_trf_preview,
    tournament_import_trf_reported,
)

PAGE = "tournaments/import/import.html"
TOKEN_SALT = "tournaments.views.imports"
TOKEN_MAX_AGE = 3600
"""Seconds a preview may be confirmed for."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@login_required
@require_http_methods(["GET", "POST"])
def tournament_import(request: ArbiterRequest, checks: ImportChecks) -> HttpResponse:
    """The upload form; posted, the preview of the import or the reason it is refused."""
    form = TournamentImportForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        text: str = form.cleaned_data["trf"]
        try:
            context["report"] = tournament_import_trf_preview(text=text, checks=checks)
        except TrfImportError as error:
            context.update(_refusal(text, error))
        else:
            payload = {"user": request.user.pk, "text": text}
            context["token"] = signing.dumps(payload, salt=TOKEN_SALT, compress=True)
    return _render(request, context)


@login_required
@require_POST
def tournament_import_confirm(request: ArbiterRequest, checks: ImportChecks) -> HttpResponse:
    """Import the previewed file for good; the user becomes its chief arbiter."""
    try:
        payload = signing.loads(
            request.POST.get("token", ""), salt=TOKEN_SALT, max_age=TOKEN_MAX_AGE
        )
    except signing.SignatureExpired:
        return _confirm_refused(request, _("The preview has expired: upload the file again."))
    except signing.BadSignature:
        payload = None
    if not (
        isinstance(payload, dict)
        and payload.get("user") == request.user.pk
        and isinstance(payload.get("text"), str)
    ):
        return _confirm_refused(
            request, _("This confirmation is not valid: upload the file again.")
        )
    text: str = payload["text"]
    try:
        imported = tournament_import_trf_reported(text=text, checks=checks, by=request.user)
    except TrfImportError as error:
        return _render(request, {"form": TournamentImportForm(), **_refusal(text, error)})
    tournament = imported.tournament
    messages.success(
        request,
        _("%(name)s is imported: you are its chief arbiter.") % {"name": tournament.name},
    )
    url = reverse("manage-dashboard", args=[tournament.slug])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _confirm_refused(request: ArbiterRequest, reason: str) -> HttpResponse:
    context = {"form": TournamentImportForm(), "confirm_error": reason}
    return _render(request, context, status=200 if request.htmx else 400)


def _render(request: ArbiterRequest, context: dict[str, object], status: int = 200) -> HttpResponse:
    """The page, or for htmx its `import-step` fragment (htmx swaps only 2xx answers)."""
    template = f"{PAGE}#import-step" if request.htmx else PAGE
    return render(request, template, context, status=status)


def _refusal(text: str, error: TrfImportError) -> dict[str, object]:
    """The refusal, the line it names (as the reader numbers lines) and a `^` under its
    column, to show the arbiter where the file is wrong (Q53)."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
    number = error.line
    line = lines[number - 1] if number and 1 <= number <= len(lines) else ""
    marker = " " * (error.column - 1) + "^" if error.column else ""
    return {"refusal": error, "refused_line": line, "refused_marker": marker}
