"""The tournament data model: fields, choices, database constraints and small derived values.

Scores are integers counting half-points (a win under standard scoring is 2); there are no floats.
Business rules live in `tournaments.services`; reads in `tournaments.selectors`.
"""

from __future__ import annotations

from tournaments.models.arbiters import ArbiterInvitation
from tournaments.models.audit import AuditEntry
from tournaments.models.check_in import CheckIn, CheckInSettings, CheckInSource, CheckInStatus
from tournaments.models.entries import (
    Entry,
    EntryDesk,
    EntryStatus,
    FeeStatus,
    SectionEntryTerms,
)
from tournaments.models.events import (
    ARBITER_KINDS,
    Event,
    EventAuditEntry,
    EventRole,
    EventRoleKind,
)
from tournaments.models.federations import FederationOfficer
from tournaments.models.integrity import (
    ArbiterRole,
    IntegrityEvent,
    IntegrityEventKind,
    RatingCorrection,
    TournamentRole,
)
from tournaments.models.jobs import BackgroundJob, JobKind, JobStatus
from tournaments.models.players import (
    RENUMBERING_LAST_ROUND,
    TITLE_ORDER,
    Player,
    PlayerStatus,
    Sex,
    Title,
)
from tournaments.models.prizes import (
    CategoryRating,
    Prize,
    PrizeCategory,
    PrizeChoice,
    PrizeSettings,
    PrizeSharing,
)
from tournaments.models.ratinglists import (
    NationalListMapping,
    RatedPlayer,
    RatingKind,
    RatingList,
    RatingListKind,
    RatingSource,
)
from tournaments.models.rounds import (
    RESULT_OUTCOMES,
    Bye,
    ByeKind,
    ForbiddenPair,
    Game,
    Result,
    Round,
    RoundState,
)
from tournaments.models.tournament import (
    EDITION_2025_FROM,
    MAX_RATING,
    SCORE_FIELDS,
    InitialColor,
    InitialOrderCriterion,
    PairingSystem,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)

__all__ = [
    "Entry",
    "EntryDesk",
    "EntryStatus",
    "FeeStatus",
    "SectionEntryTerms",
    "ARBITER_KINDS",
    "Event",
    "EventAuditEntry",
    "EventRole",
    "EventRoleKind",
    "CheckIn",
    "CheckInSettings",
    "CheckInSource",
    "CheckInStatus",
    "BackgroundJob",
    "JobKind",
    "JobStatus",
    "CategoryRating",
    "Prize",
    "PrizeCategory",
    "PrizeChoice",
    "PrizeSettings",
    "PrizeSharing",
    "NationalListMapping",
    "RatedPlayer",
    "RatingKind",
    "RatingList",
    "RatingListKind",
    "RatingSource",
    "ArbiterInvitation",
    "FederationOfficer",
    "TournamentRole",
    "RatingCorrection",
    "IntegrityEventKind",
    "IntegrityEvent",
    "ArbiterRole",
    "EDITION_2025_FROM",
    "MAX_RATING",
    "RENUMBERING_LAST_ROUND",
    "RESULT_OUTCOMES",
    "SCORE_FIELDS",
    "TITLE_ORDER",
    "AuditEntry",
    "Bye",
    "ByeKind",
    "ForbiddenPair",
    "Game",
    "InitialColor",
    "InitialOrderCriterion",
    "PairingSystem",
    "Player",
    "PlayerStatus",
    "Result",
    "Round",
    "RoundState",
    "Sex",
    "Title",
    "Tournament",
    "TournamentFormat",
    "TournamentStatus",
]
