"""A malformed TRF file is refused with `TrfError` naming the line, the column and the problem."""

from __future__ import annotations

import pytest

from tournaments.domain.trf import TrfError, parse_trf


def _line(text: str, number: int) -> str:
    return text.splitlines()[number - 1]


def refusal(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_trf(text)
    return caught.value


def test_it_names_line_and_column_in_the_message(small_trf: str) -> None:
    error = refusal(small_trf.replace("     2 b =", "     2 b x"))

    assert str(error) == "line 5, column 109: unknown result code 'x'"
    assert (error.line, error.column) == (5, 109)
    assert isinstance(error, ValueError)


def test_it_refuses_an_unknown_result_code_in_round_one(small_trf: str) -> None:
    error = refusal(small_trf.replace("     3 w 1", "     3 w x"))

    assert str(error) == "line 5, column 99: unknown result code 'x'"


def test_it_refuses_a_truncated_player_line(small_trf: str) -> None:
    # Cut inside the FIDE id (columns 58-68): the line ends at column 62.
    error = refusal(small_trf.replace(_line(small_trf, 5), _line(small_trf, 5)[:62]))

    assert (error.line, error.column) == (5, 63)
    assert "too short" in error.reason


def test_it_refuses_a_truncated_round_entry(small_trf: str) -> None:
    error = refusal(small_trf.replace(_line(small_trf, 5), _line(small_trf, 5)[:-1]))

    assert str(error) == "line 5, column 109: round 2: the game against 2 has no result"


def test_it_refuses_a_non_numeric_rating(small_trf: str) -> None:
    error = refusal(small_trf.replace(" 2400 FRA", " 24o0 FRA"))

    assert str(error) == "line 5, column 51: rating '24o0' is not a number"


def test_it_refuses_fields_in_the_wrong_columns(small_trf: str) -> None:
    error = refusal(small_trf.replace("001    1", "001     1"))

    assert (error.line, error.column) == (5, 9)
    assert "wrong columns" in error.reason


def test_it_refuses_round_entries_in_the_wrong_columns(small_trf: str) -> None:
    error = refusal(small_trf.replace("     3 w 1", "    3 w 1 "))

    assert (error.line, error.column) == (5, 96)
    assert "wrong columns" in error.reason


def test_it_refuses_duplicate_pairing_numbers(small_trf: str) -> None:
    error = refusal(small_trf.replace("001    2", "001    3"))

    assert str(error) == "line 7, column 5: pairing number 3 is already used on line 6"


def test_it_refuses_an_opponent_with_the_same_colour(small_trf: str) -> None:
    # Ann says she had Black against Bea in round 2; Bea's entry must then say White.
    error = refusal(small_trf.replace("     1 w =", "     1 b ="))

    assert (error.line, error.column) == (6, 107)
    assert error.reason == "round 2: player 1 played 2 with colour 'b', so 2 needs 'w', not 'b'"


def test_it_refuses_results_that_do_not_agree(small_trf: str) -> None:
    # Ann beat Cy in round 1, so Cy's entry must be a loss.
    text = small_trf.replace("     1 b 0  0000 - H", "     1 b =  0000 - H").replace(
        " 0.5    4 ", " 1.0    4 "
    )
    error = refusal(text)

    assert (error.line, error.column) == (7, 99)
    assert "with result '1'" in error.reason


def test_it_refuses_a_game_the_opponent_does_not_record(small_trf: str) -> None:
    # Cy's round-1 game against Ann becomes a zero-point bye; Ann still says she beat Cy.
    text = small_trf.replace("     1 b 0  0000 - H", "  0000 - Z  0000 - H")
    error = refusal(text)

    assert (error.line, error.column) == (7, 92)
    assert error.reason == "round 1: player 1 played 3, but 3 has no game in that round"


def test_it_refuses_a_game_the_opponent_records_against_someone_else(small_trf: str) -> None:
    text = small_trf.replace("     1 b 0  0000 - H", "     2 b 0  0000 - H")
    error = refusal(text)

    assert (error.line, error.column) == (7, 92)
    assert error.reason == "round 1: player 1 played 3, but 3 says it played 2"


def test_it_refuses_an_opponent_that_does_not_exist(small_trf: str) -> None:
    text = small_trf.replace("  0000 - U", "     9 w 1")
    error = refusal(text)

    assert str(error) == "line 8, column 102: round 2: opponent 9 is not a player of this file"


def test_it_refuses_points_that_do_not_match_the_results(small_trf: str) -> None:
    error = refusal(small_trf.replace(" 1.5    1 ", " 2.0    1 "))

    assert str(error) == "line 5, column 81: player 1 has 2.0 points, but the results give 1.5"


def test_it_checks_points_under_the_documents_scoring(small_trf: str) -> None:
    # Under XXS W=3 the PAB is worth 3 points, so Di's 1.0 no longer matches.
    error = refusal(small_trf.replace("XXC white1\n", "XXC white1\nXXS W=3\n"))

    assert (error.line, error.column) == (6, 81)


def test_it_refuses_a_bye_code_with_an_opponent(small_trf: str) -> None:
    text = small_trf.replace("  0000 - H", "     4 - H")
    error = refusal(text)

    assert (error.line, error.column) == (7, 109)
    assert "bye and cannot have an opponent" in error.reason


def test_it_refuses_a_played_result_without_a_colour(small_trf: str) -> None:
    error = refusal(small_trf.replace("     3 w 1", "     3 - 1"))

    assert (error.line, error.column) == (5, 97)
    assert "needs a colour" in error.reason


def test_it_refuses_a_played_result_without_an_opponent(small_trf: str) -> None:
    error = refusal(small_trf.replace("  0000 - U", "  0000 - 1"))

    assert (error.line, error.column) == (8, 109)
    assert "needs an opponent" in error.reason


def test_it_refuses_a_game_without_a_result(small_trf: str) -> None:
    error = refusal(small_trf.replace("     3 w 1", "     3 w  "))

    assert str(error) == "line 5, column 99: round 1: the game against 3 has no result"


def test_it_refuses_fewer_declared_rounds_than_the_player_lines_hold(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXR 3", "XXR 1"))

    assert (error.line, error.column) == (3, 5)
    assert "1 rounds" in error.reason


def test_it_refuses_a_non_numeric_number_of_rounds(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXR 3", "XXR three"))

    assert str(error) == "line 3, column 5: number of rounds 'three' is not a number"


def test_it_refuses_conflicting_xxr_and_142(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXR 3", "XXR 3\n142 4"))

    assert (error.line, error.column) == (4, 5)


def test_it_refuses_an_unknown_initial_colour(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXC white1", "XXC white1\n152 R"))

    assert str(error) == "line 5, column 5: unknown initial colour 'R'"


def test_it_refuses_colour_dependent_scoring(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXC white1\n", "XXC white1\nXXS WW=1 BW=1.5\n"))

    assert (error.line, error.column) == (5, 10)
    assert "colour-dependent" in error.reason


def test_it_refuses_an_unknown_scoring_code(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXC white1\n", "XXC white1\nXXS QQ=1\n"))

    assert str(error) == "line 5, column 5: unknown scoring code 'XXS QQ'"


def test_it_refuses_a_score_that_is_not_a_half_point(small_trf: str) -> None:
    error = refusal(small_trf.replace("XXC white1\n", "XXC white1\nBBW 0.7\n"))

    assert str(error) == "line 5, column 5: BBW '0.7' is not a multiple of 0.5"


def test_it_refuses_header_lines_naming_unknown_players(small_trf: str) -> None:
    assert refusal(small_trf + "XXP 1 7\n").column == 7
    assert refusal(small_trf + "XXA    8  1.0\n").column == 8
    assert refusal(small_trf + "240 H 003    9\n").column == 14


def test_it_refuses_a_240_bye_that_contradicts_the_player_line(small_trf: str) -> None:
    error = refusal(small_trf + "240 H 001    1\n")

    assert (error.line, error.column) == (9, 14)
    assert (
        error.reason
        == "240 gives player 1 a half-point bye in round 1, but the player line says '1'"
    )


def test_it_refuses_a_second_tournament_name(small_trf: str) -> None:
    error = refusal(small_trf.replace("022 Riga", "012 Riga"))

    assert str(error) == "line 2, column 1: a second 012 line"


def test_it_refuses_two_pairing_allocated_byes_in_a_round(small_trf: str) -> None:
    text = small_trf.replace("  0000 - H", "  0000 - U").replace(" 0.5    4 ", " 1.0    4 ")
    error = refusal(text)

    assert str(error) == (
        "line 8, column 109: round 2: a second pairing-allocated bye (player 3 has one)"
    )


def test_it_refuses_a_file_without_player_lines() -> None:
    error = refusal("012 Not a tournament\nname,rating\nAnn,2400\n")

    assert str(error) == "line 1, column 1: the file has no player lines (code 001)"


def test_it_refuses_an_xxz_line_without_players(small_trf: str) -> None:
    error = refusal(small_trf + "XXZ\n")

    assert str(error) == "line 9, column 5: XXZ needs at least one player"


def test_it_refuses_a_non_numeric_xxz_player(small_trf: str) -> None:
    error = refusal(small_trf + "XXZ 3 x4\n")

    assert (error.line, error.column) == (9, 7)
    assert "'x4'" in error.reason


def test_it_refuses_an_xxz_player_without_a_player_line(small_trf: str) -> None:
    error = refusal(small_trf + "XXZ   9\n")

    assert str(error) == "line 9, column 7: player 9 has no player line"
