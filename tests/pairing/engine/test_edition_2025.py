"""The 2025 edition of the Dutch system (C.04.3 applied from 1 February 2026), article by
article, on small hand-built states; each test checks the 2017 behaviour next to it."""

from __future__ import annotations

from pathlib import Path

from pairing.cli import edition_of, main
from pairing.engine import Board, DutchConfig, Edition, pair
from pairing.engine.dutch.edition import DUTCH_2017_RULES, DUTCH_2025_RULES, rules_for
from pairing.engine.dutch.players import Float, PlayerFacts, build_facts
from tests.pairing.engine.builders import B, W, bye, game, state
from tests.pairing.engine.replay import CASES
from tournaments.domain.state import Outcome, PlayerId, TournamentState
from tournaments.domain.trf import parse_trf

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
D2025 = DutchConfig(edition=Edition.DUTCH_2025)


def _facts(s: TournamentState, pid: int, *, edition: Edition) -> PlayerFacts:
    facts = build_facts(s, rules_for(edition))
    return {f.id: f for f in facts}[PlayerId(pid)]


def test_rules_for_selects_the_policy_of_the_edition() -> None:
    assert rules_for(Edition.DUTCH_2025) is DUTCH_2025_RULES
    assert rules_for(Edition.DUTCH_2017) is DUTCH_2017_RULES


def test_1_4_3_only_an_unplayed_round_worth_more_than_a_loss_is_a_downfloat() -> None:
    # 2025 art. 1.4.3: PAB, forfeit win, half-point bye float; forfeit loss, zero bye, absence not
    s = state(
        [
            [game(2, W, WIN), game(3, B, Outcome.FORFEIT_WIN)],
            [game(1, B, LOSS), bye()],
            [game(4, W, DRAW), game(1, W, Outcome.FORFEIT_LOSS)],
            [game(3, B, DRAW), bye(Outcome.HALF_BYE)],
            [bye(Outcome.ZERO_BYE), bye(Outcome.ABSENT)],
        ],
    )
    for pid in (1, 2, 4):
        assert _facts(s, pid, edition=Edition.DUTCH_2025).floats[0] is Float.DOWN
    assert _facts(s, 3, edition=Edition.DUTCH_2025).floats[0] is Float.NONE
    assert _facts(s, 5, edition=Edition.DUTCH_2025).floats == (Float.NONE, Float.NONE)
    for pid in (1, 2, 3, 4, 5):
        assert _facts(s, pid, edition=Edition.DUTCH_2017).floats[0] is Float.DOWN


def test_c2_a_full_point_bye_blocks_the_pab_but_a_half_point_bye_does_not() -> None:
    # C.04.1 (2025) art. 4: no PAB after scoring a win's points without playing
    s = state(
        [
            [bye(Outcome.FULL_BYE), bye(Outcome.HALF_BYE)],
            [bye(Outcome.HALF_BYE), bye(Outcome.HALF_BYE)],
            [game(4, W, Outcome.FORFEIT_WIN), game(4, B, WIN)],
            [game(3, B, Outcome.FORFEIT_LOSS), game(3, W, LOSS)],
        ]
    )
    eligible = {f.id: f.bye_eligible for f in build_facts(s, DUTCH_2025_RULES)}
    assert [eligible[PlayerId(pid)] for pid in (1, 2, 3, 4)] == [False, True, False, True]
    old = {f.id: f.bye_eligible for f in build_facts(s, DUTCH_2017_RULES)}
    assert old[PlayerId(1)] is True


def _c5_state() -> TournamentState:
    # The [C5] example of the digest: 6 players, round 3 of 3, player 4 absent.
    return state(
        [
            [game(4, W, WIN), game(2, W, WIN)],
            [game(5, B, WIN), game(1, B, LOSS)],
            [game(6, W, WIN), game(4, B, WIN)],
            [game(1, B, LOSS), game(3, W, LOSS)],
            [game(2, W, LOSS), game(6, B, WIN)],
            [game(3, B, LOSS), game(5, W, LOSS)],
        ],
        total_rounds=3,
        not_paired={4: Outcome.ABSENT},
    )


def test_c5_the_pab_goes_to_the_lowest_possible_score() -> None:
    # 2025 art. 2.5 [C5] outranks [C6]: the top bracket is broken up so that 6 (0 points) gets it
    result = pair(_c5_state(), D2025)
    assert result.bye == PlayerId(6)
    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset({PlayerId(1), PlayerId(5)}),
        frozenset({PlayerId(3), PlayerId(2)}),
    }
    assert pair(_c5_state(), DutchConfig()).bye == PlayerId(5)


def _c9_state() -> TournamentState:
    # The [C9] example of the digest: round 2, player 5 absent in round 1.
    return state(
        [
            [game(3, W, WIN)],
            [game(4, B, WIN)],
            [game(1, B, LOSS)],
            [game(2, W, LOSS)],
            [bye(Outcome.ZERO_BYE)],
        ],
        total_rounds=3,
    )


def test_c9_the_pab_goes_to_the_fewest_unplayed_games() -> None:
    # 2025 art. 2.9 [C9]: 3, 4 and 5 score 0; 5 has an unplayed round, so 4 gets the PAB
    result = pair(_c9_state(), D2025)
    assert result.bye == PlayerId(4)
    assert result.boards[0] == Board(PlayerId(2), PlayerId(1))
    assert {frozenset((b.white, b.black)) for b in result.boards[1:]} == {
        frozenset({PlayerId(3), PlayerId(5)})
    }


def test_the_explanation_names_the_edition_and_the_pab_criteria() -> None:
    lines = pair(_c5_state(), DutchConfig(edition=Edition.DUTCH_2025, explain=True)).explanation
    assert "2025 edition" in lines[0]
    assert any(line.startswith("[C5]") for line in lines)
    assert "2017 edition" in pair(_c5_state(), DutchConfig(explain=True)).explanation[0]


def test_the_command_line_takes_the_edition_from_192_or_edition_and_refuses_a_contradiction(
    tmp_path: Path,
) -> None:
    case = CASES / "dev2025_002_r07.trf"
    text = case.read_text(encoding="utf-8")
    assert edition_of(parse_trf(text), None) is Edition.DUTCH_2025
    assert edition_of(parse_trf(text), "2025") is Edition.DUTCH_2025
    without = "\n".join(line for line in text.splitlines() if not line.startswith("192"))
    assert edition_of(parse_trf(without), None) is Edition.DUTCH_2017
    assert edition_of(parse_trf(without), "2025") is Edition.DUTCH_2025
    output = tmp_path / "out.txt"
    assert main(["--dutch", str(case), "-p", str(output), "--edition", "2017"]) == 3
    assert main(["--dutch", str(case), "-p", str(output), "--edition", "2025"]) == 0
    assert output.read_text(encoding="utf-8") == case.with_suffix(".expected").read_text("utf-8")
