"""Screenshots of the user manual (docs/manual/screenshots/), made in a real Chromium."""

from __future__ import annotations

SCREENSHOTS: tuple[str, ...] = ()
