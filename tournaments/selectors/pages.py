"""Reads for the public pages and the officers' listing: tournaments, rounds, boards, cards."""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypedDict, TypeVar

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain.state import Color, Outcome, PlayerId, Points, Scoring
from tournaments.exceptions import RoundNotPublished
from tournaments.models import (
    Bye,
    ByeKind,
    Game,
    PairingSystem,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
)
from tournaments.selectors.state import state_rows

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class TournamentWithCount(TypedDict):
    player_count: int


def tournament_list() -> QuerySet[WithAnnotations[Tournament, TournamentWithCount]]:
    """Every tournament, newest first, with its number of players (`player_count`) and the
    event it is a section of (joined: no query more)."""
    return (
        Tournament.objects.select_related("event")
        .annotate(player_count=Count("players"))
        .order_by("-start_date", "-created", "name")
    )


VISIBLE_STATES = (RoundState.PUBLISHED, RoundState.COMPLETED)
"""Round states the public sees; a draft (paired, not published) never is."""


def tournament_rounds(tournament: Tournament) -> list[Round]:
    """The tournament's rounds, first first."""
    return list(tournament.round_set.order_by("number"))


def tournament_live(rounds: Sequence[Round]) -> bool:
    """Whether the tournament is not over (some round is still to pair, publish or finish):
    the public pages poll then, so that new pairings and results appear between rounds too."""
    return any(rnd.state != RoundState.COMPLETED for rnd in rounds)


@dataclass(frozen=True, slots=True)
class RoundBoards:
    """A published round as the public sees it: its games in board order with each player's
    score before the round (`scores`, by pairing number), then its byes."""

    games: list[Game]
    byes: list[Bye]
    scores: dict[PlayerId, Points]

    def boards(self) -> list[tuple[Game, Points, Points]]:
        """Each game with the scores of white and black before the round."""
        return [
            (
                game,
                self.scores[PlayerId(game.white.pairing_number)],
                self.scores[PlayerId(game.black.pairing_number)],
            )
            for game in self.games
        ]

    def rows(self) -> list[BoardRow]:
        """The boards in order, then the byes: the rows of the round page."""
        boards = [BoardRow(game, None, white, black) for game, white, black in self.boards()]
        return boards + [BoardRow(None, bye, None, None) for bye in self.byes]


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One row of a round page: a game with the scores before the round, or a bye."""

    game: Game | None
    bye: Bye | None
    white_points: Points | None
    black_points: Points | None

    def players(self) -> tuple[Player, ...]:
        if self.game is not None:
            return (self.game.white, self.game.black)
        return (self.bye.player,) if self.bye is not None else ()


def round_boards(rnd: Round, tournament: Tournament) -> RoundBoards:
    """The games and byes of a published or completed round and the scores before it, read
    with the state before the round (`state_rows`: three queries); `RoundNotPublished` for a
    round the public may not see. A game of an earlier round without a result (a correction
    under way) counts as not played yet."""
    if rnd.state not in VISIBLE_STATES:
        raise RoundNotPublished(
            _("Round %(number)s is not published yet.") % {"number": rnd.number}
        )
    rows = state_rows(tournament, rnd.number, pending_results=True)
    return RoundBoards(
        games=[game for game in rows.games if game.round_id == rnd.pk],
        byes=[bye for bye in rows.byes if bye.round_id == rnd.pk],
        scores=rows.scores(),
    )


class Float(enum.Enum):
    """A float in a round (C.04.3 A.4): paired with a lower score (down) or a higher one (up)."""

    DOWN = "down"
    UP = "up"


@dataclass(frozen=True, slots=True)
class CardRow:
    """One round of a player's card; `points` is None while the game has no result."""

    number: int
    opponent: Player | None
    opponent_score: Points | None
    color: Color
    result: str
    points: Points | None
    total: Points
    float: Float | None


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: Player
    rows: list[CardRow]
    total: Points


_BYE_LABELS = {kind.value: kind.label for kind in ByeKind}


@dataclass(frozen=True, slots=True)
class CardTable:
    """What every player's card reads, the same for all of them at one version: the players by
    id, each published round's record of each player (opponent id, colour, outcome; None while
    the game has no result) and every player's score before each of those rounds and after
    the last (`totals`)."""

    players: dict[int, Player]
    visible: list[int]
    records: dict[int, dict[int, tuple[int | None, Color, Outcome | None]]]
    scores: dict[int, dict[int, int]]
    totals: dict[int, int]


def card_table(tournament: Tournament, rounds: Sequence[Round]) -> CardTable:
    """The `CardTable` of the tournament's published rounds (of `rounds`, the tournament's):
    three queries whatever the number of rounds and players."""
    visible = sorted(rnd.number for rnd in rounds if rnd.state in VISIBLE_STATES)
    players = {p.pk: p for p in tournament.players.all()}
    records: dict[int, dict[int, tuple[int | None, Color, Outcome | None]]] = defaultdict(dict)
    for number, white, black, result in Game.objects.filter(
        round__tournament=tournament, round__number__in=visible
    ).values_list("round__number", "white_id", "black_id", "result"):
        outcomes = Result(result).outcomes if result else (None, None)
        records[number][white] = (black, Color.WHITE, outcomes[0])
        records[number][black] = (white, Color.BLACK, outcomes[1])
    for number, who, kind in Bye.objects.filter(
        round__tournament=tournament, round__number__in=visible
    ).values_list("round__number", "player_id", "kind"):
        records[number][who] = (None, Color.NONE, ByeKind(kind).outcome)
    scoring = tournament.scoring
    scores: dict[int, dict[int, int]] = {}
    running: dict[int, int] = dict.fromkeys(players, 0)
    for number in visible:
        scores[number] = dict(running)
        for who in players:
            outcome = records[number].get(who, (None, Color.NONE, Outcome.ABSENT))[2]
            running[who] += scoring.points(outcome) if outcome is not None else 0
    return CardTable(players, visible, dict(records), scores, running)


def player_card(
    tournament: Tournament,
    player: Player,
    rounds: Sequence[Round],
    table: CardTable | None = None,
) -> PlayerCard:
    """A player's published rounds (of `rounds`, the tournament's): colour, opponent and the
    opponent's score, result, points and running total, and floats (C.04.3 A.4.b: paired with
    a lower score before the round, or a round not played over the board, which the 2025
    rules count only when it is the PAB or scored more than a loss; see `_float`). Read from
    `table` (`card_table`, kept per version by the page) or three queries."""
    table = table if table is not None else card_table(tournament, rounds)
    scoring = tournament.scoring
    rows: list[CardRow] = []
    total = 0
    edition_2017 = tournament.pairing_system == PairingSystem.FIDE_DUTCH
    for number in table.visible:
        opponent_id, color, outcome = table.records.get(number, {}).get(
            player.pk, (None, Color.NONE, Outcome.ABSENT)
        )
        points = scoring.points(outcome) if outcome is not None else None
        total += points or 0
        before = table.scores[number]
        rows.append(
            CardRow(
                number=number,
                opponent=table.players.get(opponent_id) if opponent_id else None,
                opponent_score=Points(table.totals[opponent_id]) if opponent_id else None,
                color=color,
                result=_card_result(outcome),
                points=points,
                total=Points(total),
                float=_float(
                    outcome,
                    before[player.pk],
                    before.get(opponent_id) if opponent_id else None,
                    scoring=scoring,
                    edition_2017=edition_2017,
                ),
            )
        )
    return PlayerCard(player=player, rows=rows, total=Points(total))


_CARD_RESULTS = {
    Outcome.WIN: gettext_lazy("win"),
    Outcome.DRAW: gettext_lazy("draw"),
    Outcome.LOSS: gettext_lazy("loss"),
    Outcome.FORFEIT_WIN: gettext_lazy("won by forfeit"),
    Outcome.FORFEIT_LOSS: gettext_lazy("lost by forfeit"),
    Outcome.UNRATED_WIN: gettext_lazy("win"),
    Outcome.UNRATED_DRAW: gettext_lazy("draw"),
    Outcome.UNRATED_LOSS: gettext_lazy("loss"),
    Outcome.ABSENT: gettext_lazy("absent"),
    Outcome.ADJOURNED: gettext_lazy("adjourned"),
}
"""What a round gave the player, as the player card says it (the byes: `_BYE_LABELS`)."""


def _card_result(outcome: Outcome | None) -> str:
    if outcome is None:
        return _("playing")
    if outcome is not Outcome.ABSENT and outcome.is_bye:
        return str(_BYE_LABELS[outcome.value])
    return str(_CARD_RESULTS[outcome])


def _float(
    outcome: Outcome | None,
    own: int,
    opponent: int | None,
    *,
    scoring: Scoring,
    edition_2017: bool,
) -> Float | None:
    """The float of one round (C.04.3 A.4.b, 2017; C.04.3 (2025) 1.4), from the scores
    before the round. A round not played over the board is a down-float: every one under the
    2017 rules; under the 2025 rules only the PAB and a round that scored more than a loss
    (forfeit win, half- or full-point bye), not a forfeit loss, zero-point bye or absence.
    A game without a result yet floats by the scores, as it was paired."""
    if outcome is not None and not outcome.is_played:
        if edition_2017 or outcome is Outcome.PAIRING_BYE:
            return Float.DOWN
        return Float.DOWN if scoring.points(outcome) > scoring.loss else None
    if opponent is None or own == opponent:
        return None
    return Float.DOWN if own > opponent else Float.UP


T = TypeVar("T")

ALL_PAGES = "all"
"""`?page=all`: every row on one page (to print the whole round or table)."""


@dataclass(frozen=True, slots=True)
class PageOf(Generic[T]):
    """The rows one screen shows of a long list (phones: a first paint under 100 KiB).

    `number` is the page shown (0: all of them), `count` the rows matching `query`.
    """

    rows: list[T]
    number: int
    pages: int
    count: int
    first: int
    query: str

    @property
    def last(self) -> int:
        return self.first + len(self.rows) - 1 if self.rows else 0

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if 0 < self.number < self.pages else None


def player_matches(query: str, players: Iterable[Player]) -> bool:
    """Whether one of `players` is the one searched for: its pairing number, or a part of its
    name (any case)."""
    text = query.strip().casefold()
    if text.isascii() and text.isdigit():
        return any(player.pairing_number == int(text) for player in players)
    return any(text in player.name.casefold() for player in players)


def page_of(
    rows: Sequence[T],
    *,
    players: Callable[[T], Iterable[Player]],
    query: str,
    page: str,
    per_page: int,
) -> PageOf[T]:
    """The rows of page `page` (1 when it is not a page number; `all` for every row) among those
    whose `players` match the search `query` (every row when empty)."""
    query = query.strip()[:60]
    matching = [row for row in rows if player_matches(query, players(row))] if query else rows
    pages = max(1, -(-len(matching) // per_page))
    if page == ALL_PAGES:
        return PageOf(list(matching), 0, pages, len(matching), 1, query)
    numeric = page.isascii() and page.isdigit() and len(page) <= 9
    number = min(int(page), pages) if numeric and int(page) > 0 else 1
    start = (number - 1) * per_page
    return PageOf(
        list(matching[start : start + per_page]), number, pages, len(matching), start + 1, query
    )
