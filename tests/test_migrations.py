"""The models and the migrations agree: a model change without its migration fails the suite
(several people add migrations to one app at once; two leaves, or a missing one, stop here
instead of at a user's `migrate`)."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_its_migration() -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
