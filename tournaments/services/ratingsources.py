"""Use cases of a tournament's FIDE lists: its sequence of lists, where each registered rating
comes from, and the update of chosen players from the lists (VCL Q123-Q134, Q142-Q144).

The update changes only the players the arbiter chose, after a preview of each change
(`selectors.ratingsources.list_differences`). Before round 1 the pairing numbers then follow
the initial order again (C.04.2 B.2); once round 1 is paired the ratings feed the rating-based
tie-breaks and the report, so the update asks a Level-3 confirmation and leaves the pairing
numbers alone (a renumbering stays the arbiter's explicit act, Q153-Q154).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.ratinglists import Rate
from tournaments.domain.ratinglists.sequence import (
    DEFAULT_SEQUENCES,
    SequenceError,
    parse_sequence,
)
from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.exceptions import TournamentError
from tournaments.models import Tournament
from tournaments.selectors.ratingsources import list_differences
from tournaments.selectors.state import paired_from
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers


def _sequence_refusal(error: SequenceError) -> str:
    """The refusal in the user's language."""
    messages = {
        "empty": _("Rating lists: the sequence needs at least one list."),
        "unknown": _("Rating lists: unknown list %(list)s."),
        "twice": _("Rating lists: %(list)s is given twice."),
        "covered": _(
            "Rating lists: %(list)s comes after lists that already cover its rate, so it "
            "would never be used."
        ),
        "too_many": _("Rating lists: at most four lists."),
    }
    return messages.get(error.reason, str(error)) % {"list": error.source}


@transaction.atomic
def tournament_set_rating_sequence(
    *, tournament: Tournament, sources: Sequence[str], by: User, check: bool = True
) -> Tournament:
    """The FIDE lists a player's rating is taken from, in order (Q124, Q126): lists excluded,
    added or reordered; the rate's default sequence (Q123) is stored as "default". Refused
    with the reason when unusable (`SequenceError`). `check`: whether the players are compared
    with the lists (Q138). Recorded; no rating changes by itself (the differences from the
    lists then show what the update would change)."""
    tournament = lock_tournament(tournament.pk)
    try:
        sequence = parse_sequence(sources)
    except SequenceError as error:
        raise TournamentError(_sequence_refusal(error)) from None
    stored = [] if sequence == DEFAULT_SEQUENCES[Rate(tournament.rating_kind)] else sequence
    codes = [source.value for source in stored]
    if (codes, check) == (tournament.rating_sequence, tournament.list_check):
        return tournament

    def described(sequence: list[str], checked: bool) -> str:
        listed = " → ".join(sequence) or "default"
        return f"rating lists: {listed}" + ("" if checked else ", no check")

    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        old=described(tournament.rating_sequence, tournament.list_check),
        new=described(codes, check),
    )
    tournament.rating_sequence, tournament.list_check = codes, check
    tournament.save(update_fields=["rating_sequence", "list_check", "updated"])
    return tournament


@transaction.atomic
def players_update_from_list(
    *,
    tournament: Tournament,
    by: User,
    players: Collection[int] | None = None,
    confirmed: Confirmed | None = None,
) -> int:
    """Give the chosen players (ids; None: every player who differs) the rating the sequence of
    lists gives, the list's title and federation, and the rating's source (Q144, Q134); each
    change recorded. Before round 1 the pairing numbers follow the initial order again; after
    it, Level 3 first and the numbers stay. Returns how many players changed."""
    tournament = lock_tournament(tournament.pk)
    if not tournament.list_check:
        raise TournamentError(
            _("The check against the rating lists is switched off for this tournament.")
        )
    differences = [
        difference
        for difference in list_differences(tournament)
        if players is None or difference.player.pk in players
    ]
    if not differences:
        raise TournamentError(_("No chosen player differs from the rating lists."))
    started = paired_from(tournament, 1)
    if started:
        require_confirmation(
            ActionWarning(
                Level.CONFIRM,
                _("Update %(count)s players from the rating lists after round 1 is paired?")
                % {"count": len(differences)},
                (
                    ", ".join(
                        f"{d.player.name}: {d.player.fide_rating} → {d.rating}" for d in differences
                    )
                    + ".",
                    _(
                        "The rating-based tie-breaks and the rating report use the new ratings; "
                        "the pairing numbers stay as they are."
                    ),
                ),
                rule="VCL4THP Q143-Q144",
            ),
            confirmed,
        )
    for difference in differences:
        player = difference.player
        before = f"{player.fide_rating} {player.title or '-'} {player.federation or '-'}"
        player.fide_rating = difference.rating
        player.title = difference.rated.title
        player.federation = difference.rated.federation
        player.rating_source = difference.rate.value if difference.rate else ""
        player.rating_list_date = difference.rating_list.date if difference.rating_list else None
        player.save(
            update_fields=[
                "fide_rating",
                "title",
                "federation",
                "rating_source",
                "rating_list_date",
            ]
        )
        audit(
            tournament=tournament,
            by=by,
            entity="player",
            entity_id=player.pk,
            old=before,
            new=f"{player.fide_rating} {player.title or '-'} {player.federation or '-'}",
            note=f"updated from the {difference.rating_list or difference.rated.rating_list}",
        )
    if not started:
        tournament_assign_pairing_numbers(tournament=tournament, by=by)
    return len(differences)
