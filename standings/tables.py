"""The tables the standings pages and documents show, built from `TournamentStandings`: the
sorted lines, the crosstable, a player's workings and the round-robin grid. No query."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from standings.selectors import POINTS, Cell, Column, Line, TournamentStandings
from standings.tiebreaks import (
    Breakdown,
    Family,
    Source,
)
from tournaments.domain.state import Outcome, PlayerId
from tournaments.models import Player

SORTS_ASCENDING = ("rank", "number", "name")
"""Sort keys ordered smallest first; `points`, `rating` and the tie-break codes go highest
first. A leading `-` reverses either."""


def sorted_lines(standings: TournamentStandings, sort: str) -> tuple[tuple[Line, ...], str]:
    """The lines ordered by a column (`rank`, `number`, `name`, `rating`, `points` or a
    tie-break code such as `BH/C1`; `-` in front reverses), then by rank; undefined values
    last. An unknown key gives the ranking; the key applied is returned with the lines."""
    key = sort.removeprefix("-")
    texts = [column.text for column in standings.columns]
    if key not in (*SORTS_ASCENDING, "rating", "points", *texts):
        return standings.lines, "rank"
    reverse = sort.startswith("-") != (key not in SORTS_ASCENDING)
    lines = sorted(standings.lines, key=lambda line: line.rank)
    if key == "rank":
        return (tuple(reversed(lines)) if reverse else tuple(lines)), sort
    if key == "name":
        lines.sort(key=lambda line: line.player.name.casefold(), reverse=reverse)
        return tuple(lines), sort
    defined: list[tuple[Fraction | int, Line]] = []
    undefined: list[Line] = []
    for line in lines:
        value = _sort_value(line, key, texts)
        if value is None:
            undefined.append(line)
        else:
            defined.append((value, line))
    defined.sort(key=lambda pair: pair[0], reverse=reverse)
    return (*(line for _, line in defined), *undefined), sort


def _sort_value(line: Line, key: str, texts: list[str]) -> Fraction | int | None:
    if key == "number":
        return line.player.pairing_number
    if key == "rating":
        return line.rating or None
    if key == "points":
        return line.points
    return line.values[texts.index(key)]


def crosstable(standings: TournamentStandings) -> list[tuple[Line, list[Cell]]]:
    """Each line with its rounds: the opponent's line, the colour and the outcome."""
    line_of = {line.player.pairing_number: line for line in standings.lines}
    rows: list[tuple[Line, list[Cell]]] = []
    for line in standings.lines:
        number = line.player.pairing_number
        history = standings.state.player(PlayerId(number)).history
        rows.append(
            (
                line,
                [
                    Cell(
                        round=index,
                        opponent=line_of.get(record.opponent)
                        if record.opponent is not None
                        else None,
                        color=record.color,
                        outcome=record.outcome,
                        pending=(index, number) in standings.pending,
                    )
                    for index, record in enumerate(history, start=1)
                ],
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class Working:
    """How one of a player's values was made: each round's contribution and what was cut."""

    column: Column
    value: Fraction | None
    breakdown: Breakdown
    rounds: tuple[WorkingRound, ...]
    group: tuple[Line, ...]
    """For DE: the tied group inside which the games decided (empty otherwise)."""


@dataclass(frozen=True, slots=True)
class WorkingRound:
    round: int
    opponent: Line | None
    virtual: bool
    """A virtual opponent stands in for an own unplayed round (C.07 16)."""
    outcome: Outcome
    """What the round gave the player (a win, a forfeit loss, a zero-point bye, ...)."""
    source: Source
    points: Fraction
    cut: str
    """Why the value was removed; empty when it counts."""


def player_workings(standings: TournamentStandings, pairing_number: int) -> list[Working]:
    """The working of each of the player's values, points first, then the list in order.

    Raises `StandingsPlayerNotFound` for a pairing number not in the tournament."""
    line = standings.line(pairing_number)
    line_of = {other.player.pairing_number: other for other in standings.lines}
    player_id = PlayerId(line.player.pairing_number)
    history = standings.state.player(player_id).history
    columns = (Column(POINTS), *standings.columns)
    workings: list[Working] = []
    for column in columns:
        breakdown = standings.standings.breakdown(player_id, column.text)
        cuts = {cut.round: cut.reason.value for cut in breakdown.cuts}
        group: tuple[Line, ...] = ()
        if column.code.family is Family.DE:
            members = standings.standings.direct_encounter_groups.get(player_id, ())
            group = tuple(line_of[member] for member in members)
        workings.append(
            Working(
                column=column,
                value=breakdown.value,
                breakdown=breakdown,
                rounds=tuple(
                    WorkingRound(
                        round=item.round,
                        opponent=line_of.get(item.opponent) if item.opponent else None,
                        virtual=item.source in {Source.OWN_SCORE, Source.CAPPED_OWN_SCORE},
                        outcome=history[item.round - 1].outcome,
                        source=item.source,
                        points=breakdown.points(item),
                        cut=cuts.get(item.round, ""),
                    )
                    for item in breakdown.contributions
                ),
                group=group,
            )
        )
    return workings


ROUND_ROBIN_SYMBOLS = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.UNRATED_WIN: "1",
    Outcome.UNRATED_DRAW: "½",
    Outcome.UNRATED_LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.ADJOURNED: "?",
}
"""How a round robin's cross table writes a result (C.06 V.4: "+" and "−" for forfeits)."""


@dataclass(frozen=True, slots=True)
class GridRow:
    """One player's row of a round robin's cross table: a cell for every player of the table,
    in the rows' order (the player's own cell is "×"; a double round robin's cell holds both
    results, the first cycle's first). `rank` None: results not counted (C.06 V.4 a)."""

    player: Player
    rank: int | None
    rating: int
    points: Fraction
    cells: tuple[str, ...]


def round_robin_grid(standings: TournamentStandings) -> tuple[GridRow, ...]:
    """The round robin's cross table: the ranked players in ranking order, then those whose
    results are not counted, each with their results against every other player."""
    recorded = standings.recorded or standings.state
    results: dict[tuple[PlayerId, PlayerId], list[str]] = {}
    for player in recorded.players:
        for record in player.history:
            if record.opponent is not None and record.outcome in ROUND_ROBIN_SYMBOLS:
                symbol = ROUND_ROBIN_SYMBOLS[record.outcome]
                results.setdefault((player.id, record.opponent), []).append(symbol)
    rating = {player.id: player.rating for player in recorded.players}
    rows = [
        (line.player, line.rank, line.points) for line in sorted(standings.lines, key=_rank)
    ] + [
        (
            player,
            None,
            Fraction(recorded.player(PlayerId(player.pairing_number)).score(recorded.scoring), 2),
        )
        for player in standings.cancelled
    ]
    numbers = [PlayerId(player.pairing_number) for player, _, _ in rows]
    return tuple(
        GridRow(
            player=player,
            rank=rank,
            rating=rating[PlayerId(player.pairing_number)],
            points=points,
            cells=tuple(
                "×" if other == own else " ".join(results.get((own, other), ()))
                for other in numbers
            ),
        )
        for (player, rank, points), own in zip(rows, numbers, strict=True)
    )


def _rank(line: Line) -> tuple[int, int]:
    return line.rank, line.player.pairing_number
