"""
Old Gold's one command, `+og`, with a switch per action: sheets and chargen,
checks, combat turns, magic, shopping, banking, rest and advancement, and
the GM's switches (guarded by the command's `gm` lock type).

Each switch parses, calls one service in `world.oldgold.services` and posts
its lines: to the room for anything rolled or changed in play, to the caller
for sheets and lists.
"""

import re

from evennia import CmdSet

from commands.command import DelverCommand
from world.numbers import whole_number
from world.oldgold import (
    chargen, chase, combat, groups, magic, reach, render, rules, services, touches, treasure,
)
from world.oldgold.errors import OldGoldError

HELP_CATEGORY = "Old Gold scenes"
_VERSUS = re.compile(r"\s+vs\.?\s+", re.I)
_WITH = re.compile(r"\s+with\s+", re.I)
_AT = re.compile(r"(?:^|\s)at\s+(\S+)$", re.I)
_WAY = re.compile(r"(?:(towards|toward|away from|away)\b)?\s*(.*)$", re.I)
_CAST_WORDS = ("cast", "spell", "prayer", "magic")
GM_SWITCHES = ("approve", "inspire", "fight", "join", "npc", "next", "cond",
               "uncond", "morale", "end", "give", "pay", "learn", "day", "deprive", "chase",
               "exchange", "endchase", "treasure", "share")
STAFF_SWITCHES = ("adjust", "gm")


def _amount(text, what="an amount of gp"):
    value = whole_number(text, 1, rules.MAX_GP)
    if value is None:
        raise OldGoldError(f"Give {what} as a whole number from 1 to {rules.MAX_GP}.")
    return value


class OldGoldCommand(DelverCommand):
    """Base of Old Gold's commands (not a command players call): a switch may
    be shortened to any unique prefix, GM and staff switches sit behind the
    `gm` and `staff` lock types (`switch_locks`), and text is wrapped as Old
    Gold's render wraps it."""

    def locked_out(self, typed, lock_type):
        if lock_type == "gm":
            return (f"Only a game master can use {typed} (staff, or a player staff "
                    "made GM with +og/gm): ask your scene's GM. Nothing was changed.")
        return super().locked_out(typed, lock_type)

    def room(self, outcome):
        """Post an outcome to the caller's room (its private lines to the caller)."""
        location = self.caller.location
        if location is None:
            self.msg(outcome.text)
        else:
            location.msg_contents(render.wrap_text(outcome.text), from_obj=self.caller)
        for line in outcome.private:
            self.msg(line)

    def msg(self, text=None, *args, **kwargs):
        if isinstance(text, str):
            text = render.wrap_text(text)
        super().msg(text, *args, **kwargs)


class CmdOldGold(OldGoldCommand):
    """
    Play Old Gold adventurers: sheets, checks, fights, magic and downtime.

    Usage:
      +og/new                      make an adventurer (a menu)
      +og/sheet [<character>]
      +og/check <attribute> vs <number or someone>[/<attribute>][=<options>]
      +og/part [<options>]         roll your own part of a GM's group check
      +og/group                    the group check waiting here, part by part
      +og/reroll [cast]            spend Inspiration on your last roll
                                   (cast: the spell or prayer you just cast)
      +og/attack <target>[ with <weapon>][=<options>]
      +og/move [toward <name> or away from <name>]   your Speed in metres
      +og/sprint [toward <name> or away from <name>]  move again (main action)
      +og/defend, +og/disengage, +og/done
      +og/oa <target>[ with <weapon>]   opportunity attack, once a round
      +og/distance                 how far apart everyone in the fight stands
      +og/swap <name>              trade places with a PC of your Grace
      +og/escape <attribute> vs <number or someone>   break a grapple or bonds
      +og/deathroll                at 0 HP, on your turn
      +og/splinter                 break your shield to ignore the last blow
      +og/cast <spell or prayer>[=<target>, <target>...]
      +og/magic                    the 20 spells and 20 prayers
      +og/shop, +og/buy <item>, +og/sell <item>, +og/drop <item>
      +og/carry <item>=<hands, body or pack>, +og/mark <item>
      +og/repair <item>            a blacksmith: 10% of its price a dot
      +og/deposit <gp>, +og/withdraw <gp>
      +og/rest, +og/level <attribute>, +og/week
      +og/downtime <gp>=<activity>, +og/carouse <gp>
      +og/order
      +og/touch [roll [<touch>]] or +og/touch <touch>=<words>
      +og/bond <name>[=<a bond you invent together>], +og/unbond <name>
      +og/deity [<name>/<domain>/<tenet>]   roll 1d12 a column, or your own

    Attributes are Might, Grace, Mind and Heart (a check adds the score; the
    bonus, half the score rounded up, adds to damage and magic). A check
    succeeds when d20 + score is MORE than the difficulty; a natural 20
    always succeeds and a natural 1 always fails. Against someone the
    difficulty is 10 + their score (the same attribute unless you name one).

    Check options (comma-separated): adv, dis, their adv, their dis,
    help <name> (a helper gives advantage), poison, mental (the Dwarf and
    Elf resist those with advantage), sight (a check that needs the eyes:
    blinded, it has disadvantage). Advantage and disadvantage cancel.

    Group checks: when the GM calls one (+og/group), each member named
    rolls their own part with +og/part (the same options as a check); the
    room sees every die, and once all parts are in the group passes when
    half of them or more pass. Inspiration may roll your part again.

    Attack options: cover (+2 DP to the target), full cover (blocked),
    adv, dis, dual <second weapon>. Without a weapon named you fight with
    the first in your hands that reaches, or name 'unarmed' (1d2) or
    'improvised' (1d4), plus Might Bonus. Damage is reduced by the
    target's DP.

    Distance matters: a melee weapon strikes within its reach (2m, a spear
    4m); a bow, sling or thrown weapon cannot shoot at someone within 2m
    or past its range, and a shot at a foe with one of your side within 2m
    of it hits that ally on a 1 in 6. Magic reaches 60m unless it says
    otherwise (a touch: 2m). Moving toward someone brings you your Speed
    nearer (no closer than 2m); moving out of a foe's reach lets it strike
    at you unless you disengaged first.

    Examples:
      +og/check might vs 12
      +og/check grace vs Goblin=adv, help Bob
      +og/part help Bob
      +og/attack goblin with sword=cover
      +og/move toward goblin
      +og/escape might vs goblin
      +og/cast magic missile=goblin, goblin
      +og/downtime 100=training

    GM switches (staff, or a player staff made GM): see |whelp old gold gm|n
    and the |whelp old gold|n guide. Old Gold is by Milán László (CC BY 4.0).
    """

    key = "+og"
    aliases = ["+oldgold"]
    help_category = HELP_CATEGORY
    locks = f"cmd:all();gm:{services.GM_LOCK};staff:{services.STAFF_LOCK}"
    switch_options = (
        "new", "sheet", "check", "part", "group", "reroll", "attack", "move", "sprint", "defend",
        "disengage", "done", "oa", "deathroll", "splinter", "cast", "magic", "shop", "buy",
        "sell", "drop", "carry", "mark", "repair", "deposit", "withdraw", "rest", "level",
        "week", "downtime", "carouse", "order", "swap", "escape", "distance", "touch", "bond",
        "unbond", "deity",
        *GM_SWITCHES, *STAFF_SWITCHES,
    )
    switch_locks = {**dict.fromkeys(GM_SWITCHES, "gm"), **dict.fromkeys(STAFF_SWITCHES, "staff")}

    def refuse_usage(self, problem=None):
        """The problem and what to type instead; the whole switch list is one
        |whelp +og|n away rather than thirty lines under every slip."""
        if problem:
            raise OldGoldError(f"{problem} (|whelp +og|n lists every switch.)")
        super().refuse_usage()

    def tell(self, outcome):
        self.msg(outcome.text)

    def who(self, name):
        return services.find_here(self.caller, name)

    def options(self):
        return [part.strip().lower() for part in (self.rhs or "").split(",") if part.strip()]

    # ------------------------------------------------------------ sheets
    def func_default(self):
        self.switch_sheet()

    def switch_new(self):
        sheet = services.OldGoldSheet.objects.filter(character=self.caller).first()
        if sheet and sheet.status == sheet.APPROVED and not sheet.dead:
            raise OldGoldError("You already have an approved adventurer (|w+og/sheet|n).")
        chargen.start(self.caller)

    def switch_sheet(self):
        target = self.caller
        if self.args.strip():
            target = services.find_anyone(self.caller, self.args.strip())
        self.msg(services.sheet_text(self.caller, target))

    # ------------------------------------------------------------ checks
    def switch_check(self):
        text = (self.lhs or "").strip()
        parts = _VERSUS.split(text, maxsplit=1)
        if len(parts) != 2 or not all(p.strip() for p in parts):
            self.refuse_usage("Say what you check and against what: +og/check might vs 12.")
        self.room(services.make_check(self.caller,
                                      self._check_request(parts[0], parts[1], self.rhs)))

    def _check_request(self, attribute, against, options):
        """A CheckRequest from '<attribute>', '<number or someone>[/<attribute>]'
        and the options after '='."""
        against = against.strip()
        kwargs = {}
        number = whole_number(against, 0, rules.MAX_DIFFICULTY)
        if number is not None:
            kwargs["difficulty"] = number
        else:
            name, _, their = against.partition("/")
            kwargs["opponent"] = self.who(name)
            kwargs["opponent_attribute"] = services.attribute_named(their) if their else ""
        return services.CheckRequest(services.attribute_named(attribute), **kwargs,
                                     **self._check_options(options))

    def _check_options(self, text):
        """A check's or a group part's options (comma-separated), as
        CheckRequest fields."""
        kwargs, helpers = {}, []
        for option in (part.strip().lower() for part in (text or "").split(",")):
            if not option:
                continue
            if option in ("adv", "advantage"):
                kwargs["advantage"] = True
            elif option in ("dis", "disadvantage"):
                kwargs["disadvantage"] = True
            elif option in ("their adv", "their advantage"):
                kwargs["their_advantage"] = True
            elif option in ("their dis", "their disadvantage"):
                kwargs["their_disadvantage"] = True
            elif option in ("poison", "mental"):
                kwargs["resist"] = option
            elif option == "sight":
                kwargs["sight"] = True
            elif option.startswith("help "):
                helpers.append(self.who(option[5:]))
            else:
                raise OldGoldError(f"'{option}' is not a check option: adv, dis, their adv, "
                                   "their dis, help <name>, poison, mental, sight.")
        return {**kwargs, "helpers": tuple(helpers)}

    def switch_part(self):
        request = services.CheckRequest("", **self._check_options(self.args))
        self.room(groups.roll_part(self.caller, request))

    def switch_reroll(self):
        what = self.args.strip().lower()
        if what not in ("", *_CAST_WORDS):
            self.refuse_usage(f"'{what}' is not something to roll again: +og/reroll (your "
                              "last roll) or +og/reroll cast (the spell or prayer you "
                              "just cast).")
        self.room(services.reroll(self.caller, cast=bool(what)))

    # ------------------------------------------------------------ combat
    def _attack_request(self, opportunity=False):
        text = (self.lhs or "").strip()
        if not text:
            self.refuse_usage("Name whom you attack: +og/attack goblin.")
        target_name, weapon = _split_with(text)
        kwargs = {"target": self.who(target_name), "weapon": weapon,
                  "opportunity": opportunity}
        for option in self.options():
            if option in ("adv", "advantage"):
                kwargs["advantage"] = True
            elif option in ("dis", "disadvantage"):
                kwargs["disadvantage"] = True
            elif option == "cover":
                kwargs["cover"] = "partial"
            elif option == "full cover":
                kwargs["cover"] = "full"
            elif option.startswith("dual "):
                kwargs["second"] = option[5:].strip()
            elif option.startswith("by ") and opportunity:
                kwargs["by"] = self.who(option[3:])
            else:
                extra = ", by <NPC> (a GM's opportunity attack)" if opportunity else ""
                raise OldGoldError(f"'{option}' is not an attack option: cover, full cover, "
                                   f"adv, dis, dual <weapon>{extra}.")
        return combat.AttackRequest(**kwargs)

    def switch_attack(self):
        self.room(combat.attack(self.caller, self._attack_request()))

    def switch_oa(self):
        self.room(combat.attack(self.caller, self._attack_request(opportunity=True)))

    def _way(self):
        """{'toward': someone} or {'away': someone} from 'toward <name>',
        'away from <name>' (or a bare name: toward); {} for no one."""
        match = _WAY.match(self.args.strip())
        name = match.group(2).strip()
        if not name:
            if match.group(1):
                self.refuse_usage("Name whom you move toward or away from: +og/move toward "
                                  "goblin, +og/move away from goblin.")
            return {}
        way = "away" if (match.group(1) or "").lower().startswith("away") else "toward"
        return {way: self.who(name)}

    def switch_move(self):
        self.room(combat.simple_action(self.caller, "move", **self._way()))

    def switch_sprint(self):
        self.room(combat.simple_action(self.caller, "sprint", **self._way()))

    def switch_distance(self):
        if not self.args.strip():
            self.tell(reach.show_distances(self.caller))
            return
        words = (self.rhs or "").split()
        value = whole_number((words[-1] if words else "").lower().rstrip("m"), 0,
                             rules.MAX_DISTANCE)
        if not self.lhs.strip() or value is None or len(words) > 2:
            self.refuse_usage("Give whom and how far: +og/distance goblin=20 (from the "
                              "other side) or +og/distance goblin=Ann 4.")
        other = self.who(words[0]) if len(words) == 2 else None
        self.room(reach.set_distance(self.caller, self.who(self.lhs), value, other))

    def switch_defend(self):
        self.room(combat.simple_action(self.caller, "defend"))

    def switch_disengage(self):
        self.room(combat.simple_action(self.caller, "disengage"))

    def switch_done(self):
        self.room(combat.end_turn(self.caller))

    def switch_deathroll(self):
        self.room(combat.death_roll(self.caller))

    def switch_splinter(self):
        self.room(combat.splinter_shield(self.caller))

    def switch_order(self):
        self.tell(combat.order(self.caller.location))

    def switch_swap(self):
        if not self.args.strip():
            self.refuse_usage("Name the PC of your Grace to trade places with: +og/swap Bo.")
        self.room(combat.swap(self.caller, self.who(self.args)))

    def switch_escape(self):
        text = self.args.strip()
        parts = _VERSUS.split(text, maxsplit=1)
        if len(parts) != 2 or not all(p.strip() for p in parts):
            self.refuse_usage("Say how you break free and against what: +og/escape might "
                              "vs Goblin, or +og/escape grace vs 12.")
        self.room(combat.escape(self.caller, self._check_request(parts[0], parts[1], "")))

    # ------------------------------------------------------------ magic
    def switch_cast(self):
        name = (self.lhs or "").strip()
        if not name:
            self.refuse_usage("Name the spell or prayer: +og/cast sleep=goblin.")
        chosen = rules.magic_named(name)
        targets, item_text, attribute = [], "", ""
        for part in (p.strip() for p in (self.rhs or "").split(",") if p.strip()):
            if chosen is not None and chosen.effect == "mend":
                item_text = part
                continue
            who, _, attr = part.partition("/")
            targets.append(self.who(who))
            attribute = attr or attribute
        self.room(magic.cast(self.caller, name, targets, item_text=item_text,
                                attribute=attribute))

    def switch_magic(self):
        self.msg(render.magic_list())

    # ------------------------------------------------------------ goods and coin
    def switch_shop(self):
        self.msg(render.shop())

    def switch_buy(self):
        self.room(services.buy(self.caller, self.args.strip()))

    def switch_sell(self):
        self.room(services.sell(self.caller, self.args.strip()))

    def switch_drop(self):
        self.room(services.drop_item(self.caller, self.args.strip()))

    def switch_carry(self):
        if not self.rhs:
            self.refuse_usage("Say where: +og/carry sword=hands.")
        self.tell(services.move_item(self.caller, self.lhs, self.rhs))

    def switch_mark(self):
        self.room(services.mark_dot(self.caller, self.args.strip()))

    def switch_repair(self):
        self.room(services.repair(self.caller, self.args.strip()))

    def switch_deposit(self):
        self.tell(services.deposit(self.caller, _amount(self.args)))

    def switch_withdraw(self):
        self.tell(services.withdraw(self.caller, _amount(self.args)))

    # ------------------------------------------------------------ between adventures
    def switch_rest(self):
        self.room(services.rest(self.caller))

    def switch_level(self):
        self.room(services.level_up(self.caller, services.attribute_named(self.args)))

    def switch_week(self):
        self.room(services.week_of_downtime(self.caller))

    def switch_downtime(self):
        if not self.rhs:
            self.refuse_usage("Say what the gold goes on: +og/downtime 50=training.")
        self.room(services.downtime(self.caller, _amount(self.lhs), self.rhs.strip()[:40]))

    def switch_carouse(self):
        self.room(services.downtime(self.caller, _amount(self.args), "carousing",
                                    carousing=True))

    # ------------------------------------------------------------ finishing touches
    def switch_touch(self):
        if self.rhs is not None:
            field = touches.touch_named(self.lhs)
            self.tell(touches.set_touch(self.caller, field, self.rhs))
            return
        words = self.args.split()
        if not words:
            sheet = services.sheet_of(self.caller)
            have = [f"{k}: {sheet.details.get(k) or '-'}" for k in touches.TOUCHES]
            self.msg("Your finishing touches: " + "; ".join(have) + ".\n"
                     "|w+og/touch roll|n rolls them all, |w+og/touch roll name|n one, "
                     "|w+og/touch name=Wren|n chooses.")
            return
        if words[0].lower() != "roll":
            self.refuse_usage("Roll or choose: +og/touch roll, +og/touch roll name, "
                              "+og/touch name=Wren.")
        fields = [touches.touch_named(w) for w in words[1:]]
        self.room(touches.roll_touches(self.caller, fields))

    def switch_bond(self):
        name = (self.lhs or "").strip()
        if not name:
            self.refuse_usage("Name the adventurer beside you: +og/bond Bob (both roll 1d6) "
                              "or +og/bond Bob=We fled the same fire.")
        self.room(touches.make_bond(self.caller, self.who(name), (self.rhs or "").strip()))

    def switch_unbond(self):
        if not self.args.strip():
            self.refuse_usage("+og/unbond <name>")
        self.tell(touches.clear_bond(self.caller, services.find_anyone(self.caller,
                                                                        self.args.strip())))

    def switch_deity(self):
        text = self.args.strip()
        parts = [p.strip() for p in text.split("/")] if text else None
        self.room(touches.set_deity(self.caller, parts))

    # ------------------------------------------------------------ GM
    def switch_approve(self):
        self.room(services.approve(self.caller, services.find_anyone(self.caller, self.args)))

    def switch_inspire(self):
        if not self.lhs.strip():
            self.refuse_usage("Name who is inspired: +og/inspire Ann[=for the bond she "
                              "invented].")
        self.room(services.grant_inspiration(self.caller, self.who(self.lhs), self.rhs or ""))

    def switch_group(self):
        """Anyone sees the waiting group check; calling, rolling for the
        absent and dropping one are the GM's (the services refuse others)."""
        what = self.args.strip().lower()
        if not what:
            self.tell(groups.show_group(self.caller.location))
            return
        if what in ("roll", "drop"):
            done = groups.roll_waiting if what == "roll" else groups.drop_group
            self.room(done(self.caller))
            return
        parts = _VERSUS.split((self.lhs or "").strip(), maxsplit=1)
        difficulty = whole_number(parts[1], 0, rules.MAX_DIFFICULTY) if len(parts) == 2 else None
        if difficulty is None or not self.rhs:
            self.refuse_usage("Give an attribute, a difficulty and the members: "
                              "+og/group grace vs 12=Ann, Bob (then each rolls +og/part).")
        members = [self.who(name) for name in re.split(r"[,\s]+", self.rhs.strip()) if name]
        self.room(groups.call_group_check(self.caller, members,
                                          services.attribute_named(parts[0]), difficulty))

    def switch_fight(self):
        text, opening = self.args.strip(), None
        far = _AT.search(text)
        if far:
            opening = whole_number(far.group(1).lower().rstrip("m"), 0, rules.MAX_DISTANCE)
            if opening is None:
                self.refuse_usage("Give how far apart the sides start in metres: "
                                  "+og/fight at 20 (or +og/fight goblin at 20 when the "
                                  "goblin is surprised).")
            text = text[:far.start()]
        surprised = [self.who(n).key for n in text.split(",") if n.strip()]
        self.room(combat.start_fight(self.caller, self.caller.location, tuple(surprised),
                                     opening))

    def switch_join(self):
        self.room(combat.join_fight(self.caller, self.who(self.args)))

    def switch_npc(self):
        if not self.rhs:
            self.refuse_usage("Give the NPC's numbers: +og/npc Goblin=might 1 grace 3 mind 1 "
                              "heart 1 hp 7 dp 0 morale 4 attack dagger 1d6+1.")
        values, attacks = _npc_numbers(self.rhs)
        stats = combat.make_npc_stats(values, attacks)
        self.room(combat.create_npc(self.caller, self.lhs.strip(), stats))

    def switch_next(self):
        self.room(combat.gm_next(self.caller))

    def switch_cond(self):
        if not self.rhs:
            self.refuse_usage("+og/cond <target>=<condition>[ <number> rounds] (a fear "
                              "names its source: frightened of <name>)")
        words = self.rhs.split(None, 1)
        key = services.condition_named(words[0])
        rest, source = (words[1] if len(words) > 1 else ""), None
        match = re.match(r"of\s+(.+?)(?:\s+(\d+(?:\s+\w+)?))?$", rest.strip(), re.I)
        if match:
            source = self.who(match.group(1))
            rest = match.group(2) or ""
        rounds = services.duration_rounds(rest)
        self.room(services.set_condition(self.caller, self.who(self.lhs), key, rounds,
                                         of=source))

    def switch_uncond(self):
        if not self.rhs:
            self.refuse_usage("+og/uncond <target>=<condition>")
        self.room(services.clear_condition(self.caller, self.who(self.lhs),
                                           services.condition_named(self.rhs)))

    def switch_morale(self):
        targets = [self.who(n) for n in (self.args or "").split(",") if n.strip()]
        self.room(combat.morale(self.caller, targets))

    def switch_end(self):
        self.room(combat.end_fight(self.caller))

    def switch_give(self):
        if not self.rhs:
            self.refuse_usage("+og/give <character>=<item>")
        self.room(services.give_item(self.caller, self.who(self.lhs), self.rhs.strip()))

    def switch_pay(self):
        if not self.rhs:
            self.refuse_usage("+og/pay <character>=<gp> (a negative number takes coin)")
        amount = whole_number(self.rhs, -rules.MAX_GP, rules.MAX_GP, signed=True)
        if amount is None:
            raise OldGoldError("Give the gp as a whole number, e.g. 50 or -20.")
        self.room(services.give_coin(self.caller, self.who(self.lhs), amount))

    def switch_learn(self):
        if not self.rhs:
            self.refuse_usage("+og/learn <character>=<spell or prayer>, or "
                              "+og/learn <character>=language <name>")
        what = self.rhs.strip()
        if what.lower().startswith("language"):
            self.room(services.learn_language(self.caller, self.who(self.lhs), what[8:]))
            return
        self.room(magic.learn(self.caller, self.who(self.lhs), what))

    def switch_day(self):
        people = [o for o in self.caller.location.contents
                  if services.OldGoldSheet.objects.filter(character=o).exists()]
        self.room(services.new_day(self.caller, people))

    def switch_chase(self):
        if not self.args.strip():
            self.tell(chase.show(self.caller.location))
            return
        if not self.rhs:
            self.refuse_usage("Name the PCs and what they do: +og/chase Ann, Bob=flee "
                              "(or =pursue; add , us head start / them head start, "
                              "us slower / them slower, their speed 12).")
        members = [self.who(n) for n in self.lhs.split(",") if n.strip()]
        role, head_start, slower, speed = "", "", "", None
        for option in self.options():
            if option in ("flee", "pursue"):
                role = option
            elif option in ("us head start", "us ambush"):
                head_start = "players"
            elif option in ("them head start", "them ambush"):
                head_start = "them"
            elif option in ("us slower", "them slower"):
                slower = "players" if option.startswith("us") else "them"
            elif option.startswith("their speed "):
                speed = whole_number(option[12:].rstrip("m"), 0, 1000)
                if speed is None:
                    raise OldGoldError("Give their speed in metres: their speed 12.")
            else:
                raise OldGoldError(f"'{option}' is not a chase option: flee, pursue, us head "
                                   "start, them head start, us slower, them slower, their "
                                   "speed <metres>.")
        self.room(chase.start_chase(self.caller, self.caller.location, members, role,
                                    head_start, slower, speed))

    def switch_exchange(self):
        parts = _VERSUS.split(self.args.strip(), maxsplit=1)
        if len(parts) != 2 or not parts[1].strip():
            self.refuse_usage("Give the attribute and the difficulty: +og/exchange grace "
                              "vs 12 (or vs a foe: +og/exchange grace vs Goblin).")
        attribute = services.attribute_named(parts[0])
        difficulty = whole_number(parts[1], 0, rules.MAX_DIFFICULTY)
        if difficulty is None:
            foe = self.who(parts[1])
            difficulty = services.dice.difficulty_against(services.score_of(foe, attribute))
        self.room(chase.exchange(self.caller, self.caller.location, attribute, difficulty))

    def switch_endchase(self):
        self.room(chase.end_chase(self.caller, self.caller.location))

    def switch_treasure(self):
        if not self.rhs or not self.lhs.strip():
            self.refuse_usage("Give the danger (and length) and the party: +og/treasure "
                              "difficult=Ann, Bob or +og/treasure brutal long=Ann, Bob.")
        words = self.lhs.split()
        danger = treasure.danger_named(words[0])
        length = treasure.length_named(words[1] if len(words) > 1 else "")
        members = [self.who(n) for n in self.rhs.split(",") if n.strip()]
        self.room(treasure.treasure_worth(self.caller, members, danger, length))

    def switch_share(self):
        if not self.rhs:
            self.refuse_usage("Give the gp and who shares: +og/share 300=Ann, Bob"
                              "[, 2 followers].")
        members, followers = [], 0
        for part in (p.strip() for p in self.rhs.split(",") if p.strip()):
            match = re.fullmatch(r"(\d+)\s+followers?", part, re.I)
            if match:
                followers = whole_number(match.group(1), 0, 100)
                if followers is None:
                    raise OldGoldError("Followers: a number from 0 to 100.")
            else:
                members.append(self.who(part))
        self.room(treasure.share_treasure(self.caller, _amount(self.lhs), members, followers))

    def switch_deprive(self):
        self.room(services.deprivation(self.caller, self.who(self.args)))

    def switch_adjust(self):
        target, _, what = (self.lhs or "").partition("/")
        value = whole_number(self.rhs or "", 0, rules.MAX_GP)
        if not what or value is None:
            self.refuse_usage("+og/adjust <character>/<field>=<number>")
        self.tell(services.adjust(self.caller, services.find_anyone(self.caller, target),
                                  what, value))

    def switch_gm(self):
        target = services.find_anyone(self.caller, self.args)
        self.tell(services.toggle_gm(self.caller, target))


def _split_with(text):
    parts = _WITH.split(text, maxsplit=1)
    return parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")


_NPC_WORDS = ("might", "grace", "mind", "wits", "heart", "hp", "dp", "morale", "speed")
_ATTACK_WORDS = ("reach", "range")


def _npc_numbers(text):
    """+og/npc's numbers: pairs like `hp 7`, and attacks as `attack <name>
    <damage>` with an optional `reach 4m` or `range 20m` (a ranged attack)
    and `direct` (damage that ignores DP)."""
    words = text.split()
    values, attacks, index = {}, [], 0
    while index < len(words):
        word = words[index].lower()
        if word in _NPC_WORDS and index + 1 < len(words):
            values[rules.ATTRIBUTE_ALIASES.get(word, word)] = _npc_number(words[index + 1], word)
            index += 2
        elif word in _ATTACK_WORDS and attacks and index + 1 < len(words):
            attacks[-1]["reach"] = _npc_number(words[index + 1], word)
            attacks[-1]["ranged"] = word == "range"
            index += 2
        elif word == "direct" and attacks:
            attacks[-1]["direct"] = True
            index += 1
        elif word == "attack" and index + 2 < len(words):
            attacks.append({"name": words[index + 1], "damage": words[index + 2]})
            index += 3
        else:
            raise OldGoldError(f"'{words[index]}' is not understood. Give pairs like hp 7, "
                               "and attacks as attack <name> <damage> [reach 4m or range "
                               "20m] [direct].")
    return values, attacks


def _npc_number(text, word):
    number = whole_number(text.lower().rstrip("m"), 0, max(rules.MAX_NPC_HP,
                                                           rules.MAX_DISTANCE))
    if number is None:
        raise OldGoldError(f"'{text}' is not a number for {word}.")
    return number


class OldGoldCmdSet(CmdSet):
    key = "oldgold"

    def at_cmdset_creation(self):
        self.add(CmdOldGold())
