"""Benchmark: importing a full-size FIDE list into PostgreSQL, and searching it (issue 16).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_ratings \\
        .venv/bin/python benchmarks/bench_ratinglists.py [--players 1200000] [--format txt|xml]
        [--searches 1000]

Not a test: it writes `--players` made-up players in FIDE's combined layout (the TXT of
`players_list_foa.txt`, or the XML of `players_list_xml_foa.xml`) zipped as FIDE distributes
them into a temporary directory, imports the archive with `rating_list_import` (COPY) and
prints the time (target: under 60 s); then it times `--searches` searches as the arbiter types
them, half by the start of a name (one or two words), half by the start of a FIDE ID, and
prints p50 and p95 (target: p95 under 30 ms), with the plan of one search of each kind. The
database must be PostgreSQL (a separate one: the benchmark's list stays there).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tests.tournaments.ratinglists.fide_files import (  # noqa: E402
    COMBINED_HEADER,
    ListedPlayer,
    combined_line,
    generated_players,
    xml_player,
)
from tournaments.domain.ratinglists import ListKind  # noqa: E402
from tournaments.models import RatingList  # noqa: E402
from tournaments.selectors.ratinglists import (  # noqa: E402
    SEARCH_LIMIT,
    rated_players_matching,
    rated_players_search,
)
from tournaments.services.ratinglists import rating_list_import  # noqa: E402

BENCH_DATE = datetime.date(2026, 10, 1)


def write_archive(directory: Path, players: int, fmt: str) -> tuple[Path, list[ListedPlayer]]:
    """The zipped list, and a sample of its players to search for."""
    sample: list[ListedPlayer] = []
    member = "players_list_foa.txt" if fmt == "txt" else "players_list_xml_foa.xml"
    path = directory / ("players_list.zip" if fmt == "txt" else "players_list_xml.zip")
    archive = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1)
    with archive, archive.open(member, "w", force_zip64=True) as out:
        out.write((COMBINED_HEADER + "\r\n" if fmt == "txt" else "<playerslist>\n").encode())
        chunk: list[str] = []
        for index, player in enumerate(generated_players(players)):
            chunk.append(combined_line(player) + "\r\n" if fmt == "txt" else xml_player(player))
            if index % 1200 == 0:
                sample.append(player)
            if len(chunk) == 10_000:
                out.write("".join(chunk).encode())
                chunk.clear()
        out.write("".join(chunk).encode())
        if fmt == "xml":
            out.write(b"</playerslist>\n")
    return path, sample


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def queries(sample: list[ListedPlayer], count: int, seed: int = 16) -> list[str]:
    """What an arbiter types: 2-6 letters of a name, a name and two letters of the first name,
    2-7 digits of an ID."""
    draw = random.Random(seed)
    typed = []
    for index in range(count):
        player = draw.choice(sample)
        if index % 2:
            typed.append(str(player.fide_id)[: draw.randint(2, 7)])
        elif index % 4:
            typed.append(player.name[: draw.randint(2, 6)])
        else:
            last, first = player.name.split(", ")
            typed.append(f"{last} {first[:2]}")
    return typed


def explain(rating_list: RatingList, query: str) -> str:
    """The plan of the search's query, run."""
    return rated_players_matching(rating_list, query)[:SEARCH_LIMIT].explain(analyze=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--format", choices=("txt", "xml"), default="txt")
    parser.add_argument("--searches", type=int, default=1000)
    options = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("Set DATABASE_URL to a PostgreSQL database (e.g. .../bench_ratings).")
    call_command("migrate", verbosity=0)
    with tempfile.TemporaryDirectory() as directory:
        started = time.perf_counter()
        path, sample = write_archive(Path(directory), options.players, options.format)
        size = path.stat().st_size / 1e6
        print(
            f"wrote {options.players} players ({options.format}, {size:.0f} MB zipped) "
            f"in {time.perf_counter() - started:.1f} s"
        )
        RatingList.objects.filter(date=BENCH_DATE).delete()  # a first import, not a replacement
        load = os.getloadavg()
        started, cpu = time.perf_counter(), time.process_time()
        with path.open("rb") as stream:
            imported = rating_list_import(
                stream=stream,
                kind=ListKind.FIDE_COMBINED,
                date=BENCH_DATE,
                source_name=path.name,
                by=None,
            )
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"import: {imported.player_count} players in {elapsed:.1f} s, {cpu:.1f} s CPU in this "
        "process (reading, parsing, sending; the server's work not counted) "
        f"(target < 60 s; load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})"
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_ratedplayer")
    rating_list = RatingList.objects.get(pk=imported.pk)
    timings: dict[str, list[float]] = {"name": [], "id": []}
    found = 0
    for query in queries(sample, options.searches):
        started = time.perf_counter()
        found += bool(rated_players_search(rating_list, query))
        timings["id" if query.isdigit() else "name"].append(time.perf_counter() - started)
    every = timings["name"] + timings["id"]
    for label, values in (("name", timings["name"]), ("id", timings["id"]), ("all", every)):
        print(
            f"search by {label}: {len(values)} searches, "
            f"p50 {1000 * statistics.median(values):.2f} ms, "
            f"p95 {1000 * percentile(values, 0.95):.2f} ms (target p95 < 30 ms)"
        )
    print(f"{found} of {len(every)} searches found players")
    print(explain(rating_list, sample[1].name[:2]))
    print(explain(rating_list, str(sample[1].fide_id)[:2]))


if __name__ == "__main__":
    main()
