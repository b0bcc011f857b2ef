"""iCalendar text (RFC 5545): escaping, folding, all-day events (hub/ics.py, pure)."""

from __future__ import annotations

import datetime

from hub.ics import CalendarEvent, calendar, escape, fold

STAMP = datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.UTC)


def test_text_is_escaped_as_rfc_5545_3_3_11_says() -> None:
    assert escape("Bologna, Emilia; Italia\\A\nB") == "Bologna\\, Emilia\\; Italia\\\\A\\nB"


def test_a_long_line_is_folded_at_75_octets_without_cutting_a_character() -> None:
    line = "SUMMARY:" + "Шахматы " * 30
    folded = fold(line)

    parts = folded.split("\r\n")
    assert all(len(part.encode("utf-8")) <= 75 for part in parts)
    assert all(part.startswith(" ") for part in parts[1:])
    assert "".join(part.removeprefix(" ") for part in parts) == line


def test_an_all_day_event_ends_the_day_after_its_last_day() -> None:
    event = CalendarEvent(
        uid="open-round-1@example.org",
        summary="Open: round 1",
        first=datetime.date(2026, 3, 1),
        last=datetime.date(2026, 3, 1),
        url="https://example.org/t/open/round/1/",
    )

    text = calendar("Open", [event], stamp=STAMP)

    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert "DTSTART;VALUE=DATE:20260301\r\nDTEND;VALUE=DATE:20260302\r\n" in text
    assert "DTSTAMP:20260301T093000Z\r\n" in text
    assert text.endswith("END:VEVENT\r\nEND:VCALENDAR\r\n")
    assert "\n" not in text.replace("\r\n", "")
