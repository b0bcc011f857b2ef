"""English date formats of the interface (settings.FORMAT_MODULE_PATH): day, short month, year,
as the pages always wrote them. Italian, French and Russian keep Django's own formats (a
template writes `|date` or `|date:"DATETIME_FORMAT"`, never a pattern, docs/translations.md)."""

from __future__ import annotations

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATETIME_FORMAT = "j M H:i"
