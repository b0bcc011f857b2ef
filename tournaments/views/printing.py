"""Printed documents as PDF (issue 17) under `/t/<slug>/pdf/`: the round's pairing lists for
the wall (by board and by name), its result slips, the player list, the check-in sheet and the
player cards. The layout is `tournaments.documents.layout`; these views give it rows.

The wall lists are public once the round is published (the round page shows the same); the
others are for who reads the tournament's reports (its arbiters, its federation's officers,
staff: `reports_required`). Every document comes on A4 or Letter (`?paper=a4|letter`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.cache import per_version
from tournaments.documents.layout import (
    Grid,
    Heading,
    Paper,
    Section,
    Slip,
    Words,
    document_pdf,
    slips_pdf,
)
from tournaments.domain.state import PlayerId
from tournaments.exceptions import RoundNotPublished
from tournaments.http import ArbiterRequest, reports_required
from tournaments.models import Bye, Game, Player, Result, Round, Tournament
from tournaments.selectors import check_in as check_in_selectors
from tournaments.selectors import pages
from tournaments.templatetags.tournament_tags import half_points


class PaperUnknown(Exception):
    """`?paper=` names no paper size we print on."""


def asked_paper(request: HttpRequest) -> Paper:
    """The `?paper=` asked for (A4 when absent); `PaperUnknown` for anything else."""
    asked = request.GET.get("paper", "a4").strip().lower()
    for paper in Paper:
        if paper.value == asked:
            return paper
    raise PaperUnknown("Unknown paper size: ask for paper=a4 or paper=letter.")


def pdf_response(
    request: HttpRequest,
    filename: str,
    make: Callable[[Paper], bytes],
    *,
    kept_for: Tournament | None = None,
) -> HttpResponse:
    """The PDF `make` draws on the paper asked for, shown in the browser (inline) under
    `filename`; a 400 saying why for an unknown paper size. With `kept_for`, the PDF is drawn
    once per version of that tournament and paper (the long ones: a 1000-player field's cards
    take seconds) and language, as the pages keep the standings."""
    try:
        paper = asked_paper(request)
    except PaperUnknown as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    if kept_for is None:
        pdf = make(paper)
    else:
        key = f"pdf:{filename}-{paper.value}-{get_language()}"
        pdf = per_version(kept_for, key, lambda: make(paper))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}-{paper.value}.pdf"'
    return response


def refused(request: HttpRequest, tournament: Tournament, message: str) -> HttpResponse:
    """The page saying why there is no such document (yet)."""
    context = {"tournament": tournament, "message": message}
    return render(request, "standings/unavailable.html", context, status=404)


def player_label(player: Player) -> str:
    """`12. Иванов, Пётр (GM)`: the pairing number, the name and the title."""
    title = f" ({player.title})" if player.title else ""
    return f"{player.pairing_number}. {player.name}{title}"


def heading(tournament: Tournament, title: str, *details: str) -> Heading:
    """The document's heading: the tournament with its place and dates, and `title`."""
    where = ", ".join(
        part
        for part in (
            tournament.city,
            tournament.federation,
            _dates(tournament),
        )
        if part
    )
    return Heading(
        tournament.name,
        title,
        (where, *details) if where else details,
        footer=hall_address(tournament),
        words=printed_words(),
    )


def hall_address(tournament: Tournament) -> str:
    """Where the players follow the tournament in the hall (`swiss-arbiter hall --lan`, issue
    34): the public page's address on the hall's network, and the Wi-Fi's name; empty elsewhere."""
    if not settings.PUBLIC_ADDRESS:
        return ""
    url = settings.PUBLIC_ADDRESS + reverse("tournament-detail", args=[tournament.slug])
    if settings.HALL_WIFI:
        return _("Follow it on %(address)s (Wi-Fi: %(wifi)s)") % {
            "address": url,
            "wifi": settings.HALL_WIFI,
        }
    return _("Follow it on %(address)s") % {"address": url}


def printed_words() -> Words:
    """The words the layout prints itself (page numbers, the slips' labels), in the request's
    language."""
    return Words(
        page=_("Page %(number)d"),
        board=_("Board %(number)d"),
        white=_("White"),
        black=_("Black"),
        result=_("Result (circle):"),
        signature=_("Signature"),
        no_slips=_("No games in this round: no slips."),
    )


def _dates(tournament: Tournament) -> str:
    start, end = tournament.start_date, tournament.end_date
    if start is None:
        return ""
    return (
        f"{start.isoformat()} to {end.isoformat()}" if end and end != start else start.isoformat()
    )


def _result(game: Game) -> str:
    return str(Result(game.result).label) if game.result else ""


def _round_boards(rnd: Round) -> pages.RoundBoards:
    return per_version(
        rnd.tournament,
        f"round-boards-{rnd.number}",
        lambda: pages.round_boards(rnd, rnd.tournament),
    )


def _by_board(boards: pages.RoundBoards, tournament: Tournament) -> list[Section]:
    """The round's boards in order, numbered in the hall (the section's first board on)."""
    rows = [
        [
            str(tournament.hall_board(game.board)),
            str(game.white.pairing_number),
            game.white.name,
            str(game.white.fide_rating or ""),
            half_points(white),
            _result(game),
            half_points(black),
            str(game.black.pairing_number),
            game.black.name,
            str(game.black.fide_rating or ""),
        ]
        for game, white, black in boards.boards()
    ]
    grid = Grid(
        ("Bd", "No", "White", "Rtg", "Pts", "Result", "Pts", "No", "Black", "Rtg"),
        rows,
        (4, 4, 25, 6, 4, 9, 4, 4, 25, 6),
        numeric=frozenset({0, 1, 3, 4, 6, 7, 9}),
        size=10,
        empty="No games in this round.",
    )
    return [Section("", grids=[grid]), *_byes(boards.byes)]


def _byes(byes: Sequence[Bye]) -> list[Section]:
    if not byes:
        return []
    rows = [
        [str(bye.player.pairing_number), bye.player.name, bye.get_kind_display()] for bye in byes
    ]
    return [Section("Byes", grids=[Grid(("No", "Name", "Bye"), rows, (4, 40, 30), size=10)])]


def _by_name(boards: pages.RoundBoards, tournament: Tournament) -> list[Section]:
    """Each player of the round on one line, by name: board (in the hall), colour and opponent
    (or bye)."""
    lines: list[tuple[Player, str, str, str, str]] = []
    for game, white, black in boards.boards():
        board = str(tournament.hall_board(game.board))
        lines.append((game.white, half_points(white), board, "White", player_label(game.black)))
        lines.append((game.black, half_points(black), board, "Black", player_label(game.white)))
    for bye in boards.byes:
        points = half_points(boards.scores.get(PlayerId(bye.player.pairing_number)))
        lines.append((bye.player, points, "–", "", bye.get_kind_display()))
    lines.sort(key=lambda line: (line[0].name.casefold(), line[0].pairing_number))
    rows = [
        [player.name, str(player.pairing_number), points, board, colour, opponent]
        for player, points, board, colour, opponent in lines
    ]
    grid = Grid(
        ("Name", "No", "Pts", "Board", "Colour", "Opponent"),
        rows,
        (30, 4, 4, 6, 7, 34),
        numeric=frozenset({1, 2, 3}),
        size=10,
        empty="No players in this round.",
    )
    return [Section("", grids=[grid])]


def _wall_list(
    request: HttpRequest,
    slug: str,
    number: int,
    order: str,
    sections: Callable[[pages.RoundBoards, Tournament], list[Section]],
) -> HttpResponse:
    rnd = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=number
    )
    tournament = rnd.tournament
    try:
        boards = _round_boards(rnd)
    except RoundNotPublished as error:
        return refused(request, tournament, str(error))
    title = f"Round {rnd.number} pairings ({order.replace('-', ' ')})"

    return pdf_response(
        request,
        f"{tournament.slug}-round-{rnd.number}-{order}",
        lambda paper: document_pdf(heading(tournament, title), sections(boards, tournament), paper),
        kept_for=tournament,
    )


@require_safe
def round_pairings_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's pairing list by board for the wall, byes after the boards; public once
    the round is published."""
    return _wall_list(request, slug, number, "by-board", _by_board)


@require_safe
def round_pairings_by_name_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's pairing list by name for the wall: each player's board, colour and
    opponent; public once the round is published."""
    return _wall_list(request, slug, number, "by-name", _by_name)


@require_safe
@reports_required
def round_slips_pdf(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A result slip for each board of the published round (none for a bye)."""
    rnd = get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )
    try:
        boards = _round_boards(rnd)
    except RoundNotPublished as error:
        return refused(request, tournament, str(error))
    slips = [
        Slip(tournament.hall_board(game.board), player_label(game.white), player_label(game.black))
        for game in boards.games
    ]
    title = f"Result slips, round {rnd.number}"
    return pdf_response(
        request,
        f"{tournament.slug}-round-{rnd.number}-slips",
        lambda paper: slips_pdf(heading(tournament, title), f"Round {rnd.number}", slips, paper),
    )


def _players(tournament: Tournament) -> list[Player]:
    return list(tournament.players.order_by("pairing_number"))


@require_safe
@reports_required
def players_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The player list by pairing number: title, federation, FIDE id, ratings and status."""
    rows = [
        [
            str(player.pairing_number),
            player.name,
            player.title,
            player.federation,
            player.fide_id,
            str(player.fide_rating or ""),
            str(player.national_rating or ""),
            player.get_status_display() + (" (expelled)" if player.expelled else ""),
        ]
        for player in _players(tournament)
    ]
    grid = Grid(
        ("No", "Name", "Title", "Fed", "FIDE id", "FIDE", "Nat.", "Status"),
        rows,
        (4, 36, 5, 5, 10, 5, 5, 14),
        numeric=frozenset({0, 4, 5, 6}),
        empty="No players yet.",
    )
    document = heading(tournament, "Player list", f"{len(rows)} players")
    return pdf_response(
        request,
        f"{tournament.slug}-players",
        lambda paper: document_pdf(document, [Section("", grids=[grid])], paper),
    )


@require_safe
@reports_required
def check_in_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The check-in sheet: every player by name in a ruled row with a box to tick and room to
    sign. With `?round=<n>` (the check-in list's link, issue 32): the players of that round,
    each with the mark the check-in has so far."""
    asked = request.GET.get("round", "")
    rnd = None
    if asked:
        rnd = tournament.round_set.filter(number=int(asked)).first() if asked.isdigit() else None
        if rnd is None:
            return refused(request, tournament, _("There is no such round."))
    if rnd is None:
        players = sorted(_players(tournament), key=lambda player: player.name.casefold())
        marks: dict[int, str] = {}
    else:
        rows_of_round = check_in_selectors.desk_rows(rnd)
        players = [row.player for row in rows_of_round]
        marks = {
            row.player.pk: row.check_in.get_status_display() if row.check_in else ""
            for row in rows_of_round
        }
    rows = [
        [player.name, str(player.pairing_number), player.federation, str(player.fide_rating or "")]
        + [marks.get(player.pk, ""), ""]
        for player in players
    ]
    grid = Grid(
        ("Name", "No", "Fed", "Rtg", "Here", "Signature"),
        rows,
        (36, 5, 5, 6, 5, 28),
        numeric=frozenset({1, 3}),
        size=10,
        empty="No players yet.",
        ruled=True,
    )
    title = "Check-in sheet" if rnd is None else f"Check-in sheet, round {rnd.number}"
    document = heading(tournament, title, f"{len(rows)} players")
    suffix = "" if rnd is None else f"-round-{rnd.number}"
    return pdf_response(
        request,
        f"{tournament.slug}-check-in{suffix}",
        lambda paper: document_pdf(document, [Section("", grids=[grid])], paper),
    )


@require_safe
@reports_required
def player_cards_pdf(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Every player's card of the published rounds: colour, opponent and the opponent's
    score, result, points and running total (as the player's page)."""
    return pdf_response(
        request,
        f"{tournament.slug}-player-cards",
        lambda paper: document_pdf(
            heading(tournament, "Player cards"), _card_sections(tournament), paper
        ),
        kept_for=tournament,
    )


def _card_sections(tournament: Tournament) -> list[Section]:
    rounds = pages.tournament_rounds(tournament)
    table = per_version(tournament, "card-table", lambda: pages.card_table(tournament, rounds))
    sections = []
    for player in _players(tournament):
        card = pages.player_card(tournament, player, rounds, table)
        rows = [
            [
                str(row.number),
                row.color.name.title() if row.opponent else "",
                player_label(row.opponent) if row.opponent else "",
                half_points(row.opponent_score),
                row.result,
                half_points(row.points),
                half_points(row.total),
            ]
            for row in card.rows
        ]
        grid = Grid(
            ("Rd", "Colour", "Opponent", "Opp. pts", "Result", "Pts", "Total"),
            rows,
            (3, 6, 32, 8, 18, 4, 5),
            numeric=frozenset({0, 3, 5, 6}),
            empty="No published round yet.",
        )
        details = " · ".join(
            part
            for part in (player.federation, str(player.fide_rating or "unrated"), player.fide_id)
            if part
        )
        title = f"{player_label(player)} · total {half_points(card.total) or '0'}"
        sections.append(Section(title, (details,), (grid,), keep_together=True))
    return sections
