"""Standings pages: public standings, crosstable, player working and CSV; live for arbiters;
the printed standings, crosstable and tournament report (PDF); the prize list (issue 33)."""

from __future__ import annotations

from django.urls import path

from standings import documents, prize_pages, views

urlpatterns = [
    path("t/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("t/<slug:slug>/standings.csv", views.standings_csv, name="standings-csv"),
    path(
        "t/<slug:slug>/standings/<int:pairing_number>/",
        views.standings_player,
        name="standings-player",
    ),
    path(
        "t/<slug:slug>/standings/<int:pairing_number>/rank/",
        views.standings_rank,
        name="standings-rank",
    ),
    path("t/<slug:slug>/crosstable/", views.crosstable_page, name="crosstable"),
    path("t/<slug:slug>/crosstable.csv", views.crosstable_csv, name="crosstable-csv"),
    path("t/<slug:slug>/manage/standings/", views.standings_live, name="standings-live"),
    path("t/<slug:slug>/pdf/standings.pdf", documents.standings_pdf, name="pdf-standings"),
    path("t/<slug:slug>/pdf/crosstable.pdf", documents.crosstable_pdf, name="pdf-crosstable"),
    path("t/<slug:slug>/pdf/report.pdf", documents.report_pdf, name="pdf-report"),
    path("t/<slug:slug>/prizes/", prize_pages.prizes_page, name="prizes"),
    path("t/<slug:slug>/pdf/prizes.pdf", prize_pages.prizes_pdf, name="pdf-prizes"),
    path(
        "t/<slug:slug>/manage/prizes/receipts.pdf",
        prize_pages.prize_receipts_pdf,
        name="pdf-prize-receipts",
    ),
    path("t/<slug:slug>/manage/prizes/prizes.csv", prize_pages.prizes_csv, name="prizes-csv"),
]
