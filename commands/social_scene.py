"""
Scenes and pose order: `+scene` (start, stop, share, list, search, read)
and `+pot`. The logging itself happens in the room (world/social/scenes.py).
"""

from commands.command import DelverCommand
from world.numbers import database_id
from world.social import render, scenes
from world.social.errors import SocialError
from world.social.render import fold
from world.words import counted


class CmdScene(DelverCommand):
    """
    log a scene: every pose, say, emit and roll in the room

    Usage:
      +scene/start [<title>]
      +scene/stop
      +scene
      +scene/list
      +scene/read <#>
      +scene/share <#>
      +scene/unshare <#>
      +scene/search <words>
      +scene/with <name>

    `+scene/start` begins logging in your room (and allows @emit there)
    until `+scene/stop`. `+scene` shows the scene running here. Logs are
    private to those who were there until one of them shares it; shared logs
    are on the web for everyone at /scenes/. `+scene/search` finds scenes by
    title, `+scene/with` by participant. `+scene/read` shows a long log a
    screen at a time (|wnext|n, |wprevious|n, |wquit|n).

    Examples:
      +scene/start The Gate at Dusk
      +pot
      +scene/stop
      +scene/share 12
      +scene/with Corwin
    """

    key = "+scene"
    aliases = ["scene"]
    locks = "cmd:all()"
    help_category = "Social"
    switch_options = ("start", "stop", "list", "read", "share", "unshare", "search", "with")

    @property
    def player(self):
        """The caller's account (the character's, when a character calls)."""
        return getattr(self.caller, "account", None) or self.caller

    def func_default(self):
        scene = scenes.open_scene(self.caller.location)
        if scene is None:
            raise SocialError("No scene is running here. Start one with |w+scene/start [<title>]|n.")
        self.msg(fold(
            f"Scene #{scene.id}, |w{render.scene_title(scene)}|n, started "
            f"{render.since(scene.started_at)} ago; {counted(scene.entries.count(), 'line')} "
            "logged so far."
        ) + "\n|w+pot|n shows whose turn it is; |w+scene/stop|n ends the scene.")

    def switch_start(self):
        scene = scenes.start(self.caller.location, self.caller, self.args)
        self.caller.location.msg_contents(fold(
            f"|w{self.caller.key}|n starts scene #{scene.id}"
            f"{': ' + scene.title if scene.title else ''}."
        ) + "\nPoses, says, emits and rolls here are logged until |w+scene/stop|n.")

    def switch_stop(self):
        scene = scenes.stop(self.caller.location, self.caller)
        self.caller.location.msg_contents(fold(
            f"|w{self.caller.key}|n stops scene #{scene.id}. Its log is kept: "
            f"|w+scene/read {scene.id}|n shows it, |w+scene/share {scene.id}|n puts it on "
            "the website for everyone."
        ))

    def _number(self):
        number = database_id(self.args.strip())
        if number is None:
            self.refuse_usage("Name the scene by its number, like 12.")
        return number

    def switch_read(self):
        scene = scenes.get_readable(self._number(), self.player)
        self.msg_paged(render.scene_log(scene, scene.entries.all()))

    def switch_share(self):
        scene = scenes.share(self._number(), self.player, True)
        self.msg(f"Scene #{scene.id} is shared: anyone can read it on the website, at "
                 f"/scenes/{scene.id}/.")

    def switch_unshare(self):
        scene = scenes.share(self._number(), self.player, False)
        self.msg(f"Scene #{scene.id} is private again: only its participants can read it.")

    def switch_list(self):
        self.msg(render.scene_list(scenes.search(self.player), "Scenes you can read"))

    def switch_search(self):
        if not self.args.strip():
            self.refuse_usage("Search for which words of a title?")
        found = scenes.search(self.player, text=self.args.strip())
        self.msg(render.scene_list(found, f"Scenes titled like '{self.args.strip()[:30]}'"))

    def switch_with(self):
        if not self.args.strip():
            self.refuse_usage("Scenes with whom?")
        found = scenes.search(self.player, participant=self.args.strip())
        self.msg(render.scene_list(found, f"Scenes with {self.args.strip()[:30]}"))


class CmdPot(DelverCommand):
    """
    see whose turn it is to pose

    Usage:
      +pot

    In a running scene, lists its participants by pose order: the one who
    posed longest ago is marked > and goes next; then how long since each
    of them posed.

    Examples:
      +scene/start
      +pot
    """

    key = "+pot"
    aliases = ["pot", "+poseorder"]
    locks = "cmd:all()"
    help_category = "Social"

    def func_default(self):
        room = self.caller.location
        scene = scenes.open_scene(room)
        if scene is None:
            raise SocialError("No scene is running here, so there is no pose order. "
                              "Start one with |w+scene/start|n.")
        self.msg(render.pose_order(scene, scenes.pose_order(scene, room)))


SCENE_COMMANDS = (CmdScene, CmdPot)
