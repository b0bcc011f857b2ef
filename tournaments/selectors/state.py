"""The one conversion from rows to the domain: `TournamentState` (what the engine, the rule
warnings, the publication order and the standings read) and the TRF document written from it.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tournaments.domain.state import (
    Color,
    ForbiddenPairs,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)
from tournaments.domain.trf import TrfByeRequest, TrfDocument, TrfPlayer, TrfRoundEntry
from tournaments.exceptions import ResultsMissing, RoundNotInTournament
from tournaments.models import (
    TITLE_ORDER,
    Bye,
    ByeKind,
    Game,
    InitialColor,
    Player,
    PlayerStatus,
    Result,
    RoundState,
    Tournament,
)

if TYPE_CHECKING:
    pass


def initial_order_key(player: Player) -> tuple[int, int, str]:
    """C.04.2 B.2: rating (highest first), then title (GM, IM, WGM, ...), then name."""
    return (-player.fide_rating, TITLE_ORDER.get(player.title, len(TITLE_ORDER)), player.name)


def players_in_initial_order(tournament: Tournament) -> list[Player]:
    """The tournament's players in initial ranking order (C.04.2 B)."""
    players = list(tournament.players.all())
    players.sort(key=lambda player: (initial_order_key(player), player.pairing_number))
    return players


def next_round_number(tournament: Tournament) -> int:
    """The round to pair next: one after the last round that is at least paired."""
    last = (
        tournament.round_set.exclude(state=RoundState.NOT_PAIRED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return (last or 0) + 1


def paired_from(tournament: Tournament, number: int) -> bool:
    """Whether round `number` or a later one is paired (a draft counts)."""
    return (
        tournament.round_set.filter(number__gte=number)
        .exclude(state=RoundState.NOT_PAIRED)
        .exists()
    )


RoundHistory = dict[int, dict[int, RoundRecord]]
"""round number → pairing number → the player's record in that round."""


def round_records(tournament: Tournament, rounds: Sequence[int]) -> RoundHistory:
    """Every game and bye of the given rounds as domain records, keyed by pairing number.

    Players without a game or a bye in a round are not in that round's mapping (absent).
    A game without a result raises `ResultsMissing`.
    """
    history: RoundHistory = defaultdict(dict)
    games = Game.objects.filter(round__tournament=tournament, round__number__in=rounds).values_list(
        "round__number", "board", "white__pairing_number", "black__pairing_number", "result"
    )
    for number, board, white, black, result in games:
        if result == Result.NOT_PLAYED:
            raise ResultsMissing(f"Round {number}, board {board} has no result yet.")
        white_outcome, black_outcome = Result(result).outcomes
        history[number][white] = RoundRecord(PlayerId(black), Color.WHITE, white_outcome)
        history[number][black] = RoundRecord(PlayerId(white), Color.BLACK, black_outcome)
    byes = Bye.objects.filter(round__tournament=tournament, round__number__in=rounds).values_list(
        "round__number", "player__pairing_number", "kind"
    )
    for number, player, kind in byes:
        history[number][player] = RoundRecord(None, Color.NONE, ByeKind(kind).outcome)
    return history


ABSENT = RoundRecord(None, Color.NONE, Outcome.ABSENT)


def tournament_state(tournament: Tournament, round_number: int | None = None) -> TournamentState:
    """The state before `round_number` is paired (default: the next round to pair).

    History: rounds 1 .. round_number-1 (a player with neither game nor bye in a round is
    absent, `0000 - -`). Not to be paired in `round_number`: players with a requested bye in it
    (half-point, full-point, zero-point), withdrawn players and late entries not yet taking part.
    When `round_number` is already paired, everyone without a game or the pairing-allocated bye
    in it was not to be paired (as `tournaments.domain.trf.state` reads a TRF file). After the
    last round (`round_number` = rounds + 1: the final standings) nobody is left out. Every game
    of the history needs its result (`ResultsMissing` otherwise).
    """
    if round_number is None:
        round_number = next_round_number(tournament)
    if not 1 <= round_number <= tournament.rounds + 1:
        raise RoundNotInTournament(
            f"{tournament.name} has {tournament.rounds} rounds: there is no round {round_number}."
        )
    players = list(tournament.players.order_by("pairing_number"))
    played = list(range(1, round_number))
    history = round_records(tournament, played)
    byes, in_games = _round_entries(tournament, round_number)
    already_paired = bool(in_games) or ByeKind.PAIRING_ALLOCATED in byes.values()
    not_paired: dict[PlayerId, Outcome] = {}
    for player in players:
        kind = byes.get(player.pairing_number)
        if kind is not None:
            if kind != ByeKind.PAIRING_ALLOCATED:
                not_paired[PlayerId(player.pairing_number)] = kind.outcome
        elif player.pairing_number not in in_games and (
            already_paired
            or (round_number <= tournament.rounds and _not_taking_part(player, round_number))
        ):
            not_paired[PlayerId(player.pairing_number)] = Outcome.ABSENT
    return TournamentState(
        total_rounds=tournament.rounds,
        players=tuple(
            PlayerState(
                id=PlayerId(player.pairing_number),
                name=player.name,
                rating=player.fide_rating,
                history=tuple(history[r].get(player.pairing_number, ABSENT) for r in played),
            )
            for player in players
        ),
        initial_color=_color(tournament),
        scoring=tournament.scoring,
        not_paired=not_paired,
        forbidden=forbidden_pairs(tournament),
    )


def _round_entries(tournament: Tournament, number: int) -> tuple[dict[int, ByeKind], set[int]]:
    """Round `number`'s byes by pairing number, and the pairing numbers with a game in it."""
    byes = {
        player: ByeKind(kind)
        for player, kind in Bye.objects.filter(
            round__tournament=tournament, round__number=number
        ).values_list("player__pairing_number", "kind")
    }
    in_games: set[int] = set()
    for white, black in Game.objects.filter(
        round__tournament=tournament, round__number=number
    ).values_list("white__pairing_number", "black__pairing_number"):
        in_games.update((white, black))
    return byes, in_games


def _not_taking_part(player: Player, round_number: int) -> bool:
    withdrawn = (
        player.status == PlayerStatus.WITHDRAWN
        and player.withdrawn_from_round is not None
        and player.withdrawn_from_round <= round_number
    )
    return withdrawn or player.first_round > round_number


def forbidden_pairs(tournament: Tournament) -> tuple[ForbiddenPairs, ...]:
    """The tournament's forbidden pairs in the domain's terms (by pairing number)."""
    rows = tournament.forbidden_pairs.values_list(
        "first__pairing_number", "second__pairing_number", "first_round", "last_round"
    ).order_by("first__pairing_number", "second__pairing_number")
    return tuple(
        ForbiddenPairs(
            players=frozenset({PlayerId(first), PlayerId(second)}),
            first_round=first_round,
            last_round=last_round,
        )
        for first, second, first_round, last_round in rows
    )


def tournament_trf_document(
    tournament: Tournament, *, ranks: Mapping[int, int] | None = None
) -> TrfDocument:
    """The tournament as a TRF document (what `export_trf` writes).

    Player lines hold every completed round, then, for the next round, the entries that say a
    player is not to be paired (requested half-, full- or zero-point byes; `0000 - -` for a
    withdrawn player or a late entry not yet playing), as a file prepared for pairing that
    round. Byes requested for later rounds become TRF-2026 `240` lines. `ranks` maps pairing
    numbers to ranks (the standings); without it players are ranked by points, then pairing
    number. `write_trf` cuts names to the 33 columns TRF gives them.
    """
    completed = list(
        tournament.round_set.filter(state=RoundState.COMPLETED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    last = completed[-1] if completed else 0
    history = round_records(tournament, list(range(1, last + 1)))
    players = list(tournament.players.order_by("pairing_number"))
    next_byes, _ = _round_entries(tournament, last + 1)
    entries = {
        player.pairing_number: [
            _entry(history[number].get(player.pairing_number, ABSENT))
            for number in range(1, last + 1)
        ]
        + _next_round_entry(player, next_byes.get(player.pairing_number), last + 1, tournament)
        for player in players
    }
    scoring = tournament.scoring
    points = {
        number: Points(sum(scoring.points(entry.outcome) for entry in player_entries))
        for number, player_entries in entries.items()
    }
    if ranks is None:
        ranks = _ranks_by_points(points)
    return TrfDocument(
        players=tuple(
            TrfPlayer(
                pairing_number=PlayerId(player.pairing_number),
                sex=player.sex,
                title=player.title,
                name=player.name,
                rating=player.fide_rating or None,
                federation=player.federation,
                fide_id=int(player.fide_id) if player.fide_id else None,
                birth_date=player.birth_date,
                points=points[player.pairing_number],
                rank=ranks.get(player.pairing_number),
                rounds=tuple(entries[player.pairing_number]),
            )
            for player in players
        ),
        name=tournament.name,
        city=tournament.city or None,
        federation=tournament.federation or None,
        start_date=_trf_date(tournament.start_date),
        end_date=_trf_date(tournament.end_date),
        chief_arbiter=tournament.chief_arbiter or None,
        deputies=tuple(name for name in tournament.deputy_arbiter.split("; ") if name),
        total_rounds=tournament.rounds,
        initial_color=_color(tournament),
        scoring=scoring,
        pairing_system=tournament.pairing_system,
        tie_breaks=tuple(tournament.tiebreaks),
        forbidden=forbidden_pairs(tournament),
        byes=_later_byes(tournament, last + 2),
    )


def _entry(record: RoundRecord) -> TrfRoundEntry:
    return TrfRoundEntry(opponent=record.opponent, color=record.color, outcome=record.outcome)


def _next_round_entry(
    player: Player, kind: ByeKind | None, number: int, tournament: Tournament
) -> list[TrfRoundEntry]:
    if number > tournament.rounds:
        return []
    if kind is not None and kind != ByeKind.PAIRING_ALLOCATED:
        return [TrfRoundEntry(opponent=None, color=Color.NONE, outcome=kind.outcome)]
    if kind is None and _not_taking_part(player, number):
        return [_entry(ABSENT)]
    return []


def _later_byes(tournament: Tournament, first: int) -> tuple[TrfByeRequest, ...]:
    """Requested byes of rounds `first` and later, one `240` line per kind and round."""
    groups: dict[tuple[int, str], list[PlayerId]] = defaultdict(list)
    for number, kind, player in (
        Bye.objects.filter(round__tournament=tournament, round__number__gte=first)
        .exclude(kind=ByeKind.PAIRING_ALLOCATED)
        .order_by("round__number", "kind", "player__pairing_number")
        .values_list("round__number", "kind", "player__pairing_number")
    ):
        groups[(number, kind)].append(PlayerId(player))
    return tuple(
        TrfByeRequest(outcome=ByeKind(kind).outcome, round_number=number, players=tuple(players))
        for (number, kind), players in groups.items()
    )


def _ranks_by_points(points: Mapping[int, int]) -> dict[int, int]:
    order = sorted(points, key=lambda number: (-points[number], number))
    return {number: rank for rank, number in enumerate(order, start=1)}


def _trf_date(value: datetime.date | None) -> str | None:
    return value.strftime("%Y/%m/%d") if value is not None else None


def _color(tournament: Tournament) -> Color:
    return Color.WHITE if tournament.initial_color == InitialColor.WHITE else Color.BLACK


def scores_before(tournament: Tournament, number: int) -> dict[int, Points]:
    """Each player's points (by player id) from the rounds before round `number` (two
    queries); a game without a result counts nothing yet."""
    scoring = tournament.scoring
    scores: dict[int, int] = defaultdict(int)
    for white, black, result in Game.objects.filter(
        round__tournament=tournament, round__number__lt=number
    ).values_list("white_id", "black_id", "result"):
        if result:
            white_outcome, black_outcome = Result(result).outcomes
            scores[white] += scoring.points(white_outcome)
            scores[black] += scoring.points(black_outcome)
    for player, kind in Bye.objects.filter(
        round__tournament=tournament, round__number__lt=number
    ).values_list("player_id", "kind"):
        scores[player] += scoring.points(ByeKind(kind).outcome)
    return {player: Points(points) for player, points in scores.items()}
