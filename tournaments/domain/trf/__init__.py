"""TRF read/write: FIDE TRF16 (C.04 Annex 2), TRF-2026 and the JaVaFo/bbpPairings extensions.

The public face of the TRF modules, so that callers import from one place:

- `parse_trf(text) -> TrfDocument` reads a file and refuses a malformed one with `TrfError`
  (line and column);
- `write_trf(doc, fmt)` writes TRF16 (`"trf16"`) or TRF-2026 (`"trf26"`);
- `tournament_state_from_trf(doc, round_number)` is the state before a round is paired, as the
  replay harness feeds an engine; `recorded_pairing(doc, round_number)` is the pairing the file
  records;
- `state_document(state, header)` is the inverse: a state as a file prepared for its next round;
- `event_comment` / `read_event_comment`: the `### <Event> @ Round n: <details>` report lines.

See docs/trf.md for what a round trip normalises.
"""

from __future__ import annotations

from tournaments.domain.trf.comments import EventComment, event_comment, read_event_comment
from tournaments.domain.trf.model import (
    TrfAcceleration,
    TrfByeRequest,
    TrfDocument,
    TrfError,
    TrfPlayer,
    TrfRoundEntry,
    TrfWriteError,
)
from tournaments.domain.trf.read import parse_trf
from tournaments.domain.trf.state import (
    RecordedGame,
    RecordedPairing,
    infer_initial_color,
    next_round_to_pair,
    recorded_pairing,
    state_document,
    tournament_state_from_trf,
)
from tournaments.domain.trf.write import TrfFormat, write_trf

__all__ = [
    "EventComment",
    "RecordedGame",
    "RecordedPairing",
    "TrfAcceleration",
    "TrfByeRequest",
    "TrfDocument",
    "TrfError",
    "TrfFormat",
    "TrfPlayer",
    "TrfRoundEntry",
    "TrfWriteError",
    "event_comment",
    "infer_initial_color",
    "next_round_to_pair",
    "parse_trf",
    "read_event_comment",
    "recorded_pairing",
    "state_document",
    "tournament_state_from_trf",
    "write_trf",
]
