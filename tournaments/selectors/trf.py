"""The TRF document of a tournament, written from its state (`state_rows`): the file the engine
reads, the export and the rating report with their national and rating lines."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import replace

from tournaments.domain.acceleration import system_code
from tournaments.domain.ratings import RatingMethod
from tournaments.domain.state import (
    Color,
    PlayerId,
    RoundRecord,
    TournamentState,
)
from tournaments.domain.trf import (
    TrfByeRequest,
    TrfDocument,
    TrfFormat,
    TrfPlayer,
    state_document,
    write_trf,
)
from tournaments.domain.trf.national import NationalRating, method_line, nrs_line
from tournaments.models import (
    Bye,
    ByeKind,
    RatingCorrection,
    Result,
    RoundState,
    Tournament,
)
from tournaments.selectors import reports
from tournaments.selectors.integrity import report_comments
from tournaments.selectors.reports import TrfMode
from tournaments.selectors.state import state_rows

TrfRanker = Callable[[Tournament], Mapping[int, int]]
"""The rank column of an exported TRF (columns 86-89; FIDE checklist Q217): pairing number →
the player's place in the standings after the last completed round under the tournament's
tie-break list (tied players share it, C.07 4.2; the seeded drawing of lots when the tournament
asks for it), 0 (unranked) for a player the standings leave out (expelled, Q198; a round robin's
cancelled player, C.06 V.4). The standings are the standings app's, which this app may not
import: the caller passes its ranking (`standings.export_ranks.trf_ranks`), composed in
config/urls.py for the export pages and by the standings app's `export_trf` command. No default
and no fallback: a file for the federation is never ranked any other way."""


def tournament_trf_document(
    tournament: Tournament, *, ranks: Mapping[int, int] | None, report: bool = False
) -> TrfDocument:
    """The tournament as a TRF document (what `export_trf` writes and the pairing engine reads):
    the state before the round after the last completed one (`state_rows`), written by
    `state_document`, with the tournament's header and its players' details.

    Player lines hold every completed round, then, for the next round, the entries that say a
    player is not to be paired (requested half-, full- or zero-point byes; `0000 - -` for a
    withdrawn player or a late entry not yet playing): a file prepared for pairing that round.
    Byes requested for later rounds become TRF-2026 `240` lines. `ranks`, which every caller
    gives (no default), maps pairing numbers to the rank column: the standings' (a `TrfRanker`'s,
    as `tournament_trf_report` passes them), or None for the points-then-pairing-number order,
    which only the engine's input asks for (`pairing.selectors.engine_input` says why).
    `write_trf` cuts names to the 33 columns TRF gives them.

    By default this is the engine's input (the pairing app writes it as TRF-2026): the results
    the pairings and standings use, no comments. `report=True` makes it the report for the
    federation (the export page and `export_trf`): the integrity events that stand become the
    `###` comments (`selectors.integrity.report_comments`; TRF-2026 writes them), and the
    rating-report-only corrections (C.04.2; VCL4THP Q192, Q193) replace the recorded results
    in the player lines, points included, each also listed by its own `###` event.
    """
    last = (
        tournament.round_set.filter(state=RoundState.COMPLETED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    ) or 0
    rows = state_rows(tournament, last + 1)
    state = rows.state
    if report:
        state = _rated(state, tournament, last)
    header = TrfDocument(
        players=tuple(
            TrfPlayer(
                pairing_number=PlayerId(player.pairing_number),
                sex=player.sex,
                title=player.title,
                federation=player.federation,
                fide_id=int(player.fide_id) if player.fide_id else None,
                birth_date=player.birth_date,
            )
            for player in rows.players
        ),
        name=tournament.name,
        city=tournament.city or None,
        federation=tournament.federation or None,
        start_date=_trf_date(tournament.start_date),
        end_date=_trf_date(tournament.end_date),
        chief_arbiter=tournament.chief_arbiter or None,
        deputies=tuple(name for name in tournament.deputy_arbiter.split("; ") if name),
        # TRF-2026 has no 192 code for a round robin: none is written (092 names the type).
        pairing_system=None
        if tournament.is_round_robin
        else system_code(tournament.pairing_system, tournament.baku_acceleration),
        tie_breaks=tuple(tournament.tiebreaks),
        byes=_later_byes(tournament, last + 2),
        comments=report_comments(tournament) if report else (),
    )
    return state_document(state, header, ranks=ranks)


def tournament_trf_report(
    tournament: Tournament,
    fmt: TrfFormat,
    *,
    ranker: TrfRanker,
    mode: TrfMode = "report",
    public: bool = False,
) -> str:
    """The tournament's report for the federation as a file (the export page, `export_trf`):
    `tournament_trf_document(report=True)` written in `fmt`. The `###` event lines are a
    TRF-2026 line: a TRF16 report leaves them out, TRF16 (C.04 Annex 2) having no comment line.

    `mode="report"`, the rating report: the header records of the tournament's settings
    (`reports.report_header`) and the writer's report mode, exactly the played rounds on every
    player line (a withdrawn player's `0000 - -` for the next round is the engines', not the
    report's), `062`/`072`/`082` counted. `mode="exchange"`, the engine-exchange file: the
    player lines as prepared for pairing the next round (JaVaFo reads no `240` line).
    The rank column is `ranker`'s, a required argument with no default (`TrfRanker`: the
    standings order, shared places, rank 0 for a player the standings leave out; Q217): a
    `TypeError` without it. Raises `TrfWriteError` when the flavour cannot say what the
    tournament holds.

    `public=True`, the file anyone may download once the tournament is finished (issue 35): no
    birth date (a minor's is private) on the player and NRS lines, and no `###` lines (the
    integrity events are the federation's)."""
    if not callable(ranker):
        raise TypeError("tournament_trf_report needs the standings' ranker (Q217)")
    ranks = ranker(tournament)  # the standings order under the tie-break list (Q217)
    doc = _fide_ratings(tournament_trf_document(tournament, ranks=ranks, report=True), tournament)
    if public:
        players = tuple(replace(player, birth_date="") for player in doc.players)
        doc = replace(doc, players=players, comments=())
    played = None
    if mode == "report":
        doc = reports.report_header(doc, tournament)
        played = reports.played_rounds(tournament)
    if fmt == "trf26":
        national = national_lines(tournament, public=public)
        doc = replace(doc, other_lines=(*doc.other_lines, *national))
        return write_trf(doc, fmt, played_rounds=played)
    return write_trf(replace(doc, comments=()), fmt, played_rounds=played)


def _fide_ratings(doc: TrfDocument, tournament: Tournament) -> TrfDocument:
    """The report's `001` lines give the FIDE rating (C.04 Annex 2), whatever the tournament
    rating the engine was given; the national ratings go to NRS records (`national_lines`)."""
    fide = dict(tournament.players.values_list("pairing_number", "fide_rating"))
    players = tuple(
        replace(player, rating=fide.get(player.pairing_number) or None) for player in doc.players
    )
    return replace(doc, players=players)


def national_lines(tournament: Tournament, *, public: bool = False) -> tuple[str, ...]:
    """TRF-2026's `172` line (the tournament-rating method; VCL Q145) and one NRS record for
    each player with a national rating, federation code the tournament's (else the player's).
    Nothing for a FIDE-rated tournament without national ratings. `public`: no birth date."""
    method = RatingMethod(tournament.rating_method)
    federation = tournament.federation.strip().upper()[:3]
    records = [
        nrs_line(
            NationalRating(
                federation=federation or player.federation,
                pairing_number=player.pairing_number,
                rating=player.national_rating,
                name=player.name,
                sex=player.sex,
                origin=player.federation,
                birth_date="" if public else player.birth_date,
            )
        )
        for player in tournament.players.filter(national_rating__gt=0).order_by("pairing_number")
    ]
    if method is RatingMethod.FIDE and not records:
        return ()
    return (method_line(federation, method), *records)


def _rated(state: TournamentState, tournament: Tournament, last: int) -> TournamentState:
    """`state` with the rating-report-only corrections of rounds 1..`last` in place of the
    recorded results (the report's player lines; never the engine's input)."""
    rated: dict[tuple[int, int], RoundRecord] = {}
    for number, white, black, result in RatingCorrection.objects.filter(
        game__round__tournament=tournament, game__round__number__lte=last
    ).values_list(
        "game__round__number",
        "game__white__pairing_number",
        "game__black__pairing_number",
        "result",
    ):
        white_outcome, black_outcome = Result(result).outcomes
        rated[number, white] = RoundRecord(PlayerId(black), Color.WHITE, white_outcome)
        rated[number, black] = RoundRecord(PlayerId(white), Color.BLACK, black_outcome)
    if not rated:
        return state
    return replace(
        state,
        players=tuple(
            replace(
                player,
                history=tuple(
                    rated.get((number, player.id), record)
                    for number, record in enumerate(player.history, start=1)
                ),
            )
            for player in state.players
        ),
    )


def _later_byes(tournament: Tournament, first: int) -> tuple[TrfByeRequest, ...]:
    """Requested byes of rounds `first` and later, one `240` line per kind and round."""
    groups: dict[tuple[int, str], list[PlayerId]] = defaultdict(list)
    for number, kind, player in (
        Bye.objects.filter(round__tournament=tournament, round__number__gte=first)
        .exclude(kind=ByeKind.PAIRING_ALLOCATED)
        .order_by("round__number", "kind", "player__pairing_number")
        .values_list("round__number", "kind", "player__pairing_number")
    ):
        groups[(number, kind)].append(PlayerId(player))
    return tuple(
        TrfByeRequest(outcome=ByeKind(kind).outcome, round_number=number, players=tuple(players))
        for (number, kind), players in groups.items()
    )


def _trf_date(value: datetime.date | None) -> str | None:
    return value.strftime("%Y/%m/%d") if value is not None else None
