"""How a round paired by hand differs from the engine's pairing of the same state
(`PairingDifference`): what `round_manual_validate` shows before it publishes the round, and
records in the MPA event (VCL4THP Q63-Q69)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from pairing.engine import (
    DutchConfig,
    PairingError,
    RoundPairing,
    pair,
)
from pairing.roundrobin.pairing import round_robin_pairing
from pairing.selectors import tournament_edition
from tournaments.domain.messages import reason
from tournaments.domain.state import TournamentState
from tournaments.models import ByeKind, Round, Tournament
from tournaments.translation import translated

Pair = tuple[int, int]
"""A board as pairing numbers: (white, black)."""


def round_pairs(rnd: Round) -> list[Pair]:
    return list(rnd.games.values_list("white__pairing_number", "black__pairing_number"))


def round_bye(rnd: Round) -> int | None:
    return (
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED)
        .values_list("player__pairing_number", flat=True)
        .first()
    )


@dataclass(frozen=True, slots=True)
class PairingDifference:
    """How a round paired by hand differs from the engine's pairing of the same state.

    `added`: boards of the round the engine does not have (white, black); `removed`: the
    engine's boards the round does not have; `recoloured`: the same two players with the
    colours swapped (as in the round). `engine_error`: why the engine found no pairing.
    `table`: a round robin's round, compared with its Berger table's (C.05 Annex 1) rather
    than the engine's, and said so.
    """

    added: tuple[Pair, ...]
    removed: tuple[Pair, ...]
    recoloured: tuple[Pair, ...]
    bye: int | None
    engine_bye: int | None
    engine_error: str = ""
    table: bool = False

    @property
    def differs(self) -> bool:
        return bool(
            self.engine_error
            or self.added
            or self.removed
            or self.recoloured
            or self.bye != self.engine_bye
        )

    def lines(self) -> tuple[str, ...]:
        """The differences as the arbiter reads them, in the active language (the MPA event
        records them in English)."""
        if self.engine_error:
            error = translated(self.engine_error)
            if self.table:
                return (_("The Berger table gives no round: %(error)s") % {"error": error},)
            return (_("The engine finds no pairing: %(error)s") % {"error": error},)

        def boards(pairs: tuple[Pair, ...]) -> dict[str, str]:
            return {"boards": ", ".join(f"{white}-{black}" for white, black in pairs)}

        lines = []
        if self.added:
            added = (
                _("boards the Berger table does not pair: %(boards)s")
                if self.table
                else _("boards the engine does not pair: %(boards)s")
            )
            lines.append(added % boards(self.added))
        if self.removed:
            removed = (
                _("Berger table boards left out: %(boards)s")
                if self.table
                else _("engine boards left out: %(boards)s")
            )
            lines.append(removed % boards(self.removed))
        if self.recoloured:
            recoloured = (
                _("colours other than the Berger table's: %(boards)s")
                if self.table
                else _("colours other than the engine's: %(boards)s")
            )
            lines.append(recoloured % boards(self.recoloured))
        if self.bye != self.engine_bye:
            none = _("none")
            bye = (
                _("bye %(bye)s (Berger table: %(engine)s)")
                if self.table
                else _("bye %(bye)s (engine: %(engine)s)")
            )
            lines.append(bye % {"bye": self.bye or none, "engine": self.engine_bye or none})
        return tuple(lines)


def engine_reference(tournament: Tournament, state: TournamentState) -> RoundPairing:
    """What the round is compared with: the engine's pairing, or a round robin's Berger table
    (C.05 Annex 1; a hand-made round robin round is checked against it, VCL Q100-Q101)."""
    if tournament.is_round_robin:
        return round_robin_pairing(
            state, cycles=tournament.cycles, swap_last_two=tournament.swap_last_two_rounds
        ).pairing
    return pair(state, DutchConfig(tournament_edition(tournament)))


def pairing_difference(
    tournament: Tournament, state: TournamentState, rnd: Round
) -> PairingDifference:
    pairs, bye = round_pairs(rnd), round_bye(rnd)
    table = tournament.is_round_robin
    try:
        engine = engine_reference(tournament, state)
    except PairingError as error:
        return PairingDifference(
            (), (), (), bye, None, reason(error) or type(error).__name__, table
        )
    theirs = [(int(board.white), int(board.black)) for board in engine.boards]
    mine_unordered = {frozenset(p) for p in pairs}
    theirs_unordered = {frozenset(p) for p in theirs}
    return PairingDifference(
        added=tuple(sorted(p for p in pairs if frozenset(p) not in theirs_unordered)),
        removed=tuple(sorted(p for p in theirs if frozenset(p) not in mine_unordered)),
        recoloured=tuple(
            sorted(p for p in pairs if frozenset(p) in theirs_unordered and p not in theirs)
        ),
        bye=bye,
        engine_bye=int(engine.bye) if engine.bye is not None else None,
        table=table,
    )
