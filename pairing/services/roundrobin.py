"""The round robin's drawing of numbers (C.05 Annex 1; VCL Q95): by lot or by the arbiter.

A round robin is paired from the Berger tables by pairing number, so the numbers are drawn
before round 1 and locked once it is paired. The drawing also fixes the number of rounds: n - 1
per cycle for an even field of n, n for an odd one (the bye), twice that in a double round
robin. A registration after the drawing renumbers the field (`tournaments.services.players`)
and asks for a new drawing (FIDE Tournament Rules, C.06 II: the lots are drawn again).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from pairing.roundrobin.berger import BergerTableError, total_rounds
from tournaments.domain.messages import reason
from tournaments.exceptions import ConfigurationRefused, SettingsLocked
from tournaments.models import Player, Round, RoundState, Tournament
from tournaments.selectors.state import paired_from
from tournaments.services.base import audit, lock_tournament
from tournaments.translation import translated

__all__ = ["tournament_draw_numbers"]


@transaction.atomic
def tournament_draw_numbers(
    *, tournament: Tournament, by: User | None, order: Sequence[int] | None = None
) -> list[Player]:
    """Give the round robin's pairing numbers; returns the players in their new order.

    `order` None: drawn by lot with a `secrets` seed that is recorded (`numbers_seed`), so the
    drawing can be shown again. Otherwise `order` lists the ids of every player, number 1
    first (the arbiter's own drawing). The tournament gets the rounds of its schedule.
    Refused for a Swiss, for a field outside the tables (3-99) and once round 1 is paired.
    """
    tournament = lock_tournament(tournament.pk)
    if not tournament.is_round_robin:
        raise ConfigurationRefused(_("Only a round robin draws its pairing numbers by lot."))
    if paired_from(tournament, 1):
        raise SettingsLocked(
            _("Round 1 is paired: the round robin's pairing numbers are fixed (C.05 Annex 1).")
        )
    players = list(tournament.players.order_by("pairing_number"))
    try:
        rounds = total_rounds(len(players), cycles=tournament.cycles)
    except BergerTableError as error:
        raise ConfigurationRefused(translated(reason(error))) from None
    old = ", ".join(f"{player.pairing_number}. {player.name}" for player in players)
    if order is None:
        seed = secrets.randbits(62)
        random.Random(seed).shuffle(players)
        tournament.numbers_seed = seed
    else:
        by_id = {player.pk: player for player in players}
        if sorted(order) != sorted(by_id):
            raise ConfigurationRefused(_("Give every player of the tournament one number, once."))
        players = [by_id[pk] for pk in order]
        tournament.numbers_seed = None
    _number(players)
    _schedule(tournament, rounds)
    tournament.numbers_drawn = True
    tournament.save(update_fields=["numbers_drawn", "numbers_seed", "rounds", "updated"])
    how = f"drawn by lot (seed {tournament.numbers_seed})" if order is None else "set by hand"
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        old=old,
        new=f"round-robin numbers {how}: "
        + ", ".join(f"{player.pairing_number}. {player.name}" for player in players)
        + f"; {rounds} rounds",
    )
    return players


def _number(players: list[Player]) -> None:
    """Number the players 1..n in list order (through free numbers: they are unique)."""
    offset = max((player.pairing_number for player in players), default=0) + len(players)
    for index, player in enumerate(players, start=1):
        player.pairing_number = offset + index
    Player.objects.bulk_update(players, ["pairing_number"])
    for index, player in enumerate(players, start=1):
        player.pairing_number = index
    Player.objects.bulk_update(players, ["pairing_number"])


def _schedule(tournament: Tournament, rounds: int) -> None:
    """Rounds 1..`rounds`, none of them paired yet (checked by the caller)."""
    tournament.round_set.filter(number__gt=rounds, state=RoundState.NOT_PAIRED).delete()
    existing = set(tournament.round_set.values_list("number", flat=True))
    Round.objects.bulk_create(
        Round(tournament=tournament, number=number)
        for number in range(1, rounds + 1)
        if number not in existing
    )
    tournament.rounds = rounds
