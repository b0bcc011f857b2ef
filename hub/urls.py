"""The hub's pages: /players/ (the search) and the profiles; the API and the feeds."""

from __future__ import annotations

from django.urls import path

from hub import feeds, views, widgets

urlpatterns = [
    path("players/", views.players_search, name="players-search"),
    path("players/fide/<str:fide_id>/", views.player_by_fide_id, name="player-profile"),
    path("players/name/<path:player_name>/", views.player_by_name, name="player-profile-by-name"),
    path("feeds/rounds.atom", feeds.site_rounds_feed, name="feed-rounds"),
    path("t/<slug:slug>/rounds.atom", feeds.tournament_rounds_feed, name="tournament-feed-rounds"),
    path("t/<slug:slug>/rounds.ics", feeds.tournament_calendar, name="tournament-calendar"),
    path("t/<slug:slug>/widget/standings/", widgets.standings_widget, name="widget-standings"),
    path("t/<slug:slug>/widget/pairings/", widgets.pairings_widget, name="widget-pairings"),
    path("t/<slug:slug>/widget/current/", widgets.current_round_widget, name="widget-current"),
]
