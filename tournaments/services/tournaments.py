"""Tournament use cases: create, change the settings, import a whole tournament from TRF.

Each is one transactional, keyword-only function that first locks the tournament row
(`services.base.lock_tournament`: one writer per tournament); refusals raise the errors of
`tournaments.exceptions`.
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

from tournaments.domain.tiebreaks import DEFAULT_TIEBREAKS
from tournaments.exceptions import (
    SettingsLocked,
    TrfImportError,
)
from tournaments.models import (
    SCORE_FIELDS,
    InitialColor,
    PairingSystem,
    Round,
    RoundState,
    Tournament,
)
from tournaments.services.base import audit, lock_tournament
from tournaments.services.trf_import import import_document, parse_or_refuse


@transaction.atomic
def tournament_import_trf(
    *, text: str, by: User | None = None, slug: str | None = None
) -> Tournament:
    """Create a tournament from a TRF file (TRF16, TRF-2026, engine extensions).

    The rounds in the file become completed rounds with their games, byes and results; requested
    byes of rounds not yet paired become byes of not-paired rounds. A malformed or inconsistent
    file raises `TrfImportError` (line and column when known) and nothing is saved. The slug
    is made from the name unless `slug` is given (refused when taken).
    """
    if slug is not None and Tournament.objects.filter(slug=slug).exists():
        raise TrfImportError(f"a tournament with the slug {slug!r} already exists")
    document = parse_or_refuse(text)
    tournament = import_document(document, text=text, slug=slug)
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"imported from TRF: {tournament.players.count()} players, "
        f"{tournament.round_set.count()} rounds",
    )
    return tournament


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


def color_from_seed(seed: int) -> InitialColor:
    """The initial colour a recorded seed gives: white for an even seed, black for an odd one."""
    return InitialColor.WHITE if seed % 2 == 0 else InitialColor.BLACK


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70].strip("-") or "tournament"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in taken or slug == "new":
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


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
)


def _apply(tournament: Tournament, settings: TournamentSettings) -> None:
    for name in _PLAIN_FIELDS:
        setattr(tournament, name, getattr(settings, name))
    for name in SCORE_FIELDS:
        if name in settings.scoring:
            setattr(tournament, name, settings.scoring[name])
    tournament.pairing_system = settings.pairing_system or PairingSystem.for_start_date(
        settings.start_date
    )
    if settings.initial_color is not None:
        tournament.initial_color = settings.initial_color
        tournament.initial_color_seed = None
    elif tournament.initial_color_seed is None:
        tournament.initial_color_seed = secrets.randbits(62)
        tournament.initial_color = color_from_seed(tournament.initial_color_seed)


def _check_dates(settings: TournamentSettings) -> None:
    if settings.start_date and settings.end_date and settings.end_date < settings.start_date:
        raise SettingsLocked("The tournament cannot end before it starts.")
    if settings.rounds < 1 or settings.rounds > 99:
        raise SettingsLocked("A tournament has 1 to 99 rounds.")


@transaction.atomic
def tournament_create(*, settings: TournamentSettings, by: User) -> Tournament:
    """Create a tournament, its rounds 1..rounds (not paired), and make `by` its arbiter.

    The initial colour is drawn with a `secrets` seed that is stored (`initial_color_seed`)
    unless the arbiter entered it.
    """
    _check_dates(settings)
    tournament = Tournament(slug=_unique_slug(settings.name), rounds=settings.rounds)
    _apply(tournament, settings)
    tournament.full_clean(exclude=["slug"])
    tournament.save()
    Round.objects.bulk_create(
        Round(tournament=tournament, number=number) for number in range(1, settings.rounds + 1)
    )
    tournament.roles.create(user=by, role="chief")  # ArbiterRole.CHIEF
    seed = tournament.initial_color_seed
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"created: {tournament.rounds} rounds, initial colour {tournament.initial_color}"
        + (f" drawn with seed {seed}" if seed is not None else " entered"),
    )
    return tournament


def _snapshot(tournament: Tournament) -> dict[str, object]:
    names = (*_PLAIN_FIELDS, *SCORE_FIELDS, "rounds", "pairing_system", "initial_color")
    return {name: getattr(tournament, name) for name in names}


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, settings: TournamentSettings, by: User
) -> Tournament:
    """Change a tournament's settings.

    The rules edition, the initial colour, the scoring and the tie-breaks change only before
    round 1 is paired (`SettingsLocked`). Changing the number of rounds adds or removes rounds
    that are not paired yet (with their requested byes); a paired round cannot be removed.
    """
    _check_dates(settings)
    tournament = lock_tournament(tournament.pk)
    before = _snapshot(tournament)
    started = tournament.round_set.filter(number=1).exclude(state=RoundState.NOT_PAIRED).exists()
    _apply(tournament, settings)
    after = _snapshot(tournament)
    locked = {"pairing_system", "initial_color", "tiebreaks", *SCORE_FIELDS}
    changed_locked = sorted(name for name in locked if before[name] != after[name])
    if started and changed_locked:
        raise SettingsLocked(
            "Round 1 is paired: the rules edition, initial colour, scoring and tie-breaks can "
            f"no longer change ({', '.join(changed_locked)})."
        )
    _set_rounds(tournament, settings.rounds)
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
    return tournament


def _set_rounds(tournament: Tournament, rounds: int) -> None:
    current = tournament.rounds
    if rounds > current:
        Round.objects.bulk_create(
            Round(tournament=tournament, number=number) for number in range(current + 1, rounds + 1)
        )
    elif rounds < current:
        removed = tournament.round_set.filter(number__gt=rounds)
        paired = removed.exclude(state=RoundState.NOT_PAIRED).order_by("number").first()
        if paired is not None:
            raise SettingsLocked(
                f"Round {paired.number} is already paired: the tournament keeps at least "
                f"{paired.number} rounds."
            )
        removed.delete()
    tournament.rounds = rounds
