"""iCalendar (RFC 5545) text for a tournament's rounds: pure Python, no Django.

Only what the calendar needs: all-day events (a round's date; the settings hold no time of day),
text escaped (RFC 5545 3.3.11) and lines folded at 75 octets (3.1), CRLF line ends.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

LINE_OCTETS = 75


@dataclass(frozen=True, slots=True)
class CalendarEvent:
    """One all-day event: `first` to `last` included."""

    uid: str
    summary: str
    first: datetime.date
    last: datetime.date
    url: str = ""
    location: str = ""
    description: str = ""


def escape(text: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")


def fold(line: str) -> str:
    """A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character."""
    parts: list[str] = []
    current, size = "", 0
    for character in line:
        width = len(character.encode("utf-8"))
        limit = LINE_OCTETS if not parts else LINE_OCTETS - 1  # a continuation starts with " "
        if size + width > limit:
            parts.append(current)
            current, size = "", 0
        current += character
        size += width
    parts.append(current)
    return "\r\n ".join(parts)


def calendar(name: str, events: Iterable[CalendarEvent], *, stamp: datetime.datetime) -> str:
    """A VCALENDAR named `name` holding `events`; `stamp` (UTC) is every event's DTSTAMP."""
    dtstamp = stamp.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//SwissArbiter//Tournament rounds//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{escape(event.uid)}",
            f"DTSTAMP:{dtstamp}",
            f"DTSTART;VALUE=DATE:{event.first:%Y%m%d}",
            # DTEND is exclusive (RFC 5545 3.6.1): the day after the last
            f"DTEND;VALUE=DATE:{event.last + datetime.timedelta(days=1):%Y%m%d}",
            f"SUMMARY:{escape(event.summary)}",
        ]
        if event.location:
            lines.append(f"LOCATION:{escape(event.location)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(f"{fold(line)}\r\n" for line in lines)
