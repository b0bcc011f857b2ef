"""Standings pages: public standings, crosstable, player working and CSV; live for arbiters."""

from __future__ import annotations

from django.urls import path

from standings import views

urlpatterns = [
    path("t/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("t/<slug:slug>/standings.csv", views.standings_csv, name="standings-csv"),
    path(
        "t/<slug:slug>/standings/<int:pairing_number>/",
        views.standings_player,
        name="standings-player",
    ),
    path("t/<slug:slug>/crosstable/", views.crosstable_page, name="crosstable"),
    path("t/<slug:slug>/manage/standings/", views.standings_live, name="standings-live"),
]
