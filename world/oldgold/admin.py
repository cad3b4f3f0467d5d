"""Old Gold sheets, items, fights, group checks and the roll log in Django's admin, for staff."""

from django.contrib import admin

from world.oldgold.models import Encounter, GroupCheck, Item, OldGoldRoll, OldGoldSheet


class ItemInline(admin.TabularInline):
    model = Item
    extra = 0


@admin.register(OldGoldSheet)
class OldGoldSheetAdmin(admin.ModelAdmin):
    list_display = ("character", "ancestry", "level", "hp", "max_hp", "status", "dead")
    list_filter = ("status", "ancestry", "dead")
    inlines = [ItemInline]


@admin.register(Encounter)
class EncounterAdmin(admin.ModelAdmin):
    list_display = ("id", "room", "gm", "round", "active", "created_at")
    list_filter = ("active",)


@admin.register(GroupCheck)
class GroupCheckAdmin(admin.ModelAdmin):
    list_display = ("id", "room", "gm", "attribute", "difficulty", "active", "success")
    list_filter = ("active",)


@admin.register(OldGoldRoll)
class OldGoldRollAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "roller", "room", "created_at")
    list_filter = ("kind",)
    readonly_fields = ("kind", "roller", "room", "dice", "details", "text", "created_at")
