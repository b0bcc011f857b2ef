"""Tournament use cases: create, change the settings (the import from TRF: `trf_import.service`,
composed with the engine by `pairing.services.trf_import`).

Each is one transactional, keyword-only function that first locks the tournament row
(`services.base.lock_tournament`: one writer per tournament); refusals raise the errors of
`tournaments.exceptions`.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import secrets
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import models, transaction

from tournaments.domain.configuration import combined, rounds_problem
from tournaments.domain.roundrobin import DOUBLE_ROUND_ROBIN_TYPE, ROUND_ROBIN_TYPE
from tournaments.domain.settings_changes import (
    SettingLocked,
    Setup,
    SetupRefused,
    check_dates,
    check_setup,
    kept_rounds,
    settings_change,
    tiebreak_codes,
)
from tournaments.domain.tiebreaks import DEFAULT_TIEBREAKS, ROUND_ROBIN_TIEBREAKS
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import ConfigurationRefused, SettingsLocked
from tournaments.models import (
    SCORE_FIELDS,
    ArbiterRole,
    InitialColor,
    IntegrityEventKind,
    PairingSystem,
    Round,
    RoundState,
    Tournament,
    TournamentFormat,
)
from tournaments.models.tournament import TiebreakRatings, TournamentRatingMethod, UnratedRule
from tournaments.selectors.state import next_round_number
from tournaments.services.base import (
    audit,
    lock_tournament,
    require_confirmation,
    tournament_insert,
)
from tournaments.services.integrity import deleted_rows, integrity_event_record, snapshot_rows
from tournaments.services.reports import ReportStart, tournament_start_report_details
from tournaments.translation import refusal_text, translated, translated_warning


@dataclass(frozen=True, kw_only=True)
class TournamentSettings:
    """What the arbiter sets for a tournament; scores in half-points.

    `pairing_system` None: the edition in force on the start date. `initial_color` None: the
    program draws it (a recorded seed).
    """

    name: str
    city: str = ""
    federation: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    chief_arbiter: str = ""
    deputy_arbiter: str = ""
    rounds: int = 9
    scoring: dict[str, int] = field(default_factory=dict)
    tiebreaks: list[str] = field(default_factory=lambda: list(DEFAULT_TIEBREAKS))
    pairing_system: PairingSystem | None = None
    initial_color: InitialColor | None = None
    max_half_point_byes: int = 1
    no_byes_last_rounds: int = 1
    drawing_of_lots: bool = False
    chess960: bool = False
    rating_method: TournamentRatingMethod = TournamentRatingMethod.FIDE
    unrated_rule: UnratedRule = UnratedRule.UNDEFINED
    unrated_rating: int = 0
    long_event: bool = False
    tiebreak_ratings: TiebreakRatings = TiebreakRatings.FIRST
    format: TournamentFormat = TournamentFormat.SWISS
    swap_last_two_rounds: bool = True
    baku_acceleration: bool = False


RATING_LOCKED_FIELDS = ("rating_method", "unrated_rule", "unrated_rating", "tiebreak_ratings")
"""Announced before the start (C.04.2 B; C.07 10): fixed once round 1 is paired."""
RATING_FIELDS = (*RATING_LOCKED_FIELDS, "long_event")

FIXED_FIELDS = (
    "format",
    "pairing_system",
    "initial_color",
    "swap_last_two_rounds",
    *SCORE_FIELDS,
    *RATING_LOCKED_FIELDS,
)
"""The settings round 1's pairing fixes (`Setup.fixed`): the format, the rules edition, the
initial colour, the scoring, the tournament rating and its rules (C.04.2 B; C.07 10)."""


def color_from_seed(seed: int) -> InitialColor:
    """The initial colour a recorded seed gives: white for an even seed, black for an odd one."""
    return InitialColor.WHITE if seed % 2 == 0 else InitialColor.BLACK


_PLAIN_FIELDS = (
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiter",
    "tiebreaks",
    "max_half_point_byes",
    "no_byes_last_rounds",
    "drawing_of_lots",
    "chess960",
    "format",
    "swap_last_two_rounds",
    "baku_acceleration",
    *RATING_FIELDS,
)

TOURNAMENT_TYPES = {
    TournamentFormat.SWISS: "Individual: Swiss-System",
    TournamentFormat.ROUND_ROBIN: ROUND_ROBIN_TYPE,
    TournamentFormat.DOUBLE_ROUND_ROBIN: DOUBLE_ROUND_ROBIN_TYPE,
}
"""The tournament type (TRF 092) each format writes."""


def _apply(tournament: Tournament, settings: TournamentSettings) -> None:
    for name in _PLAIN_FIELDS:
        setattr(tournament, name, getattr(settings, name))
    for name in SCORE_FIELDS:
        if name in settings.scoring:
            setattr(tournament, name, settings.scoring[name])
    tournament.pairing_system = settings.pairing_system or PairingSystem.for_start_date(
        settings.start_date
    )
    if tournament.tournament_type in TOURNAMENT_TYPES.values():
        tournament.tournament_type = TOURNAMENT_TYPES[TournamentFormat(settings.format)]
    if tournament.is_round_robin:
        # The bye of an odd round robin is the table's empty seat: no game, no point.
        tournament.points_pairing_bye = tournament.points_zero_bye
        if list(tournament.tiebreaks) == list(DEFAULT_TIEBREAKS):
            tournament.tiebreaks = list(ROUND_ROBIN_TIEBREAKS)  # the Swiss list left as it came
    if settings.initial_color is not None:
        tournament.initial_color = settings.initial_color
        tournament.initial_color_seed = None
    elif tournament.initial_color_seed is None:
        tournament.initial_color_seed = secrets.randbits(62)
        tournament.initial_color = color_from_seed(tournament.initial_color_seed)


def _setup(tournament: Tournament, *, rounds: int | None = None) -> Setup:
    """The tournament's settings as the rules of a change see them (its rounds: `rounds`, when
    the change is not written yet)."""
    return Setup(
        rounds=tournament.rounds if rounds is None else rounds,
        tiebreaks=tuple(tournament.tiebreaks),
        scoring=tournament.scoring,
        round_robin=tournament.is_round_robin,
        baku_acceleration=tournament.baku_acceleration,
        fixed={name: getattr(tournament, name) for name in FIXED_FIELDS},
    )


def _check_dates(settings: TournamentSettings) -> None:
    try:
        check_dates(start=settings.start_date, end=settings.end_date, rounds=settings.rounds)
    except SettingLocked as refusal:
        raise SettingsLocked(refusal_text(refusal)) from None


@transaction.atomic
def tournament_create(
    *, settings: TournamentSettings, by: User, report: ReportStart | None = None
) -> Tournament:
    """Create a tournament, its rounds 1..rounds (not paired), and make `by` its arbiter.

    The rating report's details given on the creation form (`report`, optional; issue 31) are
    saved and audited in the same transaction, as the details page would.

    A new tournament is in FIDE mode (VCL4THP Q40). A scoring system that makes no sense is
    refused (`ConfigurationRefused`).

    The initial colour is drawn with a `secrets` seed that is stored (`initial_color_seed`)
    unless the arbiter entered it.
    """
    _check_dates(settings)
    if settings.format != TournamentFormat.SWISS:
        settings = dataclasses.replace(settings, rounds=1)  # set by the drawing of numbers
    tournament = Tournament(rounds=settings.rounds)
    _apply(tournament, settings)
    try:
        check_setup(_setup(tournament))
    except SetupRefused as refusal:
        raise ConfigurationRefused(refusal_text(refusal)) from None
    tournament.full_clean(exclude=["slug"])
    tournament_insert(tournament, name=settings.name)
    Round.objects.bulk_create(
        Round(tournament=tournament, number=number) for number in range(1, settings.rounds + 1)
    )
    tournament.roles.create(user=by, role=ArbiterRole.CHIEF)
    seed = tournament.initial_color_seed
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"created: {tournament.rounds} rounds, initial colour {tournament.initial_color}"
        + (f" drawn with seed {seed}" if seed is not None else " entered"),
    )
    if report is not None:
        tournament = tournament_start_report_details(tournament=tournament, start=report, by=by)
    return tournament


def _snapshot(tournament: Tournament) -> dict[str, object]:
    names = (*_PLAIN_FIELDS, *SCORE_FIELDS, "rounds", "pairing_system", "initial_color")
    return {name: getattr(tournament, name) for name in names}


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    settings: TournamentSettings,
    by: User,
    confirmed: Confirmed | None = None,
) -> Tournament:
    """Change a tournament's settings.

    A scoring system that makes no sense is refused (`ConfigurationRefused`). The rules edition,
    the initial colour and the scoring change only before round 1 is paired (`SettingsLocked`).
    Baku acceleration (C.04.7) is refused in a round robin and under a scoring it does not
    allow (`ConfigurationRefused`); once round 1 is paired it can no longer be switched on or
    off, nor the number of rounds changed so that the accelerated rounds change
    (`SettingsLocked`; checklist Q109, Q110).
    Once round 1 is paired (VCL4THP Q57-Q63, Q200-Q202):
    - the number of rounds changes only with a Level-4 confirmation, recorded as a
      `### Configuration` event (undoable: the rounds added or removed come back), never so
      far that a paired round would be left unplayed (`SettingsLocked`), beyond what the
      field can pair (`ConfigurationRefused`), or so that the last paired round stops or
      starts being the final round (Level 5: its pairing followed the rules of its place);
    - the tie-break list changes only with a Level-4 confirmation, recorded as a
      `### Tie-breaks` event giving the previous list (undoable).

    Before the start, more rounds than the registered field can pair is a Level-2 notice (Q62).
    Adding or removing rounds adds or removes rounds that are not paired yet (with their
    requested byes).
    """
    _check_dates(settings)
    tournament = lock_tournament(tournament.pk)
    if settings.format != TournamentFormat.SWISS:
        # A round robin's rounds follow from its players (`tournament_draw_numbers`).
        settings = dataclasses.replace(settings, rounds=tournament.rounds)
    before = _snapshot(tournament)
    old_rounds, old_tiebreaks = tournament.rounds, list(tournament.tiebreaks)
    last_paired = next_round_number(tournament) - 1
    started = last_paired >= 1
    old_setup = _setup(tournament)
    _apply(tournament, settings)
    try:
        warnings = settings_change(
            old_setup,
            _setup(tournament, rounds=settings.rounds),
            last_paired=last_paired,
            players=tournament.players.count(),
        )
    except SettingLocked as refusal:
        raise SettingsLocked(refusal_text(refusal)) from None
    except SetupRefused as refusal:
        raise ConfigurationRefused(refusal_text(refusal)) from None
    warning = combined([translated_warning(warning) for warning in warnings])
    require_confirmation(warning, confirmed)
    if before["format"] != tournament.format:
        tournament.numbers_drawn = False  # another schedule: draw the numbers again
    added, removed = _set_rounds(tournament, settings.rounds)
    tournament.full_clean()
    tournament.save()
    changes = [name for name in before if before[name] != _snapshot(tournament)[name]]
    if changes:
        audit(
            tournament=tournament,
            by=by,
            entity="tournament",
            entity_id=tournament.pk,
            old="; ".join(f"{name}={before[name]}" for name in changes),
            new="; ".join(f"{name}={getattr(tournament, name)}" for name in changes),
        )
    if started and tournament.rounds != old_rounds:
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.CONFIGURATION,
            round_number=last_paired,
            details=f"Number of rounds changed from {old_rounds} to {tournament.rounds}",
            by=by,
            snapshot=snapshot_rows(
                changed=[_as_it_was(tournament, rounds=old_rounds), *removed], created=added
            ),
        )
    if started and tournament.tiebreaks != old_tiebreaks:
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.TIEBREAKS,
            round_number=last_paired,
            details=f"Tie-break list changed from {tiebreak_codes(old_tiebreaks)} "
            f"to {tiebreak_codes(tournament.tiebreaks)}",
            by=by,
            snapshot=snapshot_rows(changed=[_as_it_was(tournament, tiebreaks=old_tiebreaks)]),
        )
    return tournament


def _as_it_was(tournament: Tournament, **fields: object) -> Tournament:
    """The tournament as saved, but for `fields` at their values before the change: the
    before-image of one event, so that its undo puts back those fields only."""
    row = copy.copy(tournament)
    for name, value in fields.items():
        setattr(row, name, value)
    return row


def _set_rounds(tournament: Tournament, rounds: int) -> tuple[list[Round], list[models.Model]]:
    """Add or remove rounds not paired yet; the rounds created, and the rows deleted (rounds
    with their requested byes) as they were."""
    current = tournament.rounds
    added: list[Round] = []
    deleted: list[models.Model] = []
    if rounds > current:
        added = Round.objects.bulk_create(
            Round(tournament=tournament, number=number) for number in range(current + 1, rounds + 1)
        )
    elif rounds < current:
        removed = tournament.round_set.filter(number__gt=rounds)
        paired = removed.exclude(state=RoundState.NOT_PAIRED).order_by("number").first()
        if paired is not None:
            raise SettingsLocked(translated(kept_rounds(paired.number)))
        deleted = deleted_rows(removed)
        removed.delete()
    tournament.rounds = rounds
    return added, deleted


def tournament_check_setup(*, tournament: Tournament) -> None:
    """Refuse (`ConfigurationRefused`) to pair round 1 of a set-up that cannot be completed: no
    players, or more rounds than the field can pair (VCL4THP Q62). For the pairing request,
    inside its transaction."""
    problem = rounds_problem(tournament.rounds, tournament.players.count())
    if problem is not None:
        raise ConfigurationRefused(translated(problem))
