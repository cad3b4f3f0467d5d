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
    "start_dp": rules.STARTING_DP,
    "tool_dp": rules.TOOL_COST_DP,
    "tp": rules.TOOL_POINTS,
    "slots_1": rules.BELT_SLOTS_CHAPTER_1,
}

HELP_ENTRY_DICTS = [
    # Issue 20 (a newcomer's first hour): the first-steps path and the
    # topics a newcomer asks for by name.
    {
        "key": "newbie",
        "aliases": ["start", "first steps", "chargen", "getting started", "new player"],
        "category": "Welcome",
        "text": """
            |wFirst steps: from your first login to your first dungeon|n

            Type each line as shown (the |w<...>|n parts are yours).

            0. At the login screen: |wcreate <name> <password>|n,
               answer |wy|n, then |wconnect <name> <password>|n. Your
               account comes with a character of the same name,
               and you start out playing it: there is no
               |wcharcreate|n step (it refuses a second character).
            1. Look at your delver's sheet: |w+digger|n
               You start in chargen with {start_dp} Digger Points (DP)
               and every rating at 0.
            2. Raise your four ratings (from r to r+1 costs r+1 DP):
               |w+digger/raise brute=3|n   |w+digger/raise agility=3|n
               |w+digger/raise wits=3|n    |w+digger/raise combat=3|n
               In chargen |w+digger/lower <ability>|n gives DP back.
            3. Get a tool ({tool_dp} DP, built from {tp} Tool Points).
               Design one in a menu with |w+tools/design|n, or buy
               one in a line:
               |w+tools/buy Crowbar=Brute Major Improved|n
               In chargen your first tool brings a second free.
            4. Load your belt ({slots_1} slots to begin with): |w+tools|n
               numbers your tools, then |w+tools/load 1|n puts the
               first one on it.
            5. Ask for approval: |w+digger/submit|n
               Staff are told at once; |w+digger|n shows where it
               stands. Only approved delvers enter a dungeon.
            6. Find a party: |w+dungeon/list|n shows the dungeons.
               |w+party/create <dungeon #>|n starts a party (you
               lead it), or |w+party/join <name>|n joins someone's;
               |wwho|n shows who is on.
            7. Go in: the leader types |w+dungeon/enter|n and the
               first card comes up. |whelp dungeon rules|n explains
               the rounds.

            In and out of character: |wooc <text>|n speaks out of
            character to the room. |wunpuppet|n stops playing your
            character: you stay logged in, but the commands above
            need your character, so type |wic|n to take it up again.
        """.format(**_DIGGER_NUMBERS),
    },
    {
        "key": "approval",
        "aliases": ["approve", "approved", "apply", "submit", "unapproved"],
        "category": "Welcome",
        "text": """
            |wApproval|n

            A new character is in chargen: you may raise and lower ratings and
            your first tool brings a second one free. When your sheet is ready,
            type |w+digger/submit|n. Staff are told, and |w+digger|n shows
            "waiting for staff" until one of them approves you.

            Only approved delvers may enter a dungeon: |w+dungeon/enter|n refuses
            a party with anyone still in chargen. Once approved, ratings only go
            up and your sheet is open for others to read.

            Staff: |w+approve|n lists the characters waiting; |w+approve <name>|n
            approves one.
        """,
    },
    {
        "key": "digger points",
        "aliases": ["dp", "points", "ratings"],
        "category": "Welcome",
        "text": """
            |wDigger Points (DP)|n

            DP buy your delver's strengths. A new character has {start_dp} DP.
            Raising a rating from r to r+1 costs r+1 DP (|w+digger/raise|n), a
            tool costs {tool_dp} DP (|w+tools/buy|n or |w+tools/design|n), and an
            early belt slot has a price of its own (|w+digger/slot|n). Staff grant
            more DP for play. |w+digger|n shows what you have; |w+digger/log|n
            shows where every point came from and went.
        """.format(**_DIGGER_NUMBERS),
    },
    {
        "key": "delver",
        "aliases": ["about", "game"],
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

            |whelp newbie|n         new here? from your first login to your first dungeon
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
        "aliases": ["licence", "license"],
        "category": "Welcome",
        "text": """
            Delver is built on Evennia, Django and Twisted.

            Its systems come from four tabletop sources, with every text rewritten in
            Delver's own words:

            |wDigger|n, the dungeon system of the Dream Chasers MUSH.
            |wKroll|n, an old-school dungeon game dedicated to Dave Arneson.
            |wGoldengrave: Dark Chocolate Fantasy|n.
            |wOld Gold|n, written by Milán László (art: Regina László),
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
            room allows it, |wpage <name>=<text>|n to anyone anywhere (then
            |wpage <text>|n to the same again), and the channels (|wpub <text>|n,
            |wlfg :waves|n, |wchistory pub|n for what was said, |wcomlist|n, |waddcom|n).

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

# issue 17: the Old Gold guide and the GM's switches
from world.oldgold.help import OLD_GOLD_HELP  # noqa: E402

HELP_ENTRY_DICTS += OLD_GOLD_HELP

# Goldengrave (issue 16): its own topic, next to its rules table.
from world.goldengrave.help import HELP_ENTRIES as _GOLDENGRAVE_HELP  # noqa: E402

HELP_ENTRY_DICTS += _GOLDENGRAVE_HELP

# Old Gold's overland travel, encounters and followers: its own topic.
from world.oldgold_travel.help import TRAVEL_HELP  # noqa: E402

HELP_ENTRY_DICTS += TRAVEL_HELP

# Running an Old Gold scene: the GM's topic for the clock, light and oracles.
from world.oldgold_scene.help import SCENE_HELP  # noqa: E402

HELP_ENTRY_DICTS += SCENE_HELP

# Old Gold's bestiary and hazards: the GM's topic.
from world.oldgold_dungeon.monster_making import MONSTER_HELP  # noqa: E402

HELP_ENTRY_DICTS += MONSTER_HELP

# Old Gold's dungeon generator (+crawl): the GM's topic.
from world.oldgold_dungeon.crawl_help import CRAWL_HELP  # noqa: E402

HELP_ENTRY_DICTS += CRAWL_HELP

# The website shows a topic's text stripped but not dedented (the in-game help
# dedents it), so every topic is stored already dedented.
from textwrap import dedent  # noqa: E402

for _entry in HELP_ENTRY_DICTS:
    _entry["text"] = dedent(_entry["text"]).strip("\n")
