"""Benchmark: the search for players across tournaments on 100,000 players (issue 35).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_players \\
        .venv/bin/python benchmarks/bench_player_search.py [--players 100000] [--searches 1000]

Not a test: it fills a separate PostgreSQL database (migrated first) with `--players` made-up
players spread over tournaments of 100 players each (about half of them with a FIDE ID, many
people in several tournaments), unless it holds them already, then times `--searches` searches
through `hub.selectors.player_search`, as a visitor types them: a third by a part of a name (one
word of 3 to 6 letters from the middle or start of a surname), a third by two words (surname
and first name), a third by the first 4 to 7 digits of a FIDE ID. It prints p50, p95 and p99 of
each kind and of all (target: p95 under 30 ms), and the plan of one search of each kind.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from hub.selectors import matching_entries, player_search  # noqa: E402
from tournaments.models import Player, Tournament  # noqa: E402

PER_TOURNAMENT = 100
SYLLABLES: tuple[str, ...] = (
    "ka",
    "ri",
    "mo",
    "ne",
    "sa",
    "lo",
    "vi",
    "ta",
    "pe",
    "ru",
    "gi",
    "an",
    "el",
)
SYLLABLES += ("os", "ur", "in", "ber", "kov", "ski", "son", "ez", "ov", "ma", "li", "do")
FIRST_NAMES: tuple[str, ...] = (
    "Anna",
    "Boris",
    "Carla",
    "David",
    "Elena",
    "Farid",
    "Greta",
    "Hugo",
    "Irina",
)
FIRST_NAMES += ("Jonas", "Kira", "Luca", "Mara", "Nils", "Olga", "Pavel", "Quinn", "Rosa")


def made_up_people(count: int, rng: random.Random) -> list[tuple[str, str, int]]:
    """`count` people: (name "Surname, Firstname", FIDE ID or "", rating)."""
    people = []
    for index in range(count):
        surname = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        name = f"{surname}, {rng.choice(FIRST_NAMES)}"
        fide_id = str(1_000_000 + index * 7) if rng.random() < 0.5 else ""
        people.append((name, fide_id, rng.randint(1000, 2800)))
    return people


def fill(players: int, rng: random.Random) -> None:
    """`players` entries in tournaments of `PER_TOURNAMENT`, people drawn from a pool of about
    two thirds as many (so many play several tournaments)."""
    people = made_up_people(players * 2 // 3, rng)
    for first in range(0, players, PER_TOURNAMENT):
        with transaction.atomic():
            number = first // PER_TOURNAMENT + 1
            tournament = Tournament.objects.create(
                name=f"Bench open {number}", slug=f"bench-{number}", rounds=9
            )
            entrants = rng.sample(people, min(PER_TOURNAMENT, players - first))
            Player.objects.bulk_create(
                Player(
                    tournament=tournament,
                    name=name,
                    fide_id=fide_id,
                    fide_rating=rating,
                    pairing_number=index + 1,
                )
                for index, (name, fide_id, rating) in enumerate(entrants)
            )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_player")


def queries(count: int, rng: random.Random) -> list[tuple[str, str]]:
    """(kind, query) as visitors type them, drawn from the players stored."""
    sample = list(Player.objects.order_by("?").values_list("name", "fide_id")[: max(count, 10)])
    with_id = [fide_id for _, fide_id in sample if fide_id] or ["1000"]
    made: list[tuple[str, str]] = []
    for index in range(count):
        name, _ = sample[index % len(sample)]
        surname, _, first = name.partition(", ")
        kind = ("part", "words", "fide")[index % 3]
        if kind == "part":
            length = rng.randint(3, min(6, len(surname)))
            start = rng.randint(0, len(surname) - length)
            made.append((kind, surname[start : start + length].lower()))
        elif kind == "words":
            made.append((kind, f"{surname[: rng.randint(3, len(surname))]} {first[:3]}"))
        else:
            fide_id = with_id[index % len(with_id)]
            made.append((kind, fide_id[: rng.randint(4, min(7, len(fide_id)))]))
    return made


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def plan(query: str) -> str:
    """EXPLAIN ANALYZE of the query of one search."""
    entries = matching_entries(query)
    return "nothing searched" if entries is None else entries.explain(analyze=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        print("The benchmark needs PostgreSQL (DATABASE_URL): the search's indexes are there.")
        return 2
    rng = random.Random(args.seed)
    call_command("migrate", verbosity=0)
    stored = Player.objects.count()
    if stored < args.players:
        started = time.perf_counter()
        Tournament.objects.filter(slug__startswith="bench-").delete()
        fill(args.players, rng)
        print(f"filled {args.players} players in {time.perf_counter() - started:.1f} s")
    print(f"players stored: {Player.objects.count()}, tournaments: {Tournament.objects.count()}")
    asked = queries(args.searches, rng)
    for _, query in asked[:30]:  # warm the caches and the connection
        player_search(query)
    times: dict[str, list[float]] = {"part": [], "words": [], "fide": []}
    found = 0
    timed: list[tuple[float, str]] = []
    for kind, query in asked:
        started = time.perf_counter()
        result = player_search(query)
        elapsed = (time.perf_counter() - started) * 1000
        times[kind].append(elapsed)
        timed.append((elapsed, query))
        found += len(result.found)
    every = [value for values in times.values() for value in values]
    for kind, values in [*times.items(), ("all", every)]:
        print(
            f"{kind:6} n={len(values):5}  p50 {statistics.median(values):6.2f} ms  "
            f"p95 {percentile(values, 0.95):6.2f} ms  p99 {percentile(values, 0.99):6.2f} ms"
        )
    print(f"people listed per search: {found / len(asked):.1f} on average")
    slowest = sorted(timed, reverse=True)[:5]
    print("slowest:", ", ".join(f"{query!r} {elapsed:.1f} ms" for elapsed, query in slowest))
    for kind in times:
        query = next(query for asked_kind, query in asked if asked_kind == kind)
        print(f"\nplan of {kind} search {query!r}:\n{plan(query)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
