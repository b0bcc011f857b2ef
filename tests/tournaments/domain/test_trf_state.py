"""The state before round r, and the recorded pairing, agree with the replay harness.

The harness (tests/data/tools/pairing_compare.py) is independent code: it rebuilds the file an
engine receives for round r, and reads the expected pairing from the full file. For every round
of the reference sets, `tournament_state_from_trf(full file, r)` must equal the state read back
from the harness' own round-r input, and `recorded_pairing` must equal the harness' expected
pairing.
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from tournaments.domain.state import Color, ForbiddenPairs, Outcome, PlayerId, Points
from tournaments.domain.trf import (
    RecordedGame,
    TrfDocument,
    TrfRoundEntry,
    infer_initial_color,
    next_round_to_pair,
    parse_trf,
    recorded_pairing,
    state_document,
    tournament_state_from_trf,
)

DATA = Path(__file__).resolve().parents[2] / "data"
REFERENCE = DATA / "reference"
LARGE = 120


def _in_fast_subset(path: Path) -> bool:
    """Every file is replayed; the 2025 twin set and the files over 120 players only with
    `-m reference`, so that the default subset stays fast."""
    text = path.read_text(encoding="utf-8")
    players = sum(line.startswith("001") for line in text.splitlines())
    return path.parent.name != "dev2025" and players <= LARGE


REPLAYED = [
    pytest.param(path, id=path.name, marks=[] if _in_fast_subset(path) else [pytest.mark.reference])
    for path in sorted(REFERENCE.glob("dev*/*.trf")) + sorted(REFERENCE.glob("tiebreaks/*.trf"))
]
WORKED_EXAMPLE = REFERENCE / "worked-example"


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "pairing_compare", DATA / "tools" / "pairing_compare.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", REPLAYED)
def test_it_builds_the_state_the_harness_feeds_an_engine(path: Path, harness: ModuleType) -> None:
    reference = harness.Trf(str(path))
    doc = parse_trf(path.read_text(encoding="utf-8"))
    rounds = [r for r in range(1, reference.rounds + 1) if reference.round_has_pairings(r)]

    for round_number in rounds:
        engine_input, _ = reference.state_before(round_number)
        from_input = tournament_state_from_trf(parse_trf(engine_input))

        assert tournament_state_from_trf(doc, round_number) == from_input, f"round {round_number}"
        assert from_input.next_round == round_number


@pytest.mark.parametrize("path", REPLAYED)
def test_it_records_the_pairing_the_harness_expects(path: Path, harness: ModuleType) -> None:
    reference = harness.Trf(str(path))
    doc = parse_trf(path.read_text(encoding="utf-8"))

    for round_number in range(1, reference.rounds + 1):
        expected, problems = reference.expected_pairing(round_number)
        recorded = recorded_pairing(doc, round_number)
        pairs: set[tuple[int, ...] | tuple[int, int, str]] = {
            (game.white, game.black) if game.colors_recorded else (game.white, game.black, "?")
            for game in recorded.games
        }
        if recorded.bye is not None:
            pairs.add((recorded.bye, 0))

        assert problems == []
        assert pairs == expected, f"round {round_number}"


@pytest.mark.parametrize("round_number", range(1, 7))
def test_it_matches_the_worked_example_round_inputs(round_number: int) -> None:
    full = parse_trf((WORKED_EXAMPLE / "tournament.trf").read_text(encoding="utf-8"))
    before = parse_trf(
        (WORKED_EXAMPLE / "rounds" / f"round-{round_number}-input.trf").read_text(encoding="utf-8")
    )

    assert tournament_state_from_trf(full, round_number) == tournament_state_from_trf(before)


@pytest.mark.parametrize("round_number", range(1, 7))
def test_it_records_the_worked_example_pairings(round_number: int) -> None:
    full = parse_trf((WORKED_EXAMPLE / "tournament.trf").read_text(encoding="utf-8"))
    expected_lines = (
        (WORKED_EXAMPLE / "rounds" / f"round-{round_number}-expected.txt")
        .read_text(encoding="utf-8")
        .split("\n")
    )
    expected = {tuple(int(n) for n in line.split()) for line in expected_lines[1:] if line}

    recorded = recorded_pairing(full, round_number)
    pairs: set[tuple[int, ...]] = {(game.white, game.black) for game in recorded.games}
    if recorded.bye is not None:
        pairs.add((recorded.bye, 0))

    assert pairs == expected
    assert len(expected) == int(expected_lines[0])


def test_it_pairs_the_first_round_without_a_game_by_default(small_trf: str) -> None:
    doc = parse_trf(small_trf)

    state = tournament_state_from_trf(doc)

    assert next_round_to_pair(doc) == 3
    assert state.next_round == 3
    assert state.total_rounds == 3
    assert state.initial_color is Color.WHITE
    assert [player.score(state.scoring) for player in state.players] == [3, 3, 1, 2]


def test_it_keeps_the_history_and_marks_announced_byes(small_trf: str) -> None:
    # Round 3 not paired yet: Cy asks for a half-point bye, Di is withdrawn.
    text = small_trf.replace("  0000 - H\n", "  0000 - H  0000 - H\n").replace(
        "  0000 - U\n", "  0000 - U  0000 - -\n"
    )
    doc = parse_trf(text)

    state = tournament_state_from_trf(doc)

    assert state.next_round == 3
    assert dict(state.not_paired) == {PlayerId(3): Outcome.HALF_BYE, PlayerId(4): Outcome.ABSENT}
    cy = state.player(PlayerId(3))
    assert [record.outcome for record in cy.history] == [Outcome.LOSS, Outcome.HALF_BYE]
    assert cy.history[0].opponent == 1
    assert cy.history[0].played_color is Color.BLACK


def test_it_marks_everyone_outside_a_paired_round_as_absent(small_trf: str) -> None:
    state = tournament_state_from_trf(parse_trf(small_trf), 2)

    # Round 2 is paired in the file: Ann-Bea play, Di has the PAB, Cy has a half-point bye.
    assert dict(state.not_paired) == {PlayerId(3): Outcome.HALF_BYE}
    assert state.rounds_played == 1


def test_it_adds_240_byes_to_the_players_not_paired(small_trf: str) -> None:
    state = tournament_state_from_trf(parse_trf(small_trf + "240 Z 003    1    2\n"))

    assert dict(state.not_paired) == {PlayerId(1): Outcome.ZERO_BYE, PlayerId(2): Outcome.ZERO_BYE}


def test_it_passes_accelerations_and_forbidden_pairs(small_trf: str) -> None:
    doc = parse_trf(small_trf + "XXA    4  1.0  0.5  0.5\nXXP 2 4\n")

    state = tournament_state_from_trf(doc)

    assert state.player(PlayerId(4)).acceleration == (Points(2), Points(1), Points(1))
    assert state.player(PlayerId(1)).acceleration == ()
    assert state.forbidden == (ForbiddenPairs(frozenset({PlayerId(2), PlayerId(4)})),)
    assert state.is_forbidden(PlayerId(4), PlayerId(2), 3)


def test_it_refuses_a_round_outside_the_tournament(small_trf: str) -> None:
    with pytest.raises(ValueError, match="round 5"):
        tournament_state_from_trf(parse_trf(small_trf), 5)


def test_it_infers_the_initial_colour_skipping_players_absent_from_round_one() -> None:
    # Player 1 is absent in round 1, so player 2 counts as the first player; player 2 had Black
    # on board 1, so the drawn colour was black (bbpPairings; tests/data/reference/dev/README).
    text = (
        "XXR 2\n"
        f"{'001    1':<80} 0.0    1  0000 - Z\n"
        f"{'001    2':<80} 1.0    1     3 b 1\n"
        f"{'001    3':<80} 0.0    1     2 w 0\n"
    )

    assert infer_initial_color(parse_trf(text)) is Color.BLACK
    assert tournament_state_from_trf(parse_trf(text)).initial_color is Color.BLACK


def test_it_infers_the_initial_colour_flipped_past_a_bye_in_round_one() -> None:
    # Player 1 had the pairing-allocated bye: paired but without colour, so player 2's White
    # is the second player's colour and the drawn colour is black.
    text = (
        f"{'001    1':<80} 1.0    1  0000 - U\n"
        f"{'001    2':<80} 1.0    1     3 w 1\n"
        f"{'001    3':<80} 0.0    1     2 b 0\n"
    )

    assert infer_initial_color(parse_trf(text)) is Color.BLACK


def test_it_records_a_forfeit_without_colours_as_an_unordered_game() -> None:
    text = f"{'001    1':<80} 1.0    1     2 - +\n{'001    2':<80} 0.0    1     1 - -\n"

    recorded = recorded_pairing(parse_trf(text), 1)

    assert recorded.games == (RecordedGame(PlayerId(1), PlayerId(2), colors_recorded=False),)
    assert recorded.bye is None


def test_it_keeps_a_240_bye_kind_for_a_player_missing_from_a_paired_round(small_trf: str) -> None:
    # Round 2 is paired; Cy's round-2 entry is removed, and a 240 line gives him a full-point bye.
    text = small_trf.replace("     1 b 0  0000 - H", "     1 b 0").replace(
        " 0.5    4 ", " 0.0    4 "
    )

    state = tournament_state_from_trf(parse_trf(text + "240 F 002    3\n"), 2)

    assert dict(state.not_paired) == {PlayerId(3): Outcome.FULL_BYE}


def test_a_state_becomes_a_file_prepared_for_its_next_round(small_trf: str) -> None:
    # Round 3 not paired yet: Cy asks for a half-point bye, Di is withdrawn.
    text = small_trf.replace("  0000 - H\n", "  0000 - H  0000 - H\n").replace(
        "  0000 - U\n", "  0000 - U  0000 - -\n"
    )
    doc = parse_trf(text)
    state = tournament_state_from_trf(doc)

    written = state_document(state, replace(doc, players=doc.players[:1], name="Again"))

    assert written.name == "Again" and written.city == "Riga"
    assert written.players[0] == doc.players[0]  # details kept: sex, title, FIDE id, ...
    assert written.players[1].federation == ""  # no details given for Bea
    assert [player.rounds[2:] for player in written.players] == [
        (),
        (),
        (TrfRoundEntry(None, Color.NONE, Outcome.HALF_BYE),),
        (TrfRoundEntry(None, Color.NONE, Outcome.ABSENT),),
    ]
    assert [player.points for player in written.players] == [3, 3, 2, 2]  # Cy's bye counts
    assert [player.rank for player in written.players] == [1, 2, 3, 4]
    assert tournament_state_from_trf(written) == state


def test_a_state_document_takes_the_ranks_it_is_given(small_trf: str) -> None:
    state = tournament_state_from_trf(parse_trf(small_trf), 3)

    written = state_document(state, TrfDocument(), ranks={1: 2, 2: 1})

    assert [player.rank for player in written.players] == [2, 1, None, None]


def test_it_leaves_the_xxz_players_out_of_the_round_to_pair(small_trf: str) -> None:
    # JaVaFo's XXZ: Ann is absent in round 3, as if her entry were `0000 - Z`.
    doc = parse_trf(small_trf + "XXZ 1\n")
    written = small_trf.replace("     2 b =\n", "     2 b =  0000 - Z\n")

    assert dict(tournament_state_from_trf(doc).not_paired) == {PlayerId(1): Outcome.ZERO_BYE}
    assert tournament_state_from_trf(doc) == tournament_state_from_trf(parse_trf(written))


def test_it_applies_xxz_to_the_round_to_pair_only(small_trf: str) -> None:
    doc = parse_trf(small_trf + "XXZ 1\n")

    assert dict(tournament_state_from_trf(doc, 2).not_paired) == {PlayerId(3): Outcome.HALF_BYE}


def test_an_own_entry_wins_over_xxz(small_trf: str) -> None:
    text = small_trf.replace("  0000 - H\n", "  0000 - H  0000 - H\n") + "XXZ 3\n"

    assert dict(tournament_state_from_trf(parse_trf(text)).not_paired) == {
        PlayerId(3): Outcome.HALF_BYE
    }
