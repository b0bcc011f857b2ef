"""From a parsed TRF document to tournament rows (used by `services.tournament_import_trf`).

Every problem becomes a `TrfImportError` naming the line (and column) of the file; the caller's
transaction then saves nothing. Not kept: `###` comments, the `092`/`122`/`132` lines and other
header lines the reader does not interpret (`062`, `072`, `172`, team records), `212`, `XXC`
tokens other than the colour, a `042`/`052` date that does not read as a date (left empty, with
a logged warning), the colours of a forfeit written without colours (White is then
the lower pairing number), and the rank column (an export recomputes it). Accelerations
(`XXA`/`250`) and a forfeit win without an opponent (`0000 - +`) are refused.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils import timezone

from tournaments.domain.state import Color, Outcome, PlayerId
from tournaments.domain.tiebreaks import is_known_tiebreak
from tournaments.domain.trf import (
    RecordedPairing,
    TrfDocument,
    TrfError,
    TrfPlayer,
    parse_trf,
    recorded_pairing,
    tournament_state,
)
from tournaments.domain.trf.dates import read_date
from tournaments.exceptions import TrfImportError
from tournaments.models import (
    MAX_RATING,
    Bye,
    ByeKind,
    ForbiddenPair,
    Game,
    InitialColor,
    PairingSystem,
    Player,
    PlayerStatus,
    Result,
    Round,
    RoundState,
    Sex,
    Title,
    Tournament,
    TournamentStatus,
)
from tournaments.services.base import unique_tournament_slug

logger = logging.getLogger(__name__)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TITLES = {
    **{title.value: title for title in Title},
    "G": Title.GM,
    "M": Title.IM,
    "F": Title.FM,
    "C": Title.CM,
    "WG": Title.WGM,
    "WM": Title.WIM,
    "WF": Title.WFM,
    "WC": Title.WCM,
}
_SEXES = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}
_BIRTH_DATE = re.compile(r"^\d{4}([/.-]\d{2}[/.-]\d{2})?$")


def parse_or_refuse(text: str) -> TrfDocument:
    """Parse a TRF file; a malformed one raises `TrfImportError` with its line and column."""
    try:
        return parse_trf(text)
    except TrfError as error:
        raise TrfImportError(error.reason, line=error.line, column=error.column) from error


@dataclass(frozen=True)
class _Lines:
    """Where things are in the file, to name the line of a problem found after parsing."""

    header: dict[str, int]
    players: dict[int, int]

    @classmethod
    def of(cls, text: str) -> _Lines:
        header: dict[str, int] = {}
        players: dict[int, int] = {}
        for number, line in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
            code = line[:3]
            if code == "001" and line[4:8].strip().isdigit():
                players.setdefault(int(line[4:8]), number)
            else:
                header.setdefault(code, number)
        return cls(header=header, players=players)

    def refuse_header(self, codes: Sequence[str], message: str, column: int = 5) -> TrfImportError:
        line = next((self.header[code] for code in codes if code in self.header), None)
        return TrfImportError(message, line=line, column=column if line else None)

    def refuse_player(self, player: int, column: int, message: str) -> TrfImportError:
        line = self.players.get(player)
        return TrfImportError(message, line=line, column=column if line else None)


def import_document(document: TrfDocument, *, text: str, slug: str | None = None) -> Tournament:
    """Create the tournament, its players, rounds, games and byes from `document`."""
    lines = _Lines.of(text)
    _refuse_unsupported(document, lines)
    tournament = _create_tournament(document, lines, slug)
    players = _create_players(tournament, document, lines)
    last_paired = _create_rounds(tournament, document, players, lines)
    _mark_withdrawals(document, players, last_paired)
    _create_forbidden_pairs(tournament, document, players)
    tournament.status = (
        TournamentStatus.REGISTRATION
        if last_paired == 0
        else TournamentStatus.FINISHED
        if last_paired == tournament.rounds
        else TournamentStatus.IN_PROGRESS
    )
    tournament.save(update_fields=["status"])
    return tournament


def _refuse_unsupported(document: TrfDocument, lines: _Lines) -> None:
    if document.accelerations:
        raise lines.refuse_header(
            ("XXA", "250"), "accelerated pairings (XXA/250) are not supported yet", column=1
        )
    if document.round_count < 1:
        raise TrfImportError("the file gives no number of rounds (XXR or 142) and no rounds")
    late = [bye.round_number for bye in document.byes if bye.round_number > document.round_count]
    if late:
        raise lines.refuse_header(
            ("240",), f"a bye in round {late[0]}, after the last round ({document.round_count})"
        )
    unknown = [code for code in document.tie_breaks if not is_known_tiebreak(code)]
    if unknown:
        raise lines.refuse_header(("202",), f"unknown tie-break code(s): {', '.join(unknown)}")


def _create_tournament(document: TrfDocument, lines: _Lines, slug: str | None) -> Tournament:
    start = _date(document.start_date, "042", lines)
    end = _date(document.end_date, "052", lines)
    if start and end and end < start:
        raise lines.refuse_header(("052",), "the end date is before the start date")
    name = _text(document.name or "Imported tournament", 200, "012", "name", lines)
    scoring = document.scoring
    points = [
        scoring.win,
        scoring.draw,
        scoring.loss,
        scoring.pairing_bye,
        scoring.forfeit_win,
        scoring.forfeit_loss,
        scoring.half_bye,
        scoring.full_bye,
        scoring.zero_bye,
    ]
    if any(value < 0 for value in points):
        raise lines.refuse_header(("XXS", "162", "BBW"), "negative points in the scoring system")
    return Tournament.objects.create(
        name=name,
        slug=slug or unique_tournament_slug(name),
        city=_text(document.city or "", 100, "022", "city", lines),
        federation=_text(document.federation or "", 32, "032", "federation", lines),
        start_date=start,
        end_date=end,
        chief_arbiter=_text(document.chief_arbiter or "", 200, "102", "chief arbiter", lines),
        deputy_arbiter=_text("; ".join(document.deputies), 200, "112", "deputies", lines),
        rounds=document.round_count,
        pairing_system=_pairing_system(document, start, lines),
        initial_color=InitialColor.WHITE
        if tournament_state(document, 1).initial_color is Color.WHITE
        else InitialColor.BLACK,
        points_win=scoring.win,
        points_draw=scoring.draw,
        points_loss=scoring.loss,
        points_pairing_bye=scoring.pairing_bye,
        points_forfeit_win=scoring.forfeit_win,
        points_forfeit_loss=scoring.forfeit_loss,
        points_half_bye=scoring.half_bye,
        points_full_bye=scoring.full_bye,
        points_zero_bye=scoring.zero_bye,
        tiebreaks=list(document.tie_breaks),
    )


def _text(value: str, max_length: int, code: str, what: str, lines: _Lines) -> str:
    if len(value) > max_length:
        raise lines.refuse_header((code,), f"the {what} is longer than {max_length} characters")
    return value


def _date(value: str | None, code: str, lines: _Lines) -> datetime.date | None:
    """The `042`/`052` date when it reads as one. TRF16 leaves the field's format free (FIDE's
    own example writes "28. 07. 2005"), so text that is not a whole date ("2005", "Summer") is
    no reason to refuse the file: the date is left empty and a warning is logged."""
    if not value:
        return None
    date = read_date(value)
    if date is not None:
        return date
    line = lines.header.get(code)
    where = f"line {line}, column 5: " if line else ""
    what = "start" if code == "042" else "end"
    logger.warning("%s%r is not a date: the %s date is left empty", where, value, what)
    return None


def _pairing_system(
    document: TrfDocument, start: datetime.date | None, lines: _Lines
) -> PairingSystem:
    """`192` when given; else the edition in force at the start date; else the 2017 rules
    (a file that names neither predates TRF-2026, which introduced `192`)."""
    code = document.pairing_system
    if code:
        if code not in PairingSystem.values:
            known = ", ".join(PairingSystem.values)
            raise lines.refuse_header(
                ("192",), f"pairing system {code!r} is not supported (supported: {known})"
            )
        return PairingSystem(code)
    if start is None:
        return PairingSystem.FIDE_DUTCH
    return PairingSystem.for_start_date(start)


def _create_players(
    tournament: Tournament, document: TrfDocument, lines: _Lines
) -> dict[PlayerId, Player]:
    players = [_player(tournament, trf_player, lines) for trf_player in document.players]
    fide_ids: dict[str, int] = {}
    for player in players:
        if player.fide_id and player.fide_id in fide_ids:
            raise lines.refuse_player(
                player.pairing_number,
                58,
                f"FIDE id {player.fide_id} is also player {fide_ids[player.fide_id]}'s",
            )
        fide_ids[player.fide_id] = player.pairing_number
    created = Player.objects.bulk_create(players)
    return {PlayerId(player.pairing_number): player for player in created}


def _player(tournament: Tournament, trf: TrfPlayer, lines: _Lines) -> Player:
    number = trf.pairing_number
    title = _TITLES.get(trf.title.upper()) if trf.title else None
    if trf.title and title is None:
        raise lines.refuse_player(number, 11, f"unknown title {trf.title!r}")
    sex = _SEXES.get(trf.sex.lower()) if trf.sex else None
    if trf.sex and sex is None:
        raise lines.refuse_player(number, 10, f"unknown sex {trf.sex!r} (m or w)")
    rating = trf.rating or 0
    if rating > MAX_RATING:
        raise lines.refuse_player(number, 49, f"rating {rating} is above {MAX_RATING}")
    if trf.birth_date and not _BIRTH_DATE.match(trf.birth_date):
        raise lines.refuse_player(number, 70, f"birth date {trf.birth_date!r} is not YYYY/MM/DD")
    return Player(
        tournament=tournament,
        pairing_number=number,
        name=trf.name,
        sex=sex or "",
        title=title or "",
        fide_rating=rating,
        federation=trf.federation,
        fide_id=str(trf.fide_id) if trf.fide_id else "",
        birth_date=re.sub(r"[.-]", "/", trf.birth_date),
    )


def _result_column(round_number: int) -> int:
    """The column of a round's result code in a player line (TRF16: 99 + 10*(r-1))."""
    return 99 + 10 * (round_number - 1)


def _recorded_pairings(document: TrfDocument) -> dict[int, RecordedPairing]:
    """The games and the pairing-allocated bye of every round that has any, by round."""
    pairings = {}
    for number in range(1, document.rounds_in_file + 1):
        try:
            pairing = recorded_pairing(document, number)
        except ValueError as error:
            raise TrfImportError(str(error)) from error
        if pairing.games or pairing.bye is not None:
            pairings[number] = pairing
    return pairings


def _create_rounds(
    tournament: Tournament,
    document: TrfDocument,
    players: dict[PlayerId, Player],
    lines: _Lines,
) -> int:
    """Every round of the tournament: completed up to the last paired one in the file, the
    others not paired, with the byes the file announces for them. Returns that last round."""
    pairings = _recorded_pairings(document)
    last_paired = max(pairings, default=0)
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(
            tournament=tournament,
            number=number,
            state=RoundState.COMPLETED if number <= last_paired else RoundState.NOT_PAIRED,
            paired_at=now if number <= last_paired else None,
            published_at=now if number <= last_paired else None,
            completed_at=now if number <= last_paired else None,
        )
        for number in range(1, tournament.rounds + 1)
    )
    scores: dict[PlayerId, int] = dict.fromkeys(players, 0)
    games: list[Game] = []
    byes: list[Bye] = []
    for rnd in rounds:
        if rnd.number in pairings:
            games.extend(_games(rnd, pairings[rnd.number], document, players, scores, lines))
        byes.extend(_byes(rnd, document, players))
        for trf_player in document.players:
            entry = trf_player.entry(rnd.number)
            if entry is not None:
                scores[trf_player.pairing_number] += document.scoring.points(entry.outcome)
    Game.objects.bulk_create(games)
    Bye.objects.bulk_create(byes)
    return last_paired


def _games(
    rnd: Round,
    pairing: RecordedPairing,
    document: TrfDocument,
    players: dict[PlayerId, Player],
    scores: dict[PlayerId, int],
    lines: _Lines,
) -> list[Game]:
    """The round's games, on boards in C.04.2 D.9 order (scores before the round)."""
    if pairing.bye is not None:
        entry = document.player(pairing.bye).entry(rnd.number)
        if entry is not None and entry.outcome is Outcome.FORFEIT_WIN:
            raise lines.refuse_player(
                pairing.bye,
                _result_column(rnd.number),
                f"round {rnd.number}: a forfeit win without an opponent (0000 - +) is not "
                "supported; write U for the pairing-allocated bye or F for a full-point bye",
            )

    def board_key(white: PlayerId, black: PlayerId) -> tuple[int, int, int]:
        higher = min(white, black, key=lambda player: (-scores[player], player))
        return (-scores[higher], -(scores[white] + scores[black]), higher)

    ordered = sorted(pairing.games, key=lambda game: board_key(game.white, game.black))
    games = []
    for board, game in enumerate(ordered, start=1):
        white_entry = document.player(game.white).entry(rnd.number)
        black_entry = document.player(game.black).entry(rnd.number)
        assert white_entry is not None and black_entry is not None  # parse_trf checked the pair
        try:
            result = Result.from_outcomes(white_entry.outcome, black_entry.outcome)
        except KeyError:
            raise lines.refuse_player(
                game.white,
                _result_column(rnd.number),
                f"round {rnd.number}: results {white_entry.outcome.value!r} and "
                f"{black_entry.outcome.value!r} do not make a game result",
            ) from None
        games.append(
            Game(
                round=rnd,
                board=board,
                white=players[game.white],
                black=players[game.black],
                result=result,
            )
        )
    return games


def _byes(rnd: Round, document: TrfDocument, players: dict[PlayerId, Player]) -> list[Bye]:
    """Byes of the round from the player lines and the TRF-2026 `240` lines."""
    kinds: dict[PlayerId, ByeKind] = {}
    for request in document.byes:
        if request.round_number == rnd.number:
            kinds.update(dict.fromkeys(request.players, ByeKind(request.outcome.value)))
    for trf_player in document.players:
        entry = trf_player.entry(rnd.number)
        if entry is None or entry.opponent is not None or entry.outcome is Outcome.ABSENT:
            continue
        if entry.outcome is Outcome.FORFEIT_WIN:
            continue  # `0000 - +` makes its round paired, and _games refuses it
        kinds[trf_player.pairing_number] = ByeKind(entry.outcome.value)
    return [
        Bye(round=rnd, player=players[player], kind=kind) for player, kind in sorted(kinds.items())
    ]


def _mark_withdrawals(
    document: TrfDocument, players: dict[PlayerId, Player], last_paired: int
) -> None:
    """A player absent (`0000 - -` or blank) from some round to the end of their line and to
    the last paired round has withdrawn from that round (C.04.2 D.2, D.3)."""
    withdrawn: list[Player] = []
    for trf_player in document.players:
        outcomes = _outcomes(trf_player, range(1, max(last_paired, len(trf_player.rounds)) + 1))
        if not outcomes or outcomes[-1] is not Outcome.ABSENT:
            continue
        first = len(outcomes)
        while first > 1 and outcomes[first - 2] is Outcome.ABSENT:
            first -= 1
        player = players[trf_player.pairing_number]
        player.status = PlayerStatus.WITHDRAWN
        player.withdrawn_from_round = first
        withdrawn.append(player)
    Player.objects.bulk_update(withdrawn, ["status", "withdrawn_from_round"])


def _outcomes(player: TrfPlayer, rounds: Iterable[int]) -> list[Outcome]:
    return [
        entry.outcome if (entry := player.entry(number)) is not None else Outcome.ABSENT
        for number in rounds
    ]


def _create_forbidden_pairs(
    tournament: Tournament, document: TrfDocument, players: dict[PlayerId, Player]
) -> None:
    """Each `XXP`/`260` group becomes the pairs it forbids (later duplicates are merged)."""
    pairs: dict[tuple[PlayerId, PlayerId], ForbiddenPair] = {}
    for group in document.forbidden:
        members = sorted(group.players)
        for index, first in enumerate(members):
            for second in members[index + 1 :]:
                pairs.setdefault(
                    (first, second),
                    ForbiddenPair(
                        tournament=tournament,
                        first=players[first],
                        second=players[second],
                        first_round=group.first_round,
                        last_round=group.last_round,
                    ),
                )
    ForbiddenPair.objects.bulk_create(pairs.values())
