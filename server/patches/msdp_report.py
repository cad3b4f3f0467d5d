"""
MSDP REPORT of a variable that is not Delver's works instead of raising.

Evennia's `inputfuncs.msdp_report` begins `kwargs["outputfunc_name":"report"]`,
a subscript with a slice where an assignment was meant: every call raises
`KeyError: slice('outputfunc_name', 'report', None)` into the Server's log
and reports nothing. Here it sets the name and calls `monitor`, as meant.
(Delver's own variables never reach it: world/client_state answers them.)

Upstream: docs/upstream/msdp-report.md.

Installed by the Server.
"""

from evennia.server import inputfuncs

from server.patches import Patch, Replaced

_replaced = Replaced()


def msdp_report(session, *args, **kwargs):
    """MSDP REPORT: monitor the named variables, answered by the `report` output."""
    kwargs["outputfunc_name"] = "report"
    inputfuncs.monitor(session, *args, **kwargs)


def install():
    _replaced.replace(inputfuncs, "msdp_report", msdp_report)


PATCH = Patch(
    name="msdp_report",
    targets={
        "evennia.server.inputfuncs:msdp_report": (
            "614c3eb77c9f94a41c53b479f5ceead348e93143082e09ec411d6ef49ddd7444"
        ),
    },
    process="server",
    why="Evennia's MSDP REPORT raised KeyError on every call (a slice typed for an assignment).",
    install=install,
    uninstall=_replaced.restore,
)
