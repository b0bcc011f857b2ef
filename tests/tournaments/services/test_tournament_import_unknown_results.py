"""The import keeps a result symbol TRF does not define as an unknown result (VCL Q166): the
game is imported as adjourned, the points column recomputed, and both reported with the line
and column."""

from __future__ import annotations

import pytest

from pairing.services.trf_import import tournament_import_trf_reported
from tournaments.models import Game, Result

pytestmark = pytest.mark.django_db

RESULT_COLUMN = 98 + 50  # the result of round 6 (0-based)


def unknown_last_round_game(text: str) -> tuple[str, tuple[int, int]]:
    """The worked example with one decisive game of round 6 written with the symbol `k` on both
    lines, and that game's pairing numbers (White, Black)."""
    lines = text.splitlines()
    white = next(
        line
        for line in lines
        if line.startswith("001") and line[RESULT_COLUMN - 2] == "w" and line[RESULT_COLUMN] == "1"
    )
    players = (int(white[4:8]), int(white[RESULT_COLUMN - 7 : RESULT_COLUMN - 3]))
    changed = [
        line[:RESULT_COLUMN] + "k" + line[RESULT_COLUMN + 1 :]
        if line.startswith("001") and int(line[4:8]) in players
        else line
        for line in lines
    ]
    return "\n".join(changed) + "\n", players


def test_an_unknown_symbol_is_imported_as_an_adjourned_game_and_reported(
    worked_example_text: str,
) -> None:
    text, (white, black) = unknown_last_round_game(worked_example_text)

    imported = tournament_import_trf_reported(text=text)

    game = Game.objects.get(
        round__tournament=imported.tournament,
        round__number=6,
        white__pairing_number=white,
    )
    assert game.black is not None and game.black.pairing_number == black
    assert game.result == Result.ADJOURNED
    messages = [str(adjustment) for adjustment in imported.report.adjustments]
    unknown = [message for message in messages if "unknown result 'k'" in message]
    assert len(unknown) == 2
    assert all("column 149: round 6: unknown result 'k' read as unknown (?)" in m for m in unknown)
    replaced = [message for message in messages if "replaced by" in message]
    assert [message.split(": changed: ")[1].split("'s points")[0] for message in replaced] == [
        f"column 81: player {number}" for number in sorted((white, black))
    ]
