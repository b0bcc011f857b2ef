"""The Django admin shows tournament data read-only: it is the site operator's window, not a
way round the rules.

Every change to a tournament goes through the arbiter pages and their services, which check
the arbiter's role, ask the FIDE-mode confirmations, lock history and record the audit trail
and the integrity events. An admin form would skip all of that, so no one, superusers
included, may add, change or delete a tournament model here. User accounts stay in Django's
own admin (`django.contrib.auth`), which is for the operator, and so do the federation
officers' appointments (`FederationOfficer`): staff appoint and remove officers here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from django import forms
from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from tournaments.models import (
    ArbiterInvitation,
    AuditEntry,
    Bye,
    Event,
    EventAuditEntry,
    EventRole,
    FederationOfficer,
    ForbiddenPair,
    Game,
    IntegrityEvent,
    Player,
    RatingCorrection,
    Round,
    Tournament,
    TournamentRole,
)

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin
else:
    # The admin classes are generic for the type checker only (django-stubs); without
    # django-stubs-ext at run time, subscripting them must return the class itself.

    class ModelAdmin(admin.ModelAdmin):
        def __class_getitem__(cls, _: Any) -> type:
            return cls


M = TypeVar("M", bound=Model)


class ReadOnlyAdmin(ModelAdmin[M]):
    """Lists and shows a model; refuses every add, change and delete (bulk actions too)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin[Tournament]):
    list_display = ["name", "city", "start_date", "end_date", "rounds", "status", "fide_mode"]
    list_filter = ["status", "pairing_system", "fide_mode"]
    search_fields = ["name", "city", "slug"]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin[Event]):
    list_display = ["name", "place", "start_date", "end_date", "organiser"]
    search_fields = ["name", "place", "slug"]


@admin.register(EventRole)
class EventRoleAdmin(ReadOnlyAdmin[EventRole]):
    list_display = ["event", "user", "role", "created"]
    list_filter = ["role"]
    list_select_related = ["event", "user"]


@admin.register(EventAuditEntry)
class EventAuditEntryAdmin(ReadOnlyAdmin[EventAuditEntry]):
    list_display = ["created", "event", "user", "entity", "entity_id", "old_value", "new_value"]
    list_select_related = ["event", "user"]


@admin.register(TournamentRole)
class TournamentRoleAdmin(ReadOnlyAdmin[TournamentRole]):
    list_display = ["tournament", "user", "role", "created"]
    list_filter = ["role"]
    list_select_related = ["tournament", "user"]


@admin.register(ArbiterInvitation)
class ArbiterInvitationAdmin(ReadOnlyAdmin[ArbiterInvitation]):
    list_display = ["tournament", "created_by", "created", "expires_at", "closed_at"]
    list_select_related = ["tournament", "created_by"]
    exclude = ["token_hash"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin[Player]):
    list_display = ["pairing_number", "name", "title", "fide_rating", "federation", "tournament"]
    list_filter = ["tournament", "status"]
    search_fields = ["name", "fide_id"]
    list_select_related = ["tournament"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin[Round]):
    list_display = ["tournament", "number", "state", "published_at", "completed_at"]
    list_filter = ["state", "tournament"]
    list_select_related = ["tournament"]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin[Game]):
    list_display = ["round", "board", "white", "black", "result"]
    list_filter = ["round__tournament"]
    list_select_related = ["round", "white", "black"]


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin[Bye]):
    list_display = ["round", "player", "kind"]
    list_filter = ["kind", "round__tournament"]
    list_select_related = ["round", "player"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(ReadOnlyAdmin[ForbiddenPair]):
    list_display = ["tournament", "first", "second", "first_round", "last_round"]
    list_select_related = ["tournament", "first", "second"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin[AuditEntry]):
    list_display = ["created", "tournament", "user", "entity", "old_value", "new_value"]
    list_filter = ["entity", "tournament"]
    list_select_related = ["tournament", "user"]


@admin.register(IntegrityEvent)
class IntegrityEventAdmin(ReadOnlyAdmin[IntegrityEvent]):
    list_display = ["tournament", "kind", "round_number", "user", "created", "undone_at"]
    list_filter = ["kind"]
    list_select_related = ["tournament", "user"]


@admin.register(RatingCorrection)
class RatingCorrectionAdmin(ReadOnlyAdmin[RatingCorrection]):
    list_display = ["game", "result", "user", "created"]
    list_select_related = ["game", "user"]


if TYPE_CHECKING:
    OfficerFormBase = forms.ModelForm[FederationOfficer]
else:
    OfficerFormBase = forms.ModelForm


class FederationOfficerForm(OfficerFormBase):
    """The appointment: the federation's code taken in any case (`ita` is ITA; issue 31)."""

    class Meta:
        model = FederationOfficer
        fields = ["user", "federation"]

    def clean_federation(self) -> str:
        return str(self.cleaned_data["federation"]).strip().upper()


@admin.register(FederationOfficer)
class FederationOfficerAdmin(ModelAdmin[FederationOfficer]):
    """Staff appoint a user officer of a federation (its FIDE code), or remove the office."""

    form = FederationOfficerForm

    list_display = ["federation", "user", "appointed_by", "created"]
    list_filter = ["federation"]
    search_fields = ["federation", "user__username"]
    list_select_related = ["user", "appointed_by"]
    autocomplete_fields = ["user"]
    fields = ["user", "federation"]

    def save_model(
        self, request: HttpRequest, obj: FederationOfficer, form: Any, change: bool
    ) -> None:
        if not change:
            obj.appointed_by_id = request.user.pk
        super().save_model(request, obj, form, change)
