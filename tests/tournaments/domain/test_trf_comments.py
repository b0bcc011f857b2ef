"""The `###` lines of the TRF-2026 report: written in trf26 only, between the header and the
players, in document order, and read back (VCL4THP Q112-Q115, Q193, Q217)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments.domain.state import Color, Outcome, PlayerId, Points
from tournaments.domain.trf import (
    EventComment,
    TrfDocument,
    TrfPlayer,
    TrfRoundEntry,
    event_comment,
    parse_trf,
    read_event_comment,
    tournament_state_from_trf,
    write_trf,
)

EVENTS = (
    event_comment("Import", 0, "Tournament imported from a TRF file"),
    event_comment("Correction", 1, "Board 1: 1-0 changed to\n1/2-1/2"),
    event_comment("FIDE-mode exit", 1, "FIDE mode left by arbiter"),
)


def two_players(comments: tuple[str, ...] = ()) -> TrfDocument:
    def entry(opponent: int, color: Color, outcome: Outcome) -> TrfRoundEntry:
        return TrfRoundEntry(PlayerId(opponent), color, outcome)

    return TrfDocument(
        name="Club",
        total_rounds=3,
        players=(
            TrfPlayer(
                PlayerId(1),
                name="A",
                points=Points(2),
                rank=1,
                rounds=(entry(2, Color.WHITE, Outcome.WIN),),
            ),
            TrfPlayer(
                PlayerId(2),
                name="B",
                points=Points(0),
                rank=2,
                rounds=(entry(1, Color.BLACK, Outcome.LOSS),),
            ),
        ),
        comments=comments,
    )


def test_an_event_comment_reads_back_as_the_event() -> None:
    assert EVENTS[1] == " Correction @ Round 1: Board 1: 1-0 changed to 1/2-1/2"
    assert read_event_comment(EVENTS[1]) == EventComment(
        "Correction", 1, "Board 1: 1-0 changed to 1/2-1/2"
    )
    assert read_event_comment(EVENTS[2]) == EventComment(
        "FIDE-mode exit", 1, "FIDE mode left by arbiter"
    )
    assert EventComment("MPA", 3, "Board 2 exchanged").text == " MPA @ Round 3: Board 2 exchanged"


@pytest.mark.parametrize("comment", ["logged by the pairing controller", " Import: no round", ""])
def test_a_comment_of_another_form_is_no_event(comment: str) -> None:
    assert read_event_comment(comment) is None


def test_an_event_needs_a_name_and_a_round() -> None:
    with pytest.raises(ValueError, match="name"):
        event_comment(" ", 1, "x")
    with pytest.raises(ValueError, match="round"):
        event_comment("MPA", -1, "x")


def test_trf26_writes_the_comments_after_the_header_in_order() -> None:
    lines = write_trf(two_players(EVENTS), "trf26").splitlines()

    comments = [line for line in lines if line.startswith("###")]
    first_player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    assert comments == [f"###{text}" for text in EVENTS]
    assert lines.index(comments[0]) > max(
        i for i, line in enumerate(lines) if line[:3] in {"012", "142", "162"}
    )
    assert lines.index(comments[-1]) == first_player - 1


def test_a_document_with_comments_round_trips_in_trf26() -> None:
    doc = two_players(EVENTS)

    again = parse_trf(write_trf(doc, "trf26"))

    assert again == doc
    assert [read_event_comment(text) for text in again.comments] == [
        read_event_comment(text) for text in EVENTS
    ]


def test_trf16_writes_them_too_and_reads_them_back() -> None:
    # TRF16 has no comment line: the report export leaves them out (tournament_trf_report),
    # but a document's own comments (e.g. the generator's record of its seed) survive
    assert parse_trf(write_trf(two_players(EVENTS), "trf16")) == two_players(EVENTS)


def test_comments_change_nothing_an_engine_reads() -> None:
    with_comments = parse_trf(write_trf(two_players(EVENTS), "trf26"))
    without = parse_trf(write_trf(two_players(), "trf26"))

    assert tournament_state_from_trf(with_comments) == tournament_state_from_trf(without)
    assert replace(with_comments, comments=()) == without
