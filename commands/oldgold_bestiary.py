"""
`+bestiary`: Old Gold's monsters for everyone to read, and the GM's tools
to spawn them, play their powers, and make or adapt monsters saved as
prototypes (`world.oldgold_dungeon.bestiary` and `.monster_making`).
"""

from evennia import CmdSet

from commands.oldgold import OldGoldCommand
from world.numbers import whole_number
from world.oldgold import services
from world.oldgold.errors import OldGoldError
from world.oldgold_dungeon import bestiary, hazards, monster_making

HELP_CATEGORY = "Old Gold scenes"
GM_SWITCHES = ("spawn", "power", "rest", "sunlit", "burned", "foe", "make", "adapt",
               "unmake", "made")


class CmdBestiary(OldGoldCommand):
    """
    +bestiary: read Old Gold's monsters; GMs spawn, play, make and adapt them.

    Usage:
      +bestiary                        every monster in a table
      +bestiary <monster>              one monster (also +bestiary/show)
      +bestiary/spawn <monster>[=<how many>]
      +bestiary/power <creature>=<power>[, <target>, ...]
      +bestiary/rest <creature>        its spent powers come back
      +bestiary/sunlit <creature>      sunlight on it, or off (no healing)
      +bestiary/burned <creature>      fire finished it: it cannot rise again
      +bestiary/foe <creature>=<target>, or =hold, or =auto
      +bestiary/make <name>=<level or threat>[, <attribute>[, <attack>]]
      +bestiary/adapt <monster> as <new name>=<change>, <change>, ...
      +bestiary/made                   monsters GMs have made
      +bestiary/unmake <name>

    The bestiary holds the 25 creatures of the Old Gold text. In a fight
    (|w+og/fight|n) the server plays what changes numbers: a troll
    regenerates 1d6 as its turn comes, a fallen zombie may rise with 1 HP
    (3 in 6), a spent (recharge) power comes back on 2 in 6, and a demon,
    vampire or dragon strikes with all its attacks on its turn (at the foe
    set with /foe, or whoever last hurt it). Innate magic (Web, Charm,
    Petrify, Fireball, Drain) and the recharging powers (the flayer's
    blast, the dragon's fire breath) are spent by /power, and /rest brings
    them all back. Everything else is in the monster's notes.

    Making a monster: a level (1-10) or a threat (fragile, ordinary, tough,
    formidable, legendary) sets HP, DP, scores, attack die, Morale and
    number appearing; the attribute it leans on defaults to Might. Adapting
    changes: name, hp, dp, might, grace, mind, heart, morale, na, speed,
    attack <name> <damage>, ability <name> (or -<name>), notes <text>. A
    change to Might or Grace moves the attacks that use its Bonus. Both
    save a prototype oldgold_<name> that |wspawn|n and /spawn use.

    Examples:
      +bestiary troll
      +bestiary/spawn goblin=4
      +bestiary/power basilisk=petrify, Alice
      +bestiary/power red dragon=fire breath, Alice, Bob
      +bestiary/foe demon=Bob
      +bestiary/make Cave Bear=tough, might, maul
      +bestiary/adapt goblin as goblin chief=hp 12, might 3, morale 7

    Spawning, powers, making and adapting are for GMs.
    Old Gold is by Milán László (CC BY 4.0).
    """

    key = "+bestiary"
    aliases = ["+monster", "+monsters"]
    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{services.GM_LOCK}"
    switch_options = ("list", "show", *GM_SWITCHES)
    switch_locks = dict.fromkeys(GM_SWITCHES, "gm")

    def creature(self, text):
        if not (text or "").strip():
            self.refuse_usage("Name the creature here.")
        npc = services.find_here(self.caller, text.strip())
        if not services.is_npc(npc):
            raise OldGoldError(f"{npc.key} is not an Old Gold creature.")
        return npc

    # ------------------------------------------------------------ reading
    def func_default(self):
        if self.args.strip():
            self.switch_show()
        else:
            self.switch_list()

    def switch_list(self):
        made = monster_making.made_monsters()
        self.msg(bestiary.render_list(made))

    def switch_show(self):
        text = self.args.strip()
        if not text:
            self.refuse_usage("Name a monster: +bestiary troll.")
        key, data = bestiary.find_entry(text)
        self.msg(bestiary.render_entry(key, data))

    # ------------------------------------------------------------ in play
    def switch_spawn(self):
        name = (self.lhs or "").strip()
        if not name:
            self.refuse_usage("Name the monster to spawn: +bestiary/spawn goblin=3.")
        count = 1
        if self.rhs is not None:
            count = whole_number(self.rhs.strip(), 1, bestiary.MAX_SPAWN)
            if count is None:
                raise OldGoldError(f"Spawn from 1 to {bestiary.MAX_SPAWN} at a time.")
        self.room(bestiary.spawn(self.caller, name, count))

    def switch_power(self):
        if not self.rhs:
            self.refuse_usage("Name the power: +bestiary/power basilisk=petrify, Alice.")
        npc = self.creature(self.lhs)
        power, *names = [part.strip() for part in self.rhs.split(",")]
        targets = [services.find_here(self.caller, name) for name in names if name]
        self.room(bestiary.use_power(self.caller, npc, power, targets))

    def switch_rest(self):
        self.room(bestiary.rest(self.caller, self.creature(self.args)))

    def switch_sunlit(self):
        self.room(bestiary.toggle(self.caller, self.creature(self.args), "sunlit"))

    def switch_burned(self):
        self.room(bestiary.toggle(self.caller, self.creature(self.args), "burned"))

    def switch_foe(self):
        npc = self.creature(self.lhs)
        choice = (self.rhs or "").strip()
        if not choice:
            self.refuse_usage("Say whom it strikes: +bestiary/foe demon=Bob (or =hold, =auto).")
        if choice.lower() == "hold":
            outcome = bestiary.set_foe(self.caller, npc, hold=True)
        elif choice.lower() == "auto":
            outcome = bestiary.set_foe(self.caller, npc)
        else:
            outcome = bestiary.set_foe(self.caller, npc, services.find_here(self.caller, choice))
        self.room(outcome)

    # ------------------------------------------------------------ making
    def switch_make(self):
        name = (self.lhs or "").strip()
        if not name or not self.rhs:
            self.refuse_usage("Give a name and a level or threat: "
                              "+bestiary/make Cave Bear=tough, might, maul.")
        threat, *rest = [part.strip() for part in self.rhs.split(",")]
        prime = services.attribute_named(rest[0]) if rest and rest[0] else "might"
        attack = rest[1][:30] if len(rest) > 1 and rest[1] else "claws"
        data = monster_making.make(name, threat, prime, attack)
        key = monster_making.save(self.caller, data)
        self.msg(f"Saved {key} ({data['threat']}).\n" + bestiary.render_entry(key, data))

    def switch_adapt(self):
        left = (self.lhs or "").strip()
        source, sep, new_name = left.partition(" as ")
        if not sep or not new_name.strip() or not self.rhs:
            self.refuse_usage("Name the monster, its new name and the changes: "
                              "+bestiary/adapt goblin as goblin chief=hp 12, might 3.")
        _key, data = bestiary.find_entry(source)
        changes = [("name", new_name.strip())] + monster_making.parse_changes(self.rhs)
        adapted = monster_making.adapt(data, changes)
        key = monster_making.save(self.caller, adapted)
        self.msg(f"Saved {key}.\n" + bestiary.render_entry(key, adapted))

    def switch_made(self):
        made = monster_making.made_monsters()
        if not made:
            self.msg("No GM has made a monster yet: |w+bestiary/make|n or |w+bestiary/adapt|n.")
            return
        self.msg("\n".join(f"{key}: {data['name']} (HP {data['hp']}, DP {data['dp']})"
                           for key, data in made))

    def switch_unmake(self):
        name = self.args.strip()
        if not name:
            self.refuse_usage("Name the made monster: +bestiary/unmake goblin chief.")
        key = name if name.startswith(bestiary.PROTOTYPE_PREFIX) else \
            monster_making.key_for(name)
        monster_making.unmake(key)
        self.msg(f"{key} is gone; monsters already spawned from it stay.")


class CmdHazard(CmdBestiary):
    """
    +hazard: Old Gold's hazards and weather, rolled onto a sheet by a GM.

    Usage:
      +hazard                          every hazard with its numbers
      +hazard <hazard>                 one hazard, in words
      +hazard <hazard>=<who>[, <number>]

    The number is how far a fall is (metres), a poison's difficulty, the
    difficulty of holding one's drink (10 unless given), or how many
    watches, rounds or strikes of cold, heat, burning, suffocating or
    lightning to roll (1 unless given). Damage is reduced by DP unless the
    text calls it direct (cold, heat, suffocating). A fall rolls 1d4 for
    every 2m past the first 2, and kills when three or more dice show 4.

    Examples:
      +hazard falling=Ann, 9
      +hazard cold=Bob, 2
      +hazard poison=Ann, 12
      +hazard drink=Bob
      +hazard storm

    Rolling a hazard onto someone is for GMs; anyone may read them.
    Old Gold is by Milán László (CC BY 4.0).
    """

    key = "+hazard"
    aliases = ["+hazards"]
    switch_options = ()
    switch_locks = {}

    def func_default(self):
        name = (self.lhs or "").strip()
        if not name:
            self.msg(hazards.hazard_list())
            return
        hazard = hazards.hazard_named(name)
        if self.rhs is None:
            self.msg(f"|w{hazard.name}|n: {hazard.summary}")
            return
        if not self.access(self.caller, "gm"):
            raise OldGoldError("Only a game master rolls hazards onto someone: ask your "
                               "scene's GM. Nothing was changed.")
        who, _, number_text = self.rhs.partition(",")
        if not who.strip():
            self.refuse_usage("Name who meets the hazard: +hazard falling=Ann, 9.")
        target = services.find_here(self.caller, who.strip())
        kwargs = {}
        if number_text.strip():
            number = whole_number(number_text.strip(), 0, 1000)
            if number is None:
                raise OldGoldError("The number after the name is a whole number, "
                                   "like +hazard falling=Ann, 9.")
            if hazard.key == "falling":
                kwargs["metres"] = number
            elif hazard.check:
                kwargs["difficulty"] = number
            else:
                kwargs["times"] = number
        self.room(hazards.apply_hazard(self.caller, target, name, **kwargs))


class OldGoldBestiaryCmdSet(CmdSet):
    key = "OldGoldBestiary"

    def at_cmdset_creation(self):
        self.add(CmdBestiary())
        self.add(CmdHazard())
