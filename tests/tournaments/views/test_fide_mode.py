"""FIDE mode through the HTTP layer (VCL4THP Q40-Q46): the default of a new tournament, shown
on every page; leaving it takes a two-step confirmation, is recorded and is final."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import (
    HTMX,
    confirm,
    dialog_level,
    html,
    play_rounds,
    token,
)
from tournaments.domain.warnings import Level
from tournaments.forms.tournament import TournamentForm
from tournaments.models import IntegrityEvent, IntegrityEventKind, Tournament
from tournaments.services.integrity import (
    integrity_event_record,
    integrity_event_undo,
    snapshot_rows,
)

pytestmark = pytest.mark.django_db

BADGE = '<span class="fide-badge"'
LEFT = "Not in FIDE mode."


def leave_url(tournament: Tournament) -> str:
    return f"/t/{tournament.slug}/manage/fide-mode/leave/"


def pages(slug: str) -> list[str]:
    return [
        f"/t/{slug}/",
        f"/t/{slug}/round/1/",
        f"/t/{slug}/player/1/",
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/edit/",
        f"/t/{slug}/manage/players/",
        f"/t/{slug}/manage/player/1/",
        f"/t/{slug}/manage/round/1/results/",
        f"/t/{slug}/manage/fide-mode/",
    ]


def test_a_new_tournament_starts_in_fide_mode(client: Client) -> None:
    """Q40: FIDE mode is the default of a tournament created on the site."""
    client.force_login(UserFactory.create(username="creator"))
    form = TournamentForm()
    data = {
        name: "" if field.initial is None else str(field.initial)
        for name, field in form.fields.items()
    }
    data |= {"name": "Rated Open", "rounds": "7"}

    response = client.post("/manage/new/", data)

    assert response.status_code == 302, html(response)
    tournament = Tournament.objects.get()
    assert tournament.fide_mode and tournament.fide_mode_left_at_round is None


def test_every_page_of_a_tournament_in_fide_mode_shows_the_badge(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q40, Q41: the mode is shown on every arbiter page (and the public ones)."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    play_rounds(tournament, 0)

    for url in pages(tournament.slug):
        page = html(arbiter_client.get(url))
        assert BADGE in page and "FIDE mode</span>" in page, url
        assert LEFT not in page, url


def test_leaving_fide_mode_takes_a_two_step_confirmation(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q42, Q43: leaving is possible, behind a Level-4 (two-step) warning with consequences."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    before = snapshot()

    first = arbiter_client.post(leave_url(tournament), {})
    second = arbiter_client.post(leave_url(tournament), {"confirmation": token(first)})

    assert dialog_level(first) == 4 and "step 1 of 2" in html(first)
    assert "It cannot be undone: the tournament can never return to FIDE mode." in html(first)
    assert "step 2 of 2" in html(second) and "this cannot be undone" in html(second)
    assert snapshot() == before
    done = arbiter_client.post(leave_url(tournament), {"confirmation": token(second)})
    assert done.status_code == 302
    tournament.refresh_from_db()
    assert not tournament.fide_mode


def test_leaving_through_htmx_shows_both_steps_in_the_dialog(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)

    first = arbiter_client.post(leave_url(tournament), {}, headers=HTMX)
    second = arbiter_client.post(
        leave_url(tournament), {"confirmation": token(first)}, headers=HTMX
    )
    done = arbiter_client.post(leave_url(tournament), {"confirmation": token(second)}, headers=HTMX)

    assert first["HX-Retarget"] == second["HX-Retarget"] == "#dialog-slot"
    assert done["HX-Redirect"] == f"/t/{tournament.slug}/manage/fide-mode/"


def test_leaving_fide_mode_is_recorded_with_its_round(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q44: the exit is recorded as a `### FIDE-mode exit @ Round n` event."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    play_rounds(tournament, 2)

    confirm(arbiter_client, leave_url(tournament), {})

    tournament.refresh_from_db()
    assert tournament.fide_mode_left_at_round == 3
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.FIDE_MODE_EXIT and event.round_number == 3
    assert str(event).startswith("### FIDE-mode exit @ Round 3: FIDE mode left by arbiter")
    page = html(arbiter_client.get(f"/t/{tournament.slug}/manage/fide-mode/"))
    assert "### FIDE-mode exit @ Round 3" in page


def test_a_tournament_out_of_fide_mode_can_never_return(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q45: no way back: leaving again is refused, the settings cannot switch it on."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    confirm(arbiter_client, leave_url(tournament), {})

    again = arbiter_client.post(leave_url(tournament), {}, follow=True)
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    arbiter_client.post(f"/t/{tournament.slug}/manage/edit/", {**data, "fide_mode": "on"})

    assert "It cannot return to FIDE mode" in html(again)
    assert "Leave FIDE mode…" not in html(
        arbiter_client.get(f"/t/{tournament.slug}/manage/fide-mode/")
    )
    tournament.refresh_from_db()
    assert not tournament.fide_mode
    assert IntegrityEvent.objects.filter(tournament=tournament).count() == 1


def test_every_page_of_a_tournament_out_of_fide_mode_says_so(
    arbiter_client: Client, arbiter: User, client: Client
) -> None:
    """Q46: a permanent indicator on every page, the public ones included."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    play_rounds(tournament, 0)
    confirm(arbiter_client, leave_url(tournament), {})

    for url in pages(tournament.slug):
        page = html(arbiter_client.get(url))
        assert "Not FIDE mode</span>" in page and LEFT in page, url
    assert LEFT in html(client.get(f"/t/{tournament.slug}/"))


def test_the_page_lists_the_events_that_stand_not_the_undone_ones(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)
    kept = integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.CONFIGURATION,
        round_number=0,
        details="kept change",
        by=arbiter,
    )
    undone = integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.CONFIGURATION,
        round_number=0,
        details="undone change",
        by=arbiter,
        snapshot=snapshot_rows(changed=[tournament]),
    )
    integrity_event_undo(event=undone, by=arbiter, confirmed=Level.CONFIRM)

    page = html(arbiter_client.get(f"/t/{tournament.slug}/manage/fide-mode/"))
    log = html(arbiter_client.get(f"/t/{tournament.slug}/manage/events/"))

    assert kept.details in page and "undone change" not in page and "Undo @" not in page
    assert "undone change" in log
