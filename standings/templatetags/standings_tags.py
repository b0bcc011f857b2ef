"""Template filters for the standings pages: tie-break values and the working as people read
them, in the active language."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import get_format
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from standings.labels import CUT_WORDS, SOURCE_WORDS
from standings.selectors import Cell
from standings.tiebreaks import CutReason, Source
from standings.tiebreaks.display import format_value
from tournaments.domain.state import Color, Outcome
from tournaments.translation import translated

register = template.Library()


@register.filter
def tiebreak_value(value: Fraction | None) -> str:
    """`13.5`, `14.75`, `12.93` (`13,5` in Italian, French and Russian: the language's decimal
    separator); an en dash for an undefined value."""
    if value is None:
        return "–"
    return format_value(value).replace(".", get_format("DECIMAL_SEPARATOR"))


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

_WORDS: dict[Outcome, Promise] = {
    Outcome.WIN: gettext_lazy("won"),
    Outcome.DRAW: gettext_lazy("drew"),
    Outcome.LOSS: gettext_lazy("lost"),
    Outcome.FORFEIT_WIN: gettext_lazy("won by forfeit"),
    Outcome.FORFEIT_LOSS: gettext_lazy("lost by forfeit"),
    Outcome.UNRATED_WIN: gettext_lazy("won (not rated)"),
    Outcome.UNRATED_DRAW: gettext_lazy("drew (not rated)"),
    Outcome.UNRATED_LOSS: gettext_lazy("lost (not rated)"),
    Outcome.PAIRING_BYE: gettext_lazy("pairing-allocated bye"),
    Outcome.HALF_BYE: gettext_lazy("half-point bye"),
    Outcome.FULL_BYE: gettext_lazy("full-point bye"),
    Outcome.ZERO_BYE: gettext_lazy("zero-point bye"),
    Outcome.ABSENT: gettext_lazy("absent"),
    Outcome.ADJOURNED: gettext_lazy("adjourned"),
}

_COLOURS = {Color.WHITE: gettext_lazy("white"), Color.BLACK: gettext_lazy("black")}


@register.filter
def outcome_words(outcome: Outcome) -> str:
    """The outcome in words, for titles and screen readers: "won by forfeit", "absent"."""
    return str(_WORDS[outcome])


@register.filter
def source_words(source: Source) -> str:
    """Where a round's value comes from (C.07 16): "forfeited game", "own unplayed round…"."""
    return str(SOURCE_WORDS[source])


@register.filter
def cut_words(reason: str) -> str:
    """Why a value was cut (the `CutReason`'s value the working holds), in words."""
    return str(CUT_WORDS[CutReason(reason)])


@register.filter
def note_words(note: str) -> str:
    """A tie-break's note ("opponents with at least 3 points") in the active language: a
    `Message` of the pure tie-breaks, translated by its template; notation as it is."""
    return translated(note)


@register.simple_tag
def crosstable_cell(cell: Cell) -> str:
    """One round of the crosstable: `12b 1` (opponent's rank, colour, result), `PAB`, `…`
    for a game without a result; the full sentence in the title. A tag rather than an
    included template: a large crosstable has tens of thousands of cells."""
    where = _("Round %(number)d") % {"number": cell.round}
    if cell.pending:
        return format_html(
            '<span class="muted" title="{}">…</span>',
            _("%(round)s: no result yet") % {"round": where},
        )
    if cell.opponent is None:
        return format_html(
            '<span title="{}: {}">{}</span>',
            where,
            _WORDS[cell.outcome],
            OUTCOME_SYMBOLS[cell.outcome],
        )
    return format_html(
        '<span title="{}">{}<span class="xt-colour">{}</span>&nbsp;{}</span>',
        _("%(round)s: %(colour)s against %(name)s (rank %(rank)d), %(outcome)s")
        % {
            "round": where,
            "colour": _COLOURS[cell.color],
            "name": cell.opponent.player.name,
            "rank": cell.opponent.rank,
            "outcome": _WORDS[cell.outcome],
        },
        cell.opponent.rank,
        cell.color.value,
        OUTCOME_SYMBOLS[cell.outcome],
    )
