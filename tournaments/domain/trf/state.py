"""From a TRF document to the state an engine reads, and to the pairing a round recorded; and
from a state back to a TRF document (`state_document`).

`tournament_state_from_trf(doc, r)` is the state before round r is paired, built exactly as the
project's replay harness (tests/data/tools/pairing_compare.py) rebuilds a reference file before
asking an engine for round r: rounds 1..r-1 as history, the round-r entries that say "not paired" as
`not_paired`, the initial colour from `XXC`/`152` or inferred from round 1 like bbpPairings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from tournaments.domain.acceleration import split_system_code, with_baku_acceleration
from tournaments.domain.state import (
    NOT_PAIRED_OUTCOMES,
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)
from tournaments.domain.trf.model import TrfAcceleration, TrfDocument, TrfPlayer, TrfRoundEntry
from tournaments.domain.trf.player_lines import is_pairing_entry

_ABSENT = RoundRecord(opponent=None, color=Color.NONE, outcome=Outcome.ABSENT)


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A game of the recorded pairing, played or forfeited: White first.

    `colors_recorded` is False when the file gives the game no colours (e.g. a forfeit written
    `-`); `white` is then the lower pairing number.
    """

    white: PlayerId
    black: PlayerId
    colors_recorded: bool = True


@dataclass(frozen=True, slots=True)
class RecordedPairing:
    """What the file says round `round_number`'s pairing was (C.04.1: games and the
    pairing-allocated bye), games ordered by the lower pairing number of the two players."""

    round_number: int
    games: tuple[RecordedGame, ...]
    bye: PlayerId | None


def next_round_to_pair(doc: TrfDocument) -> int:
    """The first round in which nobody has a game or a pairing-allocated bye."""
    round_number = 1
    while _round_is_paired(doc, round_number):
        round_number += 1
    return round_number


def tournament_state_from_trf(doc: TrfDocument, round_number: int | None = None) -> TournamentState:
    """The state before `round_number` is paired (default: `next_round_to_pair(doc)`).

    History: rounds 1..r-1 of every player, a missing entry being an absence (TRF16: blank
    means not paired). `not_paired`: in a round already paired in the file, every player
    without a game or the pairing-allocated bye (what the harness writes as `0000 - -` when the
    entry is blank); in a round not yet paired, the players whose entry is `0000` with H, F, Z
    or `-`, the players named on a `240` line for that round and, when r is the round to pair
    (`next_round_to_pair`), the players of the `XXZ` lines (JaVaFo: absent in the round to pair,
    as if their entry were `0000 - Z`; an entry of their own wins). Players are in
    pairing-number order.

    Accelerations: the file's `XXA`/`250` records; without any, the Baku method's virtual points
    when the `192` code ends in `_BAKU` (TRF-2026: records present override the code's
    acceleration; C.04.7 1, `tournaments.domain.acceleration`). A `_BAKU` code under a scoring
    the method does not allow raises `BakuNotApplicable` (a ValueError).
    """
    round_number = next_round_to_pair(doc) if round_number is None else round_number
    if not 1 <= round_number <= max(doc.round_count, doc.rounds_in_file) + 1:
        raise ValueError(f"round {round_number} is not a round of this tournament")
    accelerations = {item.player: item.points for item in doc.accelerations}
    players = tuple(
        PlayerState(
            id=player.pairing_number,
            name=player.name,
            rating=player.rating or 0,
            history=tuple(_record(player, r) for r in range(1, round_number)),
            acceleration=accelerations.get(player.pairing_number, ()),
        )
        for player in sorted(doc.players, key=lambda player: player.pairing_number)
    )
    state = TournamentState(
        total_rounds=doc.round_count,
        players=players,
        initial_color=doc.initial_color or infer_initial_color(doc),
        scoring=doc.scoring,
        not_paired=_not_paired(doc, round_number),
        forbidden=doc.forbidden,
    )
    if not doc.accelerations and split_system_code(doc.pairing_system or "")[1]:
        return with_baku_acceleration(state)
    return state


def _record(player: TrfPlayer, round_number: int) -> RoundRecord:
    entry = player.entry(round_number)
    if entry is None:
        return _ABSENT
    return RoundRecord(opponent=entry.opponent, color=entry.color, outcome=entry.outcome)


def _round_is_paired(doc: TrfDocument, round_number: int) -> bool:
    return any(
        (entry := player.entry(round_number)) is not None and is_pairing_entry(entry)
        for player in doc.players
    )


def _not_paired(doc: TrfDocument, round_number: int) -> dict[PlayerId, Outcome]:
    paired = _round_is_paired(doc, round_number)
    result: dict[PlayerId, Outcome] = {}
    for bye in doc.byes:
        if bye.round_number == round_number:
            result.update(dict.fromkeys(bye.players, bye.outcome))
    for player in sorted(doc.players, key=lambda player: player.pairing_number):
        entry = player.entry(round_number)
        if entry is not None and entry.outcome in NOT_PAIRED_OUTCOMES and entry.opponent is None:
            result[player.pairing_number] = entry.outcome
        elif paired and (entry is None or not is_pairing_entry(entry)):
            result.setdefault(player.pairing_number, Outcome.ABSENT)
    if not paired and doc.absent and round_number == next_round_to_pair(doc):
        for player_id in doc.absent:
            result.setdefault(player_id, Outcome.ZERO_BYE)
    return result


def infer_initial_color(doc: TrfDocument) -> Color:
    """The colour drawn before round 1 when the file does not say (no `XXC`/`152`).

    As bbpPairings infers it (and the harness writes it as `XXC`): in the first round where
    anybody has a colour, the colour of the highest-ranked player who took part in a pairing by
    then, flipped once for each higher player who took part but has no colour in that round.
    White when no game has colours.
    """
    players = sorted(doc.players, key=lambda player: player.pairing_number)
    first_rounds = [
        next(
            (r for r, e in enumerate(player.rounds, start=1) if _has_color(e)),
            None,
        )
        for player in players
    ]
    colored_rounds = [r for r in first_rounds if r is not None]
    if not colored_rounds:
        return Color.WHITE
    first = min(colored_rounds)
    skipped = 0
    for player in players:
        if not any(
            (entry := player.entry(r)) is not None and is_pairing_entry(entry)
            for r in range(1, first + 1)
        ):
            continue
        entry = player.entry(first)
        if entry is not None and _has_color(entry):
            return entry.color if skipped % 2 == 0 else entry.color.opposite
        skipped += 1
    return Color.WHITE


def _has_color(entry: TrfRoundEntry) -> bool:
    return entry.opponent is not None and entry.color is not Color.NONE


def recorded_pairing(doc: TrfDocument, round_number: int) -> RecordedPairing:
    """The pairing of `round_number` as the file records it: every game that was paired
    (played or forfeited) and the pairing-allocated bye (`U`, or the old JaVaFo `0000 - +`).

    Raises ValueError when the round has several pairing-allocated byes (C.04.1 c: one at most).
    """
    games: dict[frozenset[PlayerId], RecordedGame] = {}
    byes: list[PlayerId] = []
    for player in sorted(doc.players, key=lambda player: player.pairing_number):
        entry = player.entry(round_number)
        if entry is None or not is_pairing_entry(entry):
            continue
        me = player.pairing_number
        if entry.opponent is None:
            byes.append(me)
            continue
        key = frozenset({me, entry.opponent})
        if key in games:
            continue
        if entry.color is Color.NONE:
            low, high = sorted(key)
            games[key] = RecordedGame(white=low, black=high, colors_recorded=False)
        elif entry.color is Color.WHITE:
            games[key] = RecordedGame(white=me, black=entry.opponent)
        else:
            games[key] = RecordedGame(white=entry.opponent, black=me)
    if len(byes) > 1:
        raise ValueError(f"round {round_number} has several pairing-allocated byes: {byes}")
    return RecordedPairing(
        round_number=round_number,
        games=tuple(sorted(games.values(), key=lambda game: min(game.white, game.black))),
        bye=byes[0] if byes else None,
    )


def state_document(
    state: TournamentState,
    header: TrfDocument,
    *,
    ranks: Mapping[int, int] | None = None,
) -> TrfDocument:
    """The state as a TRF file prepared for pairing its next round: the inverse of
    `tournament_state_from_trf`.

    Each player line holds the history (rounds 1..n), then, for a player not to be paired in
    round n+1, that round's entry (`0000 - H`, `F`, `Z`, or `0000 - -` for an absence); its
    points are what these entries score under the state's scoring (column 81 counts every
    entry of the line); its rank is `ranks[pairing number]`, or by points then pairing number
    without `ranks`. The state also gives the number
    of rounds, the initial colour, the scoring, the accelerations (trailing zero rounds left out,
    as a file is read) and the forbidden pairs. Everything else comes from `header`: the header
    lines, later announced byes (`240`), and each player's details (sex, title, federation, FIDE
    id, birth date) from its player of the same pairing number.

    `tournament_state_from_trf(state_document(s, h)) == s` whenever each round of the history has
    a game or a pairing-allocated bye and nobody is left out of a round after the last one.
    """
    details = {player.pairing_number: player for player in header.players}
    entries = {
        player.id: _entries(player, state.not_paired.get(player.id)) for player in state.players
    }
    points = {
        number: Points(sum(state.scoring.points(entry.outcome) for entry in rounds))
        for number, rounds in entries.items()
    }
    if ranks is None:
        order = sorted(points, key=lambda number: (-points[number], number))
        ranks = {int(number): rank for rank, number in enumerate(order, start=1)}
    players = tuple(
        replace(
            details.get(player.id, TrfPlayer(pairing_number=player.id)),
            name=player.name,
            rating=player.rating or None,
            points=points[player.id],
            rank=ranks.get(player.id),
            rounds=entries[player.id],
        )
        for player in state.players
    )
    return replace(
        header,
        players=players,
        total_rounds=state.total_rounds,
        initial_color=state.initial_color,
        scoring=state.scoring,
        accelerations=tuple(
            TrfAcceleration(player=player.id, points=virtual)
            for player in state.players
            if (virtual := _without_trailing_zeros(player.acceleration))
        ),
        forbidden=state.forbidden,
        absent=(),
    )


def _entries(player: PlayerState, not_paired: Outcome | None) -> tuple[TrfRoundEntry, ...]:
    history = tuple(
        TrfRoundEntry(opponent=record.opponent, color=record.color, outcome=record.outcome)
        for record in player.history
    )
    if not_paired is None:
        return history
    return (*history, TrfRoundEntry(opponent=None, color=Color.NONE, outcome=not_paired))


def _without_trailing_zeros(points: tuple[Points, ...]) -> tuple[Points, ...]:
    end = len(points)
    while end and points[end - 1] == 0:
        end -= 1
    return points[:end]
