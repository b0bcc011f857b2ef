"""Ratings per round in a tournament lasting over 30 days (C.07 10; VCL Q212-Q213): a
player's tournament rating from a later round on, which the rating-based tie-breaks use when
the tournament chooses the rating valid in each round (Q214-Q216)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.exceptions import InvalidPlayer
from tournaments.models import MAX_RATING, Player
from tournaments.models.players import PlayerRating
from tournaments.services.base import audit, lock_tournament


@transaction.atomic
def player_rating_set(
    *, player: Player, from_round: int, rating: int | None, by: User
) -> PlayerRating | None:
    """Record `rating` (0: unrated) as the player's tournament rating from round
    `from_round` (2..rounds) on, replacing the one recorded for that round; `rating` None
    removes it. Only in a tournament lasting over 30 days (flagged or dated so); refusals
    raise `InvalidPlayer`. Audited: the standings may change."""
    tournament = lock_tournament(player.tournament_id)
    if not tournament.lasts_over_30_days:
        raise InvalidPlayer(
            _(
                "Ratings per round are for tournaments lasting over 30 days (C.07 10): flag the "
                "tournament as such in its settings first."
            )
        )
    if not 2 <= from_round <= tournament.rounds:
        raise InvalidPlayer(
            _(
                "Round %(number)s: a later rating applies from round 2 to %(rounds)s; round 1 "
                "uses the player's own ratings."
            )
            % {"number": from_round, "rounds": tournament.rounds}
        )
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise InvalidPlayer(
            _("Rating %(rating)s: write 0 to %(max)s, or unrated.")
            % {"rating": rating, "max": MAX_RATING}
        )
    kept = PlayerRating.objects.filter(player=player, from_round=from_round).first()
    old = "" if kept is None else f"{kept.rating} from round {from_round}"
    if rating is None:
        if kept is None:
            raise InvalidPlayer(
                _("%(player)s has no rating recorded from round %(number)s.")
                % {"player": player, "number": from_round}
            )
        kept.delete()
        row = None
    else:
        row, _created = PlayerRating.objects.update_or_create(
            player=player, from_round=from_round, defaults={"rating": rating}
        )
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        old=f"{player.name}: {old}" if old else "",
        new=f"{player.name}: {rating} from round {from_round}" if row is not None else "",
        note="rating per round (tournament over 30 days)",
    )
    return row
