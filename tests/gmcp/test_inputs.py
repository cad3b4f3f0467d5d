"""A client's requests as Evennia hands them over: GMCP decoded by Evennia's own
decoder and MSDP by its telnet OOB code reach the game's inputfuncs (which take
the place of Evennia's for Core.Supports and MSDP REPORT/UNREPORT/SEND/LIST),
and what comes back is named as Evennia's GMCP encoder will name it."""

from unittest.mock import Mock

from evennia.server.portal.gmcp_utils import decode_gmcp, encode_gmcp
from evennia.server.portal.telnet_oob import MSDP_VAL, MSDP_VAR, TelnetOOB

from world.client_state.inputs import on_puppet
from world.client_state.subscriptions import FLAG

from .support import ClientStateTest

MUDLET_HELLO = 'Core.Hello {"client": "Mudlet", "version": "4.19.1"}'
MUDLET_SUPPORTS = (
    'Core.Supports.Set ["Char 1", "Char.Skills 1", "Char.Items 1", "Room 1", "IRE.Rift 1", '
    '"IRE.Composer 1"]'
)


def msdp(*parts):
    """Evennia's decoding of an MSDP subnegotiation: VAR name VAL value [VAL value...]."""
    seen = {}
    protocol = Mock(data_in=lambda **cmds: seen.update(cmds))
    oob = TelnetOOB.__new__(TelnetOOB)
    oob.protocol = lambda: protocol
    name, *values = parts
    oob.decode_msdp(MSDP_VAR + name.encode() + b"".join(MSDP_VAL + v.encode() for v in values))
    return seen


class TestRequests(ClientStateTest):
    def gmcp_in(self, character, line):
        self.client[character].data_in(**decode_gmcp(line))

    def names(self, character):
        return self.outbox[character].names()

    def test_mudlet_at_login_gets_char_and_room_and_keeps_its_name(self):
        session = self.client[self.char3]
        session.puppet = None  # Mudlet asks while the connection screen shows
        self.gmcp_in(self.char3, MUDLET_HELLO)
        self.gmcp_in(self.char3, MUDLET_SUPPORTS)
        assert session.protocol_flags[FLAG] == ["char", "room"]
        assert session.protocol_flags["CLIENTNAME"] == "Mudlet 4.19.1"  # Evennia's Core.Hello
        assert self.names(self.char3) == []  # no client_options answer, no state yet
        session.puppet = self.char3
        on_puppet(self.char3, session=session)
        assert self.names(self.char3) == ["Char.Name", "Char.Status", "Char.Vitals", "Room.Info"]
        self.portal_syncs.assert_called_with(
            {session.sessid: {"protocol_flags": {FLAG: ["char", "room"]}}}
        )

    def test_add_sends_what_is_new_remove_and_set_take_away(self):
        self.gmcp_in(self.char1, 'Core.Supports.Set ["Room 1"]')
        assert self.names(self.char1) == ["Room.Info"]
        self.gmcp_in(self.char1, 'Core.Supports.Add ["Digger 1", "Room 1"]')
        assert self.names(self.char1) == ["Digger.Party", "Digger.Run"]
        self.gmcp_in(self.char1, 'Core.Supports.Remove ["Digger"]')
        self.gmcp_in(self.char1, "Digger.Get")
        assert self.names(self.char1) == []
        self.gmcp_in(self.char1, 'Core.Supports.Set ["Char.Name 1"]')
        assert self.names(self.char1) == ["Char.Name"]
        assert self.client[self.char1].protocol_flags[FLAG] == ["char.name"]

    def test_the_outputfunc_names_become_the_gmcp_names(self):
        self.gmcp_in(self.char1, 'Core.Supports.Set ["Char 1", "Room 1", "Digger 1"]')
        for name, payload in self.outbox[self.char1].take():
            encoded = encode_gmcp(name.replace(".", "_").lower(), **payload)
            assert encoded.startswith(name + " {"), encoded

    def test_msdp_report_unreport_send_and_list(self):
        session = self.client[self.char2]
        session.data_in(**msdp("REPORT", "DIGGER_RUN", "room_info"))
        assert self.names(self.char2) == ["Digger.Run", "Room.Info"]  # the values at once
        self.form_party(self.char2)
        assert self.names(self.char2) == ["Digger.Run"]  # and on change
        session.data_in(**msdp("UNREPORT", "digger_run"))
        self.form_party(self.char1, self.char3)
        assert session.protocol_flags[FLAG] == ["room.info"]
        session.data_in(**msdp("SEND", "char_name"))
        assert self.outbox[self.char2].take() == [("Char.Name", {"name": "Char2"})]
        session.data_in(**msdp("LIST", "REPORTABLE_VARIABLES"))
        variables = [
            "char_name",
            "char_status",
            "char_vitals",
            "room_info",
            "digger_party",
            "digger_run",
        ]
        assert self.outbox[self.char2].take() == [("Reportable.Variables", variables)]
