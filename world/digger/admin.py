"""Digger records in the Django admin: sheets with forms and ledger, dungeons with
their cards, parties, runs with their roll log and balance simulations (the records
are read-only)."""

from django.contrib import admin

from world.digger.models import (
    Approval,
    Chapter,
    DiggerSheet,
    DPEntry,
    Dungeon,
    DungeonCard,
    Form,
    OwnedTool,
    Party,
    PartyMember,
    Run,
    RunRoll,
    RunRound,
    Simulation,
    ToolDesign,
)


class FormInline(admin.TabularInline):
    model = Form
    extra = 0
    fields = ("name", "is_base", "brute", "agility", "wits", "combat", "early_slot_costs")


class LedgerInline(admin.TabularInline):
    model = DPEntry
    extra = 0
    can_delete = False
    readonly_fields = ("amount", "balance", "reason", "by", "created_at")


@admin.register(DiggerSheet)
class DiggerSheetAdmin(admin.ModelAdmin):
    list_display = ("character", "dp", "current_form", "bonus")
    search_fields = ("character__db_key",)
    raw_id_fields = ("character",)
    readonly_fields = ("dp",)
    inlines = [FormInline, LedgerInline]


@admin.register(OwnedTool)
class OwnedToolAdmin(admin.ModelAdmin):
    list_display = ("number", "design", "form", "dp_paid")
    search_fields = ("design__name", "form__sheet__character__db_key")


admin.site.register(ToolDesign)
admin.site.register(Approval)
admin.site.register(Chapter)


class CardInline(admin.TabularInline):
    model = DungeonCard
    extra = 0


@admin.register(Dungeon)
class DungeonAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "type", "published")
    list_filter = ("type", "published")
    inlines = [CardInline]


class MemberInline(admin.TabularInline):
    model = PartyMember
    extra = 0
    raw_id_fields = ("character",)


@admin.register(Party)
class PartyAdmin(admin.ModelAdmin):
    list_display = ("id", "dungeon", "created_at")
    inlines = [MemberInline]


class RoundInline(admin.TabularInline):
    model = RunRound
    extra = 0
    can_delete = False


@admin.register(Run)
class RunAdmin(admin.ModelAdmin):
    list_display = ("id", "dungeon_number", "party", "outcome", "started_at", "ended_at")
    list_filter = ("outcome",)
    raw_id_fields = ("party", "dungeon", "drawer")
    inlines = [RoundInline]


@admin.register(RunRoll)
class RunRollAdmin(admin.ModelAdmin):
    list_display = ("run", "challenge", "character_name", "dice", "total", "target", "success")
    list_filter = ("success",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Simulation)
class SimulationAdmin(admin.ModelAdmin):
    list_display = ("id", "dungeon_number", "party", "runs", "requested_by_name", "created_at")
    raw_id_fields = ("dungeon", "requested_by")

    def has_change_permission(self, request, obj=None):
        return False
