"""The modules settings name in server/conf/ and world/ exist, and MSSP takes the port from settings."""

from unittest import mock

from django.conf import settings
from django.test import override_settings
from evennia.server.portal import mssp
from evennia.utils.utils import mod_import

MODULE_SETTINGS = (
    "CONNECTION_SCREEN_MODULE",
    "AT_INITIAL_SETUP_HOOK_MODULE",
    "AT_SERVER_STARTSTOP_MODULE",
    "MSSP_META_MODULE",
)
MODULE_LIST_SETTINGS = (
    "SERVER_SERVICES_PLUGIN_MODULES",
    "PORTAL_SERVICES_PLUGIN_MODULES",
    "LOCK_FUNC_MODULES",
    "INPUT_FUNC_MODULES",
    "PROTOTYPE_MODULES",
    "FUNCPARSER_OUTGOING_MESSAGES_MODULES",
    "FUNCPARSER_PROTOTYPE_PARSING_MODULES",
    "FILE_HELP_ENTRY_MODULES",
)


def test_every_module_a_setting_names_imports():
    paths = [getattr(settings, name) for name in MODULE_SETTINGS]
    paths += [path for name in MODULE_LIST_SETTINGS for path in getattr(settings, name)]
    missing = [path for path in paths if mod_import(path) is None]
    assert missing == []
    assert settings.WEB_PLUGINS_MODULE is None  # no web hooks: Evennia's site as it is


def test_start_hooks_evennia_calls_are_there():
    module = mod_import(settings.AT_SERVER_STARTSTOP_MODULE)
    assert callable(module.at_server_start)
    assert callable(mod_import(settings.AT_INITIAL_SETUP_HOOK_MODULE).at_initial_setup)


def _mssp_variables():
    """(name, value) pairs the game sends a crawler."""
    protocol = mock.Mock()
    protocol.sessionhandler.count_loggedin.return_value = 3
    protocol.sessionhandler.uptime = 10
    handler = mssp.Mssp.__new__(mssp.Mssp)
    handler.protocol = lambda: protocol
    handler.do_mssp(None)
    sent = protocol.requestNegotiation.call_args.args[1]
    pairs = []
    for item in sent.split(mssp.MSSP_VAR)[1:]:
        name, *values = item.split(mssp.MSSP_VAL)
        pairs += [(name.decode(), value.decode()) for value in values]
    return pairs


@override_settings(TELNET_PORTS=[4321])
def test_mssp_sends_the_telnet_port_from_settings():
    pairs = _mssp_variables()
    assert [value for name, value in pairs if name == "PORT"] == ["4321"]
    assert ("NAME", settings.SERVERNAME) in pairs
    assert ("WORLD ORIGINALITY", "All Original") in pairs
