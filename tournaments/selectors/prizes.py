"""The prize list read from its rows (issue 33): the rules, the categories and the prizes as
`tournaments.domain.prizes` speaks them, each domain prize with its row."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournaments.domain import prizes as domain
from tournaments.models import (
    CategoryRating,
    Player,
    Prize,
    PrizeCategory,
    PrizeSettings,
    Tournament,
)


@dataclass(frozen=True, slots=True)
class PrizeList:
    """A tournament's prize list: the rules (defaults when never saved), the categories and
    prizes in the order the arbiter listed them, and the domain's view of them."""

    settings: PrizeSettings
    categories: tuple[PrizeCategory, ...]
    prizes: tuple[Prize, ...]
    rules: domain.Rules
    domain_prizes: tuple[domain.Prize, ...]
    rows: dict[domain.Prize, Prize]

    @property
    def currency(self) -> str:
        return self.settings.currency

    @property
    def fund(self) -> int:
        return domain.fund(self.domain_prizes)


def age_date(tournament: Tournament, settings: PrizeSettings) -> datetime.date | None:
    """The date ages are counted on: the rules' date, else the tournament's start."""
    return settings.age_on or tournament.start_date


def domain_category(category: PrizeCategory, age_on: datetime.date | None) -> domain.Category:
    unrated = {CategoryRating.RATED: False, CategoryRating.UNRATED: True}.get(
        CategoryRating(category.rating or CategoryRating.ANY)
    )
    return domain.Category(
        name=category.name,
        min_rating=category.min_rating,
        max_rating=category.max_rating,
        unrated=unrated,
        min_age=category.min_age,
        max_age=category.max_age,
        age_on=age_on,
        sex=category.sex,
        federation=category.federation,
    )


def prize_list(tournament: Tournament) -> PrizeList:
    """The tournament's prize list (two queries and the settings)."""
    settings = PrizeSettings.objects.filter(tournament=tournament).first() or PrizeSettings(
        tournament=tournament
    )
    categories = tuple(tournament.prize_categories.all())
    prizes = tuple(tournament.prizes.select_related("category").order_by("pk"))
    age_on = age_date(tournament, settings)
    by_id = {category.pk: domain_category(category, age_on) for category in categories}
    rows: dict[domain.Prize, Prize] = {}
    for prize in prizes:
        category = by_id[prize.category_id] if prize.category_id else domain.GENERAL
        rows[domain.Prize(category, prize.place, prize.amount, prize.item)] = prize
    rules = domain.Rules(
        one_per_player=settings.one_per_player,
        choice=domain.Choice(settings.choice),
        sharing=domain.Sharing(settings.sharing),
        hort_percent=settings.hort_percent,
    )
    return PrizeList(settings, categories, prizes, rules, tuple(rows), rows)


def birth_year(player: Player) -> int | None:
    """The year of the player's birth date (YYYY or YYYY/MM/DD), None when unknown."""
    year = player.birth_date[:4]
    return int(year) if year.isdigit() and int(year) > 0 else None
