"""How a round's and the tournament's progress follow the results: completed when every board has
one, in progress again when one is cleared, finished after the last round. A helper of the
result services (results, adjournments, forfeit-only rounds), not a use case of its own."""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import (
    Game,
    Result,
    Round,
    RoundState,
    Tournament,
    TournamentStatus,
)


def sync_round_status(tournament: Tournament, rnd: Round) -> None:
    """Complete the round when every board has a result, publish it again when one is
    cleared; the tournament is finished when its last round is completed."""
    complete = not rnd.games.filter(result=Result.NOT_PLAYED).exists()
    if complete and rnd.state == RoundState.PUBLISHED:
        rnd.state, rnd.completed_at = RoundState.COMPLETED, timezone.now()
    elif not complete and rnd.state == RoundState.COMPLETED:
        rnd.state, rnd.completed_at = RoundState.PUBLISHED, None
    else:
        return
    rnd.save(update_fields=["state", "completed_at", "updated"])
    sync_tournament_status(tournament)


def sync_tournament_status(tournament: Tournament) -> None:
    """Finished when the last round is completed and no adjourned game is still open (the
    final standings wait for it, Q161/Q169); in progress otherwise."""
    last = tournament.round_set.filter(number=tournament.rounds, state=RoundState.COMPLETED)
    adjourned = Game.objects.filter(round__tournament=tournament, result=Result.ADJOURNED)
    finished = last.exists() and not adjourned.exists()
    status = TournamentStatus.FINISHED if finished else TournamentStatus.IN_PROGRESS
    if tournament.status != status:
        tournament.status = status
        tournament.save(update_fields=["status", "updated"])
