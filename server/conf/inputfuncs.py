"""
Input functions: what the game does with OOB messages from clients.

Evennia calls every public function here with `(session, *args, **kwargs)`
for the incoming message of the same name (GMCP `Core.Supports.Set` arrives
as `supports_set`, `Digger.Get` as `digger_get`, MSDP `REPORT` as
`msdp_report`). This module is listed after Evennia's own in
`settings.INPUT_FUNC_MODULES`, so a function here takes the place of
Evennia's of the same name: Evennia hands `Core.Supports.Set` to its client
options (where Mudlet's list of packages is not understood), and its MSDP
REPORT fails on every call. The live-state messages they serve are made in
`world.client_state`; docs/gmcp.md describes them.
"""

from evennia.utils import logger

from world.client_state import inputs

UNKNOWN_NAME_MAX = 60


def supports_set(session, *args, **kwargs):
    """GMCP Core.Supports.Set ["Char 1", "Digger 1", ...]: the packages this client wants."""
    inputs.supports(session, args, "set")


def supports_add(session, *args, **kwargs):
    """GMCP Core.Supports.Add ["Digger 1"]: more packages."""
    inputs.supports(session, args, "add")


def supports_remove(session, *args, **kwargs):
    """GMCP Core.Supports.Remove ["Digger"]: no more of these packages."""
    inputs.supports(session, args, "remove")


def digger_get(session, *args, **kwargs):
    """GMCP Digger.Get: Digger.Party and Digger.Run now."""
    inputs.digger_get(session)


def msdp_report(session, *args, **kwargs):
    """MSDP REPORT <variable>...: send them now and whenever they change."""
    inputs.msdp_report(session, args)


def msdp_unreport(session, *args, **kwargs):
    """MSDP UNREPORT <variable>...: stop reporting them."""
    inputs.msdp_unreport(session, args)


def msdp_send(session, *args, **kwargs):
    """MSDP SEND <variable>...: their values once."""
    inputs.msdp_send(session, args)


def msdp_list(session, *args, **kwargs):
    """MSDP LIST <list>: Evennia's lists, with the game's variables among the reportable."""
    inputs.msdp_list(session, args)


def default(session, cmdname, *args, **kwargs):
    """
    Any other GMCP/MSDP/websocket message: not ours, answered quietly (issue
    24). Evennia logs every such packet as an error, so any client could fill
    the logs; here the first unknown name of a session is noted once at info
    level and the rest are ignored. A client with the INPUTDEBUG option on is
    told, as Evennia tells it.
    """
    name = str(cmdname)[:UNKNOWN_NAME_MAX]
    flags = getattr(session, "protocol_flags", None) or {}
    if flags.get("INPUTDEBUG", False):
        session.msg(f"The game has no input function '{name}'.")
    if getattr(session, "_delver_unknown_input_noted", False):
        return
    session._delver_unknown_input_noted = True
    logger.log_info(
        f"Session {getattr(session, 'sessid', '?')}: unknown client message {name!r} "
        "(further unknown ones from this session are ignored)"
    )
