"""Public tournament pages."""

from __future__ import annotations

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament-detail"),
]
