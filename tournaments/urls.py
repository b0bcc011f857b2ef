"""Public tournament pages, the arbiter pages under `/t/<slug>/manage/`, and the exports."""

from __future__ import annotations

from django.urls import path

from tournaments.views import (
    arbiters,
    check_in,
    entries,
    entry_desk,
    entry_form,
    events,
    exports,
    fide_mode,
    imports,
    integrity,
    manage,
    manual,
    printing,
    prizes,
    public,
    ratinglists,
    ratingsources,
    reports,
    results,
)
from tournaments.views.player_ratings import player_rating

urlpatterns = [
    path("", public.home, name="home"),
    path("manage/new/", manage.tournament_new, name="tournament-new"),
    # manage/import/ and its confirmation: config/urls.py (they take the pairing app's task)
    path("manage/events/new/", events.event_new, name="event-new"),
    path("e/<slug:event_slug>/", events.event_detail, name="event-detail"),
    path("e/<slug:event_slug>/manage/", events.event_manage, name="event-manage"),
    path("e/<slug:event_slug>/manage/edit/", events.event_edit, name="event-edit"),
    path("e/<slug:event_slug>/manage/sections/new/", events.section_new, name="event-section-new"),
    path(
        "e/<slug:event_slug>/manage/sections/attach/",
        events.section_attach,
        name="event-section-attach",
    ),
    path(
        "e/<slug:event_slug>/manage/sections/setup/",
        events.section_setup,
        name="event-section-setup",
    ),
    path("e/<slug:event_slug>/manage/roles/give/", events.role_give, name="event-role-give"),
    path("e/<slug:event_slug>/manage/roles/remove/", events.role_remove, name="event-role-remove"),
    path("e/<slug:event_slug>/manage/move/", events.section_move, name="event-move"),
    path("manage/jobs/<int:job_id>/", imports.background_job, name="background-job"),
    path("help/", manual.manual_contents, name="help"),
    path("help/print/", manual.manual_print, name="help-print"),
    path("help/manual.pdf", manual.manual_print_pdf, name="help-pdf"),
    path("help/screenshots/<str:name>.png", manual.manual_screenshot, name="help-screenshot"),
    path("help/<slug:page>/", manual.manual_page_view, name="help-page"),
    path("exports/", exports.exports, name="exports"),
    # exports/reports.zip, t/<slug>/export.trf and t/<slug>/rating-report.trf: config/urls.py
    # (they take the standings app's ranks for the TRF rank column, Q217)
    # e/<slug>/enter/ (the public entry form, rate limited): config/urls.py
    path("e/<slug:event_slug>/entries/", entry_form.event_entries, name="event-entries"),
    path("e/<slug:event_slug>/manage/entries/", entry_desk.entry_queue, name="event-entry-queue"),
    path(
        "e/<slug:event_slug>/manage/entries/decide/",
        entry_desk.entry_decide,
        name="event-entry-decide",
    ),
    path(
        "e/<slug:event_slug>/manage/entries/move/",
        entry_desk.entry_move_view,
        name="event-entry-move",
    ),
    path("e/<slug:event_slug>/manage/entry-form/", entry_desk.entry_desk, name="event-entry-desk"),
    path(
        "e/<slug:event_slug>/manage/entry-form/section/",
        entry_desk.section_terms,
        name="event-entry-terms",
    ),
    path("e/<slug:event_slug>/manage/fees/", entry_desk.entry_fees, name="event-entry-fees"),
    path(
        "e/<slug:event_slug>/manage/fees.csv",
        entry_desk.entry_fees_csv,
        name="event-entry-fees-csv",
    ),
    path("t/<slug:slug>/", public.tournament_detail, name="tournament-detail"),
    path("t/<slug:slug>/rating-report/", reports.rating_report, name="rating-report"),
    path(
        "t/<slug:slug>/manage/rating-report/",
        reports.report_details,
        name="manage-rating-report",
    ),
    path("t/<slug:slug>/round/<int:number>/", public.round_detail, name="round-detail"),
    path("t/<slug:slug>/events/", public.tournament_events, name="tournament-events"),
    path(
        "t/<slug:slug>/pdf/round/<int:number>/pairings.pdf",
        printing.round_pairings_pdf,
        name="pdf-round-pairings",
    ),
    path(
        "t/<slug:slug>/pdf/round/<int:number>/pairings-by-name.pdf",
        printing.round_pairings_by_name_pdf,
        name="pdf-round-pairings-by-name",
    ),
    path(
        "t/<slug:slug>/pdf/round/<int:number>/slips.pdf",
        printing.round_slips_pdf,
        name="pdf-round-slips",
    ),
    path("t/<slug:slug>/pdf/players.pdf", printing.players_pdf, name="pdf-players"),
    path("t/<slug:slug>/pdf/check-in.pdf", printing.check_in_pdf, name="pdf-check-in"),
    path("t/<slug:slug>/pdf/player-cards.pdf", printing.player_cards_pdf, name="pdf-player-cards"),
    path("t/<slug:slug>/pdf/badges.pdf", check_in.badges, name="pdf-badges"),
    # t/<slug>/check-in/ (a player's own check-in, rate-limited): config/urls.py
    path(
        "t/<slug:slug>/manage/round/<int:number>/check-in/",
        check_in.check_in,
        name="manage-check-in",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/check-in/settings/",
        check_in.check_in_settings,
        name="manage-check-in-settings",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/check-in/closing/",
        check_in.check_in_closing,
        name="manage-check-in-closing",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/check-in/absentees/",
        check_in.check_in_absentees,
        name="manage-check-in-absentees",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/check-in/<int:pairing_number>/",
        check_in.check_in_player,
        name="manage-check-in-player",
    ),
    path("t/<slug:slug>/player/<int:pairing_number>/", public.player_detail, name="player-detail"),
    path("t/<slug:slug>/manage/", manage.dashboard, name="manage-dashboard"),
    path("t/<slug:slug>/manage/edit/", manage.tournament_edit, name="manage-edit"),
    path("t/<slug:slug>/manage/arbiters/", arbiters.arbiters, name="manage-arbiters"),
    path(
        "t/<slug:slug>/manage/arbiters/invite/",
        arbiters.invitation_new,
        name="manage-arbiters-invite",
    ),
    path(
        "t/<slug:slug>/manage/arbiters/withdraw/",
        arbiters.invitation_withdraw,
        name="manage-arbiters-withdraw",
    ),
    path(
        "t/<slug:slug>/manage/arbiters/remove/",
        arbiters.arbiter_delete,
        name="manage-arbiters-remove",
    ),
    path(
        "t/<slug:slug>/manage/arbiters/hand-over/",
        arbiters.chief_hand_over,
        name="manage-arbiters-hand-over",
    ),
    path("t/<slug:slug>/join/<str:token>/", arbiters.join, name="arbiter-join"),
    path("rating-lists/", ratinglists.rating_lists, name="rating-lists"),
    path("rating-lists/update/", ratinglists.rating_lists_update, name="rating-lists-update"),
    path("t/<slug:slug>/manage/players/", manage.players, name="manage-players"),
    path(
        "t/<slug:slug>/manage/players/list-search/",
        ratinglists.rating_list_search,
        name="manage-list-search",
    ),
    path(
        "t/<slug:slug>/manage/players/initial-ranking/",
        ratinglists.initial_ranking,
        name="manage-initial-ranking",
    ),
    path(
        "t/<slug:slug>/manage/players/update-from-list/",
        ratingsources.update_from_list,
        name="manage-update-from-list",
    ),
    path(
        "t/<slug:slug>/manage/players/update-from-list/preview/",
        ratingsources.update_preview,
        name="manage-update-preview",
    ),
    path(
        "t/<slug:slug>/manage/players/rating-sequence/",
        ratingsources.rating_sequence_update,
        name="manage-rating-sequence",
    ),
    path(
        "t/<slug:slug>/manage/players/import/",
        manage.players_import,
        name="manage-players-import",
    ),
    path(
        "t/<slug:slug>/manage/players/renumber/",
        manage.players_renumber,
        name="manage-players-renumber",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/",
        manage.player,
        name="manage-player",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/details/",
        manage.player_details,
        name="manage-player-details",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/bye/",
        manage.player_bye,
        name="manage-player-bye",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/half-point-byes/",
        manage.player_half_point_byes,
        name="manage-player-half-point-byes",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/rating/",
        player_rating,
        name="manage-player-rating",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/manual-tiebreak/",
        entries.player_manual_tiebreak,
        name="manage-player-manual-tiebreak",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/withdraw/",
        manage.player_withdrawal,
        name="manage-player-withdraw",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/reinstate/",
        manage.player_reinstatement,
        name="manage-player-reinstate",
    ),
    path(
        "t/<slug:slug>/manage/bye/<int:bye_id>/cancel/",
        manage.bye_delete,
        name="manage-bye-cancel",
    ),
    path(
        "t/<slug:slug>/manage/forbidden/",
        manage.forbidden_pair_new,
        name="manage-forbidden-new",
    ),
    path(
        "t/<slug:slug>/manage/forbidden/<int:pair_id>/delete/",
        manage.forbidden_pair_remove,
        name="manage-forbidden-delete",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/results/",
        results.results,
        name="manage-results",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/results/<int:board>/",
        results.result_enter,
        name="manage-result",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/results/<int:board>/colours/",
        results.result_colours,
        name="manage-result-colours",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/chess960/",
        entries.round_chess960,
        name="manage-round-chess960",
    ),
    path(
        "t/<slug:slug>/manage/round/<int:number>/rating-correction/",
        results.rating_correction,
        name="manage-rating-correction",
    ),
    path("t/<slug:slug>/manage/fide-mode/", fide_mode.fide_mode, name="manage-fide-mode"),
    path(
        "t/<slug:slug>/manage/fide-mode/leave/",
        fide_mode.fide_mode_leave,
        name="manage-fide-mode-leave",
    ),
    path("t/<slug:slug>/manage/events/", integrity.events, name="manage-events"),
    path("t/<slug:slug>/manage/events/undo/", integrity.event_undo, name="manage-events-undo"),
    path("t/<slug:slug>/manage/prizes/", prizes.prizes, name="manage-prizes"),
    path(
        "t/<slug:slug>/manage/prizes/category/", prizes.category_new, name="manage-prizes-category"
    ),
    path(
        "t/<slug:slug>/manage/prizes/category/delete/",
        prizes.category_delete,
        name="manage-prizes-category-delete",
    ),
    path("t/<slug:slug>/manage/prizes/prize/", prizes.prize_new, name="manage-prizes-prize"),
    path(
        "t/<slug:slug>/manage/prizes/prize/delete/",
        prizes.prize_remove,
        name="manage-prizes-prize-delete",
    ),
    path(
        "t/<slug:slug>/manage/player/<int:pairing_number>/k-factor/",
        prizes.player_k_factor,
        name="manage-player-k-factor",
    ),
]
