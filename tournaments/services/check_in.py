"""Check-in before each round (issue 32): the desk's marks, the players' own check-in from a
phone, the settings, and the absentees marked in one action before pairing.

The marks are rows of `CheckIn`, which record who marked them, how and when; they are not in
the tournament's audit trail (a mark changes no result, pairing or standing, and each audit
entry moves the tournament's revision on, which would void a confirmation another arbiter is
giving meanwhile). What the marks lead to is audited: the absentees' byes and withdrawals, the
settings, the closing time.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain.check_in import (
    Absentee,
    Action,
    absentees_apply,
    absentees_plan,
    check_desk_open,
    check_self_check_in_open,
)
from tournaments.domain.check_in import CheckInRefused as RulesRefused
from tournaments.exceptions import CheckInRefused, TournamentError
from tournaments.models import (
    ByeKind,
    CheckIn,
    CheckInSettings,
    CheckInSource,
    CheckInStatus,
    Player,
    Round,
    Tournament,
)
from tournaments.selectors.check_in import (
    check_in_round,
    check_in_settings,
    desk_rows,
    player_for_code,
    round_entrants,
    round_players,
    round_window,
)
from tournaments.services.availability import bye_request, player_withdraw
from tournaments.services.base import audit, lock_tournament
from tournaments.translation import refusal_text


def _time(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def _refused(refusal: RulesRefused) -> CheckInRefused:
    return CheckInRefused(refusal_text(refusal))


def _status_text(status: str) -> str:
    return str(CheckInStatus(status).label).lower() if status else _("not checked in")


@transaction.atomic
def check_in_mark(
    *, rnd: Round, player: Player, status: str, expected: str, by: User
) -> CheckIn | None:
    """The desk marks `player` in round `rnd`: present, absent, withdrawing, or no mark (`""`).

    Compare-and-set: `expected` is the mark the arbiter saw; if the player checked in from a
    phone or another arbiter marked them meanwhile, `CheckInRefused` (with `conflict`) and
    nothing changes. The same key twice is no change. Refused once the round is paired, for a
    player not in the round, and "present" for a player who has a bye in it (cancel it first).
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    settings = check_in_settings(tournament)
    try:
        check_desk_open(round_window(rnd, settings))
    except RulesRefused as refusal:
        raise _refused(refusal) from None
    if status and status not in CheckInStatus.values or status == CheckInStatus.NO_SHOW:
        raise CheckInRefused(_("Unknown check-in mark."))
    if player.pk not in {each.pk for each in round_players(rnd)}:
        raise CheckInRefused(
            _("%(name)s does not play round %(number)s.")
            % {"name": player.name, "number": rnd.number}
        )
    current = CheckIn.objects.filter(round=rnd, player=player).first()
    now_status = current.status if current else ""
    if now_status == status:
        return current
    if now_status != expected:
        raise CheckInRefused(
            _("%(name)s was marked “%(mark)s” meanwhile: nothing changed. Look again.")
            % {"name": player.name, "mark": _status_text(now_status)},
            conflict=True,
        )
    bye = rnd.byes.filter(player=player).first()
    if bye is not None and status == CheckInStatus.PRESENT:
        raise CheckInRefused(
            _(
                "%(name)s has a bye in round %(number)s (%(bye)s): cancel it on the player's "
                "page first."
            )
            % {"name": player.name, "bye": bye.get_kind_display(), "number": rnd.number}
        )
    if not status:
        CheckIn.objects.filter(round=rnd, player=player).delete()
        return None
    check_in, _created = CheckIn.objects.update_or_create(
        round=rnd,
        player=player,
        defaults={
            "status": status,
            "source": CheckInSource.DESK,
            "device": "",
            "by": by,
            "at": timezone.now(),
        },
    )
    return check_in


@dataclass(frozen=True, slots=True)
class SelfCheckIn:
    """A player's own check-in: who, for which round, when, and whether this phone had already
    checked them in (`again`)."""

    player: Player
    round_number: int
    at: datetime
    again: bool


def device_digest(cookie: str) -> str:
    """What is kept of a phone's cookie: its SHA-256, never the cookie itself."""
    return hashlib.sha256(cookie.encode()).hexdigest()


@transaction.atomic
def player_check_in(*, tournament: Tournament, code: str, device: str) -> SelfCheckIn:
    """A player checks in from a phone with the code on their badge, for the first round not
    yet paired.

    Refused (`CheckInRefused`) when the arbiter has not allowed it, after the closing time or
    the pairing, for a code that is no player's (the same answer for every wrong code), a player
    who does not play the round or has a bye in it, a player the desk marked absent or
    withdrawing, and a player already checked in from another phone (`conflict`: two phones, one
    code). Checking in again from the same phone is no change (`again`). Two phones at once:
    the tournament's lock takes them one after the other.
    """
    tournament = lock_tournament(tournament.pk)
    rnd = check_in_round(tournament)
    if rnd is None:
        raise CheckInRefused(_("Every round is paired: there is no check-in left."))
    try:
        check_self_check_in_open(round_window(rnd, check_in_settings(tournament)), timezone.now())
    except RulesRefused as refusal:
        raise _refused(refusal) from None
    player = player_for_code(tournament, code)
    if player is None:
        raise CheckInRefused(
            _("This is not a check-in code of %(name)s: check it on your badge.")
            % {"name": tournament.name}
        )
    values = {"name": player.name, "number": rnd.number}
    if player.pk not in {each.pk for each in round_players(rnd)}:
        raise CheckInRefused(
            _("%(name)s does not play round %(number)s: see the arbiter.") % values
        )
    bye = rnd.byes.filter(player=player).first()
    if bye is not None:
        raise CheckInRefused(
            _(
                "%(name)s has a bye in round %(number)s (%(bye)s): see the arbiter at the desk "
                "to play."
            )
            % {**values, "bye": bye.get_kind_display()}
        )
    digest = device_digest(device)
    current = CheckIn.objects.filter(round=rnd, player=player).first()
    if current is not None:
        values["time"] = _time(current.at)
        if current.status != CheckInStatus.PRESENT:
            raise CheckInRefused(
                _(
                    "The arbiter recorded %(name)s as “%(mark)s” for round %(number)s: see the "
                    "arbiter at the desk."
                )
                % {**values, "mark": _status_text(current.status)}
            )
        if current.source == CheckInSource.PHONE and current.device == digest:
            return SelfCheckIn(player, rnd.number, current.at, again=True)
        where = (
            _("from another phone") if current.source == CheckInSource.PHONE else _("at the desk")
        )
        raise CheckInRefused(
            _(
                "%(name)s was already checked in for round %(number)s at %(time)s %(where)s. If "
                "that was not you, tell the arbiter at the desk."
            )
            % {**values, "where": where},
            conflict=True,
        )
    check_in = CheckIn.objects.create(
        round=rnd,
        player=player,
        status=CheckInStatus.PRESENT,
        source=CheckInSource.PHONE,
        device=digest,
        at=timezone.now(),
    )
    return SelfCheckIn(player, rnd.number, check_in.at, again=False)


def _settings_text(settings: CheckInSettings) -> str:
    phones = "on" if settings.self_check_in else "off"
    return (
        f"self check-in {phones}, withdrawal after {settings.absences_before_withdrawal} absence(s)"
    )


@transaction.atomic
def check_in_settings_update(
    *, tournament: Tournament, self_check_in: bool, absences_before_withdrawal: int, by: User
) -> CheckInSettings:
    """Allow or stop the players' own check-in, and set after how many absences without notice
    the withdrawal is offered (C.04.2 D.2; 0: never). Audited."""
    tournament = lock_tournament(tournament.pk)
    if not 0 <= absences_before_withdrawal <= 99:
        raise CheckInRefused(_("Give a number of absences from 0 to 99."))
    settings, _created = CheckInSettings.objects.get_or_create(tournament=tournament)
    old = _settings_text(settings)
    settings.self_check_in = self_check_in
    settings.absences_before_withdrawal = absences_before_withdrawal
    settings.save()
    new = _settings_text(settings)
    if old != new:
        audit(
            tournament=tournament, by=by, entity="check_in", entity_id=settings.pk, old=old, new=new
        )
    return settings


@transaction.atomic
def round_set_check_in_closing(*, rnd: Round, closes_at: datetime | None, by: User) -> Round:
    """When the players' own check-in for the round closes (None: at the pairing); refused once
    the round is paired. Audited."""
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    try:
        check_desk_open(round_window(rnd, check_in_settings(tournament)))
    except RulesRefused as refusal:
        raise _refused(refusal) from None
    old = rnd.check_in_closes_at
    rnd.check_in_closes_at = closes_at
    rnd.save(update_fields=["check_in_closes_at", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old=f"round {rnd.number} check-in closes {old.isoformat() if old else 'at the pairing'}",
        new=f"round {rnd.number} check-in closes "
        f"{closes_at.isoformat() if closes_at else 'at the pairing'}",
    )
    return rnd


@transaction.atomic
def round_mark_absentees(
    *, rnd: Round, shown: list[int], withdraw: list[int], by: User
) -> list[Absentee]:
    """Before pairing, in one action: every player of the round who is not checked in, or
    marked absent or withdrawing, is left out of it (C.04.2 D.2-D.4).

    `shown` are the pairing numbers the page listed (if the check-in changed since, nothing is
    done); `withdraw` those absent without notice the arbiter withdraws (offered when the
    regulations' limit is reached, C.04.2 D.2), the others get a zero-point bye through the bye
    service (its refusals stand: none in the tournament's last rounds without byes). The
    withdrawals go through the withdrawal service; absences without notice are recorded as such
    (`NO_SHOW`) for the count. All or nothing, audited.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if tournament.is_round_robin:
        raise CheckInRefused(
            _("A round robin's pairings are fixed: enter an absent player's game as a forfeit.")
        )
    settings = check_in_settings(tournament)
    try:
        check_desk_open(round_window(rnd, settings))
    except RulesRefused as refusal:
        raise _refused(refusal) from None
    entrants = round_entrants(rnd, desk_rows(rnd))
    players = {entrant.number: player for player, entrant in entrants}
    plan = absentees_plan(
        (entrant for _player, entrant in entrants),
        absences_before_withdrawal=settings.absences_before_withdrawal,
    )
    try:
        done = absentees_apply(plan, shown=shown, withdraw=withdraw)
    except RulesRefused as refusal:
        raise _refused(refusal) from None
    for absentee in done:
        player = players[absentee.number]
        try:
            if absentee.action is Action.WITHDRAW:
                player_withdraw(player=player, from_round=rnd.number, by=by)
            else:
                bye_request(player=player, round_number=rnd.number, kind=ByeKind.ZERO_POINT, by=by)
        except TournamentError as refusal:  # the bye's or the withdrawal's, for this player
            raise CheckInRefused(
                _("%(name)s: %(reason)s Nothing was done.")
                % {"name": player.name, "reason": refusal}
            ) from None
        if absentee.without_notice:
            CheckIn.objects.update_or_create(
                round=rnd,
                player=player,
                defaults={
                    "status": CheckInStatus.NO_SHOW,
                    "source": CheckInSource.ABSENTEES,
                    "device": "",
                    "by": by,
                    "at": timezone.now(),
                },
            )
    if done:
        audit(
            tournament=tournament,
            by=by,
            entity="round",
            entity_id=rnd.pk,
            new=f"round {rnd.number}: absentees marked: "
            + ", ".join(
                f"{a.number} {a.action.value}{' (no notice)' if a.without_notice else ''}"
                for a in done
            ),
        )
    return done
