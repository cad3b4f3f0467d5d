"""
Delver's help topics that are not commands (commands carry their own help in
their docstrings). Evennia reads `HELP_ENTRY_DICTS` from this module.
Numbers come from the Digger rules table, so the help never disagrees with it.
"""

from world.digger import rules

_DIGGER_NUMBERS = {
    "party_max": rules.PARTY_MAX,
    "sides": rules.DICE_SIDES,
    "level_min": rules.LEVEL_MIN,
    "level_max": rules.LEVEL_MAX,
    "target_base": rules.TARGET_BASE,
    "target_per_level": rules.TARGET_PER_LEVEL,
    "final": rules.FINAL_TRIGGER,
    "limit": rules.EXHAUSTION_LIMIT,
}

HELP_ENTRY_DICTS = [
    {
        "key": "delver",
        "aliases": ["about", "game", "newbie"],
        "category": "Welcome",
        "text": """
            Delver is a game about going down into places that do not want you back.

            Most evenings revolve around |wDigger|n: a party of up to {party_max} delvers
            takes on a dungeon that is a shuffled deck of challenges. Each round
            someone draws a card, everyone answers it with a basic action or a tool,
            and the party gains Exploration (how much of the place it has uncovered)
            and Exhaustion (how close each delver is to collapsing). Reach enough
            Exploration and the Final card comes up; pass it and the dungeon is yours.

            Game masters also run scenes with three tabletop systems: Kroll,
            Goldengrave and Old Gold. Staff answer questions and rulings through
            |w+request|n.

            # subtopics

            ## First steps

            |w+digger|n             your delver's sheet: ratings, points, tools, belt
            |w+dungeon/list|n       the dungeons that are open
            |w+party/create <#>|n   gather a party for a dungeon; others |w+party/join|n you
            |whelp dungeon rules|n  how a dungeon run goes
            |w+request <title>=<text>|n   ask staff anything

            ## Talking

            |wsay|n, |wpose|n (or |w:|n), |wpage|n, |wwho|n and the channels work as on any
            MUSH. |whelp <command>|n explains each one.
        """.format(**_DIGGER_NUMBERS),
    },
    {
        "key": "dungeon rules",
        "aliases": ["digger rules", "how to delve"],
        "category": "Welcome",
        "text": """
            |wHow a dungeon run goes|n

            1. A leader makes a party for a dungeon (|w+party/create <#>|n); others join
               (|w+party/join <leader>|n), up to {party_max}. Load your tools onto your belt
               first (|w+tools/load <n>|n): once inside, belts are locked.
            2. The leader enters (|w+dungeon/enter|n) and the first card is drawn.
            3. Each round a member draws (|w+dungeon/draw|n). The card names an ability
               (Brute, Agility, Wits or Combat) and a Level from {level_min} to {level_max}, and brings
               Conditions that change the odds for the whole party.
            4. Everyone answers with |w+act <ability or tool>|n, or |w+risk|n for a
               bigger bonus and a harsher price on failure. Your roll is two {sides}-sided
               dice plus your rating plus your modifiers, against {target_base} + {target_per_level} x the Level.
            5. The drawer finishes the round with |w+act/complete|n. If at least half
               of those who rolled succeeded, the party passes.
            6. At {final} Exploration the next draw brings the Climax (if there is one) and
               then the Final card. Pass the Final and you win; fail it and you
               retreat. If every delver reaches {limit} Exhaustion, the run is lost.

            |w+camp|n shows everything about your party; |w+challenge|n shows the
            current card and who has acted.
        """.format(**_DIGGER_NUMBERS),
    },
    {
        "key": "credits",
        "aliases": ["licence", "license", "old gold"],
        "category": "Welcome",
        "text": """
            Delver is built on Evennia, Django and Twisted.

            Its systems come from four tabletop sources, with every text rewritten in
            Delver's own words:

            |wDigger|n, the dungeon system of the Dream Chasers MUSH.
            |wKroll|n, an old-school dungeon game dedicated to Dave Arneson.
            |wGoldengrave: Dark Chocolate Fantasy|n.
            |wOld Gold|n, the work of Milán László, with art by Regina László,
            licensed under Creative Commons Attribution 4.0 International
            (https://creativecommons.org/licenses/by/4.0/). Delver adapts its rules
            and tables; changes were made.
        """,
    },
    # issue 21: the social layer's overview (each command has its own entry)
    {
        "key": "socializing",
        "aliases": ["social commands", "scenes", "mush"],
        "category": "Social",
        "text": """
            Socializing: how Delver's players find each other and play together.

            |wWho is around|n: |wwho|n (with rooms and @doing lines), |w+where|n,
            |w+finger <name>|n, |w+staff|n. Keep your room to yourself with
            |w+who/hide|n; tell others you stepped away with |wafk|n.

            |wTalking|n: |wsay|n, |wpose|n (or |w:|n), |w;|n for 's, |w@emit|n where a
            room allows it, |wpage <name>=<text>|n to anyone anywhere, and the
            channels (|wpub <text>|n, |wlfg :waves|n, |wcomlist|n, |waddcom|n).

            |wScenes|n: |w+scene/start The Gate at Dusk|n logs the room's poses with
            times; |w+pot|n says whose turn it is (the one who posed longest ago);
            |w+scene/stop|n saves the log and |w+scene/share <#>|n puts it on the web
            at /scenes/ for everyone. Until then only those who were there read it.

            |wLetters and notices|n: |w+mail|n for mail that waits for offline
            players, |w+bb|n for the boards (Announcements, General, Digger LFG).
            Both are also on the website when you log in.

            Example evening:
              page Wren, Ash=Meet at the Lantern Yard?
              +scene/start Rope and Lanterns
              pose checks the knots twice.
              +pot
              +scene/stop
        """,
    },
]
