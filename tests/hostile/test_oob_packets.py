"""
GMCP/MSDP packets a client makes up: bytes that are not UTF-8 cost nothing
but the packet, and MSDP REPORT of a variable of Evennia's works.
"""

from unittest import mock

import pytest
from evennia.server import inputfuncs as evennia_inputfuncs
from evennia.server.portal.telnet_oob import TelnetOOB

from server.patches import msdp_report, oob_input

IAC, SE = b"\xff", b"\xf0"


class Protocol:
    def __init__(self):
        self.received = []
        self.negotiationMap = {}
        self.protocol_flags = {}

    def data_in(self, **kwargs):
        self.received.append(kwargs)


def oob(protocol):
    handler = TelnetOOB.__new__(TelnetOOB)
    handler.protocol = lambda: protocol
    return handler


@pytest.fixture
def guarded():
    oob_input.install()
    yield
    oob_input.PATCH.uninstall()


def test_an_msdp_value_that_is_not_utf8_is_read_with_replacements(guarded):
    protocol = Protocol()
    oob(protocol).decode_msdp(b"\x01SEND\x02\xff\xfe")
    assert protocol.received == [{"msdp_send": [["\ufffd\ufffd"], {}]}]


def test_an_unreadable_packet_is_dropped_with_one_info_line(guarded):
    protocol = Protocol()
    handler = oob(protocol)
    with mock.patch.object(oob_input.logger, "log_info") as info, \
            mock.patch("evennia.server.portal.telnet_oob._decode_gmcp",
                       side_effect=ValueError("bad")):
        for _ in range(5):
            assert handler.decode_gmcp(b"Core.Hello {bad") is None
    assert info.call_count == 1
    assert protocol.received == []


def test_without_the_patch_the_same_packet_raises():
    protocol = Protocol()
    with pytest.raises(UnicodeDecodeError):
        oob(protocol).decode_msdp(b"\x01SEND\x02\xff\xfe")


def test_msdp_report_monitors_instead_of_raising():
    with pytest.raises(KeyError):
        evennia_inputfuncs.msdp_report(object(), "HEALTH")
    msdp_report.install()
    try:
        with mock.patch.object(evennia_inputfuncs, "monitor") as monitor:
            evennia_inputfuncs.msdp_report("session", "HEALTH")
        monitor.assert_called_once_with("session", "HEALTH", outputfunc_name="report")
    finally:
        msdp_report.PATCH.uninstall()
    assert evennia_inputfuncs.msdp_report is not msdp_report.msdp_report
