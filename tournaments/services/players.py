"""Player use cases: registration, details, CSV and TRF imports (pairing numbers:
`pairing_numbers`).

Each is one transactional, keyword-only function that first locks the tournament row and raises
the errors of `tournaments.exceptions`.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.exceptions import (
    InvalidPlayer,
    PlayerImportError,
    TournamentError,
)
from tournaments.models import (
    MAX_RATING,
    Bye,
    ByeKind,
    Player,
    Sex,
    Title,
    Tournament,
)
from tournaments.selectors.ratingsources import rating_origin
from tournaments.selectors.state import next_round_number
from tournaments.services.base import audit, lock_tournament
from tournaments.services.pairing_numbers import (
    keep_initial_order,
)
from tournaments.services.trf_import import parse_or_refuse

CSV_COLUMNS = ("name", "title", "sex", "rating", "federation", "fide_id", "birth_date")
"""The columns a CSV list of players may have (a header line names them; `name` is required)."""

_FIDE_ID = re.compile(r"^[0-9]{1,11}$")
_BIRTH_DATE = re.compile(r"^[0-9]{4}(/[0-9]{2}/[0-9]{2})?$")
_FEDERATION = re.compile(r"^[A-Z]{3}$")
WOMEN_TITLES = frozenset({Title.WGM, Title.WIM, Title.WFM, Title.WCM})
"""The titles FIDE awards to women only (FIDE Handbook B.01)."""


@dataclass(frozen=True, kw_only=True)
class PlayerData:
    """A player as the arbiter enters them; `rating` (FIDE), `national_rating` and
    `manual_rating` (the tournament-rating methods HBFN and OTHER, VCL Q145): 0 means none."""

    name: str
    title: str = ""
    sex: str = ""
    rating: int = 0
    national_rating: int = 0
    manual_rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""


def _check_data(data: PlayerData) -> None:
    if not data.name.strip():
        raise InvalidPlayer(_("The name is required (Lastname, Firstname)."))
    if len(data.name) > 100:
        raise InvalidPlayer(_("The name is longer than 100 characters."))
    if controls := control_characters(data.name):
        message = _("The name holds control characters (%(characters)s): remove them.")
        raise InvalidPlayer(message % {"characters": ", ".join(controls)})
    if starts_like_a_formula(data.name.strip()):
        message = _("The name starts with %(start)s: write it as Lastname, Firstname.")
        raise InvalidPlayer(message % {"start": repr(data.name.strip()[0])})
    if data.fide_id and not _FIDE_ID.match(data.fide_id):
        raise InvalidPlayer(
            _("FIDE id %(id)s: write up to 11 digits.") % {"id": repr(data.fide_id)}
        )
    for rating in (data.rating, data.national_rating, data.manual_rating):
        if not 0 <= rating <= MAX_RATING:
            raise InvalidPlayer(
                _("Rating %(rating)s: write 0 to %(max)s, or unrated.")
                % {"rating": rating, "max": MAX_RATING}
            )
    if data.title and data.title not in Title.values:
        raise InvalidPlayer(
            _("Unknown title %(title)s (GM, IM, WGM, FM, WIM, CM, WFM, WCM).")
            % {"title": repr(data.title)}
        )
    if data.sex and data.sex not in Sex.values:
        raise InvalidPlayer(_("Sex %(sex)s: write m or w.") % {"sex": repr(data.sex)})
    if data.sex == Sex.MALE and data.title in WOMEN_TITLES:
        raise InvalidPlayer(
            _("%(title)s is a women's title: it cannot be given to a male player (sex m).")
            % {"title": data.title}
        )
    if data.federation and not _FEDERATION.match(data.federation):
        raise InvalidPlayer(
            _("Federation %(federation)s: write three capital letters.")
            % {"federation": repr(data.federation)}
        )
    if data.birth_date and not _BIRTH_DATE.match(data.birth_date):
        raise InvalidPlayer(
            _("Birth date %(date)s: write YYYY/MM/DD or YYYY.") % {"date": repr(data.birth_date)}
        )


def _check_duplicate(tournament: Tournament, data: PlayerData, editing: int | None = None) -> None:
    players = tournament.players.all()
    if editing is not None:
        players = players.exclude(pk=editing)
    if data.fide_id:
        same = players.filter(fide_id=data.fide_id).first()
        if same is not None:
            raise InvalidPlayer(
                _("FIDE id %(id)s is already registered: %(player)s.")
                % {"id": data.fide_id, "player": same}
            )
    same = players.filter(name__iexact=data.name.strip(), birth_date=data.birth_date).first()
    if same is not None:
        raise InvalidPlayer(
            (
                _("%(player)s has the same name and birth date: already registered.")
                if data.birth_date
                else _(
                    "%(player)s has the same name and birth date: already registered (give the "
                    "birth dates to tell namesakes apart)."
                )
            )
            % {"player": same}
        )


def _register(
    tournament: Tournament, data: PlayerData, by: User | None, missed_bye: ByeKind
) -> Player:
    """Validate and create one player in a locked tournament (see `player_register`)."""
    _check_data(data)
    _check_duplicate(tournament, data)
    last = tournament.players.aggregate(last=Max("pairing_number"))["last"] or 0
    first_round = next_round_number(tournament)
    if tournament.is_round_robin and first_round > 1:
        raise InvalidPlayer(_("Round 1 of the round robin is paired: its field is closed."))
    if first_round > tournament.rounds:
        raise InvalidPlayer(_("Every round is paired: no player can join any more."))
    if tournament.numbers_drawn:
        # A new player: the round robin's numbers are drawn again (C.06 II).
        tournament.numbers_drawn = False
        tournament.save(update_fields=["numbers_drawn", "updated"])
    origin = rating_origin(tournament, data.fide_id, data.rating)  # VCL Q134
    player = Player.objects.create(
        tournament=tournament,
        name=data.name.strip(),
        title=data.title,
        sex=data.sex,
        fide_rating=data.rating,
        rating_source=origin.source,
        rating_list_date=origin.list_date,
        national_rating=data.national_rating,
        manual_rating=data.manual_rating,
        federation=data.federation,
        fide_id=data.fide_id,
        birth_date=data.birth_date,
        pairing_number=last + 1,
        first_round=first_round,
    )
    missed = list(tournament.round_set.filter(number__lt=first_round))
    Bye.objects.bulk_create(Bye(round=rnd, player=player, kind=missed_bye) for rnd in missed)
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        new=f"registered {player}"
        + (
            f" (late entry from round {first_round}; "
            f"{ByeKind(missed_bye).label.lower()} in rounds 1-{first_round - 1})"
            if missed
            else ""
        ),
    )
    return player


@transaction.atomic
def player_register(
    *,
    tournament: Tournament,
    data: PlayerData,
    by: User,
    missed_bye: ByeKind = ByeKind.ZERO_POINT,
) -> Player:
    """Register a player: validated (`InvalidPlayer`), refused when already registered (same
    FIDE id, or same name and birth date, both possibly unknown).

    Before round 1 is paired the pairing numbers follow the initial order (C.04.2 B.2) after
    every registration. A late entry, registered after round 1 was paired,
    gets the next free number and plays from the first round not yet paired; each missed round
    is a bye of `missed_bye` (zero-point unless the arbiter grants a half-point, C.04.2 C.2).
    """
    if missed_bye not in {ByeKind.ZERO_POINT, ByeKind.HALF_POINT}:
        raise InvalidPlayer(_("Missed rounds score a zero-point or a half-point bye."))
    tournament = lock_tournament(tournament.pk)
    player = _register(tournament, data, by, missed_bye)
    keep_initial_order(tournament)
    player.refresh_from_db(fields=["pairing_number"])
    return player


def _details(player: Player) -> str:
    rating = player.fide_rating or "unrated"
    others = [
        f"{label} {value}"
        for label, value in (
            ("national", player.national_rating),
            ("manual", player.manual_rating),
        )
        if value
    ]
    facts = [player.title, player.sex, str(rating), *others, player.federation, player.fide_id]
    return f"{player.name} ({', '.join(f for f in [*facts, player.birth_date] if f)})"


@transaction.atomic
def player_update(*, player: Player, data: PlayerData, by: User) -> Player:
    """Correct a registered player's details (name, title, sex, rating, federation, FIDE id,
    birth date), validated like a registration (`InvalidPlayer`), refused when they make the
    player a duplicate of another one. Before round 1 is paired the pairing numbers follow the
    initial order again (C.04.2 B.2); afterwards they stay as they are (a renumbering is the
    arbiter's explicit act, `tournament_assign_pairing_numbers`)."""
    tournament = lock_tournament(player.tournament_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    _check_data(data)
    _check_duplicate(tournament, data, editing=player.pk)
    before = _details(player)
    if (data.rating, data.fide_id) != (player.fide_rating, player.fide_id):  # VCL Q134
        origin = rating_origin(tournament, data.fide_id, data.rating)
        player.rating_source, player.rating_list_date = origin.source, origin.list_date
    player.name = data.name.strip()
    player.title = data.title
    player.sex = data.sex
    player.fide_rating = data.rating
    player.national_rating = data.national_rating
    player.manual_rating = data.manual_rating
    player.federation = data.federation
    player.fide_id = data.fide_id
    player.birth_date = data.birth_date
    player.save(
        update_fields=[
            "name",
            "title",
            "sex",
            "fide_rating",
            "rating_source",
            "rating_list_date",
            "national_rating",
            "manual_rating",
            "federation",
            "fide_id",
            "birth_date",
        ]
    )
    after = _details(player)
    if after != before:
        audit(
            tournament=tournament,
            by=by,
            entity="player",
            entity_id=player.pk,
            old=before,
            new=after,
            note="details corrected",
        )
    keep_initial_order(tournament)
    player.refresh_from_db(fields=["pairing_number"])
    return player


def _rating(value: str) -> int:
    value = value.strip()
    if value.lower() in {"", "unrated", "0"}:
        return 0
    if not (value.isascii() and value.isdigit()) or len(value) > len(str(MAX_RATING)):
        raise InvalidPlayer(
            _("Rating %(rating)s: write a number from 0 to %(max)s.")
            % {"rating": repr(value[:12]), "max": MAX_RATING}
        )
    return int(value)


def _csv_data(row: dict[str, str]) -> PlayerData:
    def cell(name: str) -> str:
        return (row.get(name) or "").strip()

    return PlayerData(
        name=cell("name"),
        title=cell("title").upper(),
        sex=cell("sex").lower(),
        rating=_rating(cell("rating")),
        federation=cell("federation").upper(),
        fide_id=cell("fide_id"),
        birth_date=cell("birth_date"),
    )


def _import(tournament: Tournament, rows: list[tuple[int, PlayerData | str]], by: User) -> int:
    """Register each row; any bad row raises `PlayerImportError` and the caller's transaction
    saves nothing."""
    errors: list[str] = []
    for line, data in rows:
        if isinstance(data, str):
            errors.append(_("line %(line)s: %(error)s") % {"line": line, "error": data})
            continue
        try:
            _register(tournament, data, by, ByeKind.ZERO_POINT)
        except TournamentError as error:
            errors.append(_("line %(line)s: %(error)s") % {"line": line, "error": error})
    if errors:
        raise PlayerImportError(errors)
    keep_initial_order(tournament)
    if rows:
        audit(
            tournament=tournament,
            by=by,
            entity="tournament",
            entity_id=tournament.pk,
            new=f"imported {len(rows)} players",
        )
    return len(rows)


@transaction.atomic
def players_import_csv(*, tournament: Tournament, text: str, by: User) -> int:
    """Register the players of a CSV file (comma or semicolon separated, header line first,
    columns `CSV_COLUMNS`, `name` required); returns how many.

    Every line is checked as `player_register` checks one player; with any bad line,
    `PlayerImportError` lists every bad line and nothing is saved.
    """
    tournament = lock_tournament(tournament.pk)
    sample = text[:2048]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    header = [name.strip().lower() for name in reader.fieldnames or []]
    if "name" not in header:
        raise PlayerImportError(
            [
                _("line 1: the header needs a name column (%(columns)s)")
                % {"columns": ", ".join(CSV_COLUMNS)}
            ]
        )
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if unknown:
        raise PlayerImportError(
            [_("line 1: unknown column(s) %(columns)s") % {"columns": ", ".join(unknown)}]
        )
    reader.fieldnames = header
    rows: list[tuple[int, PlayerData | str]] = []
    try:
        for row in reader:
            if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
                continue
            try:
                rows.append((reader.line_num, _csv_data(row)))
            except InvalidPlayer as error:
                rows.append((reader.line_num, str(error)))
    except csv.Error:  # e.g. a field over csv.field_size_limit() (131,072 characters)
        message = _("line %(line)s: not a CSV line the import can read (a field too long?)")
        raise PlayerImportError([message % {"line": reader.line_num + 1}]) from None
    if not rows:
        raise PlayerImportError([_("the file has no player lines")])
    return _import(tournament, rows, by)


@transaction.atomic
def players_import_trf(*, tournament: Tournament, text: str, by: User) -> int:
    """Register the players of a TRF file's `001` lines (name, title, sex, rating, federation,
    FIDE id, birth date), as `players_import_csv` does; rounds in the file are ignored."""
    tournament = lock_tournament(tournament.pk)
    document = parse_or_refuse(text)
    rows: list[tuple[int, PlayerData | str]] = [
        (
            trf.pairing_number,
            PlayerData(
                name=trf.name,
                title=trf.title.upper(),
                sex={"f": "w"}.get(trf.sex.lower(), trf.sex.lower()),
                rating=trf.rating or 0,
                federation=trf.federation.upper(),
                fide_id=str(trf.fide_id) if trf.fide_id else "",
                birth_date=trf.birth_date,
            ),
        )
        for trf in document.players
    ]
    return _import(tournament, rows, by)
