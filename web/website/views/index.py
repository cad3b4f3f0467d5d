"""
The front page: Evennia's index view, plus the host name a player should
telnet to.
"""

from django.conf import settings
from django.http.request import split_domain_port
from evennia.web.website.views.index import EvenniaIndexView

# Evennia's default SERVER_HOSTNAME, which says nothing about where the game runs.
UNSET_HOSTNAME = "localhost"


def connect_host(request):
    """SERVER_HOSTNAME when an admin set one, else the host this page was reached by."""
    if settings.SERVER_HOSTNAME != UNSET_HOSTNAME:
        return settings.SERVER_HOSTNAME
    host, _port = split_domain_port(request.get_host())
    return host.strip("[]") or UNSET_HOSTNAME


class DelverIndexView(EvenniaIndexView):
    """The home page, telling visitors what Delver is and how to connect."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["connect_host"] = connect_host(self.request)
        return context
