"""The prize list's use cases (issue 33): the distribution rules, categories and prizes, and a
player's K-factor. Each locks the tournament and records the change in its audit trail."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.exceptions import PrizeRefused
from tournaments.models import (
    CategoryRating,
    Player,
    Prize,
    PrizeCategory,
    PrizeChoice,
    PrizeSettings,
    PrizeSharing,
    Tournament,
)
from tournaments.services.base import audit, lock_tournament

MAX_AMOUNT = 100_000_000
"""The largest prize in the smallest unit (a million in a currency of cents)."""
K_FACTORS = (10, 20, 40)
"""The K-factors of FIDE B.02 8.3.3 (a list's K lowered by K x n <= 700 is computed, not kept)."""


@transaction.atomic
def prize_settings_update(
    *,
    tournament: Tournament,
    currency: str,
    one_per_player: bool,
    choice: str,
    sharing: str,
    hort_percent: int,
    age_on: datetime.date | None,
    by: User | None,
) -> PrizeSettings:
    """Save the distribution rules the regulations announce."""
    tournament = lock_tournament(tournament.pk)
    currency = currency.strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise PrizeRefused(_("A currency is a three-letter code, such as EUR."))
    if choice not in PrizeChoice.values or sharing not in PrizeSharing.values:
        raise PrizeRefused(_("Choose a rule from the list."))
    if not 0 <= hort_percent <= 100:
        raise PrizeRefused(_("The Hort percentage is between 0 and 100."))
    settings, _created = PrizeSettings.objects.get_or_create(tournament=tournament)
    old = _described(settings)
    settings.currency = currency
    settings.one_per_player = one_per_player
    settings.choice = choice
    settings.sharing = sharing
    settings.hort_percent = hort_percent
    settings.age_on = age_on
    settings.save()
    audit(
        tournament=tournament,
        by=by,
        entity="prize rules",
        entity_id=settings.pk,
        old=old,
        new=_described(settings),
    )
    return settings


def _described(settings: PrizeSettings) -> str:
    return (
        f"{settings.currency}, one per player {settings.one_per_player}, {settings.choice}, "
        f"{settings.sharing} {settings.hort_percent}%, ages on {settings.age_on}"
    )


@transaction.atomic
def prize_category_add(
    *,
    tournament: Tournament,
    name: str,
    min_rating: int | None = None,
    max_rating: int | None = None,
    rating: str = CategoryRating.ANY,
    min_age: int | None = None,
    max_age: int | None = None,
    sex: str = "",
    federation: str = "",
    by: User | None,
) -> PrizeCategory:
    """Add a category of prizes (a predicate over the players)."""
    tournament = lock_tournament(tournament.pk)
    name = name.strip()
    if not name:
        raise PrizeRefused(_("A category needs a name."))
    if tournament.prize_categories.filter(name=name).exists():
        raise PrizeRefused(_("There is already a category named %(name)s.") % {"name": name})
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise PrizeRefused(_("The lowest rating of a category is above its highest."))
    if min_age is not None and max_age is not None and min_age > max_age:
        raise PrizeRefused(_("The lowest age of a category is above its highest."))
    if rating not in CategoryRating.values:
        raise PrizeRefused(_("Choose a rule from the list."))
    if not any((min_rating, max_rating, rating, min_age, max_age, sex, federation)):
        raise PrizeRefused(_("A category needs at least one condition."))
    category = PrizeCategory.objects.create(
        tournament=tournament,
        name=name,
        min_rating=min_rating,
        max_rating=max_rating,
        rating=rating,
        min_age=min_age,
        max_age=max_age,
        sex=sex.strip().lower()[:1],
        federation=federation.strip().upper(),
    )
    audit(tournament=tournament, by=by, entity="prize category", entity_id=category.pk, new=name)
    return category


@transaction.atomic
def prize_category_delete(*, category: PrizeCategory, by: User | None) -> None:
    """Remove a category and its prizes."""
    tournament = lock_tournament(category.tournament_id)
    audit(
        tournament=tournament,
        by=by,
        entity="prize category",
        entity_id=category.pk,
        old=category.name,
    )
    category.delete()


@transaction.atomic
def prize_add(
    *,
    tournament: Tournament,
    category: PrizeCategory | None,
    amount: int,
    item: str,
    by: User | None,
) -> Prize:
    """Add the next prize of a category (the place prizes when `category` is None): money in
    the smallest unit, or a thing."""
    tournament = lock_tournament(tournament.pk)
    item = item.strip()
    if category is not None and category.tournament_id != tournament.pk:
        raise PrizeRefused(_("This category belongs to another tournament."))
    if (amount > 0) == bool(item):
        raise PrizeRefused(_("A prize is either an amount of money or a thing, not both."))
    if not 0 <= amount <= MAX_AMOUNT:
        raise PrizeRefused(_("A prize's amount is between 0 and 1,000,000."))
    place = tournament.prizes.filter(category=category).count() + 1
    prize = Prize.objects.create(
        tournament=tournament, category=category, place=place, amount=amount, item=item
    )
    audit(
        tournament=tournament,
        by=by,
        entity="prize",
        entity_id=prize.pk,
        new=f"{category or 'Place'} {place}: {item or amount}",
    )
    return prize


@transaction.atomic
def prize_delete(*, prize: Prize, by: User | None) -> None:
    """Remove a prize; the category's later prizes move up a place."""
    tournament = lock_tournament(prize.tournament_id)
    audit(
        tournament=tournament,
        by=by,
        entity="prize",
        entity_id=prize.pk,
        old=f"{prize}: {prize.item or prize.amount}",
    )
    later = tournament.prizes.filter(category=prize.category_id, place__gt=prize.place)
    prize.delete()
    for moved in later.order_by("place"):
        moved.place -= 1
        moved.save(update_fields=["place"])


@transaction.atomic
def player_set_k_factor(*, player: Player, k_factor: int | None, by: User | None) -> Player:
    """Enter the player's K as the rating list gives it (None: computed, B.02 8.3.3)."""
    tournament = lock_tournament(player.tournament_id)
    if k_factor is not None and k_factor not in K_FACTORS:
        raise PrizeRefused(_("A K-factor is 10, 20 or 40."))
    player = Player.objects.select_for_update().get(pk=player.pk)
    old = player.k_factor
    player.k_factor = k_factor
    player.save(update_fields=["k_factor", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        old=f"{player}: K {old}",
        new=f"{player}: K {k_factor}",
    )
    return player
