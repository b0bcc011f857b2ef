"""The tournaments and users the security tests walk: ours, another one, and seven kinds of user.

`ours` is the worked example before round 3 (rounds 1-2 completed) with a requested bye, a
prohibited pair and an open invitation link; `theirs` is a second copy with the same kinds of
rows, arbitrated by someone else, whose ids must stay out of reach under `ours`' slug.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.models import User

from pairing.services.trf_import import tournament_import_trf
from tests.factories import (
    ByeFactory,
    EventFactory,
    EventRoleFactory,
    TournamentRoleFactory,
    UserFactory,
)
from tournaments.models import (
    ArbiterRole,
    BackgroundJob,
    ByeKind,
    Event,
    EventRoleKind,
    FederationOfficer,
    ForbiddenPair,
    Game,
    JobKind,
    JobStatus,
    Tournament,
    TournamentRole,
)
from tournaments.models.entries import Entry, EntryDesk
from tournaments.services.arbiters import arbiter_invitation_create

ROUND_3_INPUT = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "reference"
    / "worked-example"
    / "rounds"
    / "round-3-input.trf"
)
USER_KINDS = (
    "anonymous",
    "nobody",
    "other_arbiter",
    "arbiter",
    "officer",
    "foreign_officer",
    "staff",
)
"""Anonymous, a logged-in user with no role, the arbiter of another tournament, this
tournament's arbiter, an officer of this tournament's federation, an officer of another
federation (the other tournament's), and the site's superuser."""
OUR_FEDERATION = "FRA"
ENTRIES_OPEN = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
"""Since when the events' entry forms are open (issue 32)."""
THEIR_FEDERATION = "GER"


@dataclass(frozen=True)
class Rows:
    """The ids a URL of a tournament can name: a bye, a prohibited pair, a game, an invitation,
    and the background job (the preview of its import) of its chief arbiter; and the event the
    tournament is a section of (its chief arbiter is the event's organiser and chief arbiter)."""

    tournament: Tournament
    bye_id: int
    pair_id: int
    game_id: int
    token: str
    job_id: int
    event: Event


@dataclass(frozen=True)
class World:
    ours: Rows
    theirs: Rows
    users: dict[str, User | None]
    deputy: User

    @property
    def arbiter(self) -> User:
        """Our tournament's chief arbiter."""
        user = self.users["arbiter"]
        assert user is not None
        return user

    def keep_team(self) -> None:
        """Give our arbiter and deputy a role again if a post removed it (stepping down is
        allowed), so every case is posted by an arbiter of the tournament."""
        tournament = self.ours.tournament
        for user in (self.arbiter, self.deputy):
            if not TournamentRole.objects.filter(tournament=tournament, user=user).exists():
                has_chief = tournament.roles.filter(role=ArbiterRole.CHIEF).exists()
                role = ArbiterRole.DEPUTY if has_chief else ArbiterRole.CHIEF
                TournamentRole.objects.create(tournament=tournament, user=user, role=role)

    def url_kwargs(self, rows: Rows | None = None) -> dict[str, object]:
        """A value for every URL keyword of the project, from `rows` (ours by default)."""
        rows = rows or self.ours
        return {
            "slug": rows.tournament.slug,
            "number": 2,
            "pairing_number": 1,
            "board": 1,
            "bye_id": rows.bye_id,
            "pair_id": rows.pair_id,
            "game_id": rows.game_id,
            "token": rows.token,
            "job_id": rows.job_id,
            "event_slug": rows.event.slug,
        }


def _officer(username: str, federation: str) -> User:
    user = UserFactory.create(username=username)
    FederationOfficer.objects.create(user=user, federation=federation)
    return user


def _tournament_rows(slug: str, chief: User, federation: str) -> Rows:
    text = ROUND_3_INPUT.read_text(encoding="utf-8")
    tournament = tournament_import_trf(text=text, slug=slug, by=chief)
    Tournament.objects.filter(pk=tournament.pk).update(federation=federation)
    tournament.refresh_from_db()
    players = list(tournament.players.order_by("pairing_number"))
    bye = ByeFactory.create(
        round=tournament.round_set.get(number=4), player=players[0], kind=ByeKind.HALF_POINT
    )
    pair = ForbiddenPair.objects.create(tournament=tournament, first=players[2], second=players[3])
    game = Game.objects.filter(round__tournament=tournament, round__number=2).order_by("board")[0]
    invitation = arbiter_invitation_create(tournament=tournament, by=chief)
    job = BackgroundJob.objects.create(
        kind=JobKind.TRF_PREVIEW, owner=chief, input_text=text, status=JobStatus.DONE
    )
    event = EventFactory.create(name=f"{slug} event", slug=f"{slug}-event")
    Tournament.objects.filter(pk=tournament.pk).update(event=event)
    for role in (EventRoleKind.ORGANISER, EventRoleKind.CHIEF):
        EventRoleFactory.create(event=event, user=chief, role=role)
    # online entries (issue 32): the form open since 2020, one entry waiting for a decision
    EntryDesk.objects.create(event=event, opens_at=ENTRIES_OPEN, questions=["Club"])
    Entry.objects.create(
        event=event, section=tournament, name="Entrant, First", email="first@example.org"
    )
    return Rows(tournament, bye.pk, pair.pk, game.pk, invitation.token, job.pk, event)


def build_world() -> World:
    """Both tournaments and the seven kinds of user (None stands for the anonymous one)."""
    arbiter = UserFactory.create(username="our-arbiter")
    other_arbiter = UserFactory.create(username="their-arbiter")
    users: dict[str, User | None] = {
        "anonymous": None,
        "nobody": UserFactory.create(username="nobody"),
        "other_arbiter": other_arbiter,
        "arbiter": arbiter,
        "officer": _officer("officer", OUR_FEDERATION),
        "foreign_officer": _officer("foreign-officer", THEIR_FEDERATION),
        "staff": UserFactory.create(username="operator", is_staff=True, is_superuser=True),
    }
    ours = _tournament_rows("ours", arbiter, OUR_FEDERATION)
    theirs = _tournament_rows("theirs", other_arbiter, THEIR_FEDERATION)
    deputy = UserFactory.create(username="deputy")
    TournamentRoleFactory.create(tournament=ours.tournament, user=deputy, role=ArbiterRole.DEPUTY)
    return World(ours=ours, theirs=theirs, users=users, deputy=deputy)
