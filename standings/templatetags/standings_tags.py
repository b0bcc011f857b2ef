"""Template filters for the standings pages: tie-break values as people read them."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.html import format_html

from standings.selectors import Cell
from standings.tiebreaks.display import format_value
from tournaments.domain.state import Outcome

register = template.Library()


@register.filter
def tiebreak_value(value: Fraction | None) -> str:
    """`13.5`, `14.75`, `12.93`; an en dash for an undefined value."""
    return format_value(value) if value is not None else "–"


OUTCOME_SYMBOLS = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.UNRATED_WIN: "1",
    Outcome.UNRATED_DRAW: "½",
    Outcome.UNRATED_LOSS: "0",
    Outcome.PAIRING_BYE: "PAB",
    Outcome.HALF_BYE: "H",
    Outcome.FULL_BYE: "F",
    Outcome.ZERO_BYE: "Z",
    Outcome.ABSENT: "–",
    Outcome.ADJOURNED: "?",
}

_WORDS = {
    Outcome.WIN: "won",
    Outcome.DRAW: "drew",
    Outcome.LOSS: "lost",
    Outcome.FORFEIT_WIN: "won by forfeit",
    Outcome.FORFEIT_LOSS: "lost by forfeit",
    Outcome.UNRATED_WIN: "won (not rated)",
    Outcome.UNRATED_DRAW: "drew (not rated)",
    Outcome.UNRATED_LOSS: "lost (not rated)",
    Outcome.PAIRING_BYE: "pairing-allocated bye",
    Outcome.HALF_BYE: "half-point bye",
    Outcome.FULL_BYE: "full-point bye",
    Outcome.ZERO_BYE: "zero-point bye",
    Outcome.ABSENT: "absent",
    Outcome.ADJOURNED: "adjourned",
}


@register.filter
def outcome_words(outcome: Outcome) -> str:
    """The outcome in words, for titles and screen readers: "won by forfeit", "absent"."""
    return _WORDS[outcome]


@register.simple_tag
def crosstable_cell(cell: Cell) -> str:
    """One round of the crosstable: `12b 1` (opponent's rank, colour, result), `PAB`, `…`
    for a game without a result; the full sentence in the title. A tag rather than an
    included template: a large crosstable has tens of thousands of cells."""
    where = f"Round {cell.round}"
    if cell.pending:
        return format_html('<span class="muted" title="{}: no result yet">…</span>', where)
    if cell.opponent is None:
        return format_html(
            '<span title="{}: {}">{}</span>',
            where,
            _WORDS[cell.outcome],
            OUTCOME_SYMBOLS[cell.outcome],
        )
    return format_html(
        '<span title="{}: {} against {} (rank {}), {}">{}<span class="xt-colour">{}</span>'
        "&nbsp;{}</span>",
        where,
        cell.color.name.lower(),
        cell.opponent.player.name,
        cell.opponent.rank,
        _WORDS[cell.outcome],
        cell.opponent.rank,
        cell.color.value,
        OUTCOME_SYMBOLS[cell.outcome],
    )
