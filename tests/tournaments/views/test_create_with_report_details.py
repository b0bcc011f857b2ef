"""Issue 31: the rating report's details are asked, optionally, on the new tournament's form
(checked by the details page's rules, saved and audited with the creation)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db

REMINDER = "The rating report still needs"


def _new_tournament(**report: str) -> dict[str, str]:
    data = {
        "name": "Spring Open",
        "format": "swiss",
        "rounds": "3",
        "start_date": "2026-05-01",
        "end_date": "2026-05-03",
        "chief_arbiter": "IA Rossi",
        "initial_color": "draw",
        "max_half_point_byes": "1",
        "no_byes_last_rounds": "1",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_pairing_bye": "1",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_half_bye": "0.5",
        "points_full_bye": "1",
        "points_zero_bye": "0",
        "tiebreak_1": "BH/C1",
        "tiebreak_2": "BH",
        "tiebreak_3": "SB",
    }
    return data | {f"report-{name}": value for name, value in report.items()}


def test_the_new_tournament_form_asks_the_report_details_optionally(
    arbiter_client: Client,
) -> None:
    html = arbiter_client.get("/manage/new/").content.decode()

    assert "Rating report details (optional, can be filled in later)" in html
    for name in ("time_control", "round_dates", "chief_arbiter_fide_id"):
        assert f'name="report-{name}"' in html


def test_details_given_at_creation_are_stored_audited_and_the_reminder_is_gone(
    arbiter_client: Client, arbiter: User
) -> None:
    response = arbiter_client.post(
        "/manage/new/",
        _new_tournament(
            time_control="5400+30",
            round_dates="2026-05-01, 2026-05-02\n2026-05-03",
            chief_arbiter_fide_id=" 1234567 ",
        ),
    )

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/t/{tournament.slug}/manage/players/"
    assert (tournament.time_control, tournament.chief_arbiter_fide_id) == ("5400+30", "1234567")
    assert tournament.round_dates == ["2026-05-01", "2026-05-02", "2026-05-03"]
    assert (tournament.tournament_type, tournament.rated) == ("Individual: Swiss-System", True)
    assert tournament.chief_arbiter == "IA Rossi"
    entries = list(
        AuditEntry.objects.filter(tournament=tournament, entity="tournament")
        .order_by("id")
        .values_list("user", "new_value")
    )
    assert len(entries) == 2
    assert all(user == arbiter.pk for user, _new in entries)
    assert entries[0][1].startswith("created: 3 rounds")
    assert "time_control=5400+30" in entries[1][1]
    assert "chief_arbiter_fide_id=1234567" in entries[1][1]
    dashboard = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()
    assert REMINDER not in dashboard


def test_details_left_empty_create_the_tournament_as_before(
    arbiter_client: Client,
) -> None:
    response = arbiter_client.post("/manage/new/", _new_tournament())

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert (tournament.time_control, tournament.chief_arbiter_fide_id) == ("", "")
    assert tournament.round_dates == []
    entries = AuditEntry.objects.filter(tournament=tournament, entity="tournament")
    assert [entry.new_value.split(":")[0] for entry in entries] == ["created"]
    dashboard = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()
    assert REMINDER in dashboard


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("time_control", "90 minutes", "The time control does not read"),
        ("round_dates", "2026-05-01 2026-05-02 2026-05-03 2026-05-04", "4 dates for 3 rounds"),
        ("round_dates", "2026-05-02 2026-05-01", "The dates go back in time"),
        ("chief_arbiter_fide_id", "12a4", "A FIDE ID is up to 11 digits."),
    ],
)
def test_a_bad_detail_is_a_form_error_and_nothing_is_created(
    arbiter_client: Client, field: str, value: str, message: str
) -> None:
    response = arbiter_client.post("/manage/new/", _new_tournament(**{field: value}))

    html = response.content.decode()
    assert response.status_code in (200, 400)
    assert message in html
    assert 'class="field field-invalid"' in html
    assert not Tournament.objects.exists()
    assert not AuditEntry.objects.exists()
