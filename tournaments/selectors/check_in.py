"""Reads of the check-in (issue 32): each player's code, a round's check-in list, the players
who should play it and the absentees' plan shown before pairing."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from tournaments.domain.check_in import (
    Absentee,
    Entrant,
    Mark,
    Window,
    absentees_plan,
    code_text,
    normalized_code,
)
from tournaments.models import (
    Bye,
    CheckIn,
    CheckInSettings,
    CheckInStatus,
    Player,
    PlayerStatus,
    Round,
    RoundState,
    Tournament,
)

CODE_SALT = "tournaments.check-in.code"


def player_code(player: Player) -> str:
    """The player's check-in code: ten characters of an HMAC of the tournament's and the
    player's ids under the site's SECRET_KEY (Django's `salted_hmac`), so nobody can work out
    one code from others; nothing is stored. A new SECRET_KEY makes new codes (print the
    badges again)."""
    digest = salted_hmac(
        CODE_SALT, f"{player.tournament_id}:{player.pk}", algorithm="sha256"
    ).digest()
    return code_text(digest)


def player_for_code(tournament: Tournament, typed: str) -> Player | None:
    """The tournament's player whose code `typed` is, or None. Every player's code is compared,
    each in constant time (`hmac.compare_digest`), so the answer's timing tells nothing of how
    close a guess came."""
    code = normalized_code(typed) or "-" * 10
    found = None
    for player in tournament.players.all():
        if hmac.compare_digest(player_code(player), code) and found is None:
            found = player
    return found


def check_in_settings(tournament: Tournament) -> CheckInSettings:
    """The tournament's check-in settings; the defaults (unsaved) until the arbiter sets them."""
    settings = CheckInSettings.objects.filter(tournament=tournament).first()
    return settings or CheckInSettings(tournament=tournament)


def round_window(rnd: Round, settings: CheckInSettings) -> Window:
    """The round's check-in window, its closing time on the hall's clock (the site's zone)."""
    closes_at = rnd.check_in_closes_at
    return Window(
        number=rnd.number,
        paired=rnd.state != RoundState.NOT_PAIRED,
        closes_at=timezone.localtime(closes_at) if closes_at else None,
        self_check_in=settings.self_check_in,
    )


def check_in_round(tournament: Tournament) -> Round | None:
    """The round players check in for: the first one not yet paired (None when every round
    is)."""
    return tournament.round_set.filter(state=RoundState.NOT_PAIRED).order_by("number").first()


def round_players(rnd: Round) -> list[Player]:
    """The players who take part in the round: entered by then (late entries from their first
    round) and not withdrawn before it, by name."""
    players = rnd.tournament.players.filter(first_round__lte=rnd.number).filter(
        Q(status=PlayerStatus.ACTIVE) | Q(withdrawn_from_round__gt=rnd.number)
    )
    return sorted(players, key=lambda player: (player.name.casefold(), player.pairing_number))


@dataclass(frozen=True, slots=True)
class DeskRow:
    """A line of the check-in list: the player, their mark (None: not checked in), and the bye
    they already have in the round (None: none)."""

    player: Player
    check_in: CheckIn | None
    bye: Bye | None

    @property
    def status(self) -> str:
        return self.check_in.status if self.check_in else ""


def desk_rows(rnd: Round) -> list[DeskRow]:
    """The round's check-in list by name: every player of the round, with their mark and bye."""
    marks = {row.player_id: row for row in rnd.check_ins.all()}
    byes = {bye.player_id: bye for bye in rnd.byes.all()}
    return [
        DeskRow(player, marks.get(player.pk), byes.get(player.pk)) for player in round_players(rnd)
    ]


def round_entrants(rnd: Round, rows: list[DeskRow]) -> list[tuple[Player, Entrant]]:
    """The players who should play the round (no bye in it), each as the rules see them: the
    mark and the rounds they missed without notice before."""
    earlier = dict(
        CheckIn.objects.filter(
            round__tournament_id=rnd.tournament_id,
            round__number__lt=rnd.number,
            status=CheckInStatus.NO_SHOW,
        )
        .values_list("player_id")
        .annotate(count=Count("id"))
    )
    return [
        (
            row.player,
            Entrant(
                number=row.player.pairing_number,
                name=row.player.name,
                mark=Mark(row.status) if row.status else None,
                absences_before=earlier.get(row.player.pk, 0),
            ),
        )
        for row in rows
        if row.bye is None
    ]


@dataclass(frozen=True, slots=True)
class CheckInSummary:
    """What the pairing page shows before pairing: how many players checked in and who is not
    paired if the arbiter marks the absentees now."""

    started: bool
    present: int
    expected: int
    plan: list[Absentee]


def check_in_summary(rnd: Round) -> CheckInSummary:
    """The round's check-in as the pairing page shows it; `started` once any player is marked."""
    rows = desk_rows(rnd)
    settings = check_in_settings(rnd.tournament)
    entrants = round_entrants(rnd, rows)
    plan = absentees_plan(
        (entrant for _player, entrant in entrants),
        absences_before_withdrawal=settings.absences_before_withdrawal,
    )
    return CheckInSummary(
        started=any(row.check_in for row in rows),
        present=sum(1 for row in rows if row.status == CheckInStatus.PRESENT),
        expected=len(entrants),
        plan=plan,
    )
