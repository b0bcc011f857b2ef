"""Reading settings from the environment, failing at start with a readable message."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """A yes/no setting: 1/true/yes/on or 0/false/no/off."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use 1/0, true/false).")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


_ENGINES = {
    "postgres": "django.db.backends.postgresql",
    "postgresql": "django.db.backends.postgresql",
    "pgsql": "django.db.backends.postgresql",
    "sqlite": "django.db.backends.sqlite3",
}


def database_from_url(url: str, base_dir: Path) -> dict[str, Any]:
    """Django's DATABASES entry for `postgres://user:pass@host:port/name` or `sqlite:///path`."""
    parts = urlsplit(url)
    engine = _ENGINES.get(parts.scheme)
    if engine is None:
        known = ", ".join(sorted(_ENGINES))
        raise ImproperlyConfigured(
            f"DATABASE_URL has the scheme {parts.scheme!r}; use one of: {known} "
            "(e.g. postgres://user@127.0.0.1:5432/chess or sqlite:///var/db.sqlite3)."
        )
    if engine.endswith("sqlite3"):
        # sqlite:///relative/to/project.sqlite3 or sqlite:////absolute/path.sqlite3
        path = Path(unquote(parts.path)[1:])
        if not str(path) or str(path) == ".":
            raise ImproperlyConfigured("DATABASE_URL sqlite:/// needs a file path.")
        return {"ENGINE": engine, "NAME": str(path if path.is_absolute() else base_dir / path)}
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise ImproperlyConfigured("DATABASE_URL names no database (postgres://host:5432/NAME).")
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured(f"DATABASE_URL has an invalid port: {url!r}.") from None
    return {
        "ENGINE": engine,
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(port or ""),
        "OPTIONS": dict(parse_qsl(parts.query)),
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
    }


def broker_url() -> str | None:
    """CELERY_BROKER_URL, else REDIS_URL; None means: run tasks eagerly in-process."""
    url = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL")
    if not url:
        return None
    scheme = urlsplit(url).scheme
    if scheme not in {"redis", "rediss", "memory"}:
        raise ImproperlyConfigured(
            f"The Celery broker URL has the scheme {scheme!r}; use redis://host:6379/0."
        )
    return url
