"""An independent checker of the Double-Swiss System (C.04.5): the best pairing of a match found
by trying everything, written from the text and sharing no code with the engine
(`pairing.engine.doubleswiss`; an import-linter contract forbids this package to import it).

Deliberately simple and slow: every set of upfloaters and every pairing of a bracket is listed,
and each criterion is a number; the answer is the smallest tuple of numbers. Usable for small
fields (up to about 14 players to pair). The state holds games: match m is in the columns
2m-1 and 2m (docs/double-swiss.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from tournaments.domain.state import Color, Outcome, PlayerId, TournamentState


class NoPairing(Exception):
    """No pairing of the match complies with the absolute criteria."""


@dataclass(frozen=True, slots=True)
class CheckedPairing:
    """The checker's answer: (White of game 1, Black of game 1) per board in board order, and
    the player with the pairing-allocated bye."""

    boards: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None


@dataclass(frozen=True, slots=True)
class _Player:
    tpn: PlayerId
    score: int
    met: frozenset[PlayerId]
    colours: tuple[Color, ...]
    no_bye: bool
    played: int
    floated: bool
    parity_number: int


def _read(state: TournamentState) -> tuple[list[_Player], bool]:
    """The players to pair, as the text describes them, and whether this is the last match."""
    matches = state.rounds_played // 2
    last = matches + 1 == state.total_rounds // 2
    everyone = {p.id: p for p in state.players}

    def points(pid: PlayerId, columns: int) -> int:
        history = everyone[pid].history[:columns]
        return sum(state.scoring.points(record.outcome) for record in history)

    def gave_up_both(pid: PlayerId, m: int) -> bool:
        # Preface: a player who forfeits both games of the match
        one, two = everyone[pid].history[2 * m - 2 : 2 * m]
        return one.outcome == Outcome.FORFEIT_LOSS and two.outcome == Outcome.FORFEIT_LOSS

    numbered = [
        p.id
        for p in sorted(state.players, key=lambda p: p.id)
        if p.id not in state.not_paired
        or any(r.opponent is not None or r.outcome == Outcome.PAIRING_BYE for r in p.history)
    ]
    players = []
    for p in state.players:
        if p.id in state.not_paired:
            continue
        met, colours = set(), []
        no_bye, played, floated = False, 0, False
        for m in range(1, matches + 1):
            one, two = p.history[2 * m - 2], p.history[2 * m - 1]
            opponent = one.opponent
            if opponent is None:
                codes = (one.outcome, two.outcome)
                if Outcome.PAIRING_BYE in codes or Outcome.FULL_BYE in codes:
                    no_bye = True  # [C2]
                colours.append(Color.NONE)
                continue
            if m == matches:  # 1.5: paired against a different score in the previous match
                floated = points(p.id, 2 * m - 2) != points(opponent, 2 * m - 2)
            forfeited = gave_up_both(p.id, m) or gave_up_both(opponent, m)
            if forfeited:
                if gave_up_both(opponent, m) and not gave_up_both(p.id, m):
                    no_bye = True  # [C2]: a match won by forfeit
                colours.append(Color.NONE)
                continue
            met.add(opponent)
            played += 1
            was_played = [r.outcome.is_played for r in (one, two)]
            if was_played[0]:
                colours.append(one.color)
            elif was_played[1]:
                colours.append(Color.WHITE if two.color == Color.BLACK else Color.BLACK)
            else:
                colours.append(Color.NONE)  # 1.6: no game of the match was played
        players.append(
            _Player(
                tpn=p.id,
                score=points(p.id, 2 * matches),
                met=frozenset(met),
                colours=tuple(colours),
                no_bye=no_bye,
                played=played,
                floated=floated,
                parity_number=numbered.index(p.id) + 1,
            )
        )
    return players, last


def check_double_swiss(state: TournamentState) -> CheckedPairing:
    """The pairing of the next match by C.04.5, found by exhaustive search."""
    players, last = _read(state)
    info = {p.tpn: p for p in players}
    column = state.rounds_played + 1

    @cache
    def can_meet(a: PlayerId, b: PlayerId) -> bool:  # [C1]
        met = b in info[a].met or a in info[b].met
        return not met and not state.is_forbidden(a, b, column)

    def all_pairings(group: Sequence[PlayerId]) -> Iterator[list[tuple[PlayerId, PlayerId]]]:
        if not group:
            yield []
            return
        first, others = group[0], group[1:]
        for partner in others:
            if can_meet(first, partner):
                rest = [x for x in others if x != partner]
                for pairing in all_pairings(rest):
                    yield [(first, partner), *pairing]

    @cache
    def legal(group: frozenset[PlayerId]) -> bool:
        return next(all_pairings(sorted(group)), None) is not None

    everybody = frozenset(info)
    bye = None
    if len(everybody) % 2:
        # 3.4: [C2], a legal pairing for the others (3.4.1), lowest score, most matches
        # played, largest TPN
        for candidate in sorted(everybody, key=lambda x: (info[x].score, -info[x].played, -x)):
            if not info[candidate].no_bye and legal(everybody - {candidate}):
                bye = candidate
                break
        else:
            raise NoPairing("no pairing-allocated bye is possible")
    unpaired = everybody - {bye} if bye is not None else everybody
    if not legal(unpaired):
        raise NoPairing("no legal pairing")
    pairs: list[tuple[PlayerId, PlayerId]] = []
    while unpaired:
        top = max(info[x].score for x in unpaired)
        residents = frozenset(x for x in unpaired if info[x].score == top)
        lower = sorted(unpaired - residents)
        best_key, best_set = None, None
        for size in range(len(lower) + 1):
            if best_key is not None:
                break  # [C4]: a smaller set was found; larger ones cannot win
            for chosen in itertools.combinations(lower, size):
                ups = frozenset(chosen)
                bracket = residents | ups
                if len(bracket) % 2 or not legal(bracket) or not legal(unpaired - bracket):
                    continue
                key = (
                    size,  # [C4]
                    tuple(-s for s in sorted(info[x].score for x in ups)),  # [C5]
                    0 if _c6_ok(info, legal, unpaired, residents, ups) else 1,  # [C6]
                    0 if last else sum(info[x].floated for x in ups),  # [C7]
                    tuple(sorted(ups, key=lambda x: (-info[x].score, x))),  # 3.5.4
                )
                if best_key is None or key < best_key:
                    best_key, best_set = key, ups
        assert best_set is not None  # the whole of `unpaired` is legal
        bracket = residents | best_set
        best_pairing, best_pairing_key = None, None
        for pairing in all_pairings(sorted(bracket)):
            ordered = sorted((min(a, b), max(a, b)) for a, b in pairing)
            identifier = tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)  # 3.6.2
            c8 = 0
            if not last:
                for a, b in pairing:
                    c8 += int(a in best_set and info[b].floated)
                    c8 += int(b in best_set and info[a].floated)
            if best_pairing_key is None or (c8, identifier) < best_pairing_key:
                best_pairing_key, best_pairing = (c8, identifier), pairing
        assert best_pairing is not None
        pairs += best_pairing
        unpaired = unpaired - bracket
    boards = [_colours(info[a], info[b], state.initial_color) for a, b in pairs]

    def board_key(board: tuple[PlayerId, PlayerId]) -> tuple[int, int, int]:
        # C.04.2 3.6: higher player's score, sum of scores, higher player's TPN
        w, b = info[board[0]], info[board[1]]
        high = min(w, b, key=lambda x: (-x.score, x.tpn))
        return (-high.score, -(w.score + b.score), high.tpn)

    return CheckedPairing(boards=tuple(sorted(boards, key=board_key)), bye=bye)


def _c6_ok(
    info: dict[PlayerId, _Player],
    legal: Callable[[frozenset[PlayerId]], bool],
    unpaired: frozenset[PlayerId],
    residents: frozenset[PlayerId],
    ups: frozenset[PlayerId],
) -> bool:
    """[C6] (parity minimum): unless the following scoregroup was emptied by upfloating, its
    players left can be paired with as few upfloaters as their number allows, the players
    below them staying pairable."""
    below_top = unpaired - residents
    if not below_top:
        return True
    following_score = max(info[x].score for x in below_top)
    left = frozenset(x for x in below_top - ups if info[x].score == following_score)
    if not left:
        return True
    below = sorted(x for x in below_top - ups if info[x].score < following_score)
    for extra in itertools.combinations(below, len(left) % 2):
        bracket = left | frozenset(extra)
        if legal(bracket) and legal(frozenset(below) - bracket):
            return True
    return False


def _colours(a: _Player, b: _Player, initial: Color) -> tuple[PlayerId, PlayerId]:
    """Article 4: White (of game 1) first."""
    high, low = (a, b) if (-a.score, a.tpn) < (-b.score, b.tpn) else (b, a)

    def white_to(player: _Player) -> tuple[PlayerId, PlayerId]:
        other = low if player is high else high
        return (player.tpn, other.tpn)

    high_had = [c for c in high.colours if c != Color.NONE]
    low_had = [c for c in low.colours if c != Color.NONE]
    if not high_had and not low_had:  # 4.3.1
        high_white = (high.parity_number % 2 == 1) == (initial == Color.WHITE)
        return white_to(high if high_white else low)
    high_whites, low_whites = high_had.count(Color.WHITE), low_had.count(Color.WHITE)
    if high_whites != low_whites:  # 4.3.2
        return white_to(high if high_whites < low_whites else low)
    for m in range(len(high.colours) - 1, -1, -1):  # 4.3.3
        h, lo = high.colours[m], low.colours[m]
        if h != Color.NONE and lo != Color.NONE and h != lo:
            return white_to(low if h == Color.WHITE else high)
    if high_had:  # 4.3.4
        return white_to(low if high_had[-1] == Color.WHITE else high)
    return white_to(high if low_had[-1] == Color.WHITE else low)  # 4.3.5
