"""The fault suite's data, written into the suite's own database (`python -m tests.faults.seed`
with the stack's environment): the arbiter `chief` (password `PASSWORD`), the worked example
before round 3 as `pairing` (round 3 to be paired) and as `results` (round 3 paired and
published, no result yet)."""

from __future__ import annotations

from pathlib import Path

import django

PASSWORD = "fault-suite-password-9c1f"  # noqa: S105 - a throw-away database's user
ROUNDS = Path(__file__).resolve().parents[1] / "data" / "reference" / "worked-example" / "rounds"


def main() -> None:
    django.setup()
    from django.contrib.auth.models import User

    from pairing.services.rounds import round_publish, round_request_pairing
    from pairing.services.runs import pairing_run_execute
    from pairing.services.trf_import import tournament_import_trf
    from tournaments.models import ArbiterRole, Tournament, TournamentRole

    chief = User.objects.create_user("chief", password=PASSWORD)
    text = (ROUNDS / "round-3-input.trf").read_text(encoding="utf-8")
    for slug in ("pairing", "killed", "results"):
        tournament = tournament_import_trf(text=text, slug=slug)
        TournamentRole.objects.create(tournament=tournament, user=chief, role=ArbiterRole.CHIEF)
    results = Tournament.objects.get(slug="results")
    rnd = results.round_set.get(number=3)
    run = round_request_pairing(rnd=rnd, by=chief)
    pairing_run_execute(run_id=run.pk)
    round_publish(rnd=rnd, by=chief)


if __name__ == "__main__":
    main()
