"""Django admin for every tournament model (a fallback for arbiters and maintainers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import (
    AuditEntry,
    Bye,
    ForbiddenPair,
    Game,
    Player,
    Round,
    Tournament,
    WorkerHeartbeat,
)

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin, TabularInline
else:
    # The admin classes are generic for the type checker only (django-stubs); without
    # django-stubs-ext at run time, subscripting them must return the class itself.

    class ModelAdmin(admin.ModelAdmin):
        def __class_getitem__(cls, _: Any) -> type:
            return cls

    class TabularInline(admin.TabularInline):
        def __class_getitem__(cls, _: Any) -> type:
            return cls


class PlayerInline(TabularInline[Player, Tournament]):
    model = Player
    extra = 0
    fields = ["pairing_number", "title", "name", "fide_rating", "federation", "status"]
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(ModelAdmin[Tournament]):
    list_display = ["name", "city", "start_date", "end_date", "rounds", "status"]
    list_filter = ["status", "pairing_system"]
    search_fields = ["name", "city", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    readonly_fields = ["created", "updated"]
    inlines = [PlayerInline]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "name",
                    "slug",
                    "city",
                    "federation",
                    ("start_date", "end_date"),
                    ("chief_arbiter", "deputy_arbiter"),
                    "status",
                    "arbiters",
                ]
            },
        ),
        (
            "Pairing",
            {
                "fields": [
                    "rounds",
                    "pairing_system",
                    ("initial_color", "initial_color_seed"),
                    "tiebreaks",
                ]
            },
        ),
        (
            "Scoring (half-points)",
            {
                "fields": [
                    ("points_win", "points_draw", "points_loss"),
                    ("points_forfeit_win", "points_forfeit_loss"),
                    ("points_pairing_bye", "points_full_bye"),
                    ("points_half_bye", "points_zero_bye"),
                ]
            },
        ),
        ("Record", {"fields": ["created", "updated"]}),
    ]


@admin.register(Player)
class PlayerAdmin(ModelAdmin[Player]):
    list_display = ["pairing_number", "name", "title", "fide_rating", "federation", "tournament"]
    list_filter = ["tournament", "status"]
    search_fields = ["name", "fide_id"]
    list_select_related = ["tournament"]


class GameInline(TabularInline[Game, Round]):
    model = Game
    extra = 0
    fk_name = "round"
    raw_id_fields = ["white", "black"]


class ByeInline(TabularInline[Bye, Round]):
    model = Bye
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Round)
class RoundAdmin(ModelAdmin[Round]):
    list_display = ["tournament", "number", "state", "published_at", "completed_at"]
    list_filter = ["state", "tournament"]
    list_select_related = ["tournament"]
    inlines = [GameInline, ByeInline]


@admin.register(Game)
class GameAdmin(ModelAdmin[Game]):
    list_display = ["round", "board", "white", "black", "result"]
    list_filter = ["round__tournament"]
    list_select_related = ["round", "white", "black"]
    raw_id_fields = ["white", "black"]


@admin.register(Bye)
class ByeAdmin(ModelAdmin[Bye]):
    list_display = ["round", "player", "kind"]
    list_filter = ["kind", "round__tournament"]
    list_select_related = ["round", "player"]
    raw_id_fields = ["player"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(ModelAdmin[ForbiddenPair]):
    list_display = ["tournament", "first", "second", "first_round", "last_round"]
    list_select_related = ["tournament", "first", "second"]
    raw_id_fields = ["first", "second"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ModelAdmin[AuditEntry]):
    list_display = ["created", "tournament", "user", "entity", "old_value", "new_value"]
    list_filter = ["entity", "tournament"]
    list_select_related = ["tournament", "user"]
    readonly_fields = [
        "tournament",
        "user",
        "created",
        "entity",
        "entity_id",
        "old_value",
        "new_value",
        "note",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(ModelAdmin[WorkerHeartbeat]):
    list_display = ["id", "created", "seen_at"]
