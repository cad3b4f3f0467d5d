"""
Forms of the +request desk's web pages.

They only gather the input: the services check it (empty, too long,
unknown category), so the web refuses with the same words as the game.
"""

from django import forms

from world.requests import rules
from world.requests.models import Request


def _text_field(label, limit=rules.TEXT_MAX, rows=4):
    return forms.CharField(
        label=label,
        required=False,
        widget=forms.Textarea(attrs={"rows": rows, "maxlength": limit, "class": "form-control"}),
    )


def _line_field(label, limit):
    return forms.CharField(
        label=label,
        required=False,
        widget=forms.TextInput(attrs={"maxlength": limit, "class": "form-control"}),
    )


class FileRequestForm(forms.Form):
    title = _line_field("Title", rules.TITLE_MAX)
    category = forms.ChoiceField(
        choices=[(key, f"{key}: {what}") for key, what in rules.CATEGORIES.items()],
        initial=rules.DEFAULT_CATEGORY,
        widget=forms.Select(attrs={"class": "form-control"}),
    )
    text = _text_field("What do you need?", rows=8)


class TextForm(forms.Form):
    """One text: a comment, a staff note or a resolution."""

    value = _text_field("Text")


class NameForm(forms.Form):
    """One account or character name: an assignee or a player to add."""

    value = _line_field("Name", 80)


class QueueFilterForm(forms.Form):
    status = forms.ChoiceField(
        required=False,
        choices=[(value, value) for value in Request.Status.values] + [("all", "all")],
        initial=rules.QUEUE_DEFAULT_STATUS,
        widget=forms.Select(attrs={"class": "form-control"}),
    )
    category = forms.ChoiceField(
        required=False,
        choices=[("", "any")] + rules.CATEGORY_CHOICES,
        widget=forms.Select(attrs={"class": "form-control"}),
    )
    assignee = _line_field("Assignee (name, me or none)", 80)
    player = _line_field("Player", 80)
