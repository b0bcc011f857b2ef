"""Template filters of the prize pages (issue 33): an amount in the smallest unit written in
its currency, a category's conditions in words, and a rating change to one decimal."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.models import CategoryRating, PrizeCategory

register = template.Library()


def money_text(amount: int, currency: str) -> str:
    """1250, "EUR" → "12.50 EUR" (in the active language's number format)."""
    places = 2 if amount % 100 else 0
    value = number_format(Decimal(amount) / 100, places, use_l10n=True, force_grouping=True)
    return f"{value} {currency}"


@register.filter
def money(amount: int, currency: str) -> str:
    return money_text(amount, currency)


def conditions_text(category: PrizeCategory) -> str:
    """The category's conditions, e.g. "rating 1800 or less, age 13 or less, sex F"."""
    parts: list[str] = []
    if category.min_rating is not None:
        parts.append(_("rating %(value)s or more") % {"value": category.min_rating})
    if category.max_rating is not None:
        parts.append(_("rating %(value)s or less") % {"value": category.max_rating})
    if category.rating == CategoryRating.RATED:
        parts.append(_("rated"))
    elif category.rating == CategoryRating.UNRATED:
        parts.append(_("unrated"))
    if category.min_age is not None:
        parts.append(_("age %(value)s or more") % {"value": category.min_age})
    if category.max_age is not None:
        parts.append(_("age %(value)s or less") % {"value": category.max_age})
    if category.sex:
        parts.append(_("sex %(value)s") % {"value": category.sex})
    if category.federation:
        parts.append(_("federation %(value)s") % {"value": category.federation})
    return ", ".join(parts)


@register.filter
def category_conditions(category: PrizeCategory) -> str:
    return conditions_text(category)


@register.filter
def rating_delta(hundredths: int) -> str:
    """A rating change in hundredths of a point, to one decimal with its sign: 760 → "+7.6"."""
    tenths = (abs(hundredths) + 5) // 10
    sign = "+" if hundredths > 0 else "−" if hundredths < 0 and tenths else ""
    value = number_format(Decimal(tenths) / 10, 1, use_l10n=True)
    return f"{sign}{value}"


@register.filter
def rating_change_of(changes: dict[int, object], pairing_number: int) -> object:
    """The entry of `changes` for a pairing number (None when absent)."""
    return changes.get(pairing_number)
