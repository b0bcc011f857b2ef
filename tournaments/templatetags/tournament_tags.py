"""Template helpers for the tournament pages: half-points as points, and the QR code."""

from __future__ import annotations

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from tournaments.domain.chess960 import back_rank
from tournaments.domain.state import points_text
from tournaments.models import Tournament
from tournaments.translation import translated as _translated

register = template.Library()


@register.filter
def half_points(value: int | None) -> str:
    """Half-points written as points: 3 → "1½", 4 → "2", 1 → "½"; empty for None."""
    if value is None:
        return ""
    return points_text(int(value))


@register.filter
def hall_board(board: int, tournament: Tournament) -> int:
    """The hall's number of board `board` of `tournament`'s round: from the section's first
    board on (issue 32; the board itself when the tournament starts at board 1)."""
    return tournament.hall_board(board)


@register.filter
def translated(text: str) -> str:
    """A sentence of the pure packages (`tournaments.domain.messages.Message`) in the page's
    language; any other text as it is (docs/translations.md)."""
    return _translated(text)


@register.filter
def chess960_pieces(position: int) -> str:
    """White's pieces from a1 to h1 for a Chess960 position number: 518 → RNBQKBNR."""
    return back_rank(position)


@register.simple_tag
def qr_svg(url: str, title: str = "QR code") -> SafeString:
    """An inline SVG QR code for `url` (segno; no image request, no CDN)."""
    # A viewBox, not width/height: the CSS sizes the code, which must scale, not be clipped.
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, title=title, dark="#111", light="#fff", omitsize=True)
    # segno writes the SVG itself and escapes the title: the markup is safe.
    return mark_safe(svg)  # noqa: S308


AUDIT_ENTITIES = {
    "tournament": gettext_lazy("Settings"),
    "round": gettext_lazy("Pairing"),
    "player": gettext_lazy("Player"),
    "game": gettext_lazy("Result"),
    "bye": gettext_lazy("Bye"),
    "forbidden_pair": gettext_lazy("Prohibited pairing"),
    "arbiter": gettext_lazy("Arbiter"),
    "rating_correction": gettext_lazy("Rating-report-only correction"),
    "pairing_run": gettext_lazy("Pairing engine"),
    "integrity_event": gettext_lazy("Integrity log"),
}
"""What an audit entry's `entity` is, as the dashboard's "Recent changes" says it."""


@register.filter
def audit_entity(entity: str) -> str:
    """An audit entry's kind in the page's language (issue 31: "Recent changes" read raw)."""
    return str(AUDIT_ENTITIES.get(entity, entity))
