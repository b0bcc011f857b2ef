"""The federation officers' role (issue 17), through HTTP: an officer of a federation reads
every report of its tournaments, whoever organised them, filters them and downloads them in a
zip; an officer of another federation, a user without a role and anonymous users are refused;
no officer changes a tournament."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.http import user_reads_reports
from tournaments.models import (
    FederationOfficer,
    RatingKind,
    Result,
    RoundState,
    Tournament,
    TournamentStatus,
)

pytestmark = pytest.mark.django_db


def officer(username: str, *federations: str) -> User:
    user = UserFactory.create(username=username)
    for code in federations:
        FederationOfficer.objects.create(user=user, federation=code)
    return user


def organised(federation: str, **fields: object) -> Tournament:
    """A tournament of `federation` organised by its own arbiter, round 1 played."""
    tournament = tournament_with_players(2, rounds=1, arbiter=UserFactory.create())
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.WHITE_WINS)
    Tournament.objects.filter(pk=tournament.pk).update(federation=federation, **fields)
    tournament.refresh_from_db()
    return tournament


def complete(tournament: Tournament) -> None:
    """Fill in everything the rating report needs."""
    Tournament.objects.filter(pk=tournament.pk).update(
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 1),
        chief_arbiter="Anna Rossi",
        chief_arbiter_fide_id="1234567",
        time_control="5400+30",
        round_dates=["2026-05-01"],
        tiebreaks=["BH"],
    )
    for player in tournament.players.all():
        player.fide_id = str(1000 + player.pairing_number)
        player.save(update_fields=["fide_id"])


def test_an_officer_reads_the_reports_of_the_federation_s_tournaments_only(
    client: Client,
) -> None:
    ours, theirs = organised("ITA"), organised("GER")
    client.force_login(officer("ita-officer", "ITA"))

    page = client.get("/exports/").content.decode()

    assert ours.name in page and theirs.name not in page
    for url in ("export.trf", "export.trf?format=trf26", "rating-report/", "standings.csv"):
        assert client.get(f"/t/{ours.slug}/{url}").status_code == 200, url
    for url in ("export.trf", "rating-report/", "rating-report.trf"):
        refused = client.get(f"/t/{theirs.slug}/{url}")
        assert refused.status_code == 403, url
        assert "officers of its federation (GER)" in refused.content.decode()


def test_a_lower_case_or_padded_federation_is_still_the_officer_s(client: Client) -> None:
    tournament = organised(" ita ")

    assert user_reads_reports(officer("ita-officer", "ITA"), tournament)
    assert not user_reads_reports(officer("ger-officer", "GER"), tournament)
    assert not user_reads_reports(officer("nobody"), organised(""))


def test_others_are_refused_and_anonymous_users_log_in(client: Client) -> None:
    tournament = organised("ITA")
    for url in (
        f"/t/{tournament.slug}/export.trf",
        f"/t/{tournament.slug}/rating-report/",
        "/exports/",
        "/exports/reports.zip",
    ):
        assert client.get(url)["Location"].startswith("/accounts/login/"), url
    client.force_login(UserFactory.create(username="someone"))
    for url in (f"/t/{tournament.slug}/export.trf", "/exports/", "/exports/reports.zip"):
        assert client.get(url).status_code == 403, url


def test_an_officer_changes_nothing(client: Client) -> None:
    tournament = organised("ITA")
    client.force_login(officer("ita-officer", "ITA"))

    for url in ("manage/", "manage/edit/", "manage/rating-report/"):
        assert client.get(f"/t/{tournament.slug}/{url}").status_code == 403, url
    posted = client.post(f"/t/{tournament.slug}/manage/rating-report/", {"time_control": "60"})

    assert posted.status_code == 403
    tournament.refresh_from_db()
    assert tournament.time_control == ""


def test_the_officers_page_filters_by_date_status_and_rate(client: Client) -> None:
    may = organised("ITA", start_date=datetime.date(2026, 5, 1))
    june = organised(
        "ITA",
        start_date=datetime.date(2026, 6, 1),
        status=TournamentStatus.FINISHED,
        rating_kind=RatingKind.RAPID,
    )
    client.force_login(officer("ita-officer", "ITA"))

    def listed(query: str) -> set[str]:
        page = client.get(f"/exports/?{query}").content.decode()
        return {t.name for t in (may, june) if f"/t/{t.slug}/export.trf" in page}

    assert listed("") == {may.name, june.name}
    assert listed("start_from=2026-05-15") == {june.name}
    assert listed("start_until=2026-05-15") == {may.name}
    assert listed("status=finished") == {june.name}
    assert listed(f"rating_kind={RatingKind.RAPID}") == {june.name}
    bad = client.get("/exports/?start_from=not-a-date&status=nonsense")
    assert bad.status_code == 200
    assert "Enter a valid date." in bad.content.decode()


def test_the_zip_holds_the_checked_reports_and_names_the_others(client: Client) -> None:
    ready, waiting = organised("ITA"), organised("ITA")
    complete(ready)
    organised("GER")
    client.force_login(officer("ita-officer", "ITA"))

    response = client.get("/exports/reports.zip?format=trf26")

    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == sorted([f"{ready.slug}-trf26.trf", "refused.txt"])
    assert archive.read(f"{ready.slug}-trf26.trf").decode().startswith(f"012 {ready.name}\n")
    refused = archive.read("refused.txt").decode()
    assert waiting.name in refused and "Missing: the start date (042)." in refused
    assert client.get("/exports/reports.zip?format=pdf").status_code == 400


def test_staff_see_every_federation(client: Client) -> None:
    ours, theirs = organised("ITA"), organised("GER")
    client.force_login(UserFactory.create(username="operator", is_staff=True))

    page = client.get("/exports/").content.decode()

    assert ours.name in page and theirs.name in page
    assert client.get(f"/t/{theirs.slug}/export.trf").status_code == 200


def test_staff_appoint_an_officer_in_the_admin(client: Client) -> None:
    operator = UserFactory.create(username="operator", is_staff=True, is_superuser=True)
    user = UserFactory.create(username="new-officer")
    client.force_login(operator)
    url = "/admin/tournaments/federationofficer/add/"

    refused = client.post(url, {"user": user.pk, "federation": "IT1"})
    appointed = client.post(url, {"user": user.pk, "federation": "ita"})  # any case (issue 31)

    assert refused.status_code == 200
    assert "Three capital letters, e.g. FRA." in refused.content.decode()
    assert appointed.status_code == 302
    office = FederationOfficer.objects.get(user=user)
    assert (office.federation, office.appointed_by) == ("ITA", operator)
    assert user_reads_reports(user, organised("ITA"))
