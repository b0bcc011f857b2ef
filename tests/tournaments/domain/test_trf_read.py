"""Reading TRF16 / TRF-2026 files: fields land where the specification puts them."""

from __future__ import annotations

import pytest

from tournaments.domain.state import Color, ForbiddenPairs, Outcome, PlayerId, Points, Scoring
from tournaments.domain.trf import (
    TrfAcceleration,
    TrfByeRequest,
    TrfRoundEntry,
    parse_trf,
    write_trf,
)

TRF26_HEADER = """\
012 Riga Open 2026
022 Riga
032 LAT
042 2026/03/01
052 2026/03/03
092 Individual: Swiss-System
102 Arbiter, Chief
112 Deputy, One
112 Deputy, Two
122 90 min + 30 s
{round_dates}
142 3
152 B
162  W 1.0    D 0.5    L 0.0
192 FIDE_DUTCH_2025
202 BH/C1,BH,SB
212 PTS,BH/C1,BH,SB
062 4
###logged by the pairing controller
""".format(round_dates="132".ljust(91) + "26/03/01  26/03/02  26/03/03")


def test_it_reads_the_player_line_columns(small_trf: str) -> None:
    doc = parse_trf(small_trf)

    alpha = doc.players[0]
    assert alpha.pairing_number == 1
    assert (alpha.sex, alpha.title, alpha.name) == ("m", "GM", "Alpha, Ann")
    assert (alpha.rating, alpha.federation, alpha.fide_id) == (2400, "FRA", 12345678)
    assert (alpha.birth_date, alpha.points, alpha.rank) == ("1990/01/01", 3, 1)
    assert alpha.rounds == (
        TrfRoundEntry(PlayerId(3), Color.WHITE, Outcome.WIN),
        TrfRoundEntry(PlayerId(2), Color.BLACK, Outcome.DRAW),
    )
    delta = doc.players[3]
    assert (delta.sex, delta.rating, delta.fide_id, delta.rank) == ("", None, None, 3)
    assert delta.rounds[1] == TrfRoundEntry(None, Color.NONE, Outcome.PAIRING_BYE)
    assert doc.players[2].rounds[1] == TrfRoundEntry(None, Color.NONE, Outcome.HALF_BYE)


def test_it_reads_the_engine_extension_header(small_trf: str) -> None:
    doc = parse_trf(small_trf)

    assert (doc.name, doc.city, doc.federation) == ("Test Open", "Riga", None)
    assert doc.total_rounds == 3
    assert doc.round_count == 3
    assert doc.rounds_in_file == 2
    assert doc.initial_color is Color.WHITE
    assert doc.scoring == Scoring()


def test_it_reads_the_trf26_header_lines(small_trf: str) -> None:
    players = small_trf.split("XXC white1\n")[1]
    doc = parse_trf(TRF26_HEADER + players)

    assert doc.name == "Riga Open 2026"
    assert (doc.city, doc.federation) == ("Riga", "LAT")
    assert (doc.start_date, doc.end_date) == ("2026/03/01", "2026/03/03")
    assert doc.tournament_type == "Individual: Swiss-System"
    assert doc.chief_arbiter == "Arbiter, Chief"
    assert doc.deputies == ("Deputy, One", "Deputy, Two")
    assert doc.time_control == "90 min + 30 s"
    assert doc.round_dates == ("26/03/01", "26/03/02", "26/03/03")
    assert doc.total_rounds == 3
    assert doc.initial_color is Color.BLACK
    assert doc.pairing_system == "FIDE_DUTCH_2025"
    assert doc.tie_breaks == ("BH/C1", "BH", "SB")
    assert doc.standings_tie_breaks == ("PTS", "BH/C1", "BH", "SB")
    assert doc.comments == ("logged by the pairing controller",)
    assert doc.other_lines == ("062 4",)


def test_it_accepts_cr_lf_and_crlf_line_ends(small_trf: str) -> None:
    expected = parse_trf(small_trf)

    assert parse_trf(small_trf.replace("\n", "\r")) == expected
    assert parse_trf(small_trf.replace("\n", "\r\n")) == expected
    assert parse_trf("\ufeff" + small_trf) == expected


def test_it_keeps_unknown_header_lines_verbatim(small_trf: str) -> None:
    extra = "172 LAT FIDE \n062 4\nDAT 0001 EMAIL ann@example.org"
    doc = parse_trf(small_trf.replace("XXR 3\n", f"XXR 3\n{extra}\n"))

    assert doc.other_lines == ("172 LAT FIDE ", "062 4", "DAT 0001 EMAIL ann@example.org")


def test_it_takes_the_number_of_rounds_from_the_file_without_xxr(small_trf: str) -> None:
    doc = parse_trf(small_trf.replace("XXR 3\n", ""))

    assert doc.total_rounds is None
    assert doc.round_count == 2


def test_it_reads_xxs_scoring_and_checks_points_with_it(small_trf: str) -> None:
    # Football scoring: win 3, draw 1. Ann: win + draw = 4; Bea: 4; Cy: loss + H = 1;
    # Di: loss + PAB = 3.
    text = (
        small_trf.replace("XXC white1\n", "XXC white1\nXXS W=3 D=1 PAB=3\n")
        .replace(" 1.5    1 ", " 4.0    1 ")
        .replace(" 1.5    2 ", " 4.0    2 ")
        .replace(" 0.5    4 ", " 1.0    4 ")
        .replace(" 1.0    3 ", " 3.0    3 ")
    )
    doc = parse_trf(text)

    assert doc.scoring == Scoring(
        win=Points(6),
        draw=Points(2),
        forfeit_win=Points(6),
        pairing_bye=Points(6),
        half_bye=Points(2),
        full_bye=Points(6),
    )
    assert [player.points for player in doc.players] == [8, 8, 2, 6]


def test_it_lets_an_exact_scoring_code_override_a_shortcut(small_trf: str) -> None:
    text = small_trf.replace("XXC white1\n", "XXC white1\nXXS FW=0.5 W=1\nBBU 1.0\n")

    assert parse_trf(text).scoring == Scoring(forfeit_win=Points(1))


def test_it_reads_bbx_and_162_scoring_lines(small_trf: str) -> None:
    bb = small_trf.replace("XXC white1\n", "XXC white1\nBBW 1.0\nBBD 0.5\nBBZ 0.0\nBBF 0.0\n")
    trf26 = small_trf.replace("XXC white1\n", "XXC white1\n162  W 1.0    D 0.5    A 0.0\n")

    assert parse_trf(bb).scoring == Scoring()
    assert parse_trf(trf26).scoring == Scoring()


def test_it_reads_xxa_and_250_accelerations_into_the_same_form(small_trf: str) -> None:
    xxa = "XXA    1  1.0  1.0\nXXA    2  1.0  1.0  0.0\n"
    # 250: game points at 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31.
    trf26 = "250 00.0 01.0 001 002 0001 0002\n"
    expected = (
        TrfAcceleration(PlayerId(1), (Points(2), Points(2))),
        TrfAcceleration(PlayerId(2), (Points(2), Points(2))),
    )

    assert parse_trf(small_trf + xxa).accelerations == expected
    assert parse_trf(small_trf + trf26).accelerations == expected


def test_it_reads_forbidden_pairs_from_xxp_and_260(small_trf: str) -> None:
    doc = parse_trf(small_trf + "XXP 1 3 4\n260 001 002    2    3\n260 002 003    1    2\n")

    assert doc.forbidden == (
        ForbiddenPairs(frozenset({PlayerId(1), PlayerId(3), PlayerId(4)})),
        ForbiddenPairs(frozenset({PlayerId(2), PlayerId(3)}), first_round=1, last_round=2),
        # Up to the last round (XXR 3) means to the end of the tournament.
        ForbiddenPairs(frozenset({PlayerId(1), PlayerId(2)}), first_round=2, last_round=None),
    )


def test_it_reads_240_bye_requests(small_trf: str) -> None:
    doc = parse_trf(small_trf + "240 H 003    3\n240 Z 003    1    4\n")

    assert doc.byes == (
        TrfByeRequest(Outcome.HALF_BYE, 3, (PlayerId(3),)),
        TrfByeRequest(Outcome.ZERO_BYE, 3, (PlayerId(1), PlayerId(4))),
    )


def test_it_reads_blank_and_0000_dash_entries_as_absences(small_trf: str) -> None:
    text = small_trf.replace("     1 b 0  0000 - H", "     1 b 0          ").replace(
        " 0.5    4 ", " 0.0    4 "
    )
    doc = parse_trf(text + "XXZ 4\n")
    dashed = parse_trf(text.replace("     1 b 0          ", "     1 b 0  0000 - -"))

    assert doc.players[2].rounds == (TrfRoundEntry(PlayerId(1), Color.BLACK, Outcome.LOSS),)
    assert dashed.players[2].rounds[1] == TrfRoundEntry(None, Color.NONE, Outcome.ABSENT)


def test_it_fills_in_a_blank_points_column_from_the_results(small_trf: str) -> None:
    doc = parse_trf(small_trf.replace(" 1.5    1 ", "        1 "))

    assert doc.players[0].points == 3


def test_it_reads_a_draw_without_an_opponent_as_a_half_point_bye(small_trf: str) -> None:
    doc = parse_trf(small_trf.replace("  0000 - H", "  0000 - ="))

    assert doc.players[2].rounds[1] == TrfRoundEntry(None, Color.NONE, Outcome.HALF_BYE)


def test_it_reads_the_xxz_players_absent_in_the_round_to_pair(small_trf: str) -> None:
    doc = parse_trf(small_trf + "XXZ 3 1\nXXZ 4 3\n")

    assert doc.absent == (PlayerId(3), PlayerId(1), PlayerId(4))
    assert "XXZ 3 1 4" in write_trf(doc).splitlines()
    assert parse_trf(write_trf(doc)) == doc
    assert parse_trf(write_trf(doc, "trf26")).absent == doc.absent


@pytest.mark.parametrize("date", ["28. 07. 2005", "May 29, 2020", "2005", "?? soon ??"])
def test_it_keeps_a_free_text_date_as_written(small_trf: str, date: str) -> None:
    # TRF16 leaves the format of 042/052 free (issue 13): the text is kept and written back.
    doc = parse_trf(small_trf.replace("022 Riga\n", f"022 Riga\n042 {date}\n052 {date}\n"))

    assert (doc.start_date, doc.end_date) == (date, date)
    assert f"042 {date}" in write_trf(doc).splitlines()
    assert parse_trf(write_trf(doc, "trf26")) == doc
