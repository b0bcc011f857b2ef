"""The one conversion from rows to the domain: `TournamentState` (what the engine, the rule
warnings, the publication order and the standings read) and the TRF document written from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.domain.acceleration import pairing_scores, with_baku_acceleration
from tournaments.domain.ratings import PlayerRatings, RatingMethod, tournament_rating
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
from tournaments.exceptions import ResultsMissing, RoundNotInTournament
from tournaments.models import (
    TITLE_ORDER,
    Bye,
    ByeKind,
    Game,
    InitialColor,
    InitialOrderCriterion,
    Player,
    PlayerStatus,
    Result,
    RoundState,
    Tournament,
)
from tournaments.models.tournament import TournamentRatingMethod


def player_rating(player: Player, method: str = TournamentRatingMethod.FIDE) -> int:
    """The player's tournament rating under `method` (TRF-2026 172; VCL Q145); 0: unrated."""
    ratings = PlayerRatings(
        fide=player.fide_rating, national=player.national_rating, manual=player.manual_rating
    )
    return tournament_rating(RatingMethod(method), ratings)


def initial_order_key(
    player: Player,
    criterion: str = InitialOrderCriterion.NAME,
    method: str = TournamentRatingMethod.FIDE,
) -> tuple[int, int, tuple[int, int, str]]:
    """C.04.2 B.2: the tournament rating (highest first; `player_rating`), then title (GM, IM,
    WGM, ...), then the announced criterion (VCL Q146): the name, or the FIDE ID (lowest
    first; players without one after, by name)."""
    if criterion == InitialOrderCriterion.FIDE_ID and player.fide_id:
        last = (0, int(player.fide_id), player.name)
    else:
        last = (int(criterion == InitialOrderCriterion.FIDE_ID), 0, player.name)
    title = TITLE_ORDER.get(player.title, len(TITLE_ORDER))
    return (-player_rating(player, method), title, last)


def players_in_initial_order(tournament: Tournament) -> list[Player]:
    """The tournament's players in initial ranking order (C.04.2 B)."""
    players = list(tournament.players.all())
    criterion, method = tournament.initial_order_criterion, tournament.rating_method
    players.sort(
        key=lambda player: (initial_order_key(player, criterion, method), player.pairing_number)
    )
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


@dataclass(frozen=True, slots=True)
class StateRows:
    """A `TournamentState` with the rows it was read from.

    `players`: the tournament's players in pairing-number order. `games` and `byes`: those of
    rounds 1..n, n being the round the state is before (`state.next_round`), in round then
    board (or pairing-number) order, their round and players loaded (from `players`: no further
    query). `pending`: (round, pairing number) of each player whose game in rounds 1..n-1 has
    no result yet (pending-results mode only; empty otherwise).
    """

    state: TournamentState
    players: tuple[Player, ...]
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]
    pending: frozenset[tuple[int, PlayerId]]

    def scores(self) -> dict[PlayerId, Points]:
        """Each player's points from the history (rounds 1..n-1), by pairing number."""
        return {player.id: player.score(self.state.scoring) for player in self.state.players}


def state_rows(
    tournament: Tournament, round_number: int | None = None, *, pending_results: bool = False
) -> StateRows:
    """The state before `round_number` is paired (default: the next round to pair), read from
    the players, games and byes of rounds 1..`round_number` (three queries) and the forbidden
    pairs (one more), with those rows. The one conversion from the database to the domain.
    In a tournament with Baku acceleration each player carries the virtual points of the
    method (C.04.7; `tournaments.domain.acceleration`), which only the pairing reads.

    History: rounds 1 .. round_number-1; a player with neither game nor bye in a round is
    absent (`0000 - -`). Not to be paired in `round_number`: players with a requested bye in it
    (half-point, full-point, zero-point), withdrawn players and late entries not yet taking part
    (C.04.1 c, e). When `round_number` is already paired, everyone without a game or the
    pairing-allocated bye in it was not to be paired (as `tournaments.domain.trf.state` reads a
    TRF file). After the last round (`round_number` = rounds + 1: the final standings) nobody is
    left out.

    A game of the history without a result raises `ResultsMissing`; with `pending_results`, it
    counts as not played yet (an absence) and is listed in `pending` instead. A state with
    pending results is for ranking and display only, never for pairing: it carries no
    forbidden pairs (and skips their query).
    """
    if round_number is None:
        round_number = next_round_number(tournament)
    if not 1 <= round_number <= tournament.rounds + 1:
        raise RoundNotInTournament(
            f"{tournament.name} has {tournament.rounds} rounds: there is no round {round_number}."
        )
    players = tuple(tournament.players.order_by("pairing_number"))
    by_pk = {player.pk: player for player in players}
    games = tuple(
        Game.objects.filter(round__tournament=tournament, round__number__lte=round_number)
        .select_related("round")
        .order_by("round__number", "board")
    )
    byes = tuple(
        Bye.objects.filter(round__tournament=tournament, round__number__lte=round_number)
        .select_related("round")
        .order_by("round__number", "player__pairing_number")
    )
    history: dict[tuple[int, int], RoundRecord] = {}
    pending: set[tuple[int, PlayerId]] = set()
    in_games: set[int] = set()
    for game in games:
        game.white, game.black = by_pk[game.white_id], by_pk[game.black_id]
        number, white, black = (
            game.round.number,
            game.white.pairing_number,
            game.black.pairing_number,
        )
        if number == round_number:
            in_games.update((white, black))
        elif game.result == Result.NOT_PLAYED:
            if not pending_results:
                raise ResultsMissing(f"Round {number}, board {game.board} has no result yet.")
            pending.update({(number, PlayerId(white)), (number, PlayerId(black))})
        else:
            white_outcome, black_outcome = Result(game.result).outcomes
            history[number, white] = RoundRecord(PlayerId(black), Color.WHITE, white_outcome)
            history[number, black] = RoundRecord(PlayerId(white), Color.BLACK, black_outcome)
    next_byes: dict[int, ByeKind] = {}
    for bye in byes:
        bye.player = by_pk[bye.player_id]
        kind = ByeKind(bye.kind)
        if bye.round.number == round_number:
            next_byes[bye.player.pairing_number] = kind
        else:
            history[bye.round.number, bye.player.pairing_number] = RoundRecord(
                None, Color.NONE, kind.outcome
            )
    played = range(1, round_number)
    state = TournamentState(
        total_rounds=tournament.rounds,
        players=tuple(
            PlayerState(
                id=PlayerId(player.pairing_number),
                name=player.name,
                rating=player_rating(player, tournament.rating_method),
                history=tuple(history.get((r, player.pairing_number), _ABSENT) for r in played),
            )
            for player in players
        ),
        initial_color=_color(tournament),
        scoring=tournament.scoring,
        not_paired=_not_paired(tournament, players, round_number, next_byes, in_games),
        forbidden=() if pending_results else forbidden_pairs(tournament),
    )
    if tournament.baku_acceleration:
        state = with_baku_acceleration(state)
    return StateRows(
        state=state, players=players, games=games, byes=byes, pending=frozenset(pending)
    )


def tournament_state_from_db(
    tournament: Tournament, round_number: int | None = None
) -> TournamentState:
    """The state before `round_number` is paired (default: the next round to pair): what the
    engine, the rule warnings and the publication order read. Every game of rounds
    1..round_number-1 needs its result (`ResultsMissing` otherwise). See `state_rows`."""
    return state_rows(tournament, round_number).state


def pairing_scores_before(tournament: Tournament, number: int) -> dict[PlayerId, Points]:
    """Each player's pairing score for round `number`, by pairing number: the points of the
    rounds before it (a game without a result counts as not played yet), plus the round's
    virtual points under Baku acceleration (C.04.7 1.5). The boards are ordered by it (C.04.2
    3.6; checklist Q188). Three queries (`state_rows`)."""
    return pairing_scores(state_rows(tournament, number, pending_results=True).state)


_ABSENT = RoundRecord(None, Color.NONE, Outcome.ABSENT)


def _not_paired(
    tournament: Tournament,
    players: Sequence[Player],
    round_number: int,
    byes: Mapping[int, ByeKind],
    in_games: set[int],
) -> dict[PlayerId, Outcome]:
    """Who is not to be paired in `round_number`, and what they get instead (C.04.1 c, e)."""
    already_paired = bool(in_games) or ByeKind.PAIRING_ALLOCATED in byes.values()
    not_paired: dict[PlayerId, Outcome] = {}
    for player in players:
        kind = byes.get(player.pairing_number)
        if kind is not None:
            if kind != ByeKind.PAIRING_ALLOCATED:
                not_paired[PlayerId(player.pairing_number)] = kind.outcome
        elif player.pairing_number not in in_games and (
            already_paired
            or (round_number <= tournament.rounds and not_taking_part(player, round_number))
        ):
            not_paired[PlayerId(player.pairing_number)] = Outcome.ABSENT
    return not_paired


def not_taking_part(player: Player, round_number: int) -> bool:
    """Whether the player is out of round `round_number` by status: withdrawn from that round
    or before, or a late entry who plays from a later round (C.04.2)."""
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


def _color(tournament: Tournament) -> Color:
    return Color.WHITE if tournament.initial_color == InitialColor.WHITE else Color.BLACK
