"""
The +request desk's one table: categories, limits, who counts as staff and
the staff channel. Change the desk's behaviour here, not in the logic.
"""

# Category key (also the in-game switch: +request/bug) -> what it is for.
CATEGORIES = {
    "general": "anything that fits nowhere else",
    "chargen": "character creation and approval",
    "digger": "rulings and problems in a Digger run",
    "bug": "something in the game is broken",
    "plot": "story hooks, scenes and plot ideas",
}
DEFAULT_CATEGORY = "general"
CATEGORY_CHOICES = [(key, key) for key in CATEGORIES]

TITLE_MAX = 80
TEXT_MAX = 4000

STAFF_CHANNEL = "Requests"
STAFF_CHANNEL_DESC = "New requests and player comments from the +request desk."
STAFF_CHANNEL_LOCKS = "control:perm(Developer);listen:perm(Builder);send:perm(Builder)"

# The staff queue lists at most this many requests; filters narrow it down.
QUEUE_LIMIT = 100

# Queue filters staff may give (+requests/all key=value ...).
QUEUE_FILTERS = ("status", "category", "assignee", "player")
# status=... on the queue: a request status, or "all". The default is "open".
QUEUE_DEFAULT_STATUS = "open"
