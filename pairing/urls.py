"""The arbiter's pairing pages: /t/<slug>/manage/round/<n>/pairing/ and its actions."""

from __future__ import annotations

from django.urls import path

from pairing import views

PREFIX = "t/<slug:slug>/manage/round/<int:number>/pairing/"

urlpatterns = [
    path("t/<slug:slug>/manage/numbers/", views.pairing_numbers, name="pairing-numbers"),
    path(
        "t/<slug:slug>/manage/numbers/draw/",
        views.pairing_numbers_draw,
        name="pairing-numbers-draw",
    ),
    path(PREFIX, views.round_pairing, name="pairing-round"),
    path(f"{PREFIX}request/", views.pairing_request, name="pairing-request"),
    path(f"{PREFIX}repair/", views.pairing_repair, name="pairing-repair"),
    path(f"{PREFIX}publish/", views.pairing_publish, name="pairing-publish"),
    path(f"{PREFIX}unpublish/", views.pairing_unpublish, name="pairing-unpublish"),
    path(f"{PREFIX}swap/<int:game_id>/", views.pairing_swap_colours, name="pairing-swap"),
    path(f"{PREFIX}exchange/", views.pairing_exchange, name="pairing-exchange"),
    path(f"{PREFIX}edit/", views.manual_start, name="pairing-edit"),
    path(f"{PREFIX}edit/pair/", views.manual_pair, name="pairing-manual-pair"),
    path(f"{PREFIX}edit/unpair/<int:game_id>/", views.manual_unpair, name="pairing-manual-unpair"),
    path(f"{PREFIX}edit/bye/", views.manual_bye, name="pairing-manual-bye"),
    path(f"{PREFIX}edit/validate/", views.manual_validate, name="pairing-manual-validate"),
]
