"""The `###` comment lines of a TRF-2026 report that record pairing-integrity events.

VCL4THP Q112-Q115, Q193, Q217: every pairing-integrity breaching event (PIBE) and recorded change
goes to the report as `### <Event> @ Round n: <details>`. The TEC Manual (§3.9.4.9) holds the
exact wording, which the public sources do not give: this is the form we chose (docs/trf.md).
A `TrfDocument` keeps a comment as the text after `###`; `event_comment` builds that text and
`read_event_comment` reads it back (None for a comment of another form).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_EVENT = re.compile(r"^ (?P<event>[^@]+?) @ Round (?P<round>\d+): (?P<details>.*)$")


@dataclass(frozen=True, slots=True)
class EventComment:
    """One recorded event: its name (e.g. `Correction`), the round it concerns (0 before round
    1) and what happened, on one line."""

    event: str
    round_number: int
    details: str

    @property
    def text(self) -> str:
        """The comment as a `TrfDocument` keeps it (the line without its `###`)."""
        return event_comment(self.event, self.round_number, self.details)


def event_comment(event: str, round_number: int, details: str) -> str:
    """` <Event> @ Round n: <details>`: the text after `###`, whitespace (line breaks included)
    folded to single blanks so the comment stays one line."""
    if round_number < 0:
        raise ValueError(f"an event concerns round 0 or later, not {round_number}")
    name, text = " ".join(event.split()), " ".join(details.split())
    if not name or "@" in name:
        raise ValueError(f"an event needs a name without '@', not {event!r}")
    return f" {name} @ Round {round_number}: {text}"


def read_event_comment(comment: str) -> EventComment | None:
    """The event a `###` comment records, or None when the comment has another form."""
    found = _EVENT.match(comment)
    if found is None:
        return None
    return EventComment(
        event=found["event"], round_number=int(found["round"]), details=found["details"]
    )
