"""The admin is read-only for every model of the project's apps, walked over the admin's own
registry (a model registered tomorrow is checked too): a superuser can add, change and delete
nothing, bulk actions included. The one exception is named and explained below; accounts
(`auth`) and the login lockouts (`axes`) are Django's and django-axes' own admin, for the
site's operator."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client, RequestFactory

from pairing.models import PairingRun, RunStatus
from pairing.services.trf_import import tournament_import_trf
from tests.factories import RoundFactory, UserFactory
from tests.tournaments.conftest import WORKED_EXAMPLE
from tournaments.models import FederationOfficer, PairingSystem, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported() -> Tournament:
    """The worked example, imported with its arbiter: rows of most models."""
    return tournament_import_trf(
        text=WORKED_EXAMPLE.read_text(encoding="utf-8"), by=UserFactory.create()
    )


PROJECT_APPS = {"tournaments", "pairing", "standings"}
EDITABLE = {
    FederationOfficer: "staff appoint the federation officers here (docs/federation-reports.md)"
}
"""Project models the admin may change, each with its reason."""

REGISTERED = [
    model
    for model in admin.site._registry
    if model._meta.app_label in PROJECT_APPS and model not in EDITABLE
]


def _url(model: type[Model], view: str, *args: object) -> str:
    path = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
    return path + "".join(f"{arg}/" for arg in args) + (f"{view}/" if view else "")


def test_the_walk_covers_the_tournament_models_and_the_pairing_runs() -> None:
    labels = {model._meta.label for model in REGISTERED}

    assert {"tournaments.Tournament", "tournaments.Game", "pairing.PairingRun"} <= labels
    assert all(model in admin.site._registry for model in EDITABLE)


@pytest.mark.parametrize("model", REGISTERED, ids=lambda model: model._meta.label)
def test_a_superuser_may_not_add_change_or_delete(model: type[Model], admin_user: User) -> None:
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    model_admin = admin.site._registry[model]

    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)
    assert "delete_selected" not in model_admin.get_actions(request)


@pytest.mark.parametrize("model", REGISTERED, ids=lambda model: model._meta.label)
def test_the_pages_show_and_refuse(
    model: type[Model], admin_client: Client, imported: Tournament
) -> None:
    listing = admin_client.get(_url(model, ""))

    assert listing.status_code == 200
    assert _url(model, "add") not in listing.content.decode()
    assert admin_client.get(_url(model, "add")).status_code == 403
    assert admin_client.post(_url(model, "add"), {}).status_code == 403
    row = model._default_manager.first()
    if row is None:  # no row of it in the worked example: the permissions above decide
        return
    page = admin_client.get(_url(model, "change", row.pk))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.post(_url(model, "change", row.pk), {}).status_code == 403
    assert admin_client.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    assert model._default_manager.filter(pk=row.pk).exists()


def test_a_superuser_cannot_delete_a_pairing_run(admin_client: Client) -> None:
    rnd = RoundFactory.create()
    run = PairingRun.objects.create(
        round=rnd, status=RunStatus.FAILED, edition=PairingSystem.FIDE_DUTCH_2025
    )

    page = admin_client.get(_url(PairingRun, "change", run.pk))
    deleted = admin_client.post(_url(PairingRun, "delete", run.pk), {"post": "yes"})
    bulk = admin_client.post(
        _url(PairingRun, ""),
        {"action": "delete_selected", "_selected_action": [run.pk], "post": "yes"},
    )

    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert deleted.status_code == 403
    assert bulk.status_code in {200, 302}
    assert PairingRun.objects.filter(pk=run.pk).exists()
