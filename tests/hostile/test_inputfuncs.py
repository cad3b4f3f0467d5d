"""An unknown GMCP/MSDP function is answered quietly (issue 24, point 7)."""

from unittest import mock

from server.conf import inputfuncs


class Session:
    sessid = 7

    def __init__(self, debug=False):
        self.protocol_flags = {"INPUTDEBUG": debug}
        self.sent = []

    def msg(self, text):
        self.sent.append(text)


def test_unknown_functions_log_no_error_and_one_info_per_session():
    session = Session()
    with mock.patch.object(inputfuncs.logger, "log_info") as info, \
            mock.patch("evennia.utils.logger.log_err") as err:
        for number in range(50):
            inputfuncs.default(session, f"Nope.Func{number}", "x" * 1000, key="v")
    assert err.call_count == 0
    assert info.call_count == 1
    assert len(info.call_args[0][0]) < 200
    assert session.sent == []


def test_a_debugging_client_is_told():
    session = Session(debug=True)
    with mock.patch.object(inputfuncs.logger, "log_info"):
        inputfuncs.default(session, "Nope.Func")
    assert session.sent == ["The game has no input function 'Nope.Func'."]


def test_the_game_uses_this_default():
    from evennia.server import sessionhandler

    assert sessionhandler._INPUT_FUNCS["default"] is inputfuncs.default
