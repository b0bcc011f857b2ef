"""The tie-break menu of the settings form: every code the standings compute, each variant
written out with its name beside it ("BH/C1 — Buchholz cut 1"), in the active language
(checklist Q104, Q199).

The codes are `tournaments.domain.tiebreaks.menu_codes`; the names are FIDE's terms, the same
words the standings pages use (`standings.labels`, which this app may not import: the
catalogues hold each word once, so both read the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain.tiebreaks import (
    TIEBREAKS,
    TiebreakCodeError,
    is_buchholz,
    menu_codes,
    parse_tiebreak,
    tiebreak_text,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

NAMES: dict[str, StrOrPromise] = {
    "DE": gettext_lazy("Direct encounter"),
    "WIN": gettext_lazy("Number of wins"),
    "WON": gettext_lazy("Games won over the board"),
    "BPG": gettext_lazy("Games played with Black"),
    "BWG": gettext_lazy("Games won with Black"),
    "PS": gettext_lazy("Progressive scores"),
    "GE": gettext_lazy("Games one elected to play"),
    "REP": gettext_lazy("Rounds one elected to play"),
    "BH": gettext_lazy("Buchholz"),
    "AOB": gettext_lazy("Average of opponents' Buchholz"),
    "FB": gettext_lazy("Fore Buchholz"),
    "SB": gettext_lazy("Sonneborn-Berger"),
    "KS": gettext_lazy("Koya system"),
    "ARO": gettext_lazy("Average rating of opponents"),
    "TPR": gettext_lazy("Tournament performance rating"),
    "PTP": gettext_lazy("Perfect tournament performance"),
    "APRO": gettext_lazy("Average performance rating of opponents"),
    "APPO": gettext_lazy("Average perfect performance of opponents"),
    "STD": gettext_lazy("Standard points"),
    "TPN": gettext_lazy("Pairing number"),
    "RTNG": gettext_lazy("Rating"),
    "MAN": gettext_lazy("Manual tie-break"),
}
"""The names of the tie-breaks the standings compute (C.07 6-10, TRF-2026's order codes)."""


def tiebreak_label(code: str) -> str:
    """ "BH/C1 — Buchholz cut 1", "KS/L-1 — Koya system limit -1"; a team tie-break, which
    the standings only record, says so."""
    parsed = parse_tiebreak(code)
    entry = parsed.definition
    if entry.code not in NAMES:
        return _("%(code)s — %(name)s: recorded, not computed") % {
            "code": code,
            "name": entry.name,
        }
    name = str(NAMES[entry.code])
    if parsed.cut_high:
        name = _("%(name)s median %(count)d") % {"name": name, "count": parsed.cut_high}
    elif parsed.cut_low:
        name = _("%(name)s cut %(count)d") % {"name": name, "count": parsed.cut_low}
    elif parsed.limit:
        name = _("%(name)s limit %(limit)+d") % {"name": name, "limit": parsed.limit}
    elif parsed.reverse:
        name = _("%(name)s reversed") % {"name": name}
    return f"{code} — {name}"


def tiebreak_choices(*, round_robin: bool = False) -> list[tuple[str, str]]:
    """The menu in the active language: empty, every computed code and variant, then the team
    tie-breaks the standings only record."""
    computed = [(code, tiebreak_label(code)) for code in menu_codes(round_robin=round_robin)]
    team = [
        (entry.code, tiebreak_label(entry.code))
        for entry in TIEBREAKS
        if not entry.computed and not (round_robin and is_buchholz(entry.code))
    ]
    return [("", "—"), *computed, *team]


class TiebreakField(forms.ChoiceField):
    """One slot of the ordered list. A posted code is read in its canonical spelling (`ks/l1`
    is `KS/L+1`); a code of the C.07 menu that the list does not show (an imported `KS/L+3`
    or a team selector) is accepted, and `menu_with` shows a stored one, so saving the
    settings never drops it."""

    def to_python(self, value: object) -> str:
        text = str(super().to_python(value))
        try:
            return tiebreak_text(text) if text else ""
        except TiebreakCodeError:
            return text

    def valid_value(self, value: str) -> bool:
        if super().valid_value(value):
            return True
        try:
            tiebreak_text(value)
        except TiebreakCodeError:
            return False
        return True


def menu_with(menu: list[tuple[str, str]], code: str) -> list[tuple[str, str]]:
    """`menu`, with `code` (a stored one) added when the menu does not list it."""
    if not code or code in {value for value, _label in menu}:
        return menu
    try:
        return [*menu, (code, tiebreak_label(code))]
    except TiebreakCodeError:
        return [*menu, (code, code)]
