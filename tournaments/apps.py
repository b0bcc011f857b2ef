from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tournaments.http import remember_exports_link

        user_logged_in.connect(remember_exports_link, dispatch_uid="remember_exports_link")
