"""Field validators of the models, reading the domain's rules."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.domain.tiebreaks import tiebreak_list_problems
from tournaments.translation import translated


def validate_tiebreak_codes(value: object) -> None:
    """A list of codes of the C.07 menu (`tournaments.domain.tiebreaks`), each listed once
    (DE and EDE excepted, C.07 6)."""
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError("The tie-breaks must be a list of codes such as BH/C1, BH, SB.")
    problems = tiebreak_list_problems(value)
    if problems:
        raise ValidationError(
            " ".join(translated(problem) for problem in problems), code="invalid_tiebreaks"
        )
