"""Ratings per round in a tournament lasting over 30 days (C.07 10; VCL Q212-Q213): a
player's tournament rating from a later round on, which the rating-based tie-breaks use when
the tournament chooses the rating valid in each round (Q214-Q216)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

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
            "Ratings per round are for tournaments lasting over 30 days (C.07 10): flag the "
            "tournament as such in its settings first."
        )
    if not 2 <= from_round <= tournament.rounds:
        raise InvalidPlayer(
            f"Round {from_round}: a later rating applies from round 2 to {tournament.rounds}; "
            "round 1 uses the player's own ratings."
        )
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise InvalidPlayer(f"Rating {rating}: write 0 to {MAX_RATING}, or unrated.")
    kept = PlayerRating.objects.filter(player=player, from_round=from_round).first()
    old = "" if kept is None else f"{kept.rating} from round {from_round}"
    if rating is None:
        if kept is None:
            raise InvalidPlayer(f"{player} has no rating recorded from round {from_round}.")
        kept.delete()
        row = None
    else:
        row, _ = PlayerRating.objects.update_or_create(
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
