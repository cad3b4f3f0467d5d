"""Evennia's cache of loaded objects is not flushed under a thousand players."""

from unittest import mock

from django.conf import settings

from evennia.utils.idmapper import models as idmapper

# The Server with 1,000 players online (benchmarks/load.py: about 560 MB), and a
# count of cached objects above what Evennia's default allows (23,248).
SERVER_MB_AT_1000_PLAYERS = 600
CACHED_AT_1000_PLAYERS = 30_000


def flushes(max_mb, server_mb, cached):
    """Whether Evennia's five-minute check would flush, for a Server of that size."""
    ps = mock.Mock(read=mock.Mock(return_value=f"{server_mb * 1000}\n"))
    with (
        mock.patch.object(idmapper, "LAST_FLUSH", 1.0),
        mock.patch.object(idmapper, "cache_size", return_value=(cached, {})),
        mock.patch.object(idmapper.os, "popen", return_value=ps),
        mock.patch.object(idmapper, "flush_cache") as flush,
    ):
        idmapper.conditional_flush(max_mb)
    return flush.called


def test_a_thousand_players_do_not_make_evennia_flush_its_cache():
    assert not flushes(
        settings.IDMAPPER_CACHE_MAXSIZE, SERVER_MB_AT_1000_PLAYERS, CACHED_AT_1000_PLAYERS
    )


def test_evennias_default_would_flush_then():
    assert flushes(400, SERVER_MB_AT_1000_PLAYERS, CACHED_AT_1000_PLAYERS)
