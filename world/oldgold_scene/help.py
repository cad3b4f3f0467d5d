"""
The GM's help topic "running old gold": how a session goes, with the scene
clock, light, the delving turn, rest and the oracles, and where the other
Old Gold commands fit. Numbers come from the rules tables.
world/help_entries.py adds it to the game's help.
"""

from world.oldgold_scene import rules

_N = {
    "rpm": rules.ROUNDS_PER_MINUTE,
    "tph": rules.TURNS_PER_HOUR,
    "wpd": rules.WATCHES_PER_DAY,
    "dpm": rules.DAYS_PER_MONTH,
    "delve_max": rules.MAX_DELVE_TURNS,
    "run": rules.RUNNING_ROOMS_PER_TURN,
}

SCENE_HELP = [
    {
        "key": "running old gold",
        "aliases": ["old gold referee", "old gold oracles"],
        "category": "Old Gold scenes",
        "text": """
            |wRunning Old Gold: a GM's guide to a session|n

            |wBefore play.|n Players make adventurers with |w+og/new|n and you
            approve them (|w+og/approve Ann|n). Hand out gear with
            |w+og/give|n, or let them shop (|w+og/buy torch|n). An adventure
            seed (|w+oracle/seed|n) and a name (|w+oracle/dungeon|n,
            |w+oracle/town|n) get you started when nothing is prepared.

            |wKeep time.|n |w+clock/start Barrow=autumn|n starts a clock in your
            room; start it by the same name in each room the party reaches and
            they share one calendar. Everyone reads it with |w+clock|n. Time
            runs {rpm} rounds a minute, {tph} turns an hour, {wpd} watches a
            day and {dpm} days a month. Move it with |w+clock/advance 2 turns|n
            or |w+clock/advance 1 watch|n.

            |wDelve.|n A party crosses about one room a turn (running, up to
            {run} rooms, but then it cannot map, springs every trap and is
            surprised by every encounter). |w+delve/walk|n
            passes a turn as they press on; |w+delve|n passes a turn and reads
            the delving oracle, for when they linger somewhere dangerous or
            double back (|w+delve 3|n plays up to {delve_max} such turns). A
            wandering creature comes with its numbers, distance and mood;
            |w+encounter/spawn|n brings it in, and |w+og/fight|n starts the
            fight.

            |wLight.|n Adventurers light what they carry with |w+light torch|n.
            Every moment you pass on the clock burns their lights, a dot per
            hour for torches and candles and per watch for a lantern; the room
            is told when the last light dies. |w+light|n shows who still has
            one. Magic lights come from you (|w+light/give Ann=flaming blade|n,
            or a shadow lantern) and burn an hour for each dot; a relic's Light
            prayer (|w+light/pray|n) shines an hour around the one who prays.
            A generated dungeon's rooms are dark but for what the party
            carries; mark any other room so with |wtag here = dark:oldgold|n.
            In the dark, everything is harder: forcing doors and searching in
            a generated dungeon roll at disadvantage; remember it elsewhere.

            |wRest and days.|n |w+clock/rest|n lets everyone here sleep a watch
            (a ration, 1d6 HP, once a day), then moves the clock on. Each new
            day on the clock marks who went without rest; they roll at
            disadvantage until they sleep. Mark the starving with
            |w+clock/deprive Ann|n: each dawn brings them a death roll, until
            |w+clock/feed Ann|n. Mark those long without sleep with
            |w+clock/sleepless Bob|n: at the start of each watch they nod off
            on a 1 in 6, for 1d4 watches. Timed conditions (an hour asleep)
            run out as the clock moves.

            |wA dungeon built as they go.|n |w+crawl/new Barrow=3|n opens one
            from your room, and each room appears as they first walk in:
            |whelp old gold crawl|n tells the rest.

            |wAsk the oracles.|n When no one knows, anyone may ask:
            |w+oracle Is anyone here?=dis|n (yes or no), |w+oracle/d6 size|n,
            |w+oracle/action|n. The whole room sees each answer, and an open
            scene logs it.

            |wOutside.|n Regions, journeys, weather and followers are in
            |whelp old gold travel|n; the adventurers' rules and your switches
            in |whelp old gold|n and |whelp old gold gm|n.
            Old Gold is by Milán László (CC BY 4.0); the oracle and delving
            tables and the month names are Delver's own.
        """.format(**_N),
    },
]
