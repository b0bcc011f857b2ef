"""factory_boy factories for the tournament models.

Call them as `TournamentFactory.create(...)` / `.build(...)`, which are typed to return the
model. factory_boy's declarations are untyped, hence the relaxed check below.
"""
# mypy: disallow-untyped-calls=False

from __future__ import annotations

from django.contrib.auth.models import User
from factory.declarations import SelfAttribute, Sequence, SubFactory
from factory.django import DjangoModelFactory, Password

from tournaments.models import (
    ArbiterRole,
    Bye,
    ByeKind,
    Event,
    EventRole,
    EventRoleKind,
    Game,
    Player,
    Round,
    RoundState,
    Tournament,
    TournamentRole,
)

SAME_TOURNAMENT = SelfAttribute("..round.tournament")


class UserFactory(DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = Sequence(lambda n: f"arbiter{n}")
    password = Password("correct horse battery staple")


class TournamentFactory(DjangoModelFactory[Tournament]):
    class Meta:
        model = Tournament

    name = Sequence(lambda n: f"Open {n}")
    slug = Sequence(lambda n: f"open-{n}")
    city = "Bologna"
    federation = "ITA"
    rounds = 5


class TournamentRoleFactory(DjangoModelFactory[TournamentRole]):
    """A user's role in a tournament: its chief arbiter unless `role=ArbiterRole.DEPUTY`."""

    class Meta:
        model = TournamentRole

    tournament = SubFactory(TournamentFactory)
    user = SubFactory(UserFactory)
    role = ArbiterRole.CHIEF


class PlayerFactory(DjangoModelFactory[Player]):
    class Meta:
        model = Player

    tournament = SubFactory(TournamentFactory)
    name = Sequence(lambda n: f"Player{n:03d}, Test")
    pairing_number = Sequence(lambda n: n + 1)
    fide_rating = Sequence(lambda n: 2400 - n % 1000)
    federation = "ITA"


class RoundFactory(DjangoModelFactory[Round]):
    class Meta:
        model = Round

    tournament = SubFactory(TournamentFactory)
    number = 1
    state = RoundState.NOT_PAIRED


class GameFactory(DjangoModelFactory[Game]):
    class Meta:
        model = Game

    round = SubFactory(RoundFactory)
    board = 1
    white = SubFactory(PlayerFactory, tournament=SAME_TOURNAMENT)
    black = SubFactory(PlayerFactory, tournament=SAME_TOURNAMENT)


class ByeFactory(DjangoModelFactory[Bye]):
    class Meta:
        model = Bye

    round = SubFactory(RoundFactory)
    player = SubFactory(PlayerFactory, tournament=SAME_TOURNAMENT)
    kind = ByeKind.HALF_POINT


class EventFactory(DjangoModelFactory[Event]):
    """An event of several sections (issue 32); its sections are `TournamentFactory(event=...)`."""

    class Meta:
        model = Event

    name = Sequence(lambda n: f"Festival {n}")
    slug = Sequence(lambda n: f"festival-{n}")
    place = "Bologna"


class EventRoleFactory(DjangoModelFactory[EventRole]):
    """A user's role in an event: its organiser unless `role` says otherwise."""

    class Meta:
        model = EventRole

    event = SubFactory(EventFactory)
    user = SubFactory(UserFactory)
    role = EventRoleKind.ORGANISER
