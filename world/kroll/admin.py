"""Kroll records in the Django admin: sheets with their lives, the roll log
(read-only: it is a record), and expedition ledgers."""

from django.contrib import admin

from world.kroll.models import (
    Adventurer,
    Expedition,
    ExpeditionMember,
    KrollRoll,
    KrollSheet,
    ShareOffer,
)


class AdventurerInline(admin.TabularInline):
    model = Adventurer
    extra = 0


@admin.register(KrollSheet)
class KrollSheetAdmin(admin.ModelAdmin):
    list_display = ("character", "created_at")
    search_fields = ("character__db_key",)
    raw_id_fields = ("character",)
    inlines = [AdventurerInline]


@admin.register(KrollRoll)
class KrollRollAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "roller", "attribute", "target", "winner", "hits", "created_at")
    list_filter = ("kind",)
    search_fields = ("roller__db_key", "target")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ExpeditionMemberInline(admin.TabularInline):
    model = ExpeditionMember
    extra = 0
    raw_id_fields = ("character",)


class ShareOfferInline(admin.TabularInline):
    model = ShareOffer
    extra = 0
    raw_id_fields = ("character", "proposed_by")


@admin.register(Expedition)
class ExpeditionAdmin(admin.ModelAdmin):
    list_display = ("name", "leader", "active", "created_at")
    list_filter = ("active",)
    raw_id_fields = ("leader",)
    inlines = [ExpeditionMemberInline, ShareOfferInline]
