"""Mutated TRF files through the HTTP upload and confirmation (issue 14): never a 500; a
refused file saves nothing, a previewed one is imported whole on Confirm. FUZZ_CASES / 10 files
(`make fuzz`: 1,000)."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.factories import UserFactory
from tests.fuzzing import fuzz_cases
from tests.tournaments.fuzz.counts import row_counts
from tests.tournaments.fuzz.mutator import mutated_files
from tests.tournaments.import_jobs import followed, post

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

TOKEN = re.compile(r'name="job" value="([^"]+)"')


def test_mutated_uploads_never_answer_500_and_save_all_or_nothing() -> None:
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory.create())
    failures = []
    for label, text in mutated_files(max(fuzz_cases(300) // 10, 30), seed=500):
        before = row_counts()
        upload = SimpleUploadedFile("mutated.trf", text.encode("utf-8"))
        preview = post(client, "/manage/import/", {"file": upload})
        if preview.status_code != 302 or row_counts() != before:
            failures.append(f"{label}: preview {preview.status_code}")
            continue
        token = TOKEN.search(followed(client, preview))
        if token is None:
            continue
        confirmed = post(client, "/manage/import/confirm/", {"job": token.group(1)})
        created = row_counts()["tournaments.Tournament"] - before["tournaments.Tournament"]
        if confirmed.status_code != 302 or created != 1:
            failures.append(f"{label}: confirm {confirmed.status_code}, {created} created")
    assert failures == []
