"""The tournament rating in use (TRF-2026 172; VCL Q145): the pairing numbers it gives
(C.04.2 B.2), the engine's input, the report for the federation (172 and NRS records) and
that report imported back."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.selectors import engine_input
from pairing.services.trf_import import tournament_import_trf
from standings.export_ranks import trf_ranks
from tests.factories import PlayerFactory, TournamentFactory
from tournaments.domain.trf import parse_trf
from tournaments.exceptions import TrfImportError
from tournaments.models import Tournament
from tournaments.models.tournament import TournamentRatingMethod
from tournaments.selectors.state import tournament_state_from_db
from tournaments.selectors.trf import tournament_trf_report
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers

pytestmark = pytest.mark.django_db

# name, FIDE, national, manual
FIELD = (
    ("Fide, Only", 2100, 0, 0),
    ("National, Only", 0, 2150, 0),
    ("Both, Ratings", 2000, 2300, 0),
    ("Manual, Only", 0, 0, 2250),
    ("Nobody, Rated", 0, 0, 0),
)

ORDERS = {
    TournamentRatingMethod.FIDE: [
        "Fide, Only",
        "Both, Ratings",
        "Manual, Only",
        "National, Only",
        "Nobody, Rated",
    ],
    TournamentRatingMethod.NRO: [
        "Both, Ratings",
        "National, Only",
        "Fide, Only",
        "Manual, Only",
        "Nobody, Rated",
    ],
    TournamentRatingMethod.FIDON: [
        "National, Only",
        "Fide, Only",
        "Both, Ratings",
        "Manual, Only",
        "Nobody, Rated",
    ],
    TournamentRatingMethod.NIDOF: [
        "Both, Ratings",
        "National, Only",
        "Fide, Only",
        "Manual, Only",
        "Nobody, Rated",
    ],
    TournamentRatingMethod.HBFN: [
        "Both, Ratings",
        "Manual, Only",
        "National, Only",
        "Fide, Only",
        "Nobody, Rated",
    ],
    TournamentRatingMethod.OTHER: [
        "Manual, Only",
        "Both, Ratings",
        "Fide, Only",
        "National, Only",
        "Nobody, Rated",
    ],
}


def field(method: str) -> Tournament:
    tournament = TournamentFactory.create(rating_method=method, federation="ITA")
    for number, (name, fide, national, manual) in enumerate(FIELD, start=1):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            fide_rating=fide,
            national_rating=national,
            manual_rating=manual,
        )
    return tournament


def names_in_order(tournament: Tournament) -> list[str]:
    return list(tournament.players.order_by("pairing_number").values_list("name", flat=True))


@pytest.mark.parametrize("method", list(TournamentRatingMethod))
def test_pairing_numbers_follow_the_tournament_rating(method: str, arbiter: User) -> None:
    """Q145: each TRF-2026 method ranks the same field its own way (C.04.2 B.2; unrated
    players last, then by name)."""
    tournament = field(method)

    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    assert names_in_order(tournament) == ORDERS[TournamentRatingMethod(method)]


def test_the_engine_reads_the_tournament_rating(arbiter: User) -> None:
    tournament = field(TournamentRatingMethod.NIDOF)
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    state = tournament_state_from_db(tournament)
    engine_file = parse_trf(engine_input(tournament))

    assert [player.rating for player in state.players] == [2300, 2150, 2100, 0, 0]
    assert [player.rating for player in engine_file.players] == [2300, 2150, 2100, None, None]
    assert "172 " not in engine_input(tournament)  # the engine reads the 001 column only


def test_the_trf26_report_gives_fide_ratings_the_method_and_nrs_records(arbiter: User) -> None:
    tournament = field(TournamentRatingMethod.FIDON)
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks)

    lines = text.splitlines()
    assert "172 ITA FIDON" in lines
    national = [line for line in lines if line.startswith("ITA ")]
    assert [(line[4:8], line[48:52]) for line in national] == [("   1", "2150"), ("   3", "2300")]
    doc = parse_trf(text)
    assert [player.rating for player in doc.players] == [None, 2100, 2000, None, None]


def test_a_fide_tournament_without_national_ratings_writes_no_172() -> None:
    tournament = TournamentFactory.create()
    PlayerFactory.create(tournament=tournament, pairing_number=1, fide_rating=2000)

    text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks)

    assert "172 " not in text


def test_the_trf16_report_has_neither_172_nor_nrs(arbiter: User) -> None:
    tournament = field(TournamentRatingMethod.NRO)
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    text = tournament_trf_report(tournament, "trf16", ranker=trf_ranks)

    assert "172 " not in text and "\nITA " not in text


def test_an_exported_trf26_imports_with_its_method_and_national_ratings(arbiter: User) -> None:
    tournament = field(TournamentRatingMethod.NIDOF)
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)
    text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks)

    imported = tournament_import_trf(text=text, slug="imported")

    assert imported.rating_method == TournamentRatingMethod.NIDOF
    ratings = list(
        imported.players.order_by("pairing_number").values_list(
            "name", "fide_rating", "national_rating"
        )
    )
    assert ratings == list(
        tournament.players.order_by("pairing_number").values_list(
            "name", "fide_rating", "national_rating"
        )
    )
    assert [p.rating for p in tournament_state_from_db(imported).players] == [
        2300,
        2150,
        2100,
        0,
        0,
    ]


def test_an_import_refuses_what_it_cannot_take_and_creates_nothing() -> None:
    extra = "ITA    1 m    Fide, Only" + " " * 24 + "3600"
    message = "national rating 3600 is above 3500"
    tournament = field(TournamentRatingMethod.FIDE)
    text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks).replace(
        "\n001", f"\n{extra}\n001", 1
    )

    with pytest.raises(TrfImportError, match=message):
        tournament_import_trf(text=text, slug="imported")

    assert not Tournament.objects.filter(slug="imported").exists()
