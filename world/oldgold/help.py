"""
Old Gold's help topics: the walk-through for GMs and players ("old gold")
and the GM's switches ("old gold gm"). Numbers come from the rules table.
world/help_entries.py adds these to the game's help.
"""

from world.oldgold import rules

_N = {
    "cap": rules.CREATION_CAP,
    "points": rules.CREATION_POINTS,
    "human": rules.HUMAN_POINTS,
    "base_hp": rules.BASE_HP,
    "per_might": rules.HP_PER_MIGHT,
    "slots": rules.SLOTS,
    "free": rules.FREE_COIN,
    "pouch": rules.POUCH_SIZE,
    "hands": rules.LOCATIONS["hands"],
    "body": rules.LOCATIONS["body"],
    "pack": rules.LOCATIONS["pack"],
    "cover": rules.COVER_DP,
    "reach": rules.MELEE_REACH,
    "max_level": rules.MAX_LEVEL,
    "fee": rules.BANK_FEE_PERCENT,
    "xp2": rules.XP_REQUIRED[2],
}

OLD_GOLD_HELP = [
    {
        "key": "old gold",
        "aliases": ["oldgold", "og"],
        "category": "Old Gold scenes",
        "text": """
            Old Gold: adventurers in scenes a GM leads. Everything is |w+og|n.

            |wMaking an adventurer.|n Type |w+og/new|n. A menu asks for an ancestry
            (or rolls 1d4): Dwarf (speed 8m, HP rolled with advantage, resists
            poison with advantage), Elf (12m, resists mental effects with
            advantage), Halfkin (8m, may roll a natural 1 again) or Human (10m,
            {human} points instead of {points}). Then spread the points over Might,
            Grace, Mind and Heart, or roll that many d4s (1 Might, 2 Grace, 3 Mind,
            4 Heart); none may go above {cap} now. HP is {base_hp} + {per_might} x Might + 1d6.
            Pick a weapon, then armour, a spellbook or a relic (a random spell or
            prayer). You get 20 + 2d20 gp. A GM then reviews it: |w+og/approve <name>|n.
            Finishing touches: |w+og/touch roll|n (name, looks, manner, past, aim)
            or |w+og/touch name=Wren|n; a bond with the player beside you,
            |w+og/bond Bob|n (both roll 1d6 and add) or |w+og/bond Bob=<yours>|n;
            a relic's god, |w+og/deity|n (1d12 a column) or |w+og/deity
            Sella/the rivers/never dam a stream|n.

            |wThe sheet|n (|w+og/sheet|n, on the web at /oldgold/): {slots} slots, {hands} in
            your hands, {body} on your body, {pack} in your pack; bulky things take two.
            Dots show wear: |w[xoo]|n is one of three marked. The first {free} gp are
            free; each {pouch} gp more is a pouch in your pack.

            |wChecks.|n |w+og/check grace vs 12|n: d20 + score must beat the number
            (equal fails). Against someone: |w+og/check might vs Goblin|n, difficulty
            10 + their score. Add |w=adv|n, |w=dis|n, |w=help Bob|n; they cancel,
            never stack. A GM grants Inspiration (|w+og/inspire|n); |w+og/reroll|n
            spends it on your last roll of any kind (a check, an attack's damage,
            a spell's dice, a death roll, a level's HP, a rest) and the new roll
            stands; |w+og/reroll cast|n insists it be the spell you just cast.
            The GM calls group checks; each member rolls their own part with
            |w+og/part|n, and at least half must succeed.

            |wA first fight.|n The GM makes foes (|w+og/npc Goblin=grace 3 hp 7
            morale 4 attack dagger 1d6+1|n) and starts: |w+og/fight|n, or |w+og/fight
            at 20|n with the two sides 20m apart. Everyone acts by Grace, PCs first
            on ties (they may trade places: |w+og/swap <name>|n; |w+og/order|n shows
            it). On your turn: |w+og/move toward goblin|n (your Speed in metres),
            one main action (|w+og/attack goblin|n, |w+og/cast sleep=goblin|n,
            |w+og/defend|n, |w+og/sprint|n, |w+og/disengage|n), then |w+og/done|n.
            A sword reaches {reach}m; a bow cannot shoot within {reach}m or past its
            range (|w+og/distance|n). Damage is your weapon die + bonus minus the
            target's DP; cover adds {cover} DP (|w=cover|n), full cover blocks.
            Grappled or tied up: |w+og/escape might vs goblin|n. At 0 HP you fall,
            and each turn you only roll |w+og/deathroll|n. The GM plays the foes'
            turns (|w+og/attack <you>|n, |w+og/next|n), calls morale and ends the
            fight with |w+og/end|n: worn gear may mark a dot, thrown weapons are
            looked for.

            |wAfterwards.|n |w+og/rest|n (a watch and a ration: 1d6 HP, books clear,
            once a day), |w+og/shop|n and |w+og/buy|n, |w+og/sell|n (half for used),
            |w+og/deposit|n and |w+og/withdraw|n ({fee}% to take out), |w+og/downtime
            100=training|n (1 XP a gp; {xp2} XP for level 2), |w+og/carouse|n. With the
            XP, a rest readies |w+og/level <attribute>|n, up to level {max_level}.

            Old Gold: written by Milán László, art by Regina László; shared under
            CC BY 4.0 (creativecommons.org/licenses/by/4.0). Delver uses
            its rules and numbers in its own words; the tables our copy lacked
            (prices, weapons, XP, carousing, ...) are Delver's own.
        """.format(**_N),
    },
    {
        "key": "old gold gm",
        "aliases": ["og gm", "+og gm"],
        "category": "Old Gold scenes",
        "text": """
            Running Old Gold: the GM's +og switches (staff, or a player staff made a
            GM with |w+og/gm <name>|n).

              +og/approve <name>          let a reviewed sheet play
              +og/npc <name>=might 1 grace 3 mind 1 heart 1 hp 7 dp 0 morale 4
                     speed 10 attack dagger 1d6+1 attack sling 1d4+2 range 20m
                     (also reach 4m, direct)   make a foe here
              +og/fight [<surprised>,..][ at <metres>]   start a fight: all
                     sheets and foes here, the sides that far apart
              +og/join <name>             add someone to it
              +og/attack <target>         on a foe's turn, it attacks
              +og/oa <target>=by <foe>    a foe's opportunity attack
              +og/distance <name>=<metres>   from the other side, or
                     +og/distance <name>=<other> <metres>   one pair
              +og/next                    end the current turn
              +og/cond <name>=stunned 2 rounds, +og/uncond <name>=stunned
              +og/cond <name>=frightened of <foe>[ 3 rounds]
              +og/morale [<foe>, ...]     2d6 over Morale and they flee
              +og/end                     end it: wear dots, thrown weapons back
              +og/group grace vs 12=Ann, Bob   each rolls +og/part; NPCs
                     roll at once; +og/group shows the parts, +og/group
                     roll rolls the ones left, +og/group drop calls it off
              +og/inspire <name>[=<the deed>]   for something bold or
                     inventive (a bond made up together, a daring plan)
              +og/give <name>=<item>, +og/pay <name>=<gp>
              +og/learn <name>=<spell or prayer> or =language <name>
              +og/day, +og/deprive <name>
              +og/adjust <name>/<field>=<number>   (staff)
              +og/chase Ann, Bob=flee (or pursue; us/them head start,
                     us/them slower, their speed 12)   two d4 clocks from 1
              +og/exchange grace vs 12    the players' group check (each
                     rolls +og/part): +1 to their die or the other side's;
                     4 wins
              +og/endchase                stop it early
              +og/treasure difficult=Ann, Bob   worth from XP to next level
              +og/share 300=Ann, Bob[, 2 followers]   equal shares as coin

            Conditions: blinded, prone, grappled, restrained, paralyzed, stunned,
            petrified, unconscious, charmed, frightened; magic adds asleep,
            invisible, hexed and blessed. Timed ones tick down at each round's end.
            Monsters of the world join the same order: any object tagged
            oldgold_npc (category oldgold) with an og_stats Attribute.
        """,
    },
]
