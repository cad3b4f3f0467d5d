"""
Out-of-character speech and leaving your character.

MUSH players type `ooc <text>` to speak out of character in the room, so that
is what `ooc` does here; Evennia's "stop playing this character" is `unpuppet`,
which says what happened and how to come back.
"""

from evennia.commands.default.account import CmdOOC as EvenniaUnpuppet

from commands.command import DelverCommand
from world.errors import GameError


def ooc_line(name, text):
    """`Ann: hi` -> `<OOC> Ann says, "hi"`; `:waves` / `;'s` pose the MUSH way."""
    if text.startswith(":"):
        return f"|w<OOC>|n {name} {text[1:].lstrip()}"
    if text.startswith(";"):
        return f"|w<OOC>|n {name}{text[1:]}"
    return f'|w<OOC>|n {name} says, "{text}"'


class CmdOOCSay(DelverCommand):
    """
    speak out of character in the room

    Usage:
      ooc <text>
      ooc :<pose>

    Everyone in the room sees your words marked <OOC>, apart from the
    story. To stop playing your character altogether, use unpuppet.

    Examples:
      ooc brb, phone
        (everyone sees: <OOC> Ann says, "brb, phone")
      ooc :waves hello
        (everyone sees: <OOC> Ann waves hello)
    """

    key = "ooc"
    locks = "cmd:all()"
    help_category = "Social"
    arg_regex = r"\s.*?|$"

    def parse(self):
        self.switches, self.switch_problem = [], None
        self.args = self.args.strip()

    def func_default(self):
        speaker = self.caller if hasattr(self.caller, "location") else None
        if speaker is None and self.account:
            speaker = self.account.get_puppet(self.session)
        if speaker is None or speaker.location is None:
            raise GameError(
                "You are not in a room: ooc speaks to the room your character is in. "
                "Type ic to take up your character first."
            )
        if not self.args:
            self.refuse_usage("Say what out of character?")
        line = ooc_line(speaker.key, self.args)
        speaker.location.msg_contents(text=(line, {"type": "ooc"}), from_obj=speaker)


class CmdUnpuppet(EvenniaUnpuppet):
    """
    stop playing your character (go out of character on your account)

    Usage:
      unpuppet

    Your character leaves the game world and you stay logged in on your
    account only. Type ic to take your character up again. (To speak out of
    character in the room instead, use ooc <text>.)
    """

    key = "unpuppet"
    aliases = []
    help_category = "General"

    def func(self):
        account, session = self.account, self.session
        character = account.get_puppet(session)
        if not character:
            self.msg("You are not playing a character now. Type ic to take yours up.")
            return
        account.db._last_puppet = character
        try:
            account.unpuppet_object(session)
        except RuntimeError as exc:
            self.msg(f"|rYou are still playing {character.key}:|n {exc}")
            return
        self.msg(
            f"You stop playing {character.key}: they leave the game world and you are on "
            f"your account only (out of character).\nType |wic|n to play {character.key} again."
        )
