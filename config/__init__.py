"""Project wiring: settings, URLs, WSGI/ASGI and the Celery application."""

from __future__ import annotations

from config.celery import app as celery_app

__all__ = ["celery_app"]
