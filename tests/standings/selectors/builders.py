"""Tournaments for the standings tests: the worked example imported from TRF, and a small one
built with the factories (round 1 completed, round 2 published and half played, round 3 a
draft)."""

from __future__ import annotations

from pathlib import Path

from pairing.services.trf_import import tournament_import_trf
from tests.factories import GameFactory, PlayerFactory, RoundFactory, TournamentFactory
from tournaments.models import Player, Result, RoundState, Tournament

WORKED_EXAMPLE = (
    Path(__file__).resolve().parents[3] / "tournaments" / "fixtures" / "worked-example.trf"
)
TIEBREAKS = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO"]


def import_worked_example() -> Tournament:
    """The demo tournament (14 players, 6 completed rounds) with a tie-break list."""
    tournament = tournament_import_trf(
        text=WORKED_EXAMPLE.read_text(encoding="utf-8"), slug="worked-example"
    )
    tournament.tiebreaks = TIEBREAKS
    tournament.save(update_fields=["tiebreaks"])
    return tournament


def four_players(**tournament_fields: object) -> tuple[Tournament, list[Player]]:
    tournament = TournamentFactory.create(slug="small", rounds=4, **tournament_fields)
    players = [
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            fide_rating=2400 - 100 * number,
        )
        for number, name in enumerate(["Anna", "Boris", "Chiara", "Dario"], start=1)
    ]
    return tournament, players


def round_in_play() -> tuple[Tournament, list[Player]]:
    """Round 1: 1-0 and ½-½ (completed). Round 2: Anna beat Chiara, Boris-Dario pending
    (published). Round 3: Anna-Boris drawn in a draft (paired, not published)."""
    tournament, (anna, boris, chiara, dario) = four_players()
    first = RoundFactory.create(tournament=tournament, number=1, state=RoundState.COMPLETED)
    GameFactory.create(round=first, board=1, white=anna, black=dario, result=Result.WHITE_WINS)
    GameFactory.create(round=first, board=2, white=boris, black=chiara, result=Result.DRAW)
    second = RoundFactory.create(tournament=tournament, number=2, state=RoundState.PUBLISHED)
    GameFactory.create(round=second, board=1, white=chiara, black=anna, result=Result.BLACK_WINS)
    GameFactory.create(round=second, board=2, white=dario, black=boris)
    third = RoundFactory.create(tournament=tournament, number=3, state=RoundState.PAIRED)
    GameFactory.create(round=third, board=1, white=boris, black=anna, result=Result.DRAW)
    return tournament, [anna, boris, chiara, dario]
