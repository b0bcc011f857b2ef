"""Scoring-system lines: JaVaFo `XXS`, bbpPairings `BBW BBD BBL BBZ BBF BBU`, TRF-2026 `162`.

All three map onto `Scoring` (half-points). A shortcut that sets several values (`XXS W`, `BBW`,
`162 W`) gives way to a line or code that sets one of them (`XXS FW`, `BBU`, `162 P`), whatever
their order. The pairing-allocated bye scores a win unless set (TRF-2026 `162`: P defaults to W;
bbpPairings: BBU defaults to BBW).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Points, Scoring
from tournaments.domain.trf.columns import format_points, half_points, tokens
from tournaments.domain.trf.model import TrfError, TrfWriteError

_WINS = ("win", "forfeit_win", "full_bye")
_DRAWS = ("draw", "half_bye")

# XXS code -> (Scoring fields, is a shortcut). WW/BW etc. must agree: Scoring has no colours.
_XXS: dict[str, tuple[tuple[str, ...], bool]] = {
    "W": (_WINS, True),
    "D": (_DRAWS, True),
    "WW": (("win",), False),
    "BW": (("win",), False),
    "WD": (("draw",), False),
    "BD": (("draw",), False),
    "WL": (("loss",), False),
    "BL": (("loss",), False),
    "ZPB": (("zero_bye",), False),
    "HPB": (("half_bye",), False),
    "FPB": (("full_bye",), False),
    "PAB": (("pairing_bye",), False),
    "FW": (("forfeit_win",), False),
    "FL": (("forfeit_loss",), False),
}
_BB: dict[str, tuple[tuple[str, ...], bool]] = {
    "BBW": (_WINS, True),
    "BBD": (_DRAWS, True),
    "BBL": (("loss",), False),
    "BBZ": (("zero_bye",), False),
    "BBF": (("forfeit_loss",), False),
    "BBU": (("pairing_bye",), False),
}
# 162 code -> fields; `Z` is how bbpPairings reads absence, `X` is the unknown (adjourned) result.
_TRF26: dict[str, tuple[tuple[str, ...], bool]] = {
    "W": (_WINS, True),
    "D": (_DRAWS, True),
    "L": (("loss",), False),
    "A": (("zero_bye", "forfeit_loss"), True),
    "Z": (("zero_bye", "forfeit_loss"), True),
    "P": (("pairing_bye",), False),
    "X": (("unknown",), False),
}
_COLOURED = {"XXS WW", "XXS BW", "XXS WD", "XXS BD", "XXS WL", "XXS BL"}
_XXS_ORDER = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")


@dataclass
class ScoringReader:
    """Collects the scoring lines of a file; `scoring()` combines them."""

    shortcuts: dict[str, Points] = field(default_factory=dict)
    exact: dict[str, tuple[Points, str]] = field(default_factory=dict)

    @staticmethod
    def accepts(code: str) -> bool:
        return code in ("XXS", "162") or code in _BB

    def read(self, line: str, number: int) -> None:
        code = line[:3]
        if code == "XXS":
            for word, column in tokens(line, 4):
                name, sign, value = word.partition("=")
                if not sign:
                    raise TrfError(
                        Message(
                            gettext_noop("XXS expects CODE=VALUE, not %(word)s"), word=repr(word)
                        ),
                        line=number,
                        column=column,
                    )
                self._set(_XXS, name.upper(), value, number, column, f"XXS {name.upper()}")
        elif code == "162":
            words = tokens(line, 4)
            for (name, column), (value, _) in zip(words[::2], words[1::2], strict=False):
                self._set(_TRF26, name.upper(), value, number, column, f"162 {name.upper()}")
            if len(words) % 2:
                word, column = words[-1]
                raise TrfError(
                    Message(gettext_noop("162 code %(word)s has no points"), word=repr(word)),
                    line=number,
                    column=column,
                )
        else:
            words = tokens(line, 4)
            if not words:
                raise TrfError(
                    Message(gettext_noop("%(code)s needs the points"), code=code),
                    line=number,
                    column=5,
                )
            self._set(_BB, code, words[0][0], number, words[0][1], code)

    def _set(
        self,
        table: dict[str, tuple[tuple[str, ...], bool]],
        code: str,
        value: str,
        number: int,
        column: int,
        what: str,
    ) -> None:
        if code not in table:
            raise TrfError(
                Message(gettext_noop("unknown scoring code %(what)s"), what=repr(what)),
                line=number,
                column=column,
            )
        names, shortcut = table[code]
        points = half_points(value, number, column, what)
        for name in names:
            if shortcut:
                self.shortcuts[name] = points
                continue
            earlier = self.exact.get(name)
            if (
                earlier is not None
                and earlier[0] != points
                and {earlier[1], what} <= _COLOURED
                and earlier[1] != what
            ):
                raise TrfError(
                    Message(
                        gettext_noop(
                            "%(what)s=%(points)s but %(other)s=%(other_points)s: "
                            "colour-dependent scores are not supported"
                        ),
                        what=what,
                        points=format_points(points),
                        other=earlier[1],
                        other_points=format_points(earlier[0]),
                    ),
                    line=number,
                    column=column,
                )
            self.exact[name] = (points, what)

    def scoring(self) -> Scoring:
        values: dict[str, Points] = {
            f.name: getattr(Scoring(), f.name) for f in fields(Scoring) if f.name != "unknown"
        }
        values.update(self.shortcuts)
        values.update({name: exact[0] for name, exact in self.exact.items()})
        if "pairing_bye" not in self.exact:
            values["pairing_bye"] = values["win"]
        return replace(Scoring(), **values)


def xxs_line(scoring: Scoring) -> str:
    """The JaVaFo `XXS` line that gives every value of `scoring` explicitly."""
    values = {
        "WW": scoring.win,
        "BW": scoring.win,
        "WD": scoring.draw,
        "BD": scoring.draw,
        "WL": scoring.loss,
        "BL": scoring.loss,
        "ZPB": scoring.zero_bye,
        "HPB": scoring.half_bye,
        "FPB": scoring.full_bye,
        "PAB": scoring.pairing_bye,
        "FW": scoring.forfeit_win,
        "FL": scoring.forfeit_loss,
    }
    return "XXS " + " ".join(f"{code}={format_points(values[code])}" for code in _XXS_ORDER)


def trf26_scoring_line(scoring: Scoring) -> str:
    """The TRF-2026 `162` line: code at column 6 + 9k, points at 7-10 + 9k.

    162 has one value for win, forfeit win and full-point bye, one for draw and half-point bye,
    and one for absence and forfeit loss; other systems cannot be written.
    """
    groups = {
        "W": {scoring.win, scoring.forfeit_win, scoring.full_bye},
        "D": {scoring.draw, scoring.half_bye},
        "L": {scoring.loss},
        "A": {scoring.zero_bye, scoring.forfeit_loss},
        "P": {scoring.pairing_bye},
    }
    if scoring.unknown is not None:
        groups["X"] = {scoring.unknown}
    parts = []
    for code, values in groups.items():
        if len(values) != 1:
            raise TrfWriteError(f"TRF-2026 line 162 cannot express {scoring} (code {code})")
        parts.append(f"{code}{format_points(values.pop()):>4}")
    return "162  " + "    ".join(parts)
