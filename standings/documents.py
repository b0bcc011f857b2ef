"""Printed standings as PDF (issue 17) under `/t/<slug>/pdf/`: the standings with tie-breaks,
the crosstable and the final tournament report (settings, arbiters, rounds, the standings
prizes are decided on). For who reads the tournament's reports (`reports_required`); the
public has the same standings as pages and CSV. `?round=N` and `?paper=a4|letter` as the pages.
Their texts are in the request's language (the tie-breaks by FIDE's names in that language).
"""

from __future__ import annotations

from fractions import Fraction

from django.db.models import Count
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from standings import selectors, tables
from standings.exceptions import StandingsError
from standings.provisional import open_games_text
from standings.selectors import TournamentStandings
from standings.templatetags.standings_tags import OUTCOME_SYMBOLS, tiebreak_value
from standings.views import public_standings
from tournaments.documents.layout import Grid, Section, document_pdf
from tournaments.http import ArbiterRequest, reports_required
from tournaments.models import ArbiterRole, Tournament
from tournaments.views.printing import heading, pdf_response, refused

WIDE_FROM_ROUNDS = 7
"""A crosstable of this many rounds or more prints in landscape."""


def standings_grid(standings: TournamentStandings) -> Grid:
    """Rank, number, name, title, federation, rating, points and each tie-break."""
    codes = [column.text for column in standings.columns]
    rows = [
        [
            str(line.rank),
            str(line.player.pairing_number),
            line.player.name,
            line.player.title,
            line.player.federation,
            str(line.rating or ""),
            tiebreak_value(line.points),
            *(tiebreak_value(value) for value in line.values),
        ]
        for line in standings.lines
    ]
    fixed = (4, 4, 30, 5.5, 5, 5, 5)
    return Grid(
        (
            _("Rk"),
            pgettext("pairing number", "No"),
            _("Name"),
            _("Title"),
            _("Fed"),
            _("Rtg"),
            _("Pts"),
            *codes,
        ),
        rows,
        (*fixed, *(6 for _ in codes)),
        numeric=frozenset({0, 1, 5, 6, *range(len(fixed), len(fixed) + len(codes))}),
        empty=_("No players."),
    )


def _legend(standings: TournamentStandings) -> str:
    names = "; ".join(f"{column.text}: {column.name}" for column in standings.columns)
    return _("Tie-breaks (C.07, %(edition)s): %(names)s.") % {
        "edition": standings.edition.value,
        "names": names or _("none"),
    }


def _title(standings: TournamentStandings, what: str) -> str:
    if standings.after_round == 0:
        return _("%(what)s before round 1") % {"what": what}
    title = _("%(what)s after round %(round)d") % {"what": what, "round": standings.after_round}
    if standings.provisional:
        # Q161/Q169: never final while a game of the last round has no result.
        return _("%(title)s (provisional)") % {"title": title}
    return title


def _open_games(standings: TournamentStandings) -> tuple[str, ...]:
    """The sentence naming the games the final standings wait for, if any (Q161, Q169)."""
    return (open_games_text(standings.open_games),) if standings.provisional else ()


@require_safe
@reports_required
def standings_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The standings after the last completed round (or `?round=N`) with the tie-breaks."""
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return refused(request, tournament, str(error))
    document = heading(
        tournament, _title(standings, _("Standings")), _legend(standings), *_open_games(standings)
    )
    sections = [Section("", grids=[standings_grid(standings)])]
    return pdf_response(
        request,
        f"{tournament.slug}-standings-round-{standings.after_round}",
        lambda paper: document_pdf(document, sections, paper),
        kept_for=tournament,
    )


def _cell(cell: selectors.Cell) -> str:
    if cell.pending:
        return "…"
    symbol = OUTCOME_SYMBOLS[cell.outcome]
    if cell.opponent is None:
        return symbol
    return f"{cell.opponent.rank}{cell.color.value} {symbol}"


@require_safe
@reports_required
def crosstable_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Every player's rounds in ranking order: the opponent's rank, colour and result, then
    points and tie-breaks (landscape from seven rounds)."""
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return refused(request, tournament, str(error))
    if tournament.is_round_robin:
        return _round_robin_crosstable_pdf(request, tournament, standings)
    rounds = range(1, standings.after_round + 1)
    codes = [column.text for column in standings.columns]
    rows = [
        [
            str(line.rank),
            line.player.name,
            str(line.rating or ""),
            *(_cell(cell) for cell in cells),
            tiebreak_value(line.points),
            *(tiebreak_value(value) for value in line.values),
        ]
        for line, cells in tables.crosstable(standings)
    ]
    first_value = 3 + len(rounds)
    grid = Grid(
        (_("Rk"), _("Name"), _("Rtg"), *(str(number) for number in rounds), _("Pts"), *codes),
        rows,
        (4, 26, 5, *(6 for _ in rounds), 4, *(6 for _ in codes)),
        numeric=frozenset({0, 2, *range(first_value, first_value + 1 + len(codes))}),
        size=7.5,
        empty=_("No players."),
    )
    return _crosstable_response(
        request,
        standings,
        grid,
        _("A round reads: opponent's rank, colour (w/b) and result."),
        wide=len(rounds) >= WIDE_FROM_ROUNDS,
    )


def _round_robin_crosstable_pdf(
    request: ArbiterRequest, tournament: Tournament, standings: TournamentStandings
) -> HttpResponse:
    """A round robin's cross table: each player against the player of each place (C.05), the
    players whose results are not counted last without a rank (C.06 V.4)."""
    table = tables.round_robin_grid(standings)
    places = [str(index) for index in range(1, len(table) + 1)]
    rows = [
        [
            str(row.rank or "–"),
            str(row.player.pairing_number),
            row.player.name,
            str(row.rating or ""),
            *row.cells,
            tiebreak_value(row.points),
        ]
        for row in table
    ]
    grid = Grid(
        (_("Rk"), pgettext("pairing number", "No"), _("Name"), _("Rtg"), *places, _("Pts")),
        rows,
        (4, 4, 26, 5, *(5 for _ in places), 5),
        numeric=frozenset({0, 1, 3, *range(4, 5 + len(places))}),
        size=7.5,
        empty=_("No players."),
    )
    return _crosstable_response(
        request,
        standings,
        grid,
        _("Each row: the results against the player of each place (1, ½, 0, + / − forfeit)."),
        wide=len(places) >= WIDE_FROM_ROUNDS,
    )


def _crosstable_response(
    request: ArbiterRequest,
    standings: TournamentStandings,
    grid: Grid,
    reading: str,
    *,
    wide: bool,
) -> HttpResponse:
    """A cross table's PDF: the heading with how to read a row, the grid, landscape if `wide`."""
    tournament = standings.tournament
    document = heading(
        tournament,
        _title(standings, _("Crosstable")),
        reading,
        _legend(standings),
        *_open_games(standings),
    )
    return pdf_response(
        request,
        f"{tournament.slug}-crosstable-round-{standings.after_round}",
        lambda paper: document_pdf(document, [Section("", grids=[grid])], paper, wide=wide),
        kept_for=tournament,
    )


def _settings(tournament: Tournament) -> Section:
    scoring = tournament.scoring
    not_given = _("not given")
    points = {
        name: tiebreak_value(Fraction(value, 2))
        for name, value in (
            ("win", scoring.win),
            ("draw", scoring.draw),
            ("loss", scoring.loss),
            ("forfeit_win", scoring.forfeit_win),
            ("pairing_bye", scoring.pairing_bye),
            ("half_bye", scoring.half_bye),
            ("full_bye", scoring.full_bye),
            ("zero_bye", scoring.zero_bye),
        )
    }
    rated = _("rated by FIDE") if tournament.rated else _("not rated by FIDE")
    lines = [
        _("Type: %(type)s; time control: %(time_control)s; %(rated)s.")
        % {
            "type": tournament.tournament_type or not_given,
            "time_control": tournament.time_control or not_given,
            "rated": rated,
        },
        _("Pairing system: %(system)s; %(rounds)d rounds; rate: %(rate)s.")
        % {
            "system": tournament.get_pairing_system_display(),
            "rounds": tournament.rounds,
            "rate": tournament.get_rating_kind_display(),
        },
        _("Tournament rating: %(method)s; unrated players in tie-breaks: %(rule)s.")
        % {
            "method": tournament.get_rating_method_display(),
            "rule": tournament.get_unrated_rule_display(),
        },
        _(
            "Scoring (points): win %(win)s, draw %(draw)s, loss %(loss)s, forfeit win "
            "%(forfeit_win)s, pairing-allocated bye %(pairing_bye)s, half-point bye "
            "%(half_bye)s, full-point bye %(full_bye)s, zero-point bye %(zero_bye)s."
        )
        % points,
        _("Ties after the tie-breaks: a seeded drawing of lots.")
        if tournament.drawing_of_lots
        else _("Ties after the tie-breaks: the place is shared."),
        _("FIDE mode: on.") if tournament.fide_mode else _("FIDE mode: left."),
    ]
    return Section(_("Settings"), lines)


def _arbiters(tournament: Tournament) -> Section:
    roles = tournament.roles.select_related("user").order_by("role", "user__username")
    rows = [
        [
            role.user.get_full_name() or role.user.get_username(),
            _("Chief arbiter") if role.role == ArbiterRole.CHIEF else _("Deputy arbiter"),
        ]
        for role in roles
    ]
    named = [
        (_("%(role)s (the rating report's): %(name)s") % {"role": label, "name": name})
        + (_(", FIDE ID %(ids)s") % {"ids": ids} if ids else "")
        for label, name, ids in (
            (_("Chief arbiter"), tournament.chief_arbiter, tournament.chief_arbiter_fide_id),
            (_("Deputy arbiters"), tournament.deputy_arbiter, tournament.deputy_arbiter_fide_ids),
        )
        if name
    ]
    grid = Grid((_("Arbiter account"), _("Role")), rows, (40, 30), empty=_("No arbiter accounts."))
    return Section(_("Arbiters"), named, (grid,))


def _rounds(tournament: Tournament) -> Section:
    rounds = tournament.round_set.annotate(
        game_count=Count("games", distinct=True), bye_count=Count("byes", distinct=True)
    ).order_by("number")
    rows = []
    planned = list(tournament.round_dates or [])
    for rnd in rounds:
        when = rnd.completed_at or rnd.published_at or rnd.paired_at
        date = planned[rnd.number - 1] if rnd.number <= len(planned) else ""
        rows.append(
            [
                str(rnd.number),
                rnd.get_state_display(),
                str(date) or (when.date().isoformat() if when else ""),
                str(rnd.game_count),
                str(rnd.bye_count),
            ]
        )
    grid = Grid(
        (_("Round"), _("State"), _("Date"), _("Games"), _("Byes")),
        rows,
        (6, 20, 14, 8, 8),
        numeric=frozenset({0, 3, 4}),
        empty=_("No round paired yet."),
    )
    return Section(_("Rounds"), grids=(grid,))


@require_safe
@reports_required
def report_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The final tournament report: settings, arbiters, rounds (state, date, games, byes)
    and the standings after the last completed round, as prizes are decided on them: "Final
    standings" only when every game of the last round has a result and no adjourned game is
    open, "provisional" with the open games named otherwise (Q161, Q169)."""
    try:
        standings = public_standings(request, tournament)
    except StandingsError as error:
        return refused(request, tournament, str(error))
    sections = [
        _settings(tournament),
        _arbiters(tournament),
        _rounds(tournament),
        Section(
            _title(standings, _("Final standings") if standings.final else _("Standings")),
            (*_open_games(standings), _legend(standings)),
            (standings_grid(standings),),
        ),
    ]
    document = heading(tournament, _("Tournament report"))
    return pdf_response(
        request,
        f"{tournament.slug}-report",
        lambda paper: document_pdf(document, sections, paper),
    )
