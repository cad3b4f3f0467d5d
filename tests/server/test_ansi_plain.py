"""The Portal's colour parsing: Evennia's result, at once for text without markup."""

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from evennia.server.portal.telnet import TelnetProtocol
from evennia.utils import ansi

from server.patches import ansi_plain
from tests.server.plugin_patches import plugins_undone_afterwards

# Plain letters, and every character markup, escapes and raw codes are made of.
TEXT = st.text(alphabet="ab Z\n\t.,'\"é{}[]\\|#=/-_*^<>\x1b;0123456789mnrlctue", max_size=40)
FLAGS = st.booleans()


@settings(max_examples=400, deadline=None)
@given(TEXT, FLAGS, FLAGS, FLAGS, FLAGS, st.sampled_from(["|n", "", "||n"]))
def test_same_result_as_evennia(text, strip, xterm256, mxp, truecolor, ending):
    line = text + ending
    flags = dict(strip_ansi=strip, xterm256=xterm256, mxp=mxp, truecolor=truecolor)
    assert ansi_plain.parse_ansi(line, **flags) == ansi_plain._evennia_parse_ansi(line, **flags)


def test_plain_text_is_answered_without_evennias_parser():
    with mock.patch.object(ansi_plain, "_evennia_parse_ansi") as evennia:
        assert ansi_plain.parse_ansi("You say, 'hello.'|n") == "You say, 'hello.'\x1b[0m"
        assert ansi_plain.parse_ansi("You say, 'hello.'|n", strip_ansi=True) == "You say, 'hello.'"
    evennia.assert_not_called()


def test_markup_and_other_parsers_go_to_evennia():
    other = ansi.ANSIParser()
    with mock.patch.object(ansi_plain, "_evennia_parse_ansi", return_value="parsed") as evennia:
        for line, parser in (
            ("|rred|n", ansi.ANSI_PARSER),
            ("a {{ b|n", ansi.ANSI_PARSER),
            ("no reset", ansi.ANSI_PARSER),
            ("plain|n", other),
        ):
            assert ansi_plain.parse_ansi(line, parser=parser) == "parsed"
    assert evennia.call_count == 4


def test_installed_by_the_portal_and_used_by_telnet():
    from server.conf import portal_services_plugins

    with plugins_undone_afterwards():
        portal_services_plugins.start_plugin_services(mock.MagicMock())
        assert ansi.parse_ansi is ansi_plain.parse_ansi
        telnet = TelnetProtocol()
        telnet.protocol_flags = {}
        telnet.sendLine = mock.Mock()
        telnet.send_text("The door opens.")
        telnet.sendLine.assert_called_once_with("The door opens.\x1b[0m")
    assert ansi.parse_ansi is ansi_plain._evennia_parse_ansi
