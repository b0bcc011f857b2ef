"""URL routes: the admin, the health check (`/health`), arbiter login, sign-up and password
reset, the language switcher, and each app's pages."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.i18n import set_language

from config.hall.views import event_download
from config.health import health
from config.rate_limits import rate_limited
from hub.api import api
from pairing.tasks import trf_import_job_send_on_commit
from standings.export_ranks import trf_ranks
from tournaments.views import check_in, entry_form, exports, imports, reports
from tournaments.views.arbiters import signup


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers ask for /favicon.ico whatever the page says: the site's icon (issue 31)."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("health", health, name="health"),
    path("hall/event.zip", event_download, name="hall-event"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", rate_limited("signup")(signup), name="signup"),
    path(
        "accounts/password-reset/",
        rate_limited("password_reset", per_email=True)(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # The switcher of _base.html posts here. No CSRF token: the public pages are cached for every
    # anonymous visitor and carry none, and a forged post can only change the page's language.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    # The import of a whole tournament: a page of the tournaments app, given here, where the
    # apps are wired, the sending of its background jobs to the pairing app's task, which does
    # them with the engine's checks (tournaments.views.imports; issue 30).
    path(
        "manage/import/",
        imports.tournament_import,
        {"send_job": trf_import_job_send_on_commit},
        name="tournament-import",
    ),
    path(
        "manage/import/confirm/",
        imports.tournament_import_confirm,
        {"send_job": trf_import_job_send_on_commit},
        name="tournament-import-confirm",
    ),
    # Every page that writes a TRF for download: the tournaments app's, given the standings'
    # ranks for the file's rank column (Q217) here, where the apps are wired
    # (tournaments.views.exports).
    path(
        "exports/reports.zip",
        exports.exports_zip,
        {"ranker": trf_ranks},
        name="exports-zip",
    ),
    path(
        "t/<slug:slug>/export.trf",
        exports.tournament_trf,
        {"ranker": trf_ranks},
        name="tournament-trf",
    ),
    path(
        "t/<slug:slug>/rating-report.trf",
        reports.rating_report_file,
        {"ranker": trf_ranks},
        name="rating-report-file",
    ),
    # A player's own check-in from a phone (issue 32): a stranger can post it, so it is
    # rate-limited per address like the account forms.
    path(
        "t/<slug:slug>/check-in/",
        rate_limited("check_in")(check_in.self_check_in),
        name="self-check-in",
    ),
    # An event's public entry form (issue 32), limited per address and e-mail address like the
    # account forms (config/rate_limits.py).
    path(
        "e/<slug:event_slug>/enter/",
        rate_limited("entry", per_email=True)(entry_form.entry_form),
        name="event-enter",
    ),
    path("", include("tournaments.urls")),
    path("", include("pairing.urls")),
    path("", include("standings.urls")),
    path("", include("hub.urls")),
    path("api/v1/", api.urls),
]
