"""An event of three sections taking online entries (issue 32), for the service, view and
browser tests: Open A (2000 and over), Open B (1600-1999, a cap of 3), Open C (under 1600),
all FIDE rated and starting on 10 July 2026; a FIDE list of June 2026 with the players they
enter with; the form open from 1 May to 9 July 2026."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User

from tests.factories import EventFactory, EventRoleFactory, TournamentFactory, UserFactory
from tournaments.models import (
    Event,
    EventRoleKind,
    RatedPlayer,
    RatingList,
    RatingListKind,
    Tournament,
)
from tournaments.models.entries import EntryDesk, SectionEntryTerms

UTC = datetime.UTC
START = datetime.date(2026, 7, 10)
OPENS = datetime.datetime(2026, 5, 1, tzinfo=UTC)
CLOSES = datetime.datetime(2026, 7, 9, 20, 0, tzinfo=UTC)
IN_JUNE = datetime.datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

LISTED = [
    # FIDE ID, name, federation, sex, title, birth year, standard rating
    ("100001", "Carlsen, Magnus", "NOR", "m", "GM", 1990, 2830),
    ("100002", "Rossi, Anna", "ITA", "w", "WFM", 1995, 2105),
    ("100003", "Bianchi, Luca", "ITA", "m", "", 1980, 1850),
    ("100004", "Verdi, Paolo", "ITA", "m", "", 2001, 1700),
    ("100005", "Neri, Giulia", "ITA", "w", "", 2010, 1650),
    ("100006", "Gallo, Marco", "ITA", "m", "", 1975, 1620),
    ("100007", "Conti, Sara", "ITA", "w", "", 2012, 1450),
    ("100008", "Unrated, Newcomer", "ITA", "m", "", 2014, 0),
]


@dataclass(frozen=True)
class EntryEvent:
    event: Event
    open_a: Tournament
    open_b: Tournament
    open_c: Tournament
    organiser: User
    arbiter: User


def rating_list(extra: int = 0) -> RatingList:
    """The June 2026 combined list with `LISTED`, and `extra` more players rated 1600-1999
    (FIDE IDs from 200001)."""
    listed = RatingList.objects.create(
        kind=RatingListKind.FIDE, date=datetime.date(2026, 6, 1), source_name="june.zip"
    )
    rows = [
        RatedPlayer(
            rating_list=listed,
            fide_id=fide_id,
            name=name,
            search_name=name.upper(),
            federation=federation,
            sex=sex,
            title=title,
            birth_year=year,
            standard_rating=rating,
        )
        for fide_id, name, federation, sex, title, year, rating in LISTED
    ]
    rows += [
        RatedPlayer(
            rating_list=listed,
            fide_id=str(200001 + index),
            name=f"Player{index:03d}, Test",
            search_name=f"PLAYER{index:03d}, TEST",
            federation="FRA",
            sex="m",
            birth_year=2000,
            standard_rating=1600 + (index * 37) % 400,
        )
        for index in range(extra)
    ]
    RatedPlayer.objects.bulk_create(rows)
    listed.player_count = len(rows)
    listed.save(update_fields=["player_count"])
    return listed


def entry_event(*, cap_b: int | None = 3, fee: int = 3000, extra: int = 0) -> EntryEvent:
    rating_list(extra)
    event = EventFactory.create(name="Bologna Festival", slug="bologna", start_date=START)
    sections = []
    for name, slug, lowest, highest in (
        ("Open A", "open-a", 2000, None),
        ("Open B", "open-b", 1600, 1999),
        ("Open C", "open-c", None, 1599),
    ):
        sections.append(
            TournamentFactory.create(
                name=name,
                slug=slug,
                event=event,
                start_date=START,
                lowest_rating=lowest,
                highest_rating=highest,
                rounds=5,
            )
        )
    open_a, open_b, open_c = sections
    organiser = UserFactory.create(username="organiser")
    arbiter = UserFactory.create(username="chief")
    EventRoleFactory.create(event=event, user=organiser, role=EventRoleKind.ORGANISER)
    EventRoleFactory.create(event=event, user=arbiter, role=EventRoleKind.CHIEF)
    EntryDesk.objects.create(
        event=event, opens_at=OPENS, closes_at=CLOSES, questions=["Club", "T-shirt size"]
    )
    SectionEntryTerms.objects.create(section=open_b, cap=cap_b, fee=fee)
    SectionEntryTerms.objects.create(section=open_a, fee=fee)
    return EntryEvent(event, open_a, open_b, open_c, organiser, arbiter)
