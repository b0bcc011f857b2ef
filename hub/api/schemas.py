"""The shapes of the read API's answers (issue 35): pydantic models, which django-ninja both
serialises the answers with and describes in the OpenAPI document, so the two cannot differ.

Only what the public pages show: never an e-mail address, a birth date, a sex, a K-factor or an
arbiter's account. Points and tie-break values are decimal strings as the standings show them
(`"4.5"`, `"12.75"`), never binary floats; None (null) where a value is undefined.
"""

from __future__ import annotations

import datetime

from ninja import Schema
from pydantic import Field


class Problem(Schema):
    """Why there is no answer (404, 429)."""

    detail: str


class PlayerRef(Schema):
    """A player of a tournament as the public pages name them."""

    number: int = Field(description="The pairing number in the tournament.")
    name: str
    title: str = Field(description="FIDE title (GM, IM, WGM, ...), empty when none.")
    federation: str
    fide_id: str = Field(description="Empty when the player has none.")
    rating: int = Field(description="FIDE rating when entered; 0: unrated.")


class Player(PlayerRef):
    """A registered player with their status."""

    national_rating: int = Field(description="0: none.")
    status: str = Field(description="`active` or `withdrawn`.")
    withdrawn_from_round: int | None
    first_round: int = Field(description="The round from which the player takes part.")
    card_url: str = Field(description="The player's card (public page).")


class RoundSummary(Schema):
    """A round as the public sees it: a draft (paired, not published) is `not_published`."""

    number: int
    state: str = Field(description="`not_published`, `published` or `completed`.")
    date: datetime.date | None = Field(description="The round's date, when the settings give it.")
    published_at: datetime.datetime | None
    url: str = Field(description="This round in the API (404 while not published).")


class TournamentSummary(Schema):
    """A tournament (a section, when it belongs to an event)."""

    slug: str
    name: str
    city: str
    federation: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    rounds: int = Field(description="The number of rounds announced.")
    status: str = Field(description="`registration`, `in_progress` or `finished`.")
    format: str = Field(description="`swiss`, `round_robin` or `double_round_robin`.")
    event: str | None = Field(description="The slug of the event it is a section of.")
    players: int
    url: str = Field(description="The tournament's public page.")
    api_url: str


class Tiebreak(Schema):
    code: str = Field(description="The C.07 code, e.g. `BH/C1`.")
    name: str = Field(description="Its name in the language asked (Accept-Language).")


class Tournament(TournamentSummary):
    """A tournament with its settings and rounds."""

    pairing_system: str
    time_control: str = Field(description="TRF-2026 222 encoding, e.g. `5400+30`.")
    rated: bool
    rating_kind: str = Field(description="`standard`, `rapid` or `blitz`.")
    tiebreaks: list[Tiebreak]
    round_list: list[RoundSummary]
    trf_url: str | None = Field(description="The TRF-2026 file, once the tournament is finished.")


class Board(Schema):
    """A game of a published round, with each player's points before the round."""

    board: int
    white: PlayerRef
    black: PlayerRef
    white_points: str
    black_points: str
    result: str = Field(
        description="`1-0`, `1/2-1/2`, `0-1`, forfeits `+/-` `-/+` `-/-`, not rated `W-L` "
        "`D-D` `L-W`, scored `1/2-0` `0-1/2` `0-0`, `adj` (adjourned); empty: not played yet."
    )


class RoundBye(Schema):
    player: PlayerRef
    kind: str = Field(
        description="`U` pairing-allocated, `H` half-point, `F` full-point, `Z` zero."
    )


class Round(Schema):
    """A published round's pairings and results."""

    tournament: str
    number: int
    state: str
    date: datetime.date | None
    published_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    chess960_position: int | None
    boards: list[Board]
    byes: list[RoundBye]


class StandingsLine(Schema):
    rank: int
    player: PlayerRef
    rating: int = Field(description="The tournament rating (TRF-2026 172); 0: unrated.")
    points: str
    tiebreaks: list[str | None] = Field(description="One value per tie-break, in order.")


class Standings(Schema):
    """The public standings after a completed round (C.07, the tournament's tie-breaks)."""

    tournament: str
    after_round: int = Field(description="0 before any round is completed.")
    rounds_completed: list[int]
    final: bool
    provisional: bool = Field(description="After the last round, a result is still missing.")
    tiebreaks: list[Tiebreak]
    lines: list[StandingsLine]


class FoundPlayer(Schema):
    name: str
    fide_id: str
    federation: str
    title: str
    rating: int = Field(description="The highest FIDE rating the player was entered with.")
    tournaments: int
    profile_url: str
    api_url: str


class PlayerSearch(Schema):
    query: str
    too_short: bool = Field(description="The query has no word of 3 letters and no FIDE ID.")
    more: bool = Field(description="More people match than the 50 listed.")
    players: list[FoundPlayer]


class ProfileEntry(Schema):
    tournament: TournamentSummary
    number: int = Field(description="The player's pairing number there.")
    after_round: int = Field(description="The standings' round; 0: none completed.")
    final: bool
    rank: int | None
    ranked: int = Field(description="How many players the standings rank.")
    points: str | None
    performance: int | None = Field(description="Tournament performance rating (C.07 10.2).")
    card_url: str


class Profile(Schema):
    name: str
    fide_id: str
    federation: str
    title: str
    rating: int
    by_name: bool = Field(description="Entered without a FIDE ID: matched by the name alone.")
    tournaments: list[ProfileEntry]


class Event(Schema):
    """An event and its sections (each a tournament)."""

    slug: str
    name: str
    place: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    organiser: str
    sections: list[TournamentSummary]
    api_url: str
