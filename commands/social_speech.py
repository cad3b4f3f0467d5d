"""
Speech and looks: `;` semipose, `@emit`, `@nospoof`, `page`, `describe`,
`+desc` (Evennia's multidescer), `home`, `look` at room details, `@detail`.
Say and pose are Evennia's own; all of them reach a running scene's log
through the room (world/social/scenes.py).
"""

from evennia.commands.default.general import CmdLook as EvenniaLook
from evennia.contrib.game_systems.multidescer.multidescer import CmdMultiDesc
from evennia.utils.eveditor import EvEditorCmdSet
from evennia.utils.utils import crop

from commands.command import DelverCommand
from world.access import STAFF_LOCK
from world.social import speech
from world.social.errors import SocialError
from world.social.render import fold_lines


class CmdSemipose(DelverCommand):
    """
    pose without a space after your name

    Usage:
      ;<text>

    Like pose, but your name is joined straight to the text, for
    possessives and the like. TinTin++ takes the semicolon to separate
    commands: there, put a backslash before it (\\;) or type
    `semipose 's lantern...` instead.

    Example:
      ;'s lantern gutters and goes out.
        (everyone sees: Corwin's lantern gutters and goes out.)
    """

    key = ";"
    aliases = ["semipose"]
    locks = "cmd:all()"
    help_category = "Social"
    arg_regex = None

    def parse(self):
        self.switches, self.switch_problem = [], None
        self.args = self.args.rstrip()
        if self.cmdstring != self.key:  # `semipose 's lantern`: the space only ends the word
            self.args = self.args.lstrip()

    def func_default(self):
        if not self.args.strip():
            self.refuse_usage("Pose what? Write it straight after the ;")
        if self.caller.location is None:
            raise SocialError("You are nowhere: there is nobody to see that.")
        text = f"{self.caller.key}{self.args}"
        self.caller.location.msg_contents(text=(text, {"type": "pose"}), from_obj=self.caller)


class CmdEmit(DelverCommand):
    """
    write to the room exactly what everyone reads

    Usage:
      @emit <text>
      @emit/allow
      @emit/forbid

    Sends your text to the room with no name in front. Players may emit in
    rooms that allow it and wherever a scene is running (+scene/start);
    anyone who sets @nospoof sees who emitted each line. Staff may
    @emit/allow or @emit/forbid it in the room they are in.

    Examples:
      @emit Thunder rolls over the Lantern Yard.
      @emit/allow
    """

    key = "@emit"
    aliases = ["emit", "\\\\"]
    locks = f"cmd:all();staff:{STAFF_LOCK}"
    help_category = "Social"
    switch_options = ("allow", "forbid")
    switch_locks = {"allow": "staff", "forbid": "staff"}

    def func_default(self):
        if self.caller.location is None:
            raise SocialError("You are nowhere: there is nobody to read that.")
        speech.emit(self.caller.location, self.caller, self.args)

    def _set(self, allowed):
        speech.set_emit_allowed(self.caller.location, allowed)
        self.msg(f"Players {'may' if allowed else 'may no longer'} @emit here.")

    def switch_allow(self):
        self._set(True)

    def switch_forbid(self):
        self._set(False)


class CmdNospoof(DelverCommand):
    """
    see who wrote each @emit

    Usage:
      @nospoof on
      @nospoof off

    With @nospoof on, every @emit you read starts with the emitter's name in
    brackets.

    Example:
      @nospoof on
    """

    key = "@nospoof"
    aliases = ["nospoof"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        choice = self.args.strip().lower()
        if choice not in ("on", "off"):
            self.refuse_usage("Say on or off.")
        speech.set_nospoof(self.caller, choice == "on")
        self.msg(f"@nospoof is {choice}.")


class CmdPage(DelverCommand):
    """
    send a private message to players anywhere

    Usage:
      page <name>[,<name>...]=<text>
      page <text>
      page <name>=:<pose>

    Pages reach players wherever they are, in a scene or out of the game.
    With no names, your page goes to the people you paged last. Start the
    text with : to pose (From afar, Corwin waves.). If someone is away, you
    are told their afk message.

    Examples:
      page Wren=Are you free for a Digger run?
      page Wren, Ash=Meet at the Lantern Yard.
      page Sounds good.
      page Wren=:waves.
    """

    key = "page"
    aliases = ["p", "tell", "+page"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True

    def func_default(self):
        if not self.args.strip():
            self.refuse_usage("Page whom, and what?")
        if self.rhs is not None and "=" in self.args:
            names, text = self.lhslist, self.rhs
        else:
            names, text = [], self.args
        body, delivered, offline, away = speech.page(self.caller, names, text)
        to = ", ".join(account.key for account in delivered)
        self.msg(f"|mYou paged {to}:|n {body}")
        if offline:
            self.msg("Not online (try +mail): " + ", ".join(a.key for a in offline))
        for account, message in away:
            self.msg(f"{account.key} is away: {message}")


class CmdDescribe(DelverCommand):
    """
    describe yourself (or something you own)

    Usage:
      describe <text>
      describe <thing>=<text>
      describe

    Sets what others read when they look at you. With a thing's name and =,
    describes something you own (builders: anything they may edit). With
    nothing, shows your description. For several descriptions to switch
    between (outfits, moods), see +desc.

    Examples:
      describe A tall delver in a patched oilskin coat.
      describe lantern=A brass lantern with one cracked pane.
    """

    key = "describe"
    aliases = ["@desc", "desc", "@describe"]
    locks = "cmd:all()"
    help_category = "Social"
    switch_options = ("edit",)

    def func_default(self):
        caller = self.caller
        if not self.args.strip():
            if caller.db.desc:
                self.msg(f"|wYour description:|n\n{fold_lines(caller.db.desc)}")
            else:
                self.msg("You have no description yet: |wdescribe <text>|n writes one.")
            return
        if self.rhs is not None:
            target = caller.search(self.lhs)
            if not target:
                return
            text = self.rhs
        else:
            target, text = caller, self.args
        if target != caller and not (
            target.access(caller, "control") or target.access(caller, "edit")
        ):
            raise SocialError(f"You may not describe {target.key}: it is not yours.")
        target.db.desc = text.strip()
        self.msg(f"{'You are' if target == caller else target.key + ' is'} now described.")

    def switch_edit(self):
        raise SocialError("Write the description after the command: describe <text>.")


_CONTRIB_SEED = "caller"  # the multidescer contrib's name for the description worn before


class CmdMultiDescribe(CmdMultiDesc):
    """
    keep several descriptions and switch between them

    Usage:
      +desc <name>=<text>
      +desc <name>
      +desc/list
      +desc/set <name>[+<name>...]
      +desc/del <name>
      +desc/swap <name1>-<name2>
      +desc/edit <name>

    Stores descriptions under names of your choosing; +desc/set puts one on
    (or several joined, in order: +desc/set face + coat). `+desc <name>`
    shows one without wearing it. The description you had before your
    first +desc is kept as "original".

    Examples:
      +desc coat=A long oilskin coat, patched at the elbows.
      +desc face=A weathered face under a wide-brimmed hat.
      +desc/set face + coat
      +desc/list
    """

    key = "+desc"
    aliases = []
    help_category = "Social"

    def func(self):
        # A second editor would stack another saved cmdset on the character,
        # and the stored list of cmdsets soon overflows its database column.
        if "edit" in self.switches and self.caller.cmdset.has(EvEditorCmdSet):
            self.msg("You are already editing a description: save it with :wq "
                     "or leave it with :q, then type +desc/edit <name> again.")
            return
        # The contrib's editor reads the store before anything made it.
        if self.caller.db.multidesc is None:
            self.caller.db.multidesc = [(_CONTRIB_SEED, self.caller.db.desc or "")]
        self.tidy_store()
        if "list" in self.switches:
            self.show_list(cropped="full" not in self.switches)
            return
        if "set" in self.switches and self.args.strip():
            # The contrib glues the parts with no space between sentences.
            stored = dict(self.caller.db.multidesc)
            parts = [part.strip() for part in self.args.split("+") if part.strip()]
            worn = " ".join(stored.get(part.lower(), part) for part in parts)
            self.caller.db.desc = worn
            self.msg(f"{worn}\n\n|wYou now wear that description.|n")
            return
        if not self.switches and self.rhs is None and self.args.strip():
            self.show_one(self.args.strip())
            return
        super().func()
        self.tidy_store()

    def tidy_store(self):
        """
        The contrib keeps the description worn before the first +desc under
        the name "caller" (and adds it again, empty, whenever the store is
        emptied): an empty one is dropped, a written one is named "original".
        """
        stored = self.caller.db.multidesc or []
        names = [name for name, _ in stored]
        if _CONTRIB_SEED not in names:
            return
        tidied = [
            ("original" if name == _CONTRIB_SEED and "original" not in names else name, text)
            for name, text in stored
            if name != _CONTRIB_SEED or text.strip()
        ]
        self.caller.db.multidesc = tidied

    def show_list(self, cropped=True):
        stored = self.caller.db.multidesc or []
        if not stored:
            self.msg("You have stored no descriptions yet: |w+desc <name>=<text>|n stores one.")
            return
        if cropped:
            lines = [f"|w{name}:|n {crop(text)}" for name, text in stored]
        else:
            lines = [f"|w{name}:|n\n{text}\n" for name, text in stored]
        self.msg("|wYour stored descriptions:|n\n" + "\n".join(lines))

    def show_one(self, name):
        """`+desc <name>`, in our words (the contrib's misspells "Description")."""
        text = dict(self.caller.db.multidesc).get(name.lower())
        if text is None:
            self.msg(f"You have no description called '{name}'. |w+desc/list|n shows yours.")
            return
        self.msg(f"|wDescription {name.lower()}:|n\n{text}")


class CmdHome(DelverCommand):
    """
    go back to your home room

    Usage:
      home

    Takes you straight to your home (for most, the Lantern Yard).

    Example:
      home
    """

    key = "home"
    aliases = ["+home"]
    locks = "cmd:all()"
    help_category = "Social"
    arg_regex = r"$"

    def func_default(self):
        caller = self.caller
        if not caller.home:
            raise SocialError("You have no home room: ask staff with +request.")
        if caller.home == caller.location:
            raise SocialError("You are already home.")
        self.msg("You head home.")
        caller.move_to(caller.home, move_type="teleport")


class CmdLook(EvenniaLook):
    """
    look at the room, someone or something

    Usage:
      look
      look <thing>

    Without a name, shows the room. You can also look at things the room's
    description names (try `look notice board` in the Lantern Yard).

    Examples:
      look
      look notice board
    """

    help_category = "General"

    def func(self):
        location = self.caller.location
        if self.args.strip() and location is not None:
            matches = self.caller.search(self.args.strip(), quiet=True)
            if not matches:
                detail = speech.find_detail(location, self.args)
                if detail:
                    self.msg(text=(fold_lines(detail), {"type": "look"}), options=None)
                    return
        super().func()


class CmdDetail(DelverCommand):
    """
    give a room things to look at

    Usage:
      @detail
      @detail <name>=<text>
      @detail <name>=

    Details are the things a room's description names that players can
    `look` at without their being objects. With no =text, lists this room's
    details; with an empty text, removes one. Builders only.

    Example:
      @detail notice board=Maps pinned over maps, and a list of open dungeons.
    """

    key = "@detail"
    aliases = ["detail"]
    locks = "cmd:perm(Builder)"
    help_category = "Building"

    def func_default(self):
        room = self.caller.location
        if room is None:
            raise SocialError("You are nowhere.")
        if self.rhs is None:
            known = speech.details(room)
            self.msg("Details here: " + (", ".join(sorted(known)) or "none"))
            return
        name = speech.set_detail(room, self.lhs, self.rhs)
        self.msg(f"Detail '{name}' {'set' if self.rhs else 'removed'}.")


SPEECH_COMMANDS = (
    CmdSemipose, CmdEmit, CmdNospoof, CmdPage, CmdDescribe, CmdMultiDescribe, CmdHome,
    CmdLook, CmdDetail,
)
