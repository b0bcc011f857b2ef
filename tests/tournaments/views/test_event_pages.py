"""The event pages (issue 32): creating an event and its sections, the sections' limits and
first board, roles per event, a move between sections through its confirmation, and the
public event page with its sortable entry lists."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.factories import (
    EventFactory,
    EventRoleFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.pdf import pdf_text
from tests.tournaments.conftest import Snapshot, pair_round
from tournaments.models import (
    AuditEntry,
    Event,
    EventRole,
    EventRoleKind,
    Player,
    RoundState,
    Title,
    Tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(arbiter: User) -> Event:
    """An event whose organiser and chief arbiter is `arbiter`, with Open A (2000 and over) and
    Open B (1600-1999, from board 101)."""
    event = EventFactory.create(name="Bologna Open", slug="bologna-open", organiser="CSB")
    for role in (EventRoleKind.ORGANISER, EventRoleKind.CHIEF):
        EventRoleFactory.create(event=event, user=arbiter, role=role)
    return event


def section(
    event: Event, name: str, players: list[tuple[str, int, str]], **setup: int
) -> Tournament:
    tournament = TournamentFactory.create(
        event=event, name=name, slug=name.lower().replace(" ", "-"), rounds=5, **setup
    )
    for number in range(1, 6):
        RoundFactory.create(tournament=tournament, number=number)
    for number, (name_, rating, federation) in enumerate(players, start=1):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name_,
            fide_rating=rating,
            federation=federation,
        )
    return tournament


@pytest.fixture
def open_a(event: Event) -> Tournament:
    players = [
        ("Zeta, Anna", 2310, "ITA"),
        ("Alfa, Bruno", 2150, "FRA"),
        ("Mid, Carla", 1990, "AUT"),
    ]
    return section(event, "Open A", players, lowest_rating=2000)


@pytest.fixture
def open_b(event: Event) -> Tournament:
    players = [("Beta, Dario", 1850, "SUI"), ("Gamma, Elena", 1700, "")]
    return section(
        event, "Open B", players, lowest_rating=1600, highest_rating=1999, first_board=101
    )


def _names(html: str, section_name: str) -> list[str]:
    """The names of a section's entry list, in the order the page shows them."""
    part = html.split(f">{section_name} <span", 1)[1].split("</table>", 1)[0]
    return re.findall(r'/player/\d+/">([^<]+)</a>', part)


def test_an_arbiter_creates_an_event_then_a_section(arbiter_client: Client) -> None:
    response = arbiter_client.post(
        "/manage/events/new/",
        {
            "name": "Festival 2026",
            "place": "Roma",
            "start_date": "2026-08-01",
            "end_date": "2026-08-08",
            "organiser": "Circolo",
        },
    )
    event = Event.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/e/{event.slug}/manage/"
    page = arbiter_client.get(f"/e/{event.slug}/manage/sections/new/")
    assert page.status_code == 200
    assert 'value="Roma"' in page.content.decode()  # the event's place filled in
    form = {
        "name": "Festival B",
        "city": "Roma",
        "rounds": "7",
        "format": "swiss",
        "initial_color": "W",
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
        "rating_method": "FIDE",
        "unrated_rule": "undefined",
        "unrated_rating": "0",
        "tiebreak_ratings": "first",
        "fide_mode": "on",
        "section-lowest_rating": "1600",
        "section-highest_rating": "1999",
        "section-first_board": "101",
    }
    response = arbiter_client.post(f"/e/{event.slug}/manage/sections/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    added = Tournament.objects.get(event=event)
    assert (added.name, added.lowest_rating, added.highest_rating, added.first_board) == (
        "Festival B",
        1600,
        1999,
        101,
    )


def test_limits_upside_down_are_shown_on_the_form_and_nothing_is_added(
    arbiter_client: Client, event: Event
) -> None:
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/sections/new/",
        {
            "name": "Bad",
            "section-lowest_rating": "2000",
            "section-highest_rating": "1500",
            "section-first_board": "1",
        },
    )
    assert response.status_code == 200
    assert "The highest rating is below the lowest." in response.content.decode()
    assert not event.sections.exists()


def test_the_organiser_changes_a_section_s_limits_and_first_board(
    arbiter_client: Client, event: Event, open_b: Tournament
) -> None:
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/sections/setup/",
        {"section": open_b.pk, "lowest_rating": "1500", "highest_rating": "", "first_board": "51"},
        follow=True,
    )
    assert "Open B is saved." in response.content.decode()
    open_b.refresh_from_db()
    assert (open_b.lowest_rating, open_b.highest_rating, open_b.first_board) == (1500, None, 51)


def test_a_section_of_another_event_is_refused(
    arbiter_client: Client, event: Event, snapshot: Callable[[], Snapshot]
) -> None:
    other = TournamentFactory.create(event=EventFactory.create(), name="Elsewhere")
    before = snapshot()
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/sections/setup/",
        {"section": other.pk, "lowest_rating": "1", "highest_rating": "", "first_board": "1"},
        follow=True,
    )
    assert "Choose a section of this event." in response.content.decode()
    assert snapshot() == before


def test_roles_are_given_and_the_deputy_arbitrates_every_section(
    arbiter_client: Client, client: Client, event: Event, open_a: Tournament, open_b: Tournament
) -> None:
    deputy = UserFactory.create(username="deputy")
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/roles/give/", {"username": "deputy", "role": "deputy"}, follow=True
    )
    assert "deputy is deputy arbiter of Bologna Open." in response.content.decode()
    client.force_login(deputy)
    for tournament in (open_a, open_b):
        assert client.get(f"/t/{tournament.slug}/manage/").status_code == 200
    assert client.get(f"/e/{event.slug}/manage/").status_code == 200
    # a deputy gives no roles and adds no sections
    assert (
        client.post(
            f"/e/{event.slug}/manage/roles/give/", {"username": "x", "role": "deputy"}
        ).status_code
        == 403
    )
    assert client.get(f"/e/{event.slug}/manage/sections/new/").status_code == 403
    role = EventRole.objects.get(user=deputy)
    client.post(f"/e/{event.slug}/manage/roles/remove/", {"role": role.pk})
    assert not EventRole.objects.filter(user=deputy).exists()
    assert client.get(f"/t/{open_a.slug}/manage/").status_code == 403


def test_a_move_within_the_limits_is_done_at_once(
    arbiter_client: Client, event: Event, open_a: Tournament, open_b: Tournament
) -> None:
    mid = Player.objects.get(name="Mid, Carla")
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/move/", {"player": mid.pk, "section": open_b.pk}, follow=True
    )
    assert "Mid, Carla is moved to Open B (pairing number 1)." in response.content.decode()
    mid.refresh_from_db()
    assert mid.tournament_id == open_b.pk


def test_a_move_outside_the_limits_is_confirmed_first(
    arbiter_client: Client, event: Event, open_a: Tournament, open_b: Tournament
) -> None:
    strong = Player.objects.get(name="Zeta, Anna")
    url = f"/e/{event.slug}/manage/move/"
    data = {"player": str(strong.pk), "section": str(open_b.pk)}
    dialog = arbiter_client.post(url, data)
    text = dialog.content.decode()
    assert dialog.status_code == 200
    assert "is outside the limits of Open B (rated 1600 to 1999)" in text
    strong.refresh_from_db()
    assert strong.tournament_id == open_a.pk
    token = re.search(r'name="confirmation" value="([^"]+)"', text)
    assert token is not None
    # a token is bound to its fields: the same token for another player is refused
    other = Player.objects.get(name="Alfa, Bruno")
    forged = arbiter_client.post(
        url, {"player": other.pk, "section": open_b.pk, "confirmation": token[1]}, follow=True
    )
    assert "nothing was done" in forged.content.decode()
    assert Player.objects.get(pk=other.pk).tournament_id == open_a.pk
    done = arbiter_client.post(url, {**data, "confirmation": token[1]}, follow=True)
    assert "Zeta, Anna is moved to Open B" in done.content.decode()
    assert AuditEntry.objects.filter(
        tournament=open_b, new_value__endswith="(outside its rating limits, confirmed)"
    ).exists()


def test_a_move_after_round_1_is_refused_with_a_clear_message(
    arbiter_client: Client,
    event: Event,
    open_a: Tournament,
    open_b: Tournament,
    snapshot: Callable[[], Snapshot],
) -> None:
    pair_round(open_b, 1, RoundState.PUBLISHED)
    mid = Player.objects.get(name="Mid, Carla")
    before = snapshot()
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/move/", {"player": mid.pk, "section": open_b.pk}, follow=True
    )
    assert "Round 1 of Open B is paired: players no longer move between sections." in (
        response.content.decode()
    )
    assert snapshot() == before


def test_a_player_of_another_event_cannot_be_moved(
    arbiter_client: Client, event: Event, open_b: Tournament, snapshot: Callable[[], Snapshot]
) -> None:
    stranger = PlayerFactory.create(
        tournament=TournamentFactory.create(event=EventFactory.create())
    )
    before = snapshot()
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/move/", {"player": stranger.pk, "section": open_b.pk}, follow=True
    )
    assert "Choose a player of this event" in response.content.decode()
    assert snapshot() == before


def test_an_arbiter_of_one_section_only_cannot_move_players_out_of_it(
    client: Client, event: Event, open_a: Tournament, open_b: Tournament
) -> None:
    local = UserFactory.create(username="local")
    open_a.roles.create(user=local, role="deputy")
    EventRoleFactory.create(event=event, user=local, role=EventRoleKind.ORGANISER)
    client.force_login(local)
    mid = Player.objects.get(name="Mid, Carla")
    response = client.post(
        f"/e/{event.slug}/manage/move/", {"player": mid.pk, "section": open_b.pk}
    )
    assert response.status_code == 403
    assert Player.objects.get(pk=mid.pk).tournament_id == open_a.pk


def test_the_public_page_lists_sections_and_their_entries_sorted(
    client: Client,
    event: Event,
    open_a: Tournament,
    open_b: Tournament,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    Player.objects.filter(name="Alfa, Bruno").update(title=Title.IM)
    pair_round(open_a, 1, RoundState.PUBLISHED)
    with django_assert_num_queries(4):  # event, sections, their rounds, their players
        response = client.get(f"/e/{event.slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Round 1 of 5 in play" in html and "Not started" in html
    assert "rated 2000 and over" in html and "rated 1600 to 1999" in html
    assert _names(html, "Open A") == ["Zeta, Anna", "Alfa, Bruno", "Mid, Carla"]
    assert '<abbr class="title" title="International Master">IM</abbr>' in html
    by_name = client.get(f"/e/{event.slug}/?sort=name").content.decode()
    assert _names(by_name, "Open A") == ["Alfa, Bruno", "Mid, Carla", "Zeta, Anna"]
    by_federation = client.get(f"/e/{event.slug}/?sort=federation").content.decode()
    assert _names(by_federation, "Open A") == ["Mid, Carla", "Alfa, Bruno", "Zeta, Anna"]
    assert _names(by_federation, "Open B") == ["Beta, Dario", "Gamma, Elena"]  # no federation last
    odd = client.get(f"/e/{event.slug}/?sort=<script>")
    assert odd.status_code == 200 and "<script>" not in odd.content.decode().split("<main", 1)[1]
    assert "@" not in html.split("<main", 1)[1].split("</main>", 1)[0]


def test_a_section_s_pages_lead_to_the_event(
    arbiter_client: Client, event: Event, open_b: Tournament
) -> None:
    assert f'href="/e/{event.slug}/"' in arbiter_client.get(f"/t/{open_b.slug}/").content.decode()
    dashboard = arbiter_client.get(f"/t/{open_b.slug}/manage/").content.decode()
    assert f'href="/e/{event.slug}/manage/"' in dashboard


def test_an_unknown_event_is_not_found(client: Client) -> None:
    assert client.get("/e/no-such-event/").status_code == 404


def test_open_b_s_boards_are_numbered_from_101_wherever_players_look(
    arbiter_client: Client, client: Client, event: Event, open_b: Tournament
) -> None:
    pair_round(open_b, 1, RoundState.PUBLISHED)  # one game: Beta - Gamma, board 1
    round_page = client.get(f"/t/{open_b.slug}/round/1/").content.decode()
    assert '<td class="num">101</td>' in round_page
    assert '<td class="num">1</td>' not in round_page
    player_page = client.get(f"/t/{open_b.slug}/player/1/").content.decode()
    assert 'board <strong class="board-number">101</strong>' in player_page
    wall = client.get(f"/t/{open_b.slug}/pdf/round/1/pairings.pdf")
    assert re.search(r"^\s*101\s+1\s+Beta, Dario", pdf_text(wall.content), re.M)
    by_name = pdf_text(client.get(f"/t/{open_b.slug}/pdf/round/1/pairings-by-name.pdf").content)
    assert re.search(r"Beta, Dario\s+1\s+0\s+101\s+White", by_name), by_name
    slips = pdf_text(arbiter_client.get(f"/t/{open_b.slug}/pdf/round/1/slips.pdf").content)
    assert "Round 1 · Board 101" in slips
    results = arbiter_client.get(f"/t/{open_b.slug}/manage/round/1/results/").content.decode()
    assert 'id="board-1"' in results and 'data-hall-board="101"' in results
    assert "Board 101: Beta, Dario against Gamma, Elena" in results


def test_the_home_page_leads_from_a_section_to_its_event_in_the_same_queries(
    client: Client,
    event: Event,
    open_a: Tournament,
    open_b: Tournament,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    TournamentFactory.create(name="Alone")
    with django_assert_num_queries(2):
        html = client.get("/").content.decode()
    assert html.count(f'<a class="card-event" href="/e/{event.slug}/">Bologna Open</a>') == 2


def test_the_organiser_adds_a_tournament_of_theirs_made_before_the_event(
    arbiter_client: Client, arbiter: User, event: Event, open_a: Tournament
) -> None:
    blitz = TournamentFactory.create(name="Saturday Blitz", slug="saturday-blitz")
    blitz.roles.create(user=arbiter, role="chief")
    page = arbiter_client.get(f"/e/{event.slug}/manage/").content.decode()
    assert f'<option value="{blitz.pk}">Saturday Blitz</option>' in page
    assert f'<option value="{open_a.pk}">' not in page.split('id="id_attach_tournament"')[1]
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/sections/attach/",
        {"tournament": blitz.pk, "lowest_rating": "", "highest_rating": "", "first_board": "301"},
        follow=True,
    )
    assert "Saturday Blitz is a section of Bologna Open." in response.content.decode()
    blitz.refresh_from_db()
    assert (blitz.event_id, blitz.first_board) == (event.pk, 301)
    for forged in ("", "x", "99999999999999999999", str(open_a.pk)):
        answer = arbiter_client.post(
            f"/e/{event.slug}/manage/sections/attach/", {"tournament": forged, "first_board": "1"}
        )
        assert answer.status_code == 404


def test_someone_else_s_tournament_is_not_added(
    arbiter_client: Client, event: Event, snapshot: Callable[[], Snapshot]
) -> None:
    theirs = TournamentFactory.create(name="Theirs")
    theirs.roles.create(user=UserFactory.create(username="other"), role="chief")
    before = snapshot()
    response = arbiter_client.post(
        f"/e/{event.slug}/manage/sections/attach/",
        {"tournament": theirs.pk, "first_board": "1"},
        follow=True,
    )
    assert "Only the chief arbiter of Theirs may add it to an event." in response.content.decode()
    assert snapshot() == before
