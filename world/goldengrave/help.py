"""
The "goldengrave" help topic: a first delve, walked through for a new GM and
players. Its numbers come from the rules table so they never drift.
"""

from world.goldengrave import rules

_NUMBERS = {
    "base": rules.STAT_BASE,
    "points": rules.STAT_POINTS,
    "cap": rules.STAT_CAP,
    "ignored": rules.DAMAGE_IGNORED_FROM,
    "target": rules.SKILL_TARGET,
    "factor": rules.SKILL_FACTOR,
    "common": rules.SUPPLY_TIERS["common"],
    "unusual": rules.SUPPLY_TIERS["unusual"],
    "specialist": rules.SUPPLY_TIERS["specialist"],
    "war": rules.WAR_VICTORY_GLORY,
    "vulnerable": rules.POWER_LOSS_VULNERABLE,
    "immune": rules.POWER_LOSS_IMMUNE,
    "normal": rules.POWER_LOSS_NORMAL,
    "risky_success": rules.POWER_LOSS_RISKY_SUCCESS,
    "risky_failure": rules.POWER_LOSS_RISKY_FAILURE,
    "dig_rooms": rules.DIG_ROOMS_PER_DUNGEON,
    "dig_dungeons": rules.DIG_DUNGEONS_PER_PLAYER,
    "dig_lock": rules.DIG_LOCK,
    "treasures": rules.MAX_TREASURES,
    **{f"glory_{rank}": glory for rank, glory in rules.GLORY_BY_RANK.items()},
}


def with_numbers(text):
    """Help text (a command's docstring) with the rules table's numbers filled in."""
    return text.format(**_NUMBERS)

HELP_ENTRIES = [
    {
        "key": "goldengrave",
        "aliases": ["goldengrave rules", "first delve"],
        "category": "Goldengrave commands",
        "text": """
            |wGoldengrave|n: a company of treasure hunters robs the graves under a
            dying empire. One GM runs the dungeon; the players share one set of
            stats. Commands: |w+gg|n (players), |w+ggdungeon|n (the GM builds),
            |w+ggm|n (the GM runs the scene). Read the subtopics in order for a
            first delve: building, company, exploring, fights, supply, town, wars.

            # subtopics

            ## Building

            Any player may be a GM. Stand in the town (the game's starting room
            will do), start a scene with |w+scene/start The Drowned Chapel|n, then
            type |w+ggdungeon/new The Drowned Chapel=normal|n. Dig the way in from
            the town, once: |w+ggdungeon/dig Chapel Porch=chapel,out|n makes a room
            of yours, with a way |wchapel|n to it and |wout|n back. Walk in and dig
            on from rooms you dug: |w+ggdungeon/dig Flooded Nave=north;n,south;s|n
            (short forms after a ;) and |wdescribe here=<what it looks like>|n.
            A dungeon has at most {dig_rooms} dug rooms; they stay for revisits
            until |w+ggdungeon/teardown The Drowned Chapel|n removes the dungeon
            with all of them. Staff may instead build with |wdig|n or |wtunnel|n
            and add each room with |w+ggdungeon/room|n.
            Star about a third of the rooms for wandering monsters: stand in one
            and type |w+ggdungeon/star|n. Put the treasures where they lie:
            |w+ggdungeon/treasure reliquary=main|n marks the reliquary here as the
            main treasure (or makes one), |w+ggdungeon/treasure gold ring|n a side
            treasure. Make a monster with
            |w+ggdungeon/monster Cellar Wight=3,normal|n (or |wspawn gg_ash_hound|n),
            then |w+ggdungeon/vulnerable Cellar Wight=fire|n, |w/wander|n, |w/onko|n.
            A trap: |w+ggdungeon/trap Swinging Blade=2|n. |w+ggdungeon/info|n shows
            your whole dungeon; the web page under Goldengrave shows its map.

            ## Company

            |w+gg/new|n rolls your PC; |w+gg/traits 4 6 1|n places the trait dice;
            |w+gg/name|n rolls another name or takes yours. One player founds the
            company, splitting {points} points over Stamina, Supply and Sway (each
            starts at {base} plus its points): |w+gg/found The Lanterns=4,2,0|n.
            The others |w+gg/join The Lanterns|n. |w+gg/company|n shows the sheet.

            ## Exploring

            Walk in through the exits. Each room the company enters joins its map
            on Normal (|w+gg/map|n); Easy shows the whole map unlabelled; Hard shows
            none, so the company's mapper draws one a line at a time with
            |w+gg/mapnote [1]--[2]|n. Entering a starred room rolls a die for
            the GM: moving quickly (rooms already seen) a 1 brings a wandering
            monster; cautiously (new rooms) 1-3 bring one and 4-6 an omen.
            |w+gg/pace quick|n or |wcautious|n overrides.

            ## Fights

            A trap or monster's damage roll is one die per Power; dice of {ignored}
            or more count for nothing, the rest come off Stamina:
            |w+ggm/spring Swinging Blade|n, |w+ggm/damage Cellar Wight|n. Left with
            half or less, the dice pick one PC still standing, who drops until the
            threat is gone (the monster dies or flees, the company retreats, or
            the GM types |w+ggm/safe|n) and can do nothing meanwhile, not even walk.
            At 0 the knocked-out PCs die and everyone else falls back to town,
            where the company must rest (|w+ggm/night|n) before it fights or goes
            back in. A dead PC's player types |w+gg/new|n and the new PC joins the
            company in town.
            The company then chooses: |w+gg/fight|n, |w+gg/tactic|n or
            |w+gg/retreat|n. The GM resolves a round with
            |w+ggm/attack Cellar Wight=burning oil|n ({normal} Power, {vulnerable} if vulnerable,
            {immune} if immune) or |w+ggm/risky Cellar Wight=Ann,prepared|n (a skill check:
            {risky_success} or {risky_failure}). A skill check is 2d6 against {target}, {factor} less for each true
            factor: |w+ggm/check Ann=prepared,suits|n.

            ## Supply

            |w+gg/summon rope=basic|n is free; common items cost {common} Supply,
            unusual {unusual}, specialist {specialist} (|w+gg/items|n). The GM may
            set a Sway price of 1, 3 or 6 when you first meet a monster, the first
            time it drops to half Power, or when you want it to talk:
            |w+ggm/sway half=3,Cellar Wight|n. Then |w+gg/pay|n or |w+gg/refuse|n.

            ## Town

            Back in town the GM types |w+ggm/found reliquary|n for each treasure the
            company brought out, then |w+ggm/night|n: Stamina, Supply and Sway fill
            up (Army does not), summoned items vanish, and the Rank gives Glory:
            S {glory_S}, A {glory_A}, B {glory_B}, C {glory_C}, D {glory_D}, F {glory_F}.
            |w+gg/glory stamina|n spends 1 Glory on 1 point of a maximum (never over
            {cap}; ours: the point is ready at once) or on Army. Going back in after
            a night rolls for rivals: on a 1 the main treasure left behind is gone,
            on 2-3 the side treasures.

            ## Wars

            Once the company has Army (|w+gg/glory army|n), the GM may start a war:
            |w+ggm/war The Red Banner=4|n, then |w+ggm/wardamage|n (taken from Army)
            and |w+ggm/warattack|n. A win is worth {war} Glory; |w+gg/retreat war|n or
            0 Army loses it.
        """.format(**_NUMBERS),
    },
]
