"""Pairing a whole round, C.04.3 A.9: brackets from the top scoregroup down, each one's
downfloaters moving to the next; the PAB to the player left over by the last bracket (in the
2017 edition, after a PPB, the collapsed last bracket of every player left)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from pairing.engine.api import Board, NoValidPairing, RoundPairing
from pairing.engine.dutch.absolute import Compatible, absolute_criteria
from pairing.engine.dutch.boards import publication_order
from pairing.engine.dutch.bracket import BracketPairing, BracketSearch
from pairing.engine.dutch.colours import white_for_higher
from pairing.engine.dutch.criteria import Layout, Weights
from pairing.engine.dutch.edition import COLLAPSED_ROUTE, DUTCH_2017_RULES, EditionRules
from pairing.engine.dutch.explain import describe_bracket
from pairing.engine.dutch.lookahead import NextBracket
from pairing.engine.dutch.pab import fewest_unplayed, lowest_pab_score
from pairing.engine.dutch.players import PlayerFacts, build_facts
from pairing.engine.matching import max_cardinality_matching
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import TournamentState


def _completable(players: Sequence[PlayerFacts], compatible: Compatible) -> bool:
    """A.9: whether the players can all be paired, but for one PAB receiver eligible under C.2
    when the number of players is odd."""
    count = len(players)

    def adjacent(i: int, j: int) -> bool:
        if j == count:
            return players[i].bye_eligible
        if i == count:
            return players[j].bye_eligible
        return compatible(players[i], players[j])

    return -1 not in max_cardinality_matching(count + count % 2, adjacent)


@dataclass(frozen=True, slots=True)
class _Context:
    """What every bracket search of the round shares."""

    state: TournamentState
    rules: EditionRules
    compatible: Compatible
    explain: bool

    def search(
        self,
        layout: Layout,
        mdps: int,
        next_residents: Sequence[PlayerFacts],
        next_is_last: bool,
        after: NextBracket | None,
        pab_by_unplayed: bool = False,
    ) -> BracketSearch:
        """The search of one bracket laid out as `layout` (A.9: alone, or with every lower
        player for the PPB and the last bracket)."""
        weights = Weights(layout, self.state.initial_color, self.state.rounds_played)
        found = BracketSearch(
            layout,
            weights,
            self.compatible,
            mdps,
            next_residents,
            next_is_last,
            self.rules,
            after,
        )
        found.examined = [] if self.explain else None
        found.pab_by_unplayed = pab_by_unplayed
        return found

    def collapsed_last_bracket(
        self, floaters: Sequence[PlayerFacts], lower: Sequence[PlayerFacts], odd: bool
    ) -> BracketPairing:
        """A.9 (2017): the PPB's downfloaters (its MDPs) and every lower player (its residents,
        each with their own score) paired as one bracket, the CLB, which completes the round;
        C.6 and C.16-C.19 by score differences (A.8), C.7 does not apply."""
        players = [*floaters, *lower]
        layout = Layout(players, bracket_size=len(players), with_bye=odd, collapsed=True)
        return self.search(layout, len(floaters), [], False, None).solve(completing=True)


def pair_round(
    state: TournamentState, *, explain: bool = False, rules: EditionRules = DUTCH_2017_RULES
) -> RoundPairing:
    """Pair round `state.next_round` (A.9), colours by section E, boards by C.04.2 D.9, by the
    edition's `rules`; with `explain`, record the reasoning bracket by bracket."""
    facts = build_facts(state, rules)
    compatible = absolute_criteria(state)
    odd = len(facts) % 2 == 1
    if not _completable(facts, compatible):
        raise NoValidPairing(
            Message(gettext_noop("no complete round-pairing satisfies C.1-C.3 and C.2 (A.9)"))
        )
    explanation: list[str] = (
        [Message(gettext_noop("rules: %(title)s"), title=Message(rules.title))] if explain else []
    )

    def completable(players: Sequence[PlayerFacts]) -> bool:
        return _completable(players, compatible)

    lowest: int | None = None
    if rules.pab_criteria:
        facts, lowest = lowest_pab_score(facts, completable)
        if explain and lowest is not None:
            explanation.append(
                Message(
                    gettext_noop(
                        "[C5] (2025 art. 2.5): the PAB goes to a player scoring %(score)s"
                    ),
                    score=f"{lowest / 2:g}",
                )
            )
    groups = [list(g) for _, g in groupby(facts, key=lambda p: p.score)]
    pairs: list[tuple[PlayerFacts, PlayerFacts]] = []
    floaters: list[PlayerFacts] = []
    context = _Context(state, rules, compatible, explain)
    for index, group in enumerate(groups):
        bracket = floaters + group
        lower = [p for g in groups[index + 1 :] for p in g]
        if rules.pab_criteria and not lower:
            bracket, fewest = fewest_unplayed(bracket, completable)
            if explain and fewest is not None:
                explanation.append(
                    Message(
                        gettext_noop(
                            "[C9] (2025 art. 2.9): the PAB goes to a player with %(count)s "
                            "unplayed rounds"
                        ),
                        count=fewest,
                    )
                )
        next_residents = groups[index + 1] if index + 1 < len(groups) else []
        next_is_last = index + 2 == len(groups)
        after = None
        if rules.lookahead_in_every_bracket:
            after = NextBracket(
                next_residents,
                [p for g in groups[index + 2 :] for p in g],
                compatible,
                completable,
                candidates=bracket,
            )

        # [C9] (2025 art. 2.9): when the PAB's score is at least this bracket's, a single
        # downfloater is the PAB receiver (the last bracket narrows the PAB above).
        by_unplayed = bool(lower) and lowest is not None and lowest >= group[0].score
        result = None
        route = rules.routes[0]
        ppb = False
        if lower:
            # A.9: pair the bracket on its own, then test that the round can be completed.
            alone = Layout(players=bracket, bracket_size=len(bracket), with_bye=False)
            searched = context.search(
                alone, len(floaters), next_residents, next_is_last, after, by_unplayed
            )
            result = searched.solve(completing=False)
            route = rules.routes[1]
            if not _completable([*result.floaters, *lower], compatible):
                result = None
                route = rules.routes[2]
                ppb = True
        if result is None:
            # The last bracket, or the PPB (A.9): its downfloaters must complete the round.
            whole = Layout(players=bracket + lower, bracket_size=len(bracket), with_bye=odd)
            searched = context.search(
                whole, len(floaters), next_residents, next_is_last, after, by_unplayed
            )
            result = searched.solve(completing=True)
        if explain:
            explanation += describe_bracket(
                index + 1, floaters, group, result, route, state.initial_color
            )
        pairs.extend(result.pairs)
        floaters = list(result.floaters)
        if ppb and rules.collapsed_last_bracket:
            result = context.collapsed_last_bracket(floaters, lower, odd)
            if explain:
                explanation += describe_bracket(
                    index + 2, floaters, lower, result, COLLAPSED_ROUTE, state.initial_color
                )
            pairs.extend(result.pairs)
            floaters = list(result.floaters)
            break
    if len(floaters) > 1:
        raise NoValidPairing(
            Message(gettext_noop("players were left unpaired after the last bracket (A.9)"))
        )
    boards = [
        Board(higher.id, lower.id)
        if white_for_higher(higher, lower, state.initial_color)
        else Board(lower.id, higher.id)
        for higher, lower in pairs
    ]
    scores = {p.id: p.score for p in facts}
    return RoundPairing(
        boards=publication_order(boards, scores),
        bye=floaters[0].id if floaters else None,
        explanation=tuple(explanation),
    )
