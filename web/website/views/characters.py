"""
A character's page: Evennia's, plus links to the character's sheets in each
system (web/website/sheet_links.py).
"""

from evennia.web.website.views.characters import CharacterDetailView

from web.website.sheet_links import sheet_links


class DelverCharacterDetailView(CharacterDetailView):
    """Evennia's character page, with the character's sheets."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["sheet_links"] = sheet_links(self.request.user, self.object)
        return context
