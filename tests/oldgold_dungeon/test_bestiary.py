"""The bestiary as data, its prototypes, and its monsters in an Old Gold fight."""

from evennia.prototypes import prototypes as evennia_prototypes
from evennia.prototypes import spawner

from tests.oldgold.helpers import OldGoldTest
from world.oldgold import services
from world.oldgold_dungeon import bestiary
from world.oldgold_travel import rules as travel_rules


class TestData(OldGoldTest):
    def test_the_texts_numbers(self):
        troll = bestiary.MONSTERS["troll"]
        assert (troll["hp"], troll["dp"], troll["might"], troll["grace"], troll["mind"],
                troll["heart"], troll["morale"], troll["na"]) == (24, 1, 5, 2, 1, 1, 9, "1d2")
        assert troll["attacks"] == [{"name": "claws", "damage": "1d8+3", "reach": "2m"}]
        goblin = bestiary.MONSTERS["goblin"]
        assert [a["damage"] for a in goblin["attacks"]] == ["1d6+1", "1d4+2"]
        assert bestiary.MONSTERS["lich"]["mind"] == 8
        assert len(bestiary.MONSTERS) == 25

    def test_the_red_dragon_the_last_line_of_the_text(self):
        dragon = bestiary.MONSTERS["red_dragon"]
        assert (dragon["hp"], dragon["dp"], dragon["might"], dragon["grace"], dragon["mind"],
                dragon["heart"], dragon["speed"], dragon["morale"], dragon["na"]) == (
            100, 3, 8, 5, 6, 5, "12m (24m flying)", 11, "1")
        assert [(a["name"], a["damage"]) for a in dragon["attacks"]] == [
            ("claws", "2d6+4"), ("bite", "2d8+4")]
        assert dragon["abilities"] == ["multiple_attacks", "recharge"]
        assert dragon["recharge"] == ["fire_breath"] and dragon["immune"] == ["fire"]

    def test_every_travel_encounter_slug_is_in_the_bestiary(self):
        slugs = {s for table in travel_rules.ENCOUNTERS.values() for s in table.values()}
        assert slugs <= set(bestiary.MONSTERS)
        for slug in slugs:
            assert bestiary.MONSTERS[slug]["na"] == travel_rules.NUMBER_APPEARING[slug]

    def test_every_ability_has_a_round_hook(self):
        from world.oldgold.abilities import ROUND_HOOKS

        for data in bestiary.MONSTERS.values():
            for ability in data["abilities"]:
                assert ability in ROUND_HOOKS, ability


class TestSpawning(OldGoldTest):
    def test_spawn_monster_is_an_old_gold_npc(self):
        goblin = bestiary.spawn_monster("goblin", self.room1)
        assert goblin.location == self.room1 and goblin.key == "Goblin"
        assert services.is_npc(goblin)
        stats = services.npc_stats(goblin)
        assert (stats["hp"], stats["max_hp"], stats["grace"], stats["mind"]) == (7, 7, 3, 1)
        assert goblin.is_typeclass("typeclasses.oldgold.OldGoldNpc", exact=True)

    def test_the_module_prototype_spawns_by_key(self):
        assert evennia_prototypes.search_prototype(key="oldgold_troll", require_single=True)
        troll = spawner.spawn({"prototype_parent": "oldgold_troll", "location": self.room1})[0]
        assert services.npc_stats(troll)["abilities"] == ["regeneration"]
        assert troll.tags.has("oldgold_npc", category="oldgold")

    def test_each_spawn_has_its_own_stats(self):
        one = bestiary.spawn_monster("wolf", self.room1)
        two = bestiary.spawn_monster("wolf", self.room1)
        stats = one.attributes.get("og_stats")
        stats["hp"] = 1
        one.attributes.add("og_stats", stats)
        assert two.attributes.get("og_stats")["hp"] == 10


from commands.oldgold import CmdOldGold  # noqa: E402
from commands.oldgold_bestiary import CmdBestiary  # noqa: E402
from tests.oldgold.helpers import give_sheet  # noqa: E402
from world.oldgold.models import Encounter  # noqa: E402


class BestiaryFight(OldGoldTest):
    def og(self, text, expected=None, *faces, caller=None):
        with self.dice(*faces):
            return self.call(CmdOldGold(), text, expected, caller=caller or self.char1)

    def b(self, text, expected=None, *faces, caller=None):
        with self.dice(*faces):
            return self.call(CmdBestiary(), text, expected, caller=caller or self.char1)

    def stats(self, npc):
        return services.npc_stats(npc)

    def hurt(self, npc, hp):
        stats = npc.attributes.get("og_stats")
        stats["hp"] = hp
        npc.attributes.add("og_stats", stats)


class TestTrollInAFight(BestiaryFight):
    def test_a_spawned_troll_fights_and_regenerates_on_its_turn(self):
        # Cid (Grace 3) acts before the Troll (Grace 2): a PC hits it, then its turn heals it.
        give_sheet(self.char3, grace=3, might=2, hp=20, items=[("sword", "hands")])
        troll = bestiary.spawn_monster("troll", self.room1)
        self.og("/fight", "A fight begins.")
        combatants = Encounter.objects.get(active=True).combatants
        assert [e["name"] for e in combatants] == ["Cid", "Troll"]
        out = self.og("/attack troll", None, 6, caller=self.char3)
        assert "Cid makes an attack on Troll" in out
        hp_after_hit = self.stats(troll)["hp"]
        assert hp_after_hit < 24
        out = self.og("/done", None, 4, caller=self.char3)
        assert f"Troll regenerates 1d6 [4]: HP {hp_after_hit} -> {min(24, hp_after_hit + 4)}/24." \
            in out
        assert self.stats(troll)["hp"] == min(24, hp_after_hit + 4)
        # The troll's own claws, then round two.
        out = self.og("/attack Cid", None, 8)
        assert "Troll makes an attack on Cid with claws" in out
        assert "11 taken" in out and self.sheet(self.char3).hp == 20 - 11

    def test_sunlight_stops_regeneration(self):
        give_sheet(self.char3, grace=3, hp=10)
        troll = bestiary.spawn_monster("troll", self.room1)
        self.hurt(troll, 10)
        self.b("/sunlit Troll", "Troll stands in sunlight.")
        self.og("/fight")
        out = self.og("/done", None, caller=self.char3)
        assert "Troll stands in sunlight and does not regenerate." in out
        assert self.stats(troll)["hp"] == 10


class TestZombiesRise(BestiaryFight):
    def test_a_killed_zombie_rises_when_the_next_zombie_acts(self):
        give_sheet(self.char3, grace=3, might=2, hp=10, items=[("sword", "hands")])
        first = bestiary.spawn_monster("zombie", self.room1)
        second = bestiary.spawn_monster("zombie", self.room1)
        first.key, second.key = "Zombie", "Walker"
        self.hurt(first, 1)
        self.og("/fight")
        out = self.og("/attack zombie", None, 5, caller=self.char3)
        assert "Zombie falls and dies." in out
        out = self.og("/done", None, 3, caller=self.char3)  # the Zombie's turn is skipped
        assert "Zombie rises again (1d6: 3) with 1 HP!" in out
        assert self.stats(first)["hp"] == 1
        entry = next(e for e in Encounter.objects.get().combatants if e["name"] == "Zombie")
        assert entry["out"] is None

    def test_a_lone_zombie_rises_in_its_own_slot_and_acts_the_next_round(self):
        give_sheet(self.char3, grace=3, might=2, hp=10, items=[("sword", "hands")])
        zombie = bestiary.spawn_monster("zombie", self.room1)
        self.hurt(zombie, 1)
        self.og("/fight")
        out = self.og("/attack zombie", None, 5, caller=self.char3)
        assert "Zombie falls and dies." in out
        out = self.og("/done", None, 3, caller=self.char3)  # no other zombie to wake it
        assert "Zombie rises again (1d6: 3) with 1 HP!" in out
        encounter = Encounter.objects.get()
        assert encounter.round == 2 and encounter.combatants[encounter.turn]["name"] == "Cid"
        assert self.stats(zombie)["hp"] == 1 and encounter.combatants[1]["out"] is None
        out = self.og("/done", None, caller=self.char3)
        assert "Zombie's turn." in out

    def test_a_lone_zombie_rolls_once_per_death(self):
        give_sheet(self.char3, grace=3, might=2, hp=10, items=[("sword", "hands")])
        zombie = bestiary.spawn_monster("zombie", self.room1)
        self.hurt(zombie, 1)
        self.og("/fight")
        self.og("/attack zombie", None, 5, caller=self.char3)
        out = self.og("/done", None, 4, caller=self.char3)
        assert "Zombie stays down (1d6: 4)." in out
        out = self.og("/done", None, caller=self.char3)  # no die left to roll: none rolled
        assert "stays down" not in out and "rises again" not in out
        assert self.stats(zombie)["hp"] == 0

    def test_a_burned_zombie_stays_down_and_a_high_die_keeps_it_down(self):
        give_sheet(self.char3, grace=3, might=2, hp=10, items=[("sword", "hands")])
        first = bestiary.spawn_monster("zombie", self.room1)
        first.key = "Zombie"
        walker = bestiary.spawn_monster("zombie", self.room1)
        walker.key = "Walker"
        self.hurt(first, 1)
        self.og("/fight")
        out = self.og("/attack zombie", None, 5, caller=self.char3)
        assert "Zombie falls and dies." in out
        self.b("/burned Zombie", "Zombie has been burned.")
        out = self.og("/done", None, caller=self.char3)
        assert "Zombie was burned and stays down." in out
        assert self.stats(first)["hp"] == 0


class TestDemonStrikesTwice(BestiaryFight):
    def test_both_attacks_each_against_dp(self):
        # The Demon (Grace 3) ties Cid: the PC goes first, then both attacks land.
        give_sheet(self.char3, grace=3, hp=20, max_hp=20, items=[("medium armour", "body")])
        demon = bestiary.spawn_monster("demon", self.room1)
        self.og("/fight")
        dp = services.dp_of(self.sheet(self.char3))
        out = self.og("/done", None, 5, 4, caller=self.char3)
        claws, tail = max(0, 5 + 3 - dp), max(0, 4 + 3 - dp)
        assert "Demon attacks Cid with claws" in out and "Demon attacks Cid with tail" in out
        assert self.sheet(self.char3).hp == 20 - claws - tail
        assert Encounter.objects.get().combatants[1]["main"] is True
        assert "Demon can use Fireball" not in out
        self.og("/attack Cid", "You have used your main action")
        assert demon.attributes.get("og_stats")["powers"] == {"fireball": True}

    def test_hold_leaves_the_turn_to_the_gm(self):
        give_sheet(self.char3, grace=3, hp=20)
        bestiary.spawn_monster("demon", self.room1)
        self.b("/foe Demon=hold", "Demon holds its attacks")
        self.og("/fight")
        self.og("/done", None, caller=self.char3)
        assert self.sheet(self.char3).hp == 20


class TestPowers(BestiaryFight):
    def test_the_flayers_blast_is_spent_and_recharges_on_two_in_six(self):
        give_sheet(self.char3, grace=1, mind=2, hp=10)
        flayer = bestiary.spawn_monster("brain_flayer", self.room1)
        self.og("/fight")  # the Flayer (Grace 2) acts first
        out = self.b("/power Brain Flayer=psychic blast, Cid", None, 10)
        assert "Cid (Mind vs 17): " in out and "stunned for 2 rounds" in out
        assert services.has_condition(self.char3, "stunned")
        assert self.stats(flayer)["powers"] == {"psychic_blast": False}
        self.b("/power Brain Flayer=psychic", "Brain Flayer has spent Psychic blast")
        out = self.og("/next", None, 5)  # Cid is stunned and loses the turn
        assert "Cid is stunned and loses the turn." in out
        assert "Brain Flayer's Psychic blast is still spent (1d6: 5)." in out
        assert self.stats(flayer)["powers"] == {"psychic_blast": False}

    def test_the_dragons_fire_breath_burns_each_in_the_cone_and_spares_the_fireproof(self):
        give_sheet(self.char3, grace=6, hp=30, max_hp=30, items=[("medium armour", "body")])
        dragon = bestiary.spawn_monster("red_dragon", self.room1)
        demon = bestiary.spawn_monster("demon", self.room1)
        out = self.b("/power red dragon=fire breath", "Name everyone in the 10m cone: ")
        assert "+bestiary/power Red Dragon=fire breath, <name>, <name>." in " ".join(out.split())
        # 4d10 [9, 8, 7, 6] = 30 against Cid's medium armour (DP 2): 28 taken.
        out = self.b("/power red dragon=fire breath, Cid, Demon", None, 9, 8, 7, 6)
        assert "Red Dragon uses Fire breath." in out
        assert "Cid: Damage 4d10: [9, 8, 7, 6] = 30 (DP 2): 28 taken" in out
        assert "Demon is immune to fire." in out
        assert self.sheet(self.char3).hp == 2 and self.stats(demon)["hp"] == 22
        assert self.stats(dragon)["powers"] == {"fire_breath": False}
        self.b("/power red dragon=fire", "Red Dragon has spent Fire breath; it may come "
               "back each turn (2 in 6).")

    def test_recharge_roll(self):
        flayer = bestiary.spawn_monster("brain_flayer", self.room1)
        stats = flayer.attributes.get("og_stats")
        stats["powers"]["psychic_blast"] = False
        flayer.attributes.add("og_stats", stats)
        give_sheet(self.char3, grace=1, hp=10)
        out = self.og("/fight", None, 2)
        assert "Brain Flayer's Psychic blast recharges (1d6: 2)." in out
        assert self.stats(flayer)["powers"] == {"psychic_blast": True}

    def test_basilisk_petrify_is_a_spell_check_and_a_rest_restores_it(self):
        give_sheet(self.char3, grace=1, hp=10)
        basilisk = bestiary.spawn_monster("basilisk", self.room1)
        out = self.b("/power basilisk=petrify, Cid", None, 15)
        assert "Basilisk uses Petrify." in out
        assert services.has_condition(self.char3, "petrified")
        self.b("/rest basilisk", "Basilisk rests")
        assert self.stats(basilisk)["powers"] == {"petrify": True}

    def test_the_turn_reminds_the_gm_of_ready_powers(self):
        give_sheet(self.char3, grace=1, hp=10)
        bestiary.spawn_monster("basilisk", self.room1)
        self.og("/fight")  # Cid goes first on the tie
        out = self.og("/done", None, caller=self.char3)
        assert "Basilisk can use Petrify (+bestiary/power Basilisk=<power>" in out

    def test_a_player_cannot_use_a_power(self):
        bestiary.spawn_monster("basilisk", self.room1)
        self.b("/power basilisk=petrify, Char", "Only a game master", caller=self.char2)


class TestCommands(BestiaryFight):
    def test_anyone_reads_the_list_and_an_entry(self):
        out = self.b("", None, caller=self.char2)
        assert "Old Gold bestiary" in out and "Gelatinous Cube" in out and "Milán László" in out
        out = self.b(" troll", "Troll  (spawn oldgold_troll)", caller=self.char2)
        assert "HP 24  DP 1  Might 5  Grace 2  Mind 1  Heart 1" in out
        assert "Speed 12m  Morale 9  NA 1d2" in out
        out = self.b("/show vampire", None, caller=self.char2)
        assert "claws 1d8+3 (2m) and bite 1d6+3 (2m), every turn" in out

    def test_an_unknown_monster_is_refused(self):
        self.b(" wyvern", "'wyvern' is no monster of the bestiary: +bestiary lists them.")

    def test_a_player_cannot_spawn(self):
        self.b("/spawn goblin", "Only a game master can use +bestiary/spawn", caller=self.char2)
        assert not [o for o in self.room1.contents if services.is_npc(o)]

    def test_the_gm_spawns_several(self):
        out = self.b("/spawn goblin=3", None)
        assert "3 Goblins appear (Goblin 1 to Goblin 3): HP 7, DP 0, Morale 4." in out
        assert len([o for o in self.room1.contents if services.is_npc(o)]) == 3
        self.b("/spawn goblin=13", "Spawn from 1 to 12 at a time.")
        assert len([o for o in self.room1.contents if services.is_npc(o)]) == 3
        self.b("/spawn ogre", "An Ogre appears: HP 20, DP 1, Morale 7.")
        self.b("/spawn goblin", "Goblin 4 appears: HP 7")

    def test_make_from_a_threat_saves_a_prototype_that_spawns(self):
        out = self.b("/make Cave Bear=tough, might, maul", "Saved oldgold_cave_bear (tough).")
        assert "HP 20  DP 1  Might 4  Grace 1  Mind 1  Heart 1" in out
        assert "maul 1d8+2 (2m)" in out and "Morale 9  NA 1d4" in out
        bear = spawner.spawn({"prototype_parent": "oldgold_cave_bear",
                              "location": self.room1})[0]
        assert services.npc_stats(bear)["max_hp"] == 20
        self.b("/make Cave Bear=tough", "There is already a monster oldgold_cave_bear")
        out = self.b("/made", "oldgold_cave_bear: Cave Bear (HP 20, DP 1)")
        self.b("/unmake cave bear", "oldgold_cave_bear is gone")
        assert not evennia_prototypes.search_prototype(key="oldgold_cave_bear")

    def test_make_from_a_level(self):
        out = self.b("/make Shade=6, mind", "Saved oldgold_shade (formidable).")
        assert "HP 40  DP 2  Might 2  Grace 2  Mind 6  Heart 2" in out
        assert "claws 1d10+1 (2m)" in out

    def test_adapt_moves_the_attacks_that_use_the_changed_bonus(self):
        out = self.b("/adapt goblin as Goblin Chief=hp 12, might 5, morale 7, ability "
                     "regeneration", "Saved oldgold_goblin_chief.")
        # Might 1 -> 5: the dagger's +1 becomes +3; the sling (Grace) stays +2.
        assert "dagger 1d6+3 (2m) or sling 1d4+2 (20m)" in out
        assert "HP 12" in out and "Morale 7" in out and "adapted from goblin" in out
        chief = bestiary.spawn(self.char1, "goblin chief").data["spawned"][0]
        assert services.npc_stats(chief)["abilities"] == ["regeneration"]
        assert bestiary.MONSTERS["goblin"]["attacks"][0]["damage"] == "1d6+1"

    def test_bad_changes_are_refused_and_nothing_is_saved(self):
        self.b("/adapt goblin as Big=hp lots", "HP is a whole number from 1 to 500.")
        self.b("/adapt goblin as Big=wings 2", "'wings' cannot be changed")
        self.b("/adapt goblin as Big=ability flying", "'flying' is not an ability")
        self.b("/adapt goblin=hp 3", "Name the monster, its new name and the changes")
        self.b("/make Big=huge", "Give a level (1-10) or a threat")
        assert not evennia_prototypes.search_prototype(key="oldgold_big")

    def test_the_prototypes_builders_spawn_by_name(self):
        from evennia.commands.default.building import CmdSpawn

        self.call(CmdSpawn(), "oldgold_goblin", "Spawned Goblin")
        goblin = next(o for o in self.room1.contents if o.key == "Goblin")
        assert services.is_npc(goblin)


def test_help_names_every_switch_with_examples_and_fits_78_columns():
    import re
    import textwrap

    text = CmdBestiary.__doc__
    assert text.strip().startswith("+bestiary")
    assert "Examples:" in text and "Milán László" in text
    for switch in CmdBestiary.switch_options:
        if switch != "list":
            assert f"/{switch}" in text, switch
    for line in textwrap.dedent(text).splitlines():
        assert len(re.sub(r"\|[a-zA-Z]", "", line)) <= 78, line


def test_the_gm_topic_is_in_the_help_and_fits_78_columns():
    import re
    import textwrap

    from world.help_entries import HELP_ENTRY_DICTS

    entry = next(e for e in HELP_ENTRY_DICTS if e["key"] == "old gold monsters")
    text = textwrap.dedent(entry["text"])
    for words in ("+bestiary/make", "+bestiary/adapt", "+hazard", "Milán László",
                  "HP 20, scores 4/1, 1d8, Morale 9, NA 1d4"):
        assert words in text, words
    for line in text.splitlines():
        assert len(re.sub(r"\|[a-zA-Z]", "", line)) <= 78, line
    assert CmdHazard_doc_ok()


def CmdHazard_doc_ok():
    import textwrap

    from commands.oldgold_bestiary import CmdHazard

    doc = textwrap.dedent(CmdHazard.__doc__)
    return doc.strip().startswith("+hazard") and "Examples:" in doc and all(
        len(line) <= 78 for line in doc.splitlines())
