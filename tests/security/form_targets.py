"""What the form fuzzer posts: every form-handling URL with a valid post, and the mutations.

A target is a URL (by name, with the world's ids), the kind of user who posts, and one valid
value per field; `mutated_post` breaks one to three of them in the ways a hostile or careless
client does: huge, negative, fractional and non-ASCII numbers, empty and very long strings,
wrong types, missing, duplicated and unknown fields, forged confirmation tokens, foreign ids.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from tests.security.world import World
from tournaments.models import Entry, Player, RatingKind

Fields = dict[str, list[str]]


@dataclass(frozen=True)
class Target:
    url_name: str
    user: str
    fields: Callable[[World], dict[str, str]]
    round_number: int | None = None
    kwargs: tuple[str, ...] = ("slug",)

    def url(self, world: World) -> str:
        values = world.url_kwargs()
        if self.round_number is not None:
            values["number"] = self.round_number
        return reverse(self.url_name, kwargs={name: values[name] for name in self.kwargs})


def _player_pk(world: World, number: int) -> str:
    return str(Player.objects.get(tournament=world.ours.tournament, pairing_number=number).pk)


def _event_fields(_: World) -> dict[str, str]:
    return {
        "name": "Fuzz Festival",
        "place": "Bologna",
        "start_date": "2026-05-01",
        "end_date": "2026-05-09",
        "organiser": "Fuzz Club",
    }


def _tournament_fields(_: World) -> dict[str, str]:
    scores = {
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_pairing_bye": "1",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_half_bye": "0.5",
        "points_full_bye": "1",
        "points_zero_bye": "0",
    }
    tiebreaks = {f"tiebreak_{slot}": code for slot, code in enumerate(["BH/C1", "BH", "SB"], 1)}
    return {
        "name": "Fuzz Open",
        "city": "Bologna",
        "federation": "ITA",
        "start_date": "2026-05-01",
        "end_date": "2026-05-09",
        "chief_arbiter": "IA Rossi",
        "deputy_arbiter": "",
        "rounds": "6",
        "pairing_system": "",
        "initial_color": "draw",
        "max_half_point_byes": "1",
        "no_byes_last_rounds": "1",
        **scores,
        **tiebreaks,
    }


def _player_fields(_: World) -> dict[str, str]:
    return {
        "name": "Doe, Jane",
        "title": "WFM",
        "sex": "w",
        "rating": "1850",
        "federation": "ita",
        "fide_id": "123456",
        "birth_date": "1990/01/31",
        "missed_bye": "Z",
    }


def _deputy(world: World) -> str:
    return str(world.deputy.pk)


def _invitation(world: World) -> str:
    invitation = world.ours.tournament.arbiter_invitations.order_by("pk").last()
    return str(invitation.pk if invitation else 1)


def _entry_fields(world: World) -> dict[str, str]:
    """A player without FIDE ID entering our tournament (a section without rating limits)."""
    return {
        "name": "Fuzz, Player",
        "sex": "m",
        "birth_year": "2000",
        "federation": "FRA",
        "section": str(world.ours.tournament.pk),
        "email": "fuzz@example.org",
        "answer_0": "Club Fuzz",
    }


def _entry_pk(world: World) -> str:
    return str(Entry.objects.filter(event=world.ours.event).order_by("pk")[0].pk)


def _no_fields(_: World) -> dict[str, str]:
    return {}


TARGETS = (
    Target("tournament-new", "arbiter", _tournament_fields, kwargs=()),
    Target("manage-edit", "arbiter", _tournament_fields),
    Target(
        "manage-rating-report",
        "arbiter",
        lambda _: {
            "tournament_type": "Individual: Swiss-System",
            "time_control": "40/6000+30:900+30",
            "round_dates": "2026-05-01 2026-05-02",
            "chief_arbiter_fide_id": "1234567",
            "deputies": "Jane Doe, 7654321",
            "rated": "on",
        },
    ),
    Target("manage-players", "arbiter", _player_fields),
    Target("manage-players-renumber", "arbiter", _no_fields),
    Target(
        "manage-player-details",
        "arbiter",
        _player_fields,
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-player-bye",
        "arbiter",
        lambda _: {"round_number": "5", "kind": "H"},
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-player-withdraw",
        "arbiter",
        lambda _: {"from_round": "4"},
        kwargs=("slug", "pairing_number"),
    ),
    Target("manage-player-reinstate", "arbiter", _no_fields, kwargs=("slug", "pairing_number")),
    Target(
        "manage-player-half-point-byes",
        "arbiter",
        lambda _: {"allowed": "0"},
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-player-rating",
        "arbiter",
        lambda _: {"from_round": "3", "rating": "2105"},
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-initial-ranking",
        "arbiter",
        lambda _: {"rating_kind": RatingKind.STANDARD.value, "criterion": "name"},
    ),
    Target("manage-update-from-list", "arbiter", _no_fields),
    Target(
        "manage-rating-sequence",
        "arbiter",
        lambda _: {"list_1": "fide_standard", "list_2": "fide_rapid"},
    ),
    Target("tournament-import-confirm", "arbiter", lambda _: {"job": "forged"}, kwargs=()),
    Target("manage-bye-cancel", "arbiter", _no_fields, kwargs=("slug", "bye_id")),
    Target(
        "manage-forbidden-new",
        "arbiter",
        lambda world: {"first": _player_pk(world, 5), "second": _player_pk(world, 6)},
    ),
    Target("manage-forbidden-delete", "arbiter", _no_fields, kwargs=("slug", "pair_id")),
    Target(
        "manage-result",
        "arbiter",
        lambda _: {"result": "1-0", "expected": "1-0"},
        kwargs=("slug", "number", "board"),
    ),
    Target(
        "manage-round-chess960",
        "arbiter",
        lambda _: {"position": "518"},
        kwargs=("slug", "number"),
    ),
    Target(
        "manage-player-manual-tiebreak",
        "arbiter",
        lambda _: {"value": "12.5"},
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-prizes",
        "arbiter",
        lambda _: {
            "currency": "EUR",
            "one_per_player": "on",
            "choice": "amount",
            "sharing": "hort",
            "hort_percent": "50",
            "age_on": "2026-01-01",
        },
    ),
    Target(
        "manage-prizes-category",
        "arbiter",
        lambda _: {"name": "Under 1800", "max_rating": "1799", "sex": "w", "federation": "FRA"},
    ),
    Target("manage-prizes-category-delete", "arbiter", lambda _: {"category": "1"}),
    Target("manage-prizes-prize", "arbiter", lambda _: {"amount": "250.50", "item": ""}),
    Target("manage-prizes-prize-delete", "arbiter", lambda _: {"prize": "1"}),
    Target(
        "manage-player-k-factor",
        "arbiter",
        lambda _: {"k_factor": "40"},
        kwargs=("slug", "pairing_number"),
    ),
    Target(
        "manage-rating-correction",
        "arbiter",
        lambda _: {"board": "1", "result": "0-1", "note": "Reported late."},
        kwargs=("slug", "number"),
    ),
    Target("manage-arbiters-invite", "arbiter", _no_fields),
    Target(
        "manage-arbiters-withdraw",
        "arbiter",
        lambda world: {"invitation": _invitation(world)},
    ),
    Target("manage-arbiters-remove", "arbiter", lambda world: {"user": _deputy(world)}),
    Target("manage-arbiters-hand-over", "arbiter", lambda world: {"user": _deputy(world)}),
    Target("manage-fide-mode-leave", "arbiter", _no_fields),
    Target("manage-events-undo", "arbiter", lambda _: {"event": "1"}),
    Target("pairing-request", "arbiter", _no_fields, 3, ("slug", "number")),
    Target("pairing-repair", "arbiter", _no_fields, 3, ("slug", "number")),
    Target("pairing-publish", "arbiter", _no_fields, 3, ("slug", "number")),
    Target("pairing-swap", "arbiter", _no_fields, 2, ("slug", "number", "game_id")),
    Target(
        "pairing-exchange",
        "arbiter",
        lambda world: {"game_a": str(world.ours.game_id), "game_b": str(world.ours.game_id + 1)},
        2,
        ("slug", "number"),
    ),
    Target("pairing-edit", "arbiter", _no_fields, 3, ("slug", "number")),
    Target(
        "pairing-manual-pair",
        "arbiter",
        lambda world: {"white": _player_pk(world, 1), "black": _player_pk(world, 2)},
        3,
        ("slug", "number"),
    ),
    Target("pairing-manual-unpair", "arbiter", _no_fields, 3, ("slug", "number", "game_id")),
    Target(
        "pairing-manual-bye",
        "arbiter",
        lambda world: {"player": _player_pk(world, 14)},
        3,
        ("slug", "number"),
    ),
    Target("pairing-manual-validate", "arbiter", _no_fields, 3, ("slug", "number")),
    Target("arbiter-join", "nobody", lambda _: {"answer": "accept"}, kwargs=("slug", "token")),
    # check-in (issue 32): round 3 is the world's next round to pair
    Target(
        "manage-check-in-player",
        "arbiter",
        lambda _: {"status": "present", "expected": ""},
        3,
        ("slug", "number", "pairing_number"),
    ),
    Target(
        "manage-check-in-settings",
        "arbiter",
        lambda _: {"self_check_in": "on", "absences_before_withdrawal": "1"},
        3,
        ("slug", "number"),
    ),
    Target(
        "manage-check-in-closing",
        "arbiter",
        lambda _: {"closes_at": "2030-05-02T14:45"},
        3,
        ("slug", "number"),
    ),
    Target(
        "manage-check-in-absentees",
        "arbiter",
        lambda _: {"shown": "2", "withdraw": "2"},
        3,
        ("slug", "number"),
    ),
    Target("self-check-in", "anonymous", lambda _: {"code": "AAAAA-AAAAA"}),
    # events (issue 32): the world's arbiter is our event's organiser and chief arbiter
    Target("event-new", "arbiter", _event_fields, kwargs=()),
    Target("event-edit", "arbiter", _event_fields, kwargs=("event_slug",)),
    Target(
        "event-section-setup",
        "arbiter",
        lambda world: {
            "section": str(world.ours.tournament.pk),
            "lowest_rating": "1600",
            "highest_rating": "1999",
            "first_board": "101",
        },
        kwargs=("event_slug",),
    ),
    Target(
        "event-section-attach",
        "arbiter",
        lambda world: {"tournament": str(world.ours.tournament.pk), "first_board": "1"},
        kwargs=("event_slug",),
    ),
    Target(
        "event-role-give",
        "arbiter",
        lambda _: {"username": "deputy", "role": "deputy"},
        kwargs=("event_slug",),
    ),
    Target(
        "event-move",
        "arbiter",
        lambda world: {"player": _player_pk(world, 1), "section": str(world.ours.tournament.pk)},
        kwargs=("event_slug",),
    ),
    # online entries (issue 32): the form for anyone; the queue, settings and fees for the
    # world's arbiter (our event's organiser and chief arbiter)
    Target("event-enter", "anonymous", _entry_fields, kwargs=("event_slug",)),
    Target(
        "event-entry-decide",
        "arbiter",
        lambda world: {"entry": _entry_pk(world), "action": "refuse"},
        kwargs=("event_slug",),
    ),
    Target(
        "event-entry-desk",
        "arbiter",
        lambda _: {
            "opens_at": "2020-01-01T09:00",
            "closes_at": "",
            "questions": "Club\nT-shirt size",
            "currency": "EUR",
        },
        kwargs=("event_slug",),
    ),
    Target(
        "event-entry-terms",
        "arbiter",
        lambda world: {
            "section": str(world.ours.tournament.pk),
            f"s{world.ours.tournament.pk}-cap": "10",
            f"s{world.ours.tournament.pk}-fee": "12.50",
        },
        kwargs=("event_slug",),
    ),
    Target(
        "event-entry-fees",
        "arbiter",
        lambda world: {
            "entry": _entry_pk(world),
            "fee_status": "paid",
            "amount": "12.50",
            "method": "cash",
            "note": "",
        },
        kwargs=("event_slug",),
    ),
    Target(
        "login",
        "anonymous",
        lambda _: {"username": "our-arbiter", "password": "wrong", "next": "/"},
        kwargs=(),
    ),
    Target(
        "signup",
        "anonymous",
        lambda _: {
            "username": "newcomer",
            "password1": "a long enough passphrase",
            "password2": "a long enough passphrase",
            "next": "/manage/new/",
        },
        kwargs=(),
    ),
    Target("password_reset", "anonymous", lambda _: {"email": "arbiter@example.org"}, kwargs=()),
)
"""Every URL that handles a form post, with its valid post (the import upload is apart)."""

_NASTY = (
    "",
    " ",
    "0",
    "-1",
    "1.25",
    "0.5",
    "-0.5",
    "1e309",
    "1E+2",
    "NaN",
    "-inf",
    "Infinity",
    "0x1F",
    "٣",
    "²",
    "½",
    "１２",
    "2147483648",
    "9223372036854775808",
    "9" * 40,
    "-" + "9" * 40,
    "00000000000000000000001",
    " 7 ",
    "7.0",
    "null",
    "true",
    "[]",
    "{}",
    "\x00",
    "a\x00b",
    "\ud7ff\ufffd",
    "Ωμέγα Ünïcödé 😀",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "x" * 300,
    "é" * 5000,
    "2026-02-30",
    "0000-01-01",
    "9999-12-31",
    "99999-01-01",
    "1990/13/45",
    "-/+",
    "W-L",
    "U",
    "F",
)


def _nasty(rng: random.Random, world: World) -> str:
    choice = rng.randrange(5)
    if choice == 0:
        return str(rng.randint(-(10**12), 10**12))
    if choice == 1:
        foreign = world.theirs
        return str(rng.choice([foreign.bye_id, foreign.pair_id, foreign.game_id, 1, 2, 3]))
    if choice == 2:
        return f"{rng.uniform(-1000, 1000):.{rng.randrange(1, 6)}f}"
    return rng.choice(_NASTY)


def mutated_post(rng: random.Random, world: World, valid: dict[str, str]) -> Fields:
    """`valid` with one to three fields broken (replaced, dropped, doubled) or junk added."""
    post: Fields = {name: [value] for name, value in valid.items()}
    for _ in range(rng.randint(1, 3)):
        names = list(post)
        action = rng.randrange(6)
        if names and action <= 2:
            post[rng.choice(names)] = [_nasty(rng, world)]
        elif names and action == 3:
            del post[rng.choice(names)]
        elif names and action == 4:
            name = rng.choice(names)
            post[name] = [*post[name], _nasty(rng, world)]
        else:
            extra = rng.choice(["confirmation", "next", "csrfmiddlewaretoken", "id", "slug"])
            post[extra] = [_nasty(rng, world)]
    return post
