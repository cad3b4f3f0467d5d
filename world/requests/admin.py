"""
The +request desk in Django's admin: requests with their thread and history.
"""

from django import forms
from django.contrib import admin

from world.requests import rules
from world.requests.models import Entry, Event, ReadMarker, Request


class RequestAdminForm(forms.ModelForm):
    category = forms.ChoiceField(choices=rules.CATEGORY_CHOICES)

    class Meta:
        model = Request
        fields = "__all__"


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("created", "kind", "author", "by_staff", "text")
    readonly_fields = ("created",)
    raw_id_fields = ("author",)


class EventInline(admin.TabularInline):
    model = Event
    extra = 0
    fields = ("created", "actor", "action", "target", "detail")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        # History is written by the desk itself, never by hand.
        return False


@admin.register(Request)
class RequestAdmin(admin.ModelAdmin):
    form = RequestAdminForm
    list_display = ("id", "title", "category", "status", "filer", "assignee", "created", "updated")
    list_filter = ("status", "category")
    search_fields = ("title", "text", "filer__username", "filed_as")
    raw_id_fields = ("filer", "assignee", "players")
    readonly_fields = ("created", "updated")
    inlines = [EntryInline, EventInline]


@admin.register(ReadMarker)
class ReadMarkerAdmin(admin.ModelAdmin):
    list_display = ("request", "account", "last_entry_id", "read_at")
    raw_id_fields = ("request", "account")
