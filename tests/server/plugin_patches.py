"""Undo what the Server's and Portal's start-up plugins (the patch layer) install, so a
test can run them."""

import gc
from contextlib import contextmanager

from evennia.commands import cmdhandler
from evennia.commands.cmdset import CmdSet
from evennia.locks import lockhandler
from evennia.server import inputfuncs
from evennia.server import models as server_models
from evennia.server.amp_client import AMPServerClientProtocol
from evennia.server.portal.amp import AMPMultiConnectionProtocol, Compressed
from evennia.server.portal.amp_server import AMPServerProtocol
from evennia.server.portal.portalsessionhandler import PortalSessionHandler
from evennia.server.service import EvenniaServerService
from evennia.typeclasses import attributes
from evennia.typeclasses.attributes import ModelAttributeBackend
from evennia.utils import ansi, dbserialize
from evennia.utils.evmore import EvMore
from evennia.server.sessionhandler import ServerSessionHandler, SessionHandler

from server import patches

PATCHED = (
    (Compressed, "toString"),
    (AMPMultiConnectionProtocol, "connectionMade"),
    (AMPMultiConnectionProtocol, "dataReceived"),
    (AMPServerClientProtocol, "data_to_portal"),
    (AMPServerProtocol, "data_to_server"),
    (AMPServerClientProtocol, "_commandReceived"),
    (AMPServerClientProtocol, "dataReceived"),
    (AMPServerClientProtocol, "ampBoxReceived"),
    (AMPServerProtocol, "_commandReceived"),
    (SessionHandler, "clean_senddata"),
    (PortalSessionHandler, "connect"),
    (PortalSessionHandler, "data_in"),
    (ServerSessionHandler, "data_out"),
    (CmdSet, "get"),
    (cmdhandler, "get_and_merge_cmdsets"),
    (cmdhandler, "inlineCallbacks"),
    (cmdhandler, "cmdhandler"),
    (inputfuncs, "cmdhandler"),
    (lockhandler, "eval"),
    (lockhandler.LockHandler, "_parse_lockstring"),
    (EvenniaServerService, "server_maintenance"),
    (ansi, "parse_ansi"),
    (EvMore, "_paginator"),
    (EvMore, "_page_formatter"),
    (ModelAttributeBackend, "do_update_attribute"),
    *((module, name) for module in (dbserialize, attributes, server_models)
      for name in ("from_pickle", "to_pickle")),
)
_MISSING = object()


@contextmanager
def plugins_undone_afterwards():
    """Whatever the block installs is put back as it was when the block ends."""
    saved = [(owner, name, owner.__dict__.get(name, _MISSING)) for owner, name in PATCHED]
    dispatches = [
        (cls, dict(cls._commandDispatch)) for cls in (AMPServerClientProtocol, AMPServerProtocol)
    ]
    collector = gc.get_threshold(), list(gc.callbacks)
    try:
        yield
    finally:
        for patch in patches.all_patches().values():
            patch.uninstall()
        patches._installed.clear()
        gc.unfreeze()
        gc.set_threshold(*collector[0])
        gc.callbacks[:] = collector[1]
        for owner, name, value in saved:
            if value is _MISSING:
                if name in owner.__dict__:
                    delattr(owner, name)
            else:
                setattr(owner, name, value)
        for cls, dispatch in dispatches:
            cls._commandDispatch.clear()
            cls._commandDispatch.update(dispatch)
