"""What every round-pairing must satisfy, checked independently of the engine's code.

Each check takes the state before the round and the engine's pairing and returns the list of
violations (empty when the pairing is fine), each naming the rule: C.04.1 b-c (everybody paired
once, one bye), C.1 (no rematch), C.2 (the pairing-allocated bye), C.3 with A.6/A.7 (absolute
colour preferences, topscorers) and A.9 (a complete pairing exists). Colours are read from
played games only (A.6, C.04.2 D.5): forfeits, byes and absences do not count.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from pairing.engine import Edition, RoundPairing
from tournaments.domain.state import Color, Outcome, PlayerState, TournamentState

BYE = "pairing-allocated bye"


def played_colors(player: PlayerState) -> list[Color]:
    """A.6: the colours of the games the player actually played, oldest first."""
    return [record.color for record in player.history if record.played]


def absolute_preference(colors: list[Color]) -> Color:
    """A.6.a: the colour a player must get (NONE when the preference is not absolute)."""
    difference = colors.count(Color.WHITE) - colors.count(Color.BLACK)
    if difference > 1:
        return Color.BLACK
    if difference < -1:
        return Color.WHITE
    if len(colors) >= 2 and colors[-1] == colors[-2]:
        return colors[-1].opposite
    return Color.NONE


def is_topscorer(state: TournamentState, player: PlayerState) -> bool:
    """A.7: only when the final round is paired, a pairing score (with any acceleration) above
    half the maximum so far."""
    if state.next_round != state.total_rounds:
        return False
    score = player.score(state.scoring) + player.acceleration_in(state.next_round)
    return 2 * score > state.rounds_played * state.scoring.win


def played_before(a: PlayerState, b: PlayerState) -> bool:
    """C.1: a and b played a game (a forfeited game was not played: they may meet again)."""
    return any(record.opponent == b.id and record.played for record in a.history)


def same_absolute_preference(a: PlayerState, b: PlayerState) -> bool:
    """C.3: both players must get the same colour (A.6.a)."""
    preference = absolute_preference(played_colors(a))
    return preference is not Color.NONE and preference == absolute_preference(played_colors(b))


def may_meet(state: TournamentState, a: PlayerState, b: PlayerState) -> bool:
    """C.1, and C.3: non-topscorers with the same absolute colour preference never meet."""
    if played_before(a, b):
        return False
    topscorers = is_topscorer(state, a) or is_topscorer(state, b)
    return topscorers or not same_absolute_preference(a, b)


def may_get_the_bye(player: PlayerState, edition: Edition = Edition.DUTCH_2017) -> bool:
    """C.2 (2017): not after a pairing-allocated bye or a forfeit win (a requested full-point
    bye does not count, see rules digest C.2). 2025 [C2] with C.04.1 art. 4: not after a
    pairing-allocated bye or a win's points scored without playing (forfeit win, full-point
    bye)."""
    blocking = {Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN}
    if edition is Edition.DUTCH_2025:
        blocking.add(Outcome.FULL_BYE)
    return not any(record.outcome in blocking for record in player.history)


def complete_pairing_exists(state: TournamentState, edition: Edition = Edition.DUTCH_2017) -> bool:
    """A.9: some round-pairing satisfies C.1-C.3 and leaves at most one player, eligible for the
    bye (C.2), unpaired: a perfect matching of the compatibility graph, plus a bye vertex joined
    to every eligible player when the number of players is odd."""
    players = state.to_pair()
    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(player.id for player in players)
    for index, a in enumerate(players):
        for b in players[index + 1 :]:
            if may_meet(state, a, b):
                graph.add_edge(a.id, b.id)
    if len(players) % 2:
        graph.add_node(BYE)
        graph.add_edges_from(
            (BYE, player.id) for player in players if may_get_the_bye(player, edition)
        )
    matching: set[tuple[object, object]] = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(graph)


def violations(
    state: TournamentState, pairing: RoundPairing, edition: Edition = Edition.DUTCH_2017
) -> list[str]:
    """Every rule the pairing breaks, one line each."""
    return [
        *_seating(state, pairing),
        *_rematches(state, pairing),
        *_bye(state, pairing, edition),
        *_colours(state, pairing),
    ]


def _seating(state: TournamentState, pairing: RoundPairing) -> Iterator[str]:
    seated = [player for board in pairing.boards for player in (board.white, board.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    twice = sorted({player for player in seated if seated.count(player) > 1})
    if twice:
        yield f"C.04.1 b: paired twice: {twice}"
    expected = {player.id for player in state.to_pair()}
    if missing := sorted(expected - set(seated)):
        yield f"C.04.1 b: to be paired but left out: {missing}"
    if extra := sorted(set(seated) - expected):
        yield f"C.04.1 e: not to be paired but paired: {extra}"


def _rematches(state: TournamentState, pairing: RoundPairing) -> Iterator[str]:
    for board in pairing.boards:
        if played_before(state.player(board.white), state.player(board.black)):
            yield f"C.1: {board.white}-{board.black} already played each other"


def _bye(state: TournamentState, pairing: RoundPairing, edition: Edition) -> Iterator[str]:
    odd = len(state.to_pair()) % 2 == 1
    if odd != (pairing.bye is not None):
        yield f"C.04.1 c: {len(state.to_pair())} players to pair and bye {pairing.bye}"
    if pairing.bye is not None and not may_get_the_bye(state.player(pairing.bye), edition):
        yield f"C.2: {pairing.bye} already had a pairing-allocated bye or a win without playing"


def _colours(state: TournamentState, pairing: RoundPairing) -> Iterator[str]:
    for board in pairing.boards:
        white, black = state.player(board.white), state.player(board.black)
        if is_topscorer(state, white) or is_topscorer(state, black):
            continue  # A.7, C.8-C.9: the final-round exception
        if same_absolute_preference(white, black):
            yield f"C.3: {board.white}-{board.black} have the same absolute colour preference"
        for player, color in ((white, Color.WHITE), (black, Color.BLACK)):
            colors = [*played_colors(player), color]
            difference = colors.count(Color.WHITE) - colors.count(Color.BLACK)
            if abs(difference) > 2:
                yield f"A.6/C.3: {player.id} gets colour difference {difference}"
            if len(colors) >= 3 and colors[-1] == colors[-2] == colors[-3]:
                yield f"A.6/C.3: {player.id} gets {color.name} three times in a row"
