"""Check-in services (issue 32): the desk's marks, a player's own check-in from a phone (two
phones at once included), and the absentees marked before pairing (C.04.2 D.2-D.4)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone

from tests.factories import UserFactory
from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.exceptions import CheckInRefused
from tournaments.models import (
    AuditEntry,
    Bye,
    ByeKind,
    CheckIn,
    CheckInSource,
    CheckInStatus,
    Player,
    PlayerStatus,
    RoundState,
    Tournament,
)
from tournaments.selectors.check_in import check_in_summary, player_code, player_for_code
from tournaments.services.availability import bye_request
from tournaments.services.check_in import (
    check_in_mark,
    check_in_settings_update,
    player_check_in,
    round_mark_absentees,
    round_set_check_in_closing,
)

pytestmark = pytest.mark.django_db


def _open(tournament: Tournament, by: User, *, absences: int = 1) -> None:
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=absences, by=by
    )


def _player(tournament: Tournament, number: int) -> Player:
    return tournament.players.get(pairing_number=number)


def test_each_player_has_a_code_of_their_own_that_finds_them(arbiter: User) -> None:
    tournament = tournament_with_players(30)
    other = tournament_with_players(1)
    codes = {player_code(player) for player in tournament.players.all()}

    assert len(codes) == 30
    player = _player(tournament, 7)
    assert player_for_code(tournament, player_code(player).lower()) == player
    assert player_for_code(other, player_code(player)) is None
    assert player_for_code(tournament, "") is None


def test_the_desk_marks_a_player_present_then_absent_then_clears(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    rnd, player = tournament.round_set.get(number=1), _player(tournament, 2)

    mark = check_in_mark(rnd=rnd, player=player, status="present", expected="", by=arbiter)
    assert mark is not None and (mark.source, mark.by) == (CheckInSource.DESK, arbiter)
    check_in_mark(rnd=rnd, player=player, status="absent", expected="present", by=arbiter)
    assert CheckIn.objects.get().status == CheckInStatus.ABSENT
    check_in_mark(rnd=rnd, player=player, status="", expected="absent", by=arbiter)
    assert not CheckIn.objects.exists()


def test_the_same_key_twice_is_no_change(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    rnd, player = tournament.round_set.get(number=1), _player(tournament, 2)
    check_in_mark(rnd=rnd, player=player, status="present", expected="", by=arbiter)

    again = check_in_mark(rnd=rnd, player=player, status="present", expected="", by=arbiter)

    assert again is not None and CheckIn.objects.count() == 1


def test_the_desk_is_told_when_a_phone_checked_the_player_in_meanwhile(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    player = _player(tournament, 3)
    player_check_in(tournament=tournament, code=player_code(player), device="phone-a")

    with pytest.raises(CheckInRefused, match="meanwhile") as refused:
        check_in_mark(
            rnd=tournament.round_set.get(number=1),
            player=player,
            status="absent",
            expected="",
            by=arbiter,
        )

    assert refused.value.conflict
    assert CheckIn.objects.get().status == CheckInStatus.PRESENT


def test_the_desk_refuses_a_paired_round_and_a_forged_mark(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PAIRED)
    rnd2 = tournament.round_set.get(number=2)
    stranger = tournament_with_players(1).players.get()
    before = snapshot()

    with pytest.raises(CheckInRefused, match="Round 1 is paired"):
        check_in_mark(
            rnd=tournament.round_set.get(number=1),
            player=_player(tournament, 1),
            status="present",
            expected="",
            by=arbiter,
        )
    for forged in ("no_show", "here", "PRESENT"):
        with pytest.raises(CheckInRefused, match="Unknown check-in mark"):
            check_in_mark(
                rnd=rnd2, player=_player(tournament, 1), status=forged, expected="", by=arbiter
            )
    with pytest.raises(CheckInRefused, match="does not play round 2"):
        check_in_mark(rnd=rnd2, player=stranger, status="present", expected="", by=arbiter)

    assert snapshot() == before and not CheckIn.objects.exists()


def test_a_player_with_a_bye_is_not_marked_present(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    player = _player(tournament, 4)
    bye_request(player=player, round_number=1, kind=ByeKind.HALF_POINT, by=arbiter)

    with pytest.raises(CheckInRefused, match=r"has a bye in round 1 \(Half-point bye\)"):
        check_in_mark(
            rnd=tournament.round_set.get(number=1),
            player=player,
            status="present",
            expected="",
            by=arbiter,
        )


def test_a_player_checks_in_from_a_phone_with_the_badge_s_code(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    player = _player(tournament, 2)

    done = player_check_in(tournament=tournament, code=player_code(player), device="phone-a")
    again = player_check_in(tournament=tournament, code=player_code(player), device="phone-a")

    assert (done.player, done.round_number, done.again, again.again) == (player, 1, False, True)
    row = CheckIn.objects.get()
    assert (row.status, row.source, row.by) == (CheckInStatus.PRESENT, CheckInSource.PHONE, None)
    assert "phone-a" not in row.device and len(row.device) == 64


def test_a_second_phone_gets_a_clear_answer(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    code = player_code(_player(tournament, 2))
    player_check_in(tournament=tournament, code=code, device="phone-a")

    with pytest.raises(CheckInRefused, match="already checked in .* from another phone") as no:
        player_check_in(tournament=tournament, code=code, device="phone-b")

    assert no.value.conflict and CheckIn.objects.count() == 1


def test_a_player_checked_in_at_the_desk_is_told_so(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    player = _player(tournament, 2)
    rnd = tournament.round_set.get(number=1)
    check_in_mark(rnd=rnd, player=player, status="present", expected="", by=arbiter)

    with pytest.raises(CheckInRefused, match="at the desk"):
        player_check_in(tournament=tournament, code=player_code(player), device="phone-a")


@pytest.mark.parametrize("typed", ["", "0000000000", "not a code", "ZZZZZ-ZZZZZ"])
def test_a_wrong_code_is_refused_alike(arbiter: User, typed: str) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)

    with pytest.raises(CheckInRefused, match="not a check-in code of"):
        player_check_in(tournament=tournament, code=typed, device="phone-a")

    assert not CheckIn.objects.exists()


def test_the_phone_s_check_in_closes_at_the_time_the_arbiter_set(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    closes = timezone.now() + timedelta(minutes=30)
    round_set_check_in_closing(rnd=tournament.round_set.get(number=1), closes_at=closes, by=arbiter)
    code = player_code(_player(tournament, 1))

    with time_machine.travel(closes, tick=False), pytest.raises(CheckInRefused, match="closed"):
        player_check_in(tournament=tournament, code=code, device="phone-a")

    assert not CheckIn.objects.exists()
    assert AuditEntry.objects.filter(entity="round", new_value__contains="check-in closes").exists()
    # the desk still admits a late arrival
    check_in_mark(
        rnd=tournament.round_set.get(number=1),
        player=_player(tournament, 1),
        status="present",
        expected="",
        by=arbiter,
    )


def test_a_phone_is_refused_until_the_arbiter_allows_it(arbiter: User) -> None:
    tournament = tournament_with_players(4)

    with pytest.raises(CheckInRefused, match="at the desk"):
        player_check_in(
            tournament=tournament, code=player_code(_player(tournament, 1)), device="phone-a"
        )


def test_a_phone_checks_in_for_the_first_round_not_yet_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    done = player_check_in(
        tournament=tournament, code=player_code(_player(tournament, 1)), device="phone-a"
    )

    assert done.round_number == 2


@pytest.mark.django_db(transaction=True)
def test_two_phones_at_once_check_the_player_in_once(postgresql_required: None) -> None:
    arbiter = UserFactory.create(username="chief")
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    code = player_code(_player(tournament, 2))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def check_in(device: str) -> None:
        try:
            barrier.wait()
            player_check_in(tournament=tournament, code=code, device=device)
            outcomes.append("checked in")
        except CheckInRefused as refusal:
            outcomes.append("refused" if refusal.conflict else str(refusal))
        finally:
            connection.close()

    threads = [threading.Thread(target=check_in, args=(f"phone-{n}",)) for n in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["checked in", "refused"]
    assert CheckIn.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_desk_and_a_phone_at_once_leave_one_mark_and_a_clear_refusal(
    postgresql_required: None,
) -> None:
    """The arbiter marks a player absent while the player checks in from a phone: one of them
    is stored, the other is told (compare-and-set under the tournament's lock)."""
    arbiter = UserFactory.create(username="chief")
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    player = _player(tournament, 2)
    rnd = tournament.round_set.get(number=1)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def desk() -> None:
        try:
            barrier.wait()
            check_in_mark(rnd=rnd, player=player, status="absent", expected="", by=arbiter)
            outcomes.append("desk")
        except CheckInRefused as refusal:
            outcomes.append("desk refused" if refusal.conflict else str(refusal))
        finally:
            connection.close()

    def phone() -> None:
        try:
            barrier.wait()
            player_check_in(tournament=tournament, code=player_code(player), device="phone-a")
            outcomes.append("phone")
        except CheckInRefused as refusal:
            outcomes.append("phone refused" if "recorded" in str(refusal) else str(refusal))
        finally:
            connection.close()

    threads = [threading.Thread(target=desk), threading.Thread(target=phone)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) in (["desk", "phone refused"], ["desk refused", "phone"])
    stored = CheckIn.objects.get()
    assert stored.status == (CheckInStatus.ABSENT if "desk" in outcomes else CheckInStatus.PRESENT)


def test_marking_the_absentees_gives_byes_and_withdrawals_in_one_action(arbiter: User) -> None:
    tournament = tournament_with_players(6)
    _open(tournament, arbiter, absences=2)
    rnd = tournament.round_set.get(number=1)
    for number, status in ((1, "present"), (2, "present"), (3, "absent"), (4, "withdrawn")):
        check_in_mark(
            rnd=rnd, player=_player(tournament, number), status=status, expected="", by=arbiter
        )
    summary = check_in_summary(rnd)
    assert (summary.started, summary.present, summary.expected) == (True, 2, 6)
    assert [a.number for a in summary.plan] == [3, 4, 5, 6]

    round_mark_absentees(rnd=rnd, shown=[3, 4, 5, 6], withdraw=[6], by=arbiter)

    byes = dict(Bye.objects.filter(round=rnd).values_list("player__pairing_number", "kind"))
    assert byes == {3: ByeKind.ZERO_POINT, 5: ByeKind.ZERO_POINT}
    withdrawn = tournament.players.filter(status=PlayerStatus.WITHDRAWN)
    assert sorted(withdrawn.values_list("pairing_number", "withdrawn_from_round")) == [
        (4, 1),
        (6, 1),
    ]
    no_shows = CheckIn.objects.filter(status=CheckInStatus.NO_SHOW)
    assert sorted(no_shows.values_list("player__pairing_number", flat=True)) == [5, 6]
    assert AuditEntry.objects.filter(new_value__contains="absentees marked").count() == 1
    assert check_in_summary(rnd).plan == []


def test_the_second_absence_without_notice_makes_the_withdrawal_due(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter, absences=2)
    round_mark_absentees(
        rnd=tournament.round_set.get(number=1), shown=[1, 2, 3, 4], withdraw=[], by=arbiter
    )
    pair_round(tournament, 1, RoundState.COMPLETED)
    rnd2 = tournament.round_set.get(number=2)
    for number in (1, 2, 3):
        check_in_mark(
            rnd=rnd2, player=_player(tournament, number), status="present", expected="", by=arbiter
        )

    plan = check_in_summary(rnd2).plan

    assert [(a.number, a.without_notice, a.withdrawal_due) for a in plan] == [(4, True, True)]


def test_absentees_marked_from_a_stale_page_change_nothing(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4)
    _open(tournament, arbiter)
    rnd = tournament.round_set.get(number=1)
    player_check_in(tournament=tournament, code=player_code(_player(tournament, 1)), device="p")
    before = snapshot()

    with pytest.raises(CheckInRefused, match="changed since the page was shown"):
        round_mark_absentees(rnd=rnd, shown=[1, 2, 3, 4], withdraw=[], by=arbiter)
    with pytest.raises(CheckInRefused, match="Only players absent without notice"):
        round_mark_absentees(rnd=rnd, shown=[2, 3, 4], withdraw=[1], by=arbiter)

    assert snapshot() == before


def test_a_refused_bye_leaves_nothing_half_saved(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """No requested byes in the last round: the absentee without notice must be withdrawn (or
    checked in) and the others' byes are not kept either."""
    tournament = tournament_with_players(4, rounds=2)
    Tournament.objects.filter(pk=tournament.pk).update(no_byes_last_rounds=1)
    pair_round(tournament, 1, RoundState.COMPLETED)
    rnd = tournament.round_set.get(number=2)
    check_in_mark(rnd=rnd, player=_player(tournament, 1), status="present", expected="", by=arbiter)
    check_in_mark(rnd=rnd, player=_player(tournament, 2), status="present", expected="", by=arbiter)
    before = snapshot()

    with pytest.raises(CheckInRefused, match="Nothing was done"):
        round_mark_absentees(rnd=rnd, shown=[3, 4], withdraw=[4], by=arbiter)

    assert snapshot() == before
    assert not CheckIn.objects.filter(status=CheckInStatus.NO_SHOW).exists()
    round_mark_absentees(rnd=rnd, shown=[3, 4], withdraw=[3, 4], by=arbiter)
    assert tournament.players.filter(status=PlayerStatus.WITHDRAWN).count() == 2


def test_a_paired_round_s_absentees_are_not_marked(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(CheckInRefused, match="is paired"):
        round_mark_absentees(rnd=rnd, shown=[], withdraw=[], by=arbiter)


def test_the_settings_refuse_a_number_out_of_range(arbiter: User) -> None:
    tournament = tournament_with_players(1)

    with pytest.raises(CheckInRefused, match="0 to 99"):
        check_in_settings_update(
            tournament=tournament, self_check_in=True, absences_before_withdrawal=100, by=arbiter
        )
