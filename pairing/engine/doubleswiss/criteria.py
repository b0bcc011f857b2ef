"""The criteria of the Double-Swiss System (C.04.5 Article 2), as predicates and counts.

Absolute: [C1] no two players meet twice (a forfeited match is not a meeting; the forbidden
pairs of TRF `XXP`/`260` are kept the same way), [C2] no second PAB (nor after a match won by
forfeit or a full-point bye). Completion: [C3] the players not yet paired can always all be
paired. Quality, in descending priority: [C4] the fewest upfloaters, [C5] their highest scores,
[C6] the following scoregroup still pairable with the fewest upfloaters, [C7] the fewest
upfloaters who floated in the previous round, [C8] the fewest opponents of upfloaters who
floated in the previous round; [C7] and [C8] lapse in the last round.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from pairing.engine.doubleswiss.matches import Contender, MatchRound
from pairing.engine.matching import max_cardinality_matching
from tournaments.domain.state import PlayerId, TournamentState


class Criteria:
    """The criteria for one match-round: who may meet whom, who may have the PAB, and the
    float counts. Completion questions ([C3]) are answered by a maximum matching and
    remembered, since the procedure asks the same ones again and again."""

    def __init__(self, state: TournamentState, match_round: MatchRound) -> None:
        self.round = match_round
        self.by_id: dict[PlayerId, Contender] = {c.id: c for c in match_round.contenders}
        self._column = 2 * match_round.number - 1
        self._pairable: dict[frozenset[PlayerId], bool] = {}
        self._barred: dict[PlayerId, set[PlayerId]] = {
            c.id: set(c.met) for c in self.by_id.values()
        }
        for contender in match_round.contenders:
            for opponent in contender.met:
                if opponent in self._barred:
                    self._barred[opponent].add(contender.id)
        for group in state.forbidden:
            if group.applies_to(self._column):
                for a in group.players & self._barred.keys():
                    self._barred[a] |= group.players - {a}

    def compatible(self, a: PlayerId, b: PlayerId) -> bool:
        """[C1]: `a` and `b` have not met (and are not a forbidden pair)."""
        return b not in self._barred[a]

    def may_have_pab(self, player: PlayerId) -> bool:
        """[C2]: no PAB for a player who had one, won a match by forfeit or had a full-point
        bye."""
        return not self.by_id[player].pab_barred

    def pairable(self, players: Iterable[PlayerId]) -> bool:
        """[C1] and [C3]: all of `players` can be paired among themselves."""
        key = frozenset(players)
        known = self._pairable.get(key)
        if known is None:
            known = self._pairable[key] = self._perfect(sorted(key))
        return known

    def _perfect(self, players: list[PlayerId]) -> bool:
        if len(players) % 2:
            return False
        mates = max_cardinality_matching(
            len(players), lambda i, j: self.compatible(players[i], players[j])
        )
        return -1 not in mates

    def floaters(self, players: Iterable[PlayerId]) -> int:
        """How many of `players` floated in the previous round; 0 in the last round ([C7])."""
        if self.round.last:
            return 0
        return sum(1 for player in players if self.by_id[player].floated)

    def opponent_cost(self, a: PlayerId, b: PlayerId, upfloaters: Collection[PlayerId]) -> int:
        """[C8]: how many of `a` and `b` are an upfloater's opponent who floated in the
        previous round (0 in the last round)."""
        if self.round.last:
            return 0
        cost = 0
        if a in upfloaters and self.by_id[b].floated:
            cost += 1
        if b in upfloaters and self.by_id[a].floated:
            cost += 1
        return cost
