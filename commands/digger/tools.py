"""+tools: your tools and belt, designing and buying tools, loading the belt."""

from world.digger import belt, render, sheets, tools

from . import toolmenu
from .common import DiggerCommand, with_rules


class CmdTools(DiggerCommand):
    __doc__ = with_rules("""
    your tools: list, design, buy, load onto your belt

    Usage:
      +tools [<form>]
      +tools/load <#>
      +tools/unload <#>
      +tools/design
      +tools/buy <name>=<category> <rating> [<qualities>][: <description>]
      +tools/qualities

    Tools are things you carry into a dungeon to help with one kind of
    challenge. +tools lists your current form's tools by number (or those
    of another form you have) and shows what is on your belt.

    Only tools on your belt go into a dungeon, and the belt has limited
    slots (see +chapter and +digger/slot). /load and /unload take the
    tool's number from +tools. Belts are locked while your party is inside.

    A tool costs {tool_dp} DP and is built from exactly {tp} Tool Points (TP):
      Major rating {major_tp} TP (+{major_bonus} to the roll, {major_uses} uses per dungeon)
      Minor rating {minor_tp} TP (+{minor_bonus} to the roll, {minor_uses} uses per dungeon)
      a lesser quality {lesser_tp} TP, a greater one {greater_tp} TP, Cleanse {greatest_tp} TP;
      a drawback counts {drawback_tp} TP
    At most one drawback; Cleanse only on a Minor tool with a drawback.
    A form's tools may cover at most {categories} of the four abilities.
    /qualities lists every quality and drawback with what it does.

    /design opens a menu that adds up the TP as you pick. /buy does it in
    one line: the name, then = and the category (or its action), the
    rating and any qualities or drawback, then : and a description.

    In chargen your first tool brings a second one free, once.

    Examples:
      +tools
      +tools Wolf
      +tools/buy Crowbar=Brute Major Efficient: Cold iron, bent at one end.
      +tools/buy Smoke Jar=Agility Minor Quicken
      +tools/buy Salt Lamp=Wits Minor Cleanse Sacrifice
      +tools/load 2
    """)

    key = "+tools"
    switch_options = ("load", "unload", "design", "buy", "qualities")

    def func_default(self):
        view = sheets.sheet_view(self.caller, self.caller, self.args or None)
        self.msg(render.tools(view))

    def switch_load(self):
        change = belt.load(self.caller, self.number(self.args, "the tool's number from +tools"))
        self.msg(render.belt_change(change, loaded=True))

    def switch_unload(self):
        change = belt.unload(self.caller, self.number(self.args, "the tool's number from +tools"))
        self.msg(render.belt_change(change, loaded=False))

    def switch_design(self):
        toolmenu.start(self.caller, self.session)

    def switch_buy(self):
        if not self.args:
            self.refuse_usage("Describe the tool to buy.")
        purchase = tools.buy_tool(self.caller, tools.parse_tool_line(self.args))
        self.msg(render.tool_bought(purchase))

    def switch_qualities(self):
        self.msg(render.quality_choices())
