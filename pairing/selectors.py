"""Reads for the pairing pages and services: the engine input, runs, boards and their warnings.

Rounds, games, the state before a round and the scores before it come from `tournaments`
(`tournaments.selectors.manage`, `tournaments.selectors.state`); the rule warnings from the
engine (`pairing.engine.pairing_warnings`), by the tournament's edition of the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from pairing.engine import Edition, RuleWarning, pairing_warnings
from pairing.models import PairingRun
from pairing.roundrobin.checks import round_robin_warnings
from tournaments.domain.acceleration import pairing_scores
from tournaments.domain.state import Outcome, PlayerId, Points, TournamentState, points_text
from tournaments.domain.trf import write_trf
from tournaments.models import Bye, ByeKind, Game, Player, Round, Tournament
from tournaments.selectors.manage import round_games
from tournaments.selectors.state import not_taking_part, tournament_state_from_db
from tournaments.selectors.trf import tournament_trf_document


def tournament_edition(tournament: Tournament) -> Edition:
    """The edition of the Dutch rules the tournament is paired by (TRF-2026 `192`)."""
    return Edition(tournament.pairing_system)


def engine_input(tournament: Tournament) -> str:
    """The TRF of the state before the next round: the engine's whole input.

    Its rank column is explicitly the points-then-pairing-number order (`ranks=None`), not the
    standings': this app may not import the standings app, and the ranks do not matter here.
    The engine reads no rank column (`tournament_state_from_trf` keeps none; C.04.3 orders by
    score, then pairing number), a run compares states, never ranks (`services.runs`), and
    this file is the run's record of its input, shown on the round page, not an export. Every
    exported TRF (engine exchange, TRF16, TRF-2026, rating report; Q217) is
    `tournament_trf_report`'s, which requires the standings' ranker."""
    return write_trf(tournament_trf_document(tournament, ranks=None), "trf26")


def latest_run(rnd: Round) -> PairingRun | None:
    """The round's most recent pairing run, if any."""
    return (
        PairingRun.objects.filter(round=rnd)
        .select_related("requested_by")
        .order_by("-created", "-id")
        .first()
    )


def round_pairing_bye(rnd: Round) -> Bye | None:
    """The round's pairing-allocated bye, if any."""
    return rnd.byes.select_related("player").filter(kind=ByeKind.PAIRING_ALLOCATED).first()


def round_pairing_text(rnd: Round) -> str:
    """The round's pairing as the audit records it: `board: white-black`, then the bye."""
    lines = [
        f"{board}: {white}-{black}"
        for board, white, black in rnd.games.order_by("board").values_list(
            "board", "white__pairing_number", "black__pairing_number"
        )
    ]
    lines += [
        f"bye: {number}"
        for number in rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
            "player__pairing_number", flat=True
        )
    ]
    return "; ".join(lines)


def players_by_number(tournament: Tournament) -> dict[int, Player]:
    """The tournament's players by pairing number."""
    return {player.pairing_number: player for player in tournament.players.all()}


def games_warnings(rnd: Round, games: Iterable[Game]) -> list[RuleWarning]:
    """The rules the boards of `games` (of round `rnd`) break, judged on the state before the
    round by the tournament's edition (C.04.3 C.1-C.3, C.04.1 f/g)."""
    tournament = rnd.tournament
    return rule_warnings(
        tournament,
        tournament_state_from_db(tournament, rnd.number),
        (
            (game.board, PlayerId(game.white.pairing_number), PlayerId(game.black.pairing_number))
            for game in games
        ),
        None,
    )


def rule_warnings(
    tournament: Tournament,
    state: TournamentState,
    boards: Iterable[tuple[int, PlayerId, PlayerId]],
    bye: PlayerId | None,
) -> list[RuleWarning]:
    """The rules the boards and the bye break before the round of `state`: C.04.3 by the
    tournament's edition, or a round robin's own (once per cycle, no third colour running:
    `pairing.roundrobin.checks`; VCL Q101-Q102)."""
    if tournament.is_round_robin:
        return round_robin_warnings(state, boards, bye)
    return pairing_warnings(state, boards, bye, edition=tournament_edition(tournament))


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A board as the pairing page shows it: players with their scores before the round."""

    game: Game
    white_score: str
    black_score: str
    warnings: tuple[RuleWarning, ...]
    white_pairing_score: str = ""
    black_pairing_score: str = ""
    """Under Baku acceleration, the pairing score incl. virtual points (C.04.7 1.5); else ""."""


@dataclass(frozen=True, slots=True)
class RoundPairingView:
    """A round's pairing (draft or published) with its scores and what it breaks."""

    rows: list[BoardRow]
    bye: Bye | None
    bye_score: str
    warnings: list[RuleWarning]
    accelerated: bool = False
    """The rows show pairing scores (Baku acceleration)."""

    @property
    def has_rematch(self) -> bool:
        """A board breaks C.1: the one reason a published pairing may change (C.04.2 D.10)."""
        return any(warning.rule == "C.04.3 C.1" for warning in self.warnings)


def round_pairing_view(rnd: Round) -> RoundPairingView:
    """The round's boards, bye, scores before the round, and every rule they break by the
    tournament's edition (a round robin: its own rules, `rule_warnings`)."""
    games = list(round_games(rnd))
    bye = round_pairing_bye(rnd)
    if not games and bye is None:
        return RoundPairingView(rows=[], bye=None, bye_score="", warnings=[])
    tournament = rnd.tournament
    state = tournament_state_from_db(tournament, rnd.number)
    scores = {player.id: int(player.score(state.scoring)) for player in state.players}
    accelerated = tournament.baku_acceleration
    with_virtual = pairing_scores(state) if accelerated else {}
    warnings = rule_warnings(
        tournament,
        state,
        (
            (game.board, PlayerId(game.white.pairing_number), PlayerId(game.black.pairing_number))
            for game in games
        ),
        PlayerId(bye.player.pairing_number) if bye is not None else None,
    )
    rows = [
        BoardRow(
            game=game,
            white_score=points_text(scores[PlayerId(game.white.pairing_number)]),
            black_score=points_text(scores[PlayerId(game.black.pairing_number)]),
            warnings=tuple(w for w in warnings if w.board == game.board),
            white_pairing_score=_pairing_score(with_virtual, game.white.pairing_number),
            black_pairing_score=_pairing_score(with_virtual, game.black.pairing_number),
        )
        for game in games
    ]
    bye_score = points_text(scores[PlayerId(bye.player.pairing_number)]) if bye else ""
    return RoundPairingView(
        rows=rows, bye=bye, bye_score=bye_score, warnings=warnings, accelerated=accelerated
    )


def _pairing_score(scores: dict[PlayerId, Points], pairing_number: int) -> str:
    """A pairing score as the pairing page shows it, "" when the round is not accelerated."""
    score = scores.get(PlayerId(pairing_number))
    return "" if score is None else points_text(score)


def round_state_to_pair(rnd: Round) -> TournamentState:
    """The state before round `rnd` as it was before any of its boards: who is to be paired.

    `tournament_state_from_db` takes everyone without a board of a round already paired as absent; a
    round paired by hand is partly paired, so here only the byes asked for, the withdrawn
    players and the late entries stay out (`not_paired`), as when the engine paired it."""
    tournament = rnd.tournament
    state = tournament_state_from_db(tournament, rnd.number)
    away = {
        PlayerId(player.pairing_number)
        for player in tournament.players.all()
        if not_taking_part(player, rnd.number)
    }
    not_paired = {
        player: outcome
        for player, outcome in state.not_paired.items()
        if outcome is not Outcome.ABSENT or player in away
    }
    return dataclasses.replace(state, not_paired=not_paired)


def round_unpaired_players(rnd: Round) -> list[Player]:
    """The players to be paired in the round (not `not_paired`) who have neither a board nor
    the pairing-allocated bye yet, by pairing number: whom the arbiter may pair by hand."""
    to_pair = {int(player.id) for player in round_state_to_pair(rnd).to_pair()}
    taken = {
        number
        for pair in rnd.games.values_list("white__pairing_number", "black__pairing_number")
        for number in pair
    }
    taken |= set(
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
            "player__pairing_number", flat=True
        )
    )
    return list(
        rnd.tournament.players.filter(pairing_number__in=to_pair - taken).order_by("pairing_number")
    )


@dataclass(frozen=True, slots=True)
class NotPaired:
    """A player without a board in a round, and why: a bye they asked for (its kind), an
    absence, a withdrawal, or a late entry (issue 31: checked before publishing)."""

    player: Player
    reason: str


def round_not_paired(rnd: Round) -> list[NotPaired]:
    """Who has no board in `rnd` besides the pairing-allocated bye, by pairing number: the
    requested byes and absences (C.04.1 c; C.05 Annex 1), the withdrawn players, the late
    entries, and any other player left out. Three queries."""
    reasons: dict[int, str] = {}
    byes = list(rnd.byes.select_related("player"))
    players = {bye.player.pk: bye.player for bye in byes if bye.kind != ByeKind.PAIRING_ALLOCATED}
    for bye in byes:
        reasons[bye.player.pk] = str(bye.get_kind_display())
    taken = {bye.player.pk for bye in byes}
    taken |= {pk for pair in rnd.games.values_list("white_id", "black_id") for pk in pair}
    for player in rnd.tournament.players.exclude(pk__in=taken):
        players[player.pk] = player
        if player.withdrawn_from_round is not None and player.withdrawn_from_round <= rnd.number:
            reasons[player.pk] = _("Withdrawn from round %(number)s") % {
                "number": player.withdrawn_from_round
            }
        elif player.first_round > rnd.number:
            reasons[player.pk] = _("Plays from round %(number)s (late entry)") % {
                "number": player.first_round
            }
        else:
            reasons[player.pk] = _("Absent: not paired")
    ordered = sorted(players.values(), key=lambda player: player.pairing_number)
    return [NotPaired(player=player, reason=reasons[player.pk]) for player in ordered]
