"""The rows of an import: players, rounds, games, byes, withdrawals and forbidden pairs.

Every problem becomes a `TrfImportError` naming the line (and column) of the file; the caller's
transaction then saves nothing. What the file says in another form than the tournament model's
(a title alias, a birth date's separators, an absence read as a withdrawal) is appended to the
caller's list of adjustments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.roundrobin import withdrawn_in_file
from tournaments.domain.state import Outcome, PlayerId
from tournaments.domain.trf import (
    RecordedPairing,
    TrfDocument,
    TrfPlayer,
    recorded_pairing,
    tournament_state_from_trf,
)
from tournaments.domain.trf.report import Adjustment, AdjustmentKind, Progress, no_progress
from tournaments.exceptions import TrfImportError
from tournaments.models import (
    MAX_RATING,
    Bye,
    ByeKind,
    ForbiddenPair,
    Game,
    Player,
    PlayerStatus,
    Result,
    Round,
    RoundState,
    Sex,
    Title,
    Tournament,
)
from tournaments.services.trf_import.header import Lines, national_support

_TITLES = {
    **{title.value: title for title in Title},
    "G": Title.GM,
    "M": Title.IM,
    "F": Title.FM,
    "C": Title.CM,
    "WG": Title.WGM,
    "WM": Title.WIM,
    "WF": Title.WFM,
    "WC": Title.WCM,
}
_SEXES = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}
_BIRTH_DATE = re.compile(r"^\d{4}([/.-]\d{2}[/.-]\d{2})?$")


CREATING_PLAYERS = gettext_noop("Creating the players")
CREATING_ROUNDS = gettext_noop("Creating the rounds and games")
"""The progress stages of the rows (issue 30: the background job's progress bar)."""


def create_players(
    tournament: Tournament,
    document: TrfDocument,
    lines: Lines,
    adjustments: list[Adjustment],
    progress: Progress = no_progress,
) -> dict[PlayerId, Player]:
    national = national_support(document, lines).ratings
    players = []
    total = len(document.players)
    for index, trf_player in enumerate(document.players):
        if index % 100 == 0:
            progress(CREATING_PLAYERS, index, total)
        players.append(_player(tournament, trf_player, lines, adjustments))
    for player in players:
        player.national_rating = national.get(player.pairing_number, 0)
    fide_ids: dict[str, int] = {}
    for player in players:
        if player.fide_id and player.fide_id in fide_ids:
            raise lines.refuse_player(
                player.pairing_number,
                58,
                _("FIDE id %(fide_id)s is also player %(player)s's")
                % {"fide_id": player.fide_id, "player": fide_ids[player.fide_id]},
            )
        fide_ids[player.fide_id] = player.pairing_number
    created = Player.objects.bulk_create(players)
    return {PlayerId(player.pairing_number): player for player in created}


def _player(
    tournament: Tournament, trf: TrfPlayer, lines: Lines, adjustments: list[Adjustment]
) -> Player:
    number = trf.pairing_number
    title = _TITLES.get(trf.title.upper()) if trf.title else None
    if trf.title and title is None:
        raise lines.refuse_player(
            number, 11, _("unknown title %(title)s") % {"title": repr(trf.title)}
        )
    sex = _SEXES.get(trf.sex.lower()) if trf.sex else None
    if trf.sex and sex is None:
        raise lines.refuse_player(
            number, 10, _("unknown sex %(sex)s (m or w)") % {"sex": repr(trf.sex)}
        )
    rating = trf.rating or 0
    if rating > MAX_RATING:
        raise lines.refuse_player(
            number,
            49,
            _("rating %(rating)s is above %(maximum)s") % {"rating": rating, "maximum": MAX_RATING},
        )
    if trf.birth_date and not _BIRTH_DATE.match(trf.birth_date):
        raise lines.refuse_player(
            number, 70, _("birth date %(date)s is not YYYY/MM/DD") % {"date": repr(trf.birth_date)}
        )
    birth_date = re.sub(r"[.-]", "/", trf.birth_date)
    line = tuple(filter(None, [lines.players.get(number)]))
    for written, kept, read_as in (
        (
            trf.title,
            title or "",
            gettext_noop("player %(player)s: title %(written)s read as '%(kept)s'"),
        ),
        (trf.sex, sex or "", gettext_noop("player %(player)s: sex %(written)s read as '%(kept)s'")),
        (
            trf.birth_date,
            birth_date,
            gettext_noop("player %(player)s: birth date %(written)s read as '%(kept)s'"),
        ),
    ):
        if written != kept:
            adjustments.append(
                Adjustment(
                    AdjustmentKind.CHANGED,
                    line,
                    Message(read_as, player=number, written=repr(written), kept=kept),
                )
            )
    return Player(
        tournament=tournament,
        pairing_number=number,
        name=trf.name,
        sex=sex or "",
        title=title or "",
        fide_rating=rating,
        federation=trf.federation,
        fide_id=str(trf.fide_id) if trf.fide_id else "",
        birth_date=birth_date,
    )


def _result_column(round_number: int) -> int:
    """The column of a round's result code in a player line (TRF16: 99 + 10*(r-1))."""
    return 99 + 10 * (round_number - 1)


def _recorded_pairings(document: TrfDocument) -> dict[int, RecordedPairing]:
    """The games and the pairing-allocated bye of every round that has any, by round."""
    pairings = {}
    for number in range(1, document.rounds_in_file + 1):
        try:
            pairing = recorded_pairing(document, number)
        except ValueError as error:
            raise TrfImportError(str(error)) from error
        if pairing.games or pairing.bye is not None:
            pairings[number] = pairing
    return pairings


def create_rounds(
    tournament: Tournament,
    document: TrfDocument,
    players: dict[PlayerId, Player],
    lines: Lines,
    progress: Progress = no_progress,
) -> int:
    """Every round of the tournament: completed up to the last paired one in the file, the
    others not paired, with the byes the file announces for them. Returns that last round.
    `progress` is told of each round made."""
    pairings = _recorded_pairings(document)
    last_paired = max(pairings, default=0)
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(
            tournament=tournament,
            number=number,
            state=RoundState.COMPLETED if number <= last_paired else RoundState.NOT_PAIRED,
            paired_at=now if number <= last_paired else None,
            published_at=now if number <= last_paired else None,
            completed_at=now if number <= last_paired else None,
        )
        for number in range(1, tournament.rounds + 1)
    )
    scores: dict[PlayerId, int] = dict.fromkeys(players, 0)
    games: list[Game] = []
    byes: list[Bye] = []
    for rnd in rounds:
        progress(CREATING_ROUNDS, rnd.number - 1, len(rounds))
        if rnd.number in pairings:
            games.extend(_games(rnd, pairings[rnd.number], document, players, scores, lines))
        byes.extend(_byes(rnd, document, players))
        for trf_player in document.players:
            entry = trf_player.entry(rnd.number)
            if entry is not None:
                scores[trf_player.pairing_number] += document.scoring.points(entry.outcome)
    Game.objects.bulk_create(games)
    Bye.objects.bulk_create(byes)
    progress(CREATING_ROUNDS, len(rounds), len(rounds))
    return last_paired


def _games(
    rnd: Round,
    pairing: RecordedPairing,
    document: TrfDocument,
    players: dict[PlayerId, Player],
    scores: dict[PlayerId, int],
    lines: Lines,
) -> list[Game]:
    """The round's games, on boards in C.04.2 D.9 order (scores before the round)."""

    def board_key(white: PlayerId, black: PlayerId) -> tuple[int, int, int]:
        higher = min(white, black, key=lambda player: (-scores[player], player))
        return (-scores[higher], -(scores[white] + scores[black]), higher)

    ordered = sorted(pairing.games, key=lambda game: board_key(game.white, game.black))
    games = []
    for board, game in enumerate(ordered, start=1):
        white_entry = document.player(game.white).entry(rnd.number)
        black_entry = document.player(game.black).entry(rnd.number)
        assert white_entry is not None and black_entry is not None  # parse_trf checked the pair
        try:
            result = Result.from_outcomes(white_entry.outcome, black_entry.outcome)
        except KeyError:
            raise lines.refuse_player(
                game.white,
                _result_column(rnd.number),
                _("round %(round)s: results %(white)s and %(black)s do not make a game result")
                % {
                    "round": rnd.number,
                    "white": repr(white_entry.outcome.value),
                    "black": repr(black_entry.outcome.value),
                },
            ) from None
        games.append(
            Game(
                round=rnd,
                board=board,
                white=players[game.white],
                black=players[game.black],
                result=result,
            )
        )
    return games


def _byes(rnd: Round, document: TrfDocument, players: dict[PlayerId, Player]) -> list[Bye]:
    """Byes of the round from the player lines and the TRF-2026 `240` lines."""
    kinds: dict[PlayerId, ByeKind] = {}
    for request in document.byes:
        if request.round_number == rnd.number:
            kinds.update(dict.fromkeys(request.players, ByeKind(request.outcome.value)))
    for trf_player in document.players:
        entry = trf_player.entry(rnd.number)
        if entry is None or entry.opponent is not None or entry.outcome is Outcome.ABSENT:
            continue
        if entry.outcome is Outcome.FORFEIT_WIN:
            # `0000 - +`: the old way of writing the pairing-allocated bye, which the engine
            # reads as one (`is_pairing_entry`); the import report says so (adjustments).
            kinds[trf_player.pairing_number] = ByeKind.PAIRING_ALLOCATED
            continue
        kinds[trf_player.pairing_number] = ByeKind(entry.outcome.value)
    return [
        Bye(round=rnd, player=players[player], kind=kind) for player, kind in sorted(kinds.items())
    ]


def mark_withdrawals(
    document: TrfDocument,
    players: dict[PlayerId, Player],
    last_paired: int,
    lines: Lines,
    adjustments: list[Adjustment],
) -> None:
    """A player absent (`0000 - -` or blank) from some round to the end of their line and to
    the last paired round has withdrawn from that round (C.04.2 D.2, D.3)."""
    withdrawn: list[Player] = []
    for trf_player in document.players:
        outcomes = _outcomes(trf_player, range(1, max(last_paired, len(trf_player.rounds)) + 1))
        if not outcomes or outcomes[-1] is not Outcome.ABSENT:
            continue
        first = len(outcomes)
        while first > 1 and outcomes[first - 2] is Outcome.ABSENT:
            first -= 1
        reason = gettext_noop(
            "player %(player)s: absent from round %(round)s on, so withdrawn from round %(round)s"
        )
        withdrawn.append(
            _withdraw(players[trf_player.pairing_number], first, reason, lines, adjustments)
        )
    Player.objects.bulk_update(withdrawn, ["status", "withdrawn_from_round"])


def mark_round_robin_withdrawals(
    document: TrfDocument,
    players: dict[PlayerId, Player],
    lines: Lines,
    adjustments: list[Adjustment],
) -> None:
    """A round robin's player whose games end in forfeit losses to the last round has withdrawn
    from the first of them (C.06 V.4; `withdrawn_in_file`): the standings then apply the 50 %
    rule. A file whose last round is not recorded marks nobody."""
    state = tournament_state_from_trf(document, document.round_count + 1)
    withdrawn: list[Player] = []
    for player_id in sorted(withdrawn_in_file(state)):
        history = state.player(player_id).history
        first = len(history)
        while first > 1 and history[first - 2].outcome in _ROUND_ROBIN_TRAIL:
            first -= 1
        while history[first - 1].outcome is not Outcome.FORFEIT_LOSS:
            first += 1  # the trail starts with the first forfeit, not with a bye
        reason = gettext_noop(
            "player %(player)s: forfeits lost from round %(round)s to the end, "
            "so withdrawn from round %(round)s"
        )
        withdrawn.append(_withdraw(players[player_id], first, reason, lines, adjustments))
    Player.objects.bulk_update(withdrawn, ["status", "withdrawn_from_round"])


def _withdraw(
    player: Player, first: int, reason: str, lines: Lines, adjustments: list[Adjustment]
) -> Player:
    """`player` withdrawn from round `first` on, and the preview's note saying why (`reason`, a
    message with the player's number and that round)."""
    player.status = PlayerStatus.WITHDRAWN
    player.withdrawn_from_round = first
    adjustments.append(
        Adjustment(
            AdjustmentKind.CHANGED,
            tuple(filter(None, [lines.players.get(player.pairing_number)])),
            Message(reason, player=player.pairing_number, round=first),
        )
    )
    return player


_ROUND_ROBIN_TRAIL = frozenset({Outcome.FORFEIT_LOSS, Outcome.PAIRING_BYE})
"""What a withdrawn round-robin player's rounds show: forfeits lost, and the odd field's bye."""


def _outcomes(player: TrfPlayer, rounds: Iterable[int]) -> list[Outcome]:
    return [
        entry.outcome if (entry := player.entry(number)) is not None else Outcome.ABSENT
        for number in rounds
    ]


def create_forbidden_pairs(
    tournament: Tournament, document: TrfDocument, players: dict[PlayerId, Player]
) -> None:
    """Each `XXP`/`260` group becomes the pairs it forbids (later duplicates are merged)."""
    pairs: dict[tuple[PlayerId, PlayerId], ForbiddenPair] = {}
    for group in document.forbidden:
        members = sorted(group.players)
        for index, first in enumerate(members):
            for second in members[index + 1 :]:
                pairs.setdefault(
                    (first, second),
                    ForbiddenPair(
                        tournament=tournament,
                        first=players[first],
                        second=players[second],
                        first_round=group.first_round,
                        last_round=group.last_round,
                    ),
                )
    ForbiddenPair.objects.bulk_create(pairs.values())
