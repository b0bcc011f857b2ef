"""Reads for the standings pages: a tournament's C.07 standings after a round, from the database.

The public standings count completed rounds only (default: the last one), so a draft or a round
still in play is never shown. The arbiter's live standings also count the results entered so far
in the round in play; a game without a result counts as not played yet. Either way the ranking
is `standings.tiebreaks.compute_standings` with the tournament's ordered tie-break list, the C.07
edition in force on its start date and a drawing of lots seeded by the tournament's id.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.utils.translation import gettext as _

from standings import provisional
from standings.exceptions import StandingsPlayerNotFound, StandingsRoundUnavailable
from standings.labels import tiebreak_name, tiebreak_rule
from standings.provisional import OpenGame
from standings.tiebreaks import (
    Edition,
    Family,
    Results,
    Standings,
    TiebreakCode,
    UnknownTiebreak,
    compute_standings,
    edition_in_force,
    parse_code,
)
from standings.tiebreaks.performance import every_tournament_performance
from tournaments.domain.ratings import UnratedMethod, round_ratings, unrated_rating
from tournaments.domain.roundrobin import cancelled_players, standings_state
from tournaments.domain.state import Color, Outcome, PlayerId, TournamentState
from tournaments.domain.tiebreaks import DEFAULT_TIEBREAKS, ROUND_ROBIN_TIEBREAKS
from tournaments.models import Player, PlayerStatus, RoundState, Tournament
from tournaments.models.players import PlayerRating
from tournaments.models.tournament import TiebreakRatings
from tournaments.selectors.state import state_rows

POINTS = TiebreakCode(Family.PTS)


@dataclass(frozen=True, slots=True)
class Column:
    """One tie-break of the ordered list: `BH/C1`, "Buchholz cut 1" and what it counts (the
    name and the rule in the language active when read: the standings are kept in the cache
    for every language)."""

    code: TiebreakCode

    @property
    def text(self) -> str:
        return self.code.text

    @property
    def name(self) -> str:
        return tiebreak_name(self.code)

    @property
    def rule(self) -> str:
        return tiebreak_rule(self.code)


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line: place, points and each tie-break's value (None: undefined)."""

    rank: int
    player: Player
    rating: int
    """The tournament rating (TRF-2026 172); 0: unrated."""
    points: Fraction
    values: tuple[Fraction | None, ...]
    lot: int | None
    """The player's place in the drawing of lots among those still tied, or None."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of a player in the crosstable."""

    round: int
    opponent: Line | None
    color: Color
    outcome: Outcome
    pending: bool


@dataclass(frozen=True, slots=True)
class TournamentStandings:
    """The standings of a tournament after `after_round`, with what the pages show around them.

    `rounds` are the rounds one may ask standings after (the completed ones); `live` says that
    the round in play is counted with the results entered so far (`pending` games lack one).
    """

    tournament: Tournament
    after_round: int
    live: bool
    rounds: tuple[int, ...]
    in_play: bool
    """A published round is being played: the standings will change."""
    columns: tuple[Column, ...]
    skipped: tuple[str, ...]
    """Codes of the tournament's list that are not individual C.07 tie-breaks (left out)."""
    edition: Edition
    lots_seed: str
    lines: tuple[Line, ...]
    state: TournamentState
    standings: Standings
    pending: frozenset[tuple[int, PlayerId]]
    """(round, pairing number) of each player whose game of the round in play has no result."""
    cancelled: tuple[Player, ...] = ()
    """Round robin: withdrawn players whose results are not counted (C.06 V.4 a), left out of
    `lines` and of `state`; `recorded` still holds their games."""
    recorded: TournamentState | None = None
    """The state as recorded, when it differs from the ranked `state` (cancelled players)."""
    open_games: tuple[OpenGame, ...] = ()
    """After the last round: the adjourned games and the games without a result that keep the
    standings provisional (Q161, Q169)."""

    @property
    def final(self) -> bool:
        """The standings after the last round with every game's result in (Q161, Q169)."""
        return self.after_round == self.tournament.rounds and not self.open_games

    @property
    def provisional(self) -> bool:
        """The standings after the last round while a game still has no result."""
        return bool(self.open_games)

    @property
    def lots_drawn(self) -> bool:
        """Whether a drawing of lots separated players the tie-breaks left tied (L-marks)."""
        return any(line.lot for line in self.lines)

    def line(self, pairing_number: int) -> Line:
        for line in self.lines:
            if line.player.pairing_number == pairing_number:
                return line
        raise StandingsPlayerNotFound(
            _("There is no player number %(number)d.") % {"number": pairing_number}
        )

    @property
    def pending_games(self) -> int:
        return len(self.pending) // 2


def standings_codes(tournament: Tournament) -> tuple[tuple[TiebreakCode, ...], tuple[str, ...]]:
    """The tournament's ordered tie-break list (the menu's default when empty), and the codes
    the menu only records (team tie-breaks, score selectors): listed, not computed."""
    codes: list[TiebreakCode] = []
    skipped: list[str] = []
    default = ROUND_ROBIN_TIEBREAKS if tournament.is_round_robin else DEFAULT_TIEBREAKS
    for text in tournament.tiebreaks or default:
        try:
            code = parse_code(text)
        except UnknownTiebreak:
            skipped.append(text)
            continue
        if code != POINTS and code not in codes:
            codes.append(code)
    return tuple(codes), tuple(skipped)


def standings_edition(tournament: Tournament) -> Edition:
    """The C.07 edition in force on the start date; the newest when the date is unknown (as
    `python -m standings` does for a file without a date)."""
    if tournament.start_date is None:
        return Edition.C07_2026
    return edition_in_force(tournament.start_date)


def standings_lots_seed(tournament: Tournament) -> str:
    """The seed of the drawing of lots: fixed for the tournament, so the draw is repeatable
    (`python -m standings FILE --lots-seed "tournament <id>"`)."""
    return f"tournament {tournament.pk}"


def tournament_standings(
    *, tournament: Tournament, after_round: int | None = None
) -> TournamentStandings:
    """The public standings after a completed round (default: the last completed round).

    Raises `StandingsRoundUnavailable` for a round that is not completed.
    """
    rounds = _rounds(tournament)
    completed = rounds.completed
    if after_round is None:
        after_round = completed[-1] if completed else 0
    elif after_round not in completed:
        raise StandingsRoundUnavailable(_unavailable(after_round, completed))
    return _standings(tournament, after_round, rounds, live=False)


def tournament_live_standings(*, tournament: Tournament) -> TournamentStandings:
    """The arbiter's standings counting the round in play (the last published round) with the
    results entered so far; the last completed round's when no round is in play."""
    rounds = _rounds(tournament)
    counted = rounds.in_play or (rounds.completed[-1] if rounds.completed else 0)
    return _standings(tournament, counted, rounds, live=True)


@dataclass(frozen=True, slots=True)
class _Rounds:
    completed: tuple[int, ...]
    in_play: int | None
    """The last published round, whose results are being entered."""


def _rounds(tournament: Tournament) -> _Rounds:
    states = dict(tournament.round_set.values_list("number", "state"))
    published = [number for number, state in states.items() if state == RoundState.PUBLISHED]
    return _Rounds(
        completed=tuple(
            sorted(number for number, state in states.items() if state == RoundState.COMPLETED)
        ),
        in_play=max(published, default=None),
    )


def _unavailable(after_round: int, completed: Sequence[int]) -> str:
    if not completed:
        return _("There are no standings after round %(round)d: no round is completed yet.") % {
            "round": after_round
        }
    return _(
        "There are no standings after round %(round)d: the completed rounds are "
        "%(first)d to %(last)d."
    ) % {"round": after_round, "first": completed[0], "last": completed[-1]}


@dataclass(frozen=True, slots=True)
class RatingInputs:
    """What the rating-based tie-breaks read besides the state (C.07 10): the rating of an
    unrated player (None: those tie-breaks are undefined; VCL Q208-Q209) and, when the
    tie-breaks use the rating valid in each round, each (round, player)'s rating (VCL
    Q212-Q216)."""

    unrated: int | None
    by_round: dict[tuple[int, PlayerId], int] | None


def rating_inputs(tournament: Tournament, state: TournamentState) -> RatingInputs:
    """The tournament's rule for unrated players applied to the field's tournament ratings,
    and the per-round ratings when the tournament lasts over 30 days and its tie-breaks use
    the rating valid in each round (one query then; none otherwise)."""
    unrated = unrated_rating(
        UnratedMethod(tournament.unrated_rule),
        (player.rating for player in state.players),
        tournament.unrated_rating,
    )
    per_round = (
        tournament.lasts_over_30_days and tournament.tiebreak_ratings == TiebreakRatings.PER_ROUND
    )
    if not per_round:
        return RatingInputs(unrated, None)
    later: dict[PlayerId, list[tuple[int, int]]] = {}
    for number, from_round, rating in PlayerRating.objects.filter(
        player__tournament=tournament
    ).values_list("player__pairing_number", "from_round", "rating"):
        later.setdefault(PlayerId(number), []).append((from_round, rating))
    first = {player.id: player.rating for player in state.players}
    return RatingInputs(unrated, round_ratings(first, later, state.rounds_played))


def tournament_performances(standings: TournamentStandings) -> dict[int, int | None]:
    """Each ranked player's tournament performance rating (TPR, C.07 10.2) over the rounds of
    `standings`, by pairing number; None when undefined (no game played over the board, or an
    unrated opponent while the tournament rates nobody for the tie-breaks: C.07 10 preamble).
    The players' profiles show it (issue 35), whatever the tie-break list."""
    ratings = rating_inputs(standings.tournament, standings.state)
    results = Results(
        standings.state,
        standings.edition,
        ratings.unrated,
        ratings.by_round,
        round_robin=standings.tournament.is_round_robin,
    )
    return {int(number): value for number, value in every_tournament_performance(results).items()}


def manual_values(
    tournament: Tournament, codes: Sequence[TiebreakCode]
) -> dict[PlayerId, Fraction]:
    """The manual tie-break values the arbiter entered (MAN, VCL Q207); no query when the list
    has no MAN."""
    if all(code.family is not Family.MAN for code in codes):
        return {}
    entered = tournament.players.filter(manual_tiebreak__isnull=False)
    return {
        PlayerId(number): Fraction(value)
        for number, value in entered.values_list("pairing_number", "manual_tiebreak")
        if value is not None
    }


def _computed_standings(
    state: TournamentState,
    codes: tuple[TiebreakCode, ...],
    edition: Edition,
    lots_seed: str,
    lots: bool,
    ratings: RatingInputs,
    manual: dict[PlayerId, Fraction],
    round_robin: bool = False,
) -> Standings:
    """`compute_standings`, kept in the cache under a digest of everything it reads (issue 22):
    the same state is never ranked twice, so the standings after round 10 are not computed
    again for each result entered in round 11 (the tournament's version moves on, the state
    after round 10 does not). The digest is of the inputs' `repr`, which shows every field."""
    inputs = (state, codes, edition, lots_seed, lots, ratings, sorted(manual.items()), round_robin)
    text = repr(inputs).encode()
    key = f"standings-of:{hashlib.blake2b(text, digest_size=20).hexdigest()}"
    kept: Standings | None = cache.get(key)
    if kept is None:
        kept = compute_standings(
            state,
            codes,
            edition=edition,
            unrated_rating=ratings.unrated,
            round_ratings=ratings.by_round,
            manual=manual,
            lots_seed=lots_seed,
            lots=lots,
            round_robin=round_robin,
        )
        cache.set(key, kept)
    return kept


def _standings(
    tournament: Tournament, after_round: int, rounds: _Rounds, *, live: bool
) -> TournamentStandings:
    rows = state_rows(tournament, after_round + 1, pending_results=True)
    cancelled = _cancelled(tournament, rows.state, rows.players)
    state = standings_state(rows.state, cancelled)
    codes, skipped = standings_codes(tournament)
    edition = standings_edition(tournament)
    lots_seed = standings_lots_seed(tournament)
    standings = _computed_standings(
        state,
        (POINTS, *codes),
        edition,
        lots_seed,
        tournament.drawing_of_lots,
        rating_inputs(tournament, state),
        manual_values(tournament, codes),
        tournament.is_round_robin,
    )
    rating_of = {player.id: player.rating for player in state.players}
    by_number = {player.pairing_number: player for player in rows.players}
    # Expelled players are left out and the places below them move up (Q197-Q198); their
    # games still count for their opponents' tie-breaks.
    expelled_ranks = [row.rank for row in standings.rows if by_number[row.player_id].expelled]
    lines = tuple(
        Line(
            rank=row.rank - sum(rank < row.rank for rank in expelled_ranks),
            player=by_number[row.player_id],
            rating=rating_of[row.player_id],
            points=row.values[POINTS.text] or Fraction(0),
            values=tuple(row.values[code.text] for code in codes),
            lot=row.lot,
        )
        for row in standings.rows
        if not by_number[row.player_id].expelled
    )
    return TournamentStandings(
        tournament=tournament,
        after_round=after_round,
        live=live,
        rounds=rounds.completed,
        in_play=rounds.in_play is not None,
        columns=tuple(Column(code) for code in codes),
        skipped=skipped,
        edition=edition,
        lots_seed=lots_seed,
        lines=lines,
        state=state,
        standings=standings,
        pending=rows.pending,
        cancelled=tuple(by_number[number] for number in sorted(cancelled)),
        recorded=rows.state if cancelled else None,
        open_games=provisional.open_games(tournament, after_round),
    )


def _cancelled(
    tournament: Tournament, state: TournamentState, players: Sequence[Player]
) -> frozenset[PlayerId]:
    """A round robin's withdrawn players who completed less than half of their games: their
    results are not counted (C.06 V.4 a; VCL Q103). None in a Swiss."""
    if not tournament.is_round_robin:
        return frozenset()
    withdrawn = (
        PlayerId(player.pairing_number)
        for player in players
        if player.status == PlayerStatus.WITHDRAWN
    )
    return cancelled_players(state, withdrawn, cycles=tournament.cycles)
