"""Public tournament pages, the arbiter pages under `/t/<slug>/manage/`, and the exports."""

from __future__ import annotations

from django.urls import path

from tournaments import export_views, manage_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("manage/new/", manage_views.tournament_new, name="tournament-new"),
    path("exports/", export_views.exports, name="exports"),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament-detail"),
    path("t/<slug:slug>/export.trf", export_views.tournament_trf, name="tournament-trf"),
    path("t/<slug:slug>/round/<int:number>/", views.round_detail, name="round-detail"),
    path("t/<slug:slug>/player/<int:pairing_number>/", views.player_detail, name="player-detail"),
    path("t/<slug:slug>/manage/", manage_views.dashboard, name="manage-dashboard"),
    path("t/<slug:slug>/manage/edit/", manage_views.tournament_edit, name="manage-edit"),
    path("t/<slug:slug>/manage/players/", manage_views.players, name="manage-players"),
    path(
        "t/<slug:slug>/manage/players/import/",
        manage_views.players_import,
        name="manage-players-import",
    ),
    path(
        "t/<slug:slug>/manage/players/renumber/",
        manage_views.players_renumber,
        name="manage-players-renumber",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/",
        manage_views.player,
        name="manage-player",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/details/",
        manage_views.player_details,
        name="manage-player-details",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/bye/",
        manage_views.player_bye,
        name="manage-player-bye",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/withdraw/",
        manage_views.player_withdrawal,
        name="manage-player-withdraw",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/reinstate/",
        manage_views.player_reinstatement,
        name="manage-player-reinstate",
    ),
    path(
        "t/<slug:slug>/manage/bye/<int:bye_id>/cancel/",
        manage_views.bye_delete,
        name="manage-bye-cancel",
    ),
    path(
        "t/<slug:slug>/manage/forbidden/",
        manage_views.forbidden_pair_new,
        name="manage-forbidden-new",
    ),
    path(
        "t/<slug:slug>/manage/forbidden/<int:pair_id>/delete/",
        manage_views.forbidden_pair_remove,
        name="manage-forbidden-delete",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/results/",
        manage_views.results,
        name="manage-results",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/results/<int:board>/",
        manage_views.result_enter,
        name="manage-result",
    ),
]
