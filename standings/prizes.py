"""The prize list with its winners (issue 33): the tournament's prizes distributed over the
standings by `tournaments.domain.prizes`. Provisional while the last round is played or a
game of it has no result (the standings' own rule, Q161/Q169); final after it; before the
last round only the prizes are listed."""

from __future__ import annotations

from dataclasses import dataclass

from standings.selectors import TournamentStandings, tournament_live_standings, tournament_standings
from standings.templatetags.standings_tags import tiebreak_value
from tournaments.domain import prizes as domain
from tournaments.domain.state import PlayerId
from tournaments.models import Player, Prize, Tournament
from tournaments.selectors.prizes import PrizeList, birth_year, prize_list


@dataclass(frozen=True, slots=True)
class AwardLine:
    """One award: the player, where they finished, what they receive and for which prizes."""

    player: Player
    rank: int
    points_text: str
    category: str
    """The category's name; empty for the place prizes."""
    places: tuple[int, ...]
    amount: int
    item: str
    sharers: int


@dataclass(frozen=True, slots=True)
class PrizeResults:
    """The prize list and, from the last round on, its winners."""

    tournament: Tournament
    listed: PrizeList
    standings: TournamentStandings | None
    awards: tuple[AwardLine, ...]

    @property
    def final(self) -> bool:
        return self.standings is not None and self.standings.final and not self.standings.live

    @property
    def provisional(self) -> bool:
        return self.standings is not None and not self.final

    @property
    def paid(self) -> int:
        return sum(award.amount for award in self.awards)

    def unawarded(self) -> list[Prize]:
        """The prizes nobody won (no eligible player)."""
        won = {(award.category, place) for award in self.awards for place in award.places}
        return [
            prize
            for prize in self.listed.prizes
            if ((prize.category.name if prize.category else ""), prize.place) not in won
        ]


def _last_round_standings(tournament: Tournament) -> TournamentStandings | None:
    """The standings the prizes follow: after the last round (final or provisional), or the
    live standings while the last round is played; None before."""
    if tournament.rounds == 0:
        return None
    standings = tournament_standings(tournament=tournament)
    if standings.after_round == tournament.rounds:
        return standings
    live = tournament_live_standings(tournament=tournament)
    return live if live.after_round == tournament.rounds else None


def _contender(line_rank: int, player: Player, points: int, rating: int) -> domain.Contender:
    return domain.Contender(
        player=PlayerId(player.pairing_number),
        rank=line_rank,
        points=points,
        rating=rating,
        birth_year=birth_year(player),
        sex=player.sex,
        federation=player.federation,
    )


def prize_results(tournament: Tournament) -> PrizeResults:
    """The prize list with its winners from the last round on."""
    listed = prize_list(tournament)
    standings = _last_round_standings(tournament)
    if standings is None or not listed.prizes:
        return PrizeResults(tournament, listed, standings, ())
    lines = {line.player.pairing_number: line for line in standings.lines}
    # Ties are equal points whatever the scoring: each distinct score gets an integer key.
    scores = {
        points: key for key, points in enumerate(sorted({line.points for line in standings.lines}))
    }
    contenders = [
        _contender(index, line.player, scores[line.points], line.rating)
        for index, line in enumerate(standings.lines, start=1)
    ]
    awards = domain.distribute(listed.domain_prizes, contenders, listed.rules)
    return PrizeResults(
        tournament,
        listed,
        standings,
        tuple(
            AwardLine(
                player=lines[award.player].player,
                rank=lines[award.player].rank,
                points_text=tiebreak_value(lines[award.player].points),
                category=award.category.name,
                places=tuple(prize.place for prize in award.prizes),
                amount=award.amount,
                item=award.item,
                sharers=award.sharers,
            )
            for award in awards
        ),
    )
