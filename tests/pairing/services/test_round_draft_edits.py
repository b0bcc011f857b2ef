"""Editing a draft by hand: every broken rule is reported, every edit audited."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.exceptions import DraftEditRefused, RoundAlreadyPublished, RoundNotPaired
from pairing.services.rounds import (
    round_draft_exchange_opponents,
    round_draft_swap_colours,
    round_publish,
    round_request_pairing,
)
from pairing.services.runs import pairing_run_execute
from tournaments.models import AuditEntry, Game, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    round3.refresh_from_db()
    return round3


def board(rnd: Round, number: int) -> Game:
    return rnd.games.select_related("white", "black").get(board=number)


def pairs(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def test_swapping_colours_reports_a_third_white_in_a_row(draft: Round, arbiter: User) -> None:
    # Board 1 is 2-5: player 5 had White twice, so Black is absolute for 5 (A.6).
    warnings = round_draft_swap_colours(game=board(draft, 1), by=arbiter)

    assert board(draft, 1).white.pairing_number == 5
    assert [str(w) for w in warnings] == [
        "Board 1: 5 would have a colour difference of +3 (C.04.3 A.6)",
        "Board 1: 5 would have white three times in a row (C.04.3 A.6)",
    ]
    entry = AuditEntry.objects.get(entity="game", note__contains="colours swapped")
    assert (entry.old_value, entry.new_value, entry.user) == ("2-5", "5-2", arbiter)


def test_an_edit_that_breaks_no_rule_gives_no_warning(draft: Round, arbiter: User) -> None:
    # Board 6 is 12-8: 12 played one game (black), 8 had black then white.
    assert round_draft_swap_colours(game=board(draft, 6), by=arbiter) == []


def test_exchanging_opponents_reports_a_rematch(draft: Round, arbiter: User) -> None:
    # Boards 2 (3-4) and 7 (9-13) become 3-13 and 9-4; 9 and 4 met in round 2.
    warnings = round_draft_exchange_opponents(
        game_a=board(draft, 2), game_b=board(draft, 7), by=arbiter
    )

    assert pairs(draft)[1] == (3, 13)
    assert pairs(draft)[6] == (9, 4)
    assert "Board 7: 9 and 4 already played (C.04.3 C.1)" in [str(w) for w in warnings]
    entry = AuditEntry.objects.get(entity="round", note__contains="exchanged opponents")
    assert (entry.old_value, entry.new_value) == ("3-4, 9-13", "3-13, 9-4")


def test_it_refuses_to_exchange_a_board_with_itself(draft: Round, arbiter: User) -> None:
    with pytest.raises(DraftEditRefused):
        round_draft_exchange_opponents(game_a=board(draft, 2), game_b=board(draft, 2), by=arbiter)


def test_it_refuses_to_edit_a_round_that_is_not_paired(draft: Round, arbiter: User) -> None:
    game = board(draft, 1)
    draft.state = "not_paired"
    draft.save()

    with pytest.raises(RoundNotPaired):
        round_draft_swap_colours(game=game, by=arbiter)


def test_a_published_pairing_keeps_its_colours(draft: Round, arbiter: User) -> None:
    round_publish(rnd=draft, by=arbiter)

    with pytest.raises(RoundAlreadyPublished, match="only to correct a rematch"):
        round_draft_swap_colours(game=board(draft, 1), by=arbiter)
    assert pairs(draft)[0] == (2, 5)


def test_a_published_pairing_without_a_rematch_keeps_its_opponents(
    draft: Round, arbiter: User
) -> None:
    round_publish(rnd=draft, by=arbiter)

    with pytest.raises(RoundAlreadyPublished, match="neither board is one"):
        round_draft_exchange_opponents(game_a=board(draft, 2), game_b=board(draft, 7), by=arbiter)


def test_a_published_rematch_may_be_corrected_with_an_audit_note(
    draft: Round, arbiter: User
) -> None:
    round_draft_exchange_opponents(game_a=board(draft, 2), game_b=board(draft, 7), by=arbiter)
    round_publish(rnd=draft, by=arbiter)
    rematch = next(
        g
        for g in draft.games.all()
        if {g.white_id, g.black_id}
        == {
            draft.tournament.players.get(pairing_number=9).pk,
            draft.tournament.players.get(pairing_number=4).pk,
        }
    )
    other = next(g for g in draft.games.all() if g.white.pairing_number == 3)

    warnings = round_draft_exchange_opponents(game_a=rematch, game_b=other, by=arbiter)

    assert not [w for w in warnings if w.rule == "C.04.3 C.1"]
    assert AuditEntry.objects.filter(note__contains="to correct a rematch (C.04.2 D.10)").exists()
