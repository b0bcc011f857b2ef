"""Context help: the manual section that explains each page of the application, by the page's
URL name. The Help link of every page leads there (the table of contents when a page has none);
`tests/manual/test_context_help.py` checks that every page of the apps has an entry and that every
section exists."""

from __future__ import annotations

from typing import Final

CONTEXT_HELP: Final[dict[str, str]] = {
    # Accounts (config/urls.py)
    "login": "accounts-and-arbiters#signing-up-and-logging-in",
    "logout": "accounts-and-arbiters#signing-up-and-logging-in",
    "signup": "accounts-and-arbiters#signing-up-and-logging-in",
    "password_reset": "accounts-and-arbiters#signing-up-and-logging-in",
    "password_reset_done": "accounts-and-arbiters#signing-up-and-logging-in",
    "password_reset_confirm": "accounts-and-arbiters#signing-up-and-logging-in",
    "password_reset_complete": "accounts-and-arbiters#signing-up-and-logging-in",
    # Prizes (issue 33)
    "manage-prizes": "prizes-and-rating-changes#the-prize-list",
    "manage-prizes-category": "prizes-and-rating-changes#the-prize-list",
    "manage-prizes-category-delete": "prizes-and-rating-changes#the-prize-list",
    "manage-prizes-prize": "prizes-and-rating-changes#the-prize-list",
    "manage-prizes-prize-delete": "prizes-and-rating-changes#the-prize-list",
    "manage-player-k-factor": "prizes-and-rating-changes#rating-changes",
    "prizes": "prizes-and-rating-changes#the-public-prize-list",
    "pdf-prizes": "prizes-and-rating-changes#the-public-prize-list",
    "pdf-prize-receipts": "prizes-and-rating-changes#receipts-and-the-treasurers-list",
    "prizes-csv": "prizes-and-rating-changes#receipts-and-the-treasurers-list",
    # Check-in (issue 32)
    "manage-check-in": "check-in#the-check-in-list",
    "manage-check-in-player": "check-in#the-check-in-list",
    "manage-check-in-settings": "check-in#players-checking-in-from-their-phones",
    "manage-check-in-closing": "check-in#players-checking-in-from-their-phones",
    "manage-check-in-absentees": "check-in#absentees-before-pairing",
    "self-check-in": "check-in#players-checking-in-from-their-phones",
    "pdf-badges": "check-in#badges-and-the-check-in-sheet",
    # Online entries (issue 32)
    "event-enter": "entries#the-entry-form",
    "event-entries": "entries#the-public-entry-list",
    "event-entry-queue": "entries#the-queue",
    "event-entry-decide": "entries#the-queue",
    "event-entry-move": "entries#the-queue",
    "event-entry-desk": "entries#opening-the-entry-form",
    "event-entry-terms": "entries#opening-the-entry-form",
    "event-entry-fees": "entries#fees-and-the-treasurers-list",
    "event-entry-fees-csv": "entries#fees-and-the-treasurers-list",
    # Tournaments: arbiters
    "home": "accounts-and-arbiters#the-home-page",
    "tournament-new": "creating-a-tournament#creating-a-tournament",
    "tournament-import": "importing-a-trf#importing-a-tournament",
    "tournament-import-confirm": "importing-a-trf#the-preview",
    "background-job": "importing-a-trf#importing-a-tournament",
    "manage-dashboard": "accounts-and-arbiters#the-dashboard",
    "manage-edit": "creating-a-tournament#the-settings",
    "manage-arbiters": "accounts-and-arbiters#deputy-arbiters",
    "manage-arbiters-invite": "accounts-and-arbiters#deputy-arbiters",
    "manage-arbiters-withdraw": "accounts-and-arbiters#deputy-arbiters",
    "manage-arbiters-remove": "accounts-and-arbiters#deputy-arbiters",
    "manage-arbiters-hand-over": "accounts-and-arbiters#deputy-arbiters",
    "arbiter-join": "accounts-and-arbiters#joining-as-a-deputy",
    "manage-players": "registration#registering-players",
    "manage-players-import": "registration#importing-a-list-of-players",
    "manage-players-renumber": "registration#pairing-numbers",
    "manage-list-search": "rating-lists#registering-from-a-list",
    "manage-initial-ranking": "rating-lists#the-initial-ranking",
    "manage-update-from-list": "rating-lists#updating-ratings-from-the-lists",
    "manage-update-preview": "rating-lists#updating-ratings-from-the-lists",
    "manage-rating-sequence": "rating-lists#the-lists-a-tournament-uses",
    "manage-player": "registration#correcting-a-players-details",
    "manage-player-details": "registration#correcting-a-players-details",
    "manage-player-rating": "rating-lists#several-ratings-per-player",
    "manage-player-bye": "byes-and-withdrawals#requested-byes",
    "manage-bye-cancel": "byes-and-withdrawals#requested-byes",
    "manage-player-half-point-byes": "byes-and-withdrawals#refusing-half-point-byes",
    "manage-player-withdraw": "byes-and-withdrawals#withdrawals-and-expulsions",
    "manage-player-reinstate": "byes-and-withdrawals#reinstating-a-player",
    "manage-player-manual-tiebreak": "standings#manual-tie-break",
    "manage-forbidden-new": "registration#prohibited-pairings",
    "manage-forbidden-delete": "registration#prohibited-pairings",
    "manage-results": "results#entering-results",
    "manage-result": "results#entering-results",
    "manage-result-colours": "results#a-game-played-with-the-colours-reversed",
    "manage-rating-correction": "results#rating-only-corrections",
    "manage-round-chess960": "chess960#the-starting-position-of-a-round",
    "manage-fide-mode": "fide-mode#fide-mode",
    "manage-fide-mode-leave": "fide-mode#leaving-fide-mode",
    "manage-events": "fide-mode#the-integrity-log",
    "manage-events-undo": "fide-mode#the-integrity-log",
    "rating-lists": "rating-lists#importing-a-rating-list",
    "rating-lists-update": "rating-lists#keeping-fides-lists-current",
    # Events and sections (issue 32)
    "event-new": "setting-up-an-event#creating-the-event",
    "event-detail": "setting-up-an-event#the-public-event-page",
    "event-manage": "setting-up-an-event#the-events-page",
    "event-edit": "setting-up-an-event#creating-the-event",
    "event-section-new": "setting-up-an-event#adding-sections",
    "event-section-setup": "setting-up-an-event#rating-limits-and-board-numbers",
    "event-section-attach": "setting-up-an-event#a-tournament-made-before-its-event",
    "event-role-give": "setting-up-an-event#roles-in-the-event",
    "event-role-remove": "setting-up-an-event#roles-in-the-event",
    "event-move": "setting-up-an-event#moving-a-player-to-another-section",
    # Pairing
    "pairing-numbers": "round-robin#drawing-the-pairing-numbers",
    "pairing-numbers-draw": "round-robin#drawing-the-pairing-numbers",
    "pairing-round": "pairing-a-round#asking-the-engine-for-a-pairing",
    "pairing-request": "pairing-a-round#asking-the-engine-for-a-pairing",
    "pairing-repair": "pairing-a-round#pairing-again",
    "pairing-publish": "pairing-a-round#publishing",
    "pairing-unpublish": "pairing-a-round#withdrawing-a-publication",
    "pairing-swap": "pairing-a-round#changing-a-draft",
    "pairing-exchange": "pairing-a-round#changing-a-draft",
    "pairing-edit": "pairing-a-round#pairing-by-hand",
    "pairing-manual-pair": "pairing-a-round#pairing-by-hand",
    "pairing-manual-unpair": "pairing-a-round#pairing-by-hand",
    "pairing-manual-bye": "pairing-a-round#pairing-by-hand",
    "pairing-manual-validate": "pairing-a-round#pairing-by-hand",
    # Standings
    "standings-live": "standings#the-standings",
    # Federation officers
    "exports": "federation-reports#the-exports-page",
    "exports-zip": "federation-reports#the-exports-page",
    "hall-event": "running-the-hall#backups",
    "rating-report": "rating-reports#the-rating-report",
    "rating-report-file": "rating-reports#the-rating-report",
    "manage-rating-report": "rating-reports#the-reports-details",
    # Downloads
    "tournament-trf": "exports#trf-files",
    "standings-csv": "exports#standings-as-csv",
    "crosstable-csv": "round-robin#the-cross-table",
    "pdf-round-pairings": "printing#documents",
    "pdf-round-pairings-by-name": "printing#documents",
    "pdf-round-slips": "printing#documents",
    "pdf-players": "printing#documents",
    "pdf-check-in": "printing#documents",
    "pdf-player-cards": "printing#documents",
    "pdf-standings": "printing#documents",
    "pdf-crosstable": "printing#documents",
    "pdf-report": "printing#documents",
    # Players
    "tournament-detail": "public-pages#the-tournament-page",
    "round-detail": "public-pages#a-rounds-pairings",
    "tournament-events": "public-pages#a-rounds-pairings",
    "player-detail": "public-pages#your-card",
    "standings": "public-pages#standings-and-crosstable",
    "standings-player": "standings#tie-breaks",
    "standings-rank": "public-pages#your-card",
    "crosstable": "public-pages#standings-and-crosstable",
    # The hub (issue 35)
    "players-search": "public-hub#finding-a-player",
    "player-profile": "public-hub#a-players-profile",
    "player-profile-by-name": "public-hub#a-players-profile",
    "feed-rounds": "public-hub#feeds-and-calendars",
    "tournament-feed-rounds": "public-hub#feeds-and-calendars",
    "tournament-calendar": "public-hub#feeds-and-calendars",
    "widget-standings": "public-hub#widgets-for-a-club-website",
    "widget-pairings": "public-hub#widgets-for-a-club-website",
    "widget-current": "public-hub#widgets-for-a-club-website",
}
"""URL name → `<manual page>#<section anchor>`."""


def help_target(url_name: str | None) -> tuple[str, str] | None:
    """The manual page and section explaining the page of this URL name; None without one."""
    target = CONTEXT_HELP.get(url_name or "")
    if target is None:
        return None
    page, _, anchor = target.partition("#")
    return page, anchor
